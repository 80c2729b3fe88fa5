import {
  END,
  FROM_HAND,
  FROM_STOCK,
  FROM_TAB,
  HAND,
  PASS,
  type PilPosition,
  STOCK,
  TAB,
  TO_OSTOCK,
  TO_TAB,
  WASTE,
  moveFrom,
  moveTo,
} from '../position.js';

// The pieces of a turn the planner (planner.ts) and the expert (expert.ts) share: the planner's
// evaluation of a position, the memory of where the own turns ended, whether a move turns up a
// card, and a line being played. The search over the mover's move sequences within a turn is
// turn-search.ts.

const W_STOCK = 4;
const W_HAND = 1;
const W_TAB = 2;
export const WIN = 1e6;

/** How much player p still has to shed, weighted: a stock card can only leave from the top, so
 *  it costs most; own tableau cards must leave too under the win rule [D]. */
function burden(pos: PilPosition, p: number): number {
  let t = 0;
  if (pos.rule === 'cleared') for (let k = 0; k < 4; k++) t += pos.len[TAB + 4 * p + k];
  return W_STOCK * pos.len[STOCK + p] + W_HAND * (pos.len[HAND + p] + pos.len[WASTE + p]) + W_TAB * t;
}

/** Whether player p's stock top can move right now (an opening for p's next turn). */
export function stockOpen(pos: PilPosition, p: number): boolean {
  const c = pos.top(STOCK + p);
  if (c < 0) return false;
  if (pos.foundationFor(c) >= 0) return true;
  if (pos.fitsLoad(c, STOCK + 1 - p) || pos.fitsLoad(c, WASTE + 1 - p)) return true;
  for (let t = 0; t < 8; t++) if (pos.fitsTableau(c, t)) return true;
  return false;
}

/** Scores a position for player `me` (higher is better). */
export type Evaluator = (pos: PilPosition, me: number) => number;

/** The score of a position for player `me` (higher is better). */
export function evaluate(pos: PilPosition, me: number): number {
  if (pos.winner >= 0) return pos.winner === me ? WIN : -WIN;
  const opp = 1 - me;
  let s = burden(pos, opp) - burden(pos, me);
  // The player to move gets the empty piles and an open stock top first.
  let empties = 0;
  for (let t = 0; t < 8; t++) if (pos.len[TAB + t] === 0) empties++;
  const sign = pos.turn === me ? 1 : -1;
  s += sign * (1.5 * empties + (stockOpen(pos, pos.turn) ? 3 : 0));
  return s;
}

/** evaluate(pos after the mover's `end` or `pass`, me), without making the move: ending the turn
 *  moves the hand card to the own waste (hand and waste weigh the same) and may turn the other
 *  player's waste over into its hand (the same count); it changes only whose turn it is, and so
 *  the own waste top the other's stock top may be loaded onto. */
export function evaluateStop(pos: PilPosition, me: number): number {
  if (pos.winner >= 0) return pos.winner === me ? WIN : -WIN;
  const opp = 1 - me;
  const s = burden(pos, opp) - burden(pos, me);
  let empties = 0;
  for (let t = 0; t < 8; t++) if (pos.len[TAB + t] === 0) empties++;
  const sign = opp === me ? 1 : -1;
  return s + sign * (1.5 * empties + (stockOpenAfterStop(pos, opp) ? 3 : 0));
}

/** stockOpen(pos after the mover's end or pass, p) where p is the other player: p's stock
 *  top may go onto the mover's waste top, which `end` makes the hand card. */
function stockOpenAfterStop(pos: PilPosition, p: number): boolean {
  const c = pos.top(STOCK + p);
  if (c < 0) return false;
  if (pos.foundationFor(c) >= 0) return true;
  const q = 1 - p;
  if (pos.fitsLoad(c, STOCK + q)) return true;
  // The waste top after the stop: the hand card after `end`, the waste top after `pass`.
  if (pos.len[HAND + q] > 0 ? pos.fitsLoad(c, HAND + q) : pos.fitsLoad(c, WASTE + q)) return true;
  for (let t = 0; t < 8; t++) if (pos.fitsTableau(c, t)) return true;
  return false;
}

/** The deepest line a turn search follows. */
export const MAX_DEPTH = 120;
/** Room for a line of a turn search: MAX_DEPTH moves and the turn's end. */
export const LINE = MAX_DEPTH + 2;

/** Positions at the end of the own turns a strategy has already played, by key, with how often:
 *  a turn that would end in one of them again is scored lower (`PENALTY` a time), so that a
 *  player in a loop tries something else instead of ending turns that change nothing. Forgotten
 *  when a card reaches a foundation or a stock card is turned up (nothing earlier can recur). */
export class TurnMemory {
  static readonly PENALTY = 3;
  private seen = new Map<number, number>();
  private mark = Number.NaN;
  /** Call with the position the turn ended in (the opponent to move). */
  add(pos: PilPosition): void {
    this.sync(pos);
    const k = pos.keys.symmetricKey();
    this.seen.set(k, (this.seen.get(k) ?? 0) + 1);
  }
  /** Whether a turn ending from pos (with the same cards on the foundations and as many stock
   *  cards face down) could be penalized: false when nothing is remembered for it. */
  holds(pos: PilPosition): boolean {
    return this.seen.size > 0 && pos.progress() === this.mark;
  }
  penalty(pos: PilPosition): number {
    if (pos.progress() !== this.mark) return 0;
    const n = this.seen.get(pos.keys.symmetricKey());
    return n === undefined ? 0 : n * TurnMemory.PENALTY;
  }
  sync(pos: PilPosition): void {
    if (pos.progress() !== this.mark) {
      this.seen.clear();
      this.mark = pos.progress();
    }
  }
}

/** Whether move m (of the mover in pos) turns up a hidden card: the next hand card, or a
 *  face-down stock card. */
export function turnsUp(pos: PilPosition, m: number): boolean {
  if (m === END || m === PASS) return false;
  const from = moveFrom(m);
  if (from === FROM_HAND) return true;
  const n = pos.len[STOCK + pos.turn];
  return from === FROM_STOCK && n >= 2 && n - 2 < pos.down[pos.turn];
}

/** Whether the mover's view after move m differs from the position a search from the view
 *  foresees there: a hidden card comes up (turnsUp), or a waste of two or more cards is turned
 *  over into the hand (the view shows its top only). The last hand card played turns up nothing
 *  when the waste is empty or holds one card (which comes up, known). A strategy following a
 *  line searches again after such a move. */
export function changesView(pos: PilPosition, m: number): boolean {
  if (m === END || m === PASS) return false;
  const p = pos.turn;
  if (moveFrom(m) === FROM_HAND) return pos.len[HAND + p] > 1 || pos.len[WASTE + p] > 1;
  return turnsUp(pos, m);
}

/** Moving a pile's only card to an empty pile changes nothing but whose pile it is: the turn
 *  search skips it (but from one of the mover's piles to one of the other's). */
export function idle(pos: PilPosition, m: number, me: number): boolean {
  const to = moveTo(m),
    from = moveFrom(m);
  if (to < TO_TAB || to >= TO_OSTOCK || from < FROM_TAB) return false;
  const src = from - FROM_TAB,
    dst = to - TO_TAB;
  if (src >> 2 === me && dst >> 2 !== me) return false;
  return pos.len[TAB + src] === 1 && pos.len[TAB + dst] === 0;
}

/** A line being played: followed move by move while the view matches what the line expects
 *  (a hidden card turned up makes it differ; then the strategy searches again). */
export class LinePlan {
  private moves = new Int32Array(LINE);
  private len = 0;
  private at = 0;
  private expectKey = -1;

  /** Whether the plan's next move applies to pos (the current view, hidden cards unknown). */
  applies(pos: PilPosition): boolean {
    return this.at < this.len && pos.key() === this.expectKey && pos.isLegal(this.moves[this.at]);
  }

  set(line: Int32Array): void {
    this.moves.set(line);
    this.len = line.length;
    this.at = 0;
  }

  /** Plays the next move on pos and returns it; a turn's end goes into the memory. A move that
   *  turns up a card ends the plan: the line was shortened only up to there (TurnSearch). */
  next(pos: PilPosition, memory: TurnMemory): number {
    const m = this.moves[this.at++];
    if (changesView(pos, m)) this.len = this.at;
    pos.make(m);
    this.expectKey = pos.key();
    if (m === END || m === PASS) memory.add(pos);
    return m;
  }
}
