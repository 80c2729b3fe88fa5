import {
  END,
  FROM_TAB,
  HAND,
  MAX_MOVES,
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

// The evaluation and the search over one player's own moves within a turn, shared by the
// planner (planner.ts) and the expert (expert.ts).

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

export const MAX_DEPTH = 120;
const LINE = MAX_DEPTH + 2;

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
    const k = pos.key();
    this.seen.set(k, (this.seen.get(k) ?? 0) + 1);
  }
  penalty(pos: PilPosition): number {
    if (pos.progress() !== this.mark) return 0;
    const n = this.seen.get(pos.key());
    return n === undefined ? 0 : n * TurnMemory.PENALTY;
  }
  sync(pos: PilPosition): void {
    if (pos.progress() !== this.mark) {
      this.seen.clear();
      this.mark = pos.progress();
    }
  }
}

/** Depth-first search over the mover's move sequences within the turn. Positions already
 *  searched are skipped via a transposition table on the Zobrist key; the search stops after
 *  `budget` positions. Every reachable position is scored as if the turn ended there (minus the
 *  memory's penalty), and the best `keep` lines are kept, best first, each ending in `end`,
 *  `pass` or a win, by `scoreOf` (the planner's evaluate unless told). Hidden cards may be UNKNOWN (then no line uses them) or a determinization. */
export class TurnSearch {
  private buf = new Int32Array(MAX_MOVES * (MAX_DEPTH + 1));
  private path = new Int32Array(LINE);
  private tt = new Set<number>();
  private nodes = 0;
  private budget = 0;
  private me = 0;
  private pos!: PilPosition;
  private memory: TurnMemory | null = null;
  /** The kept lines: lines[i*LINE ..] of length lens[i], scored scores[i]; best first. */
  readonly lines: Int32Array;
  readonly lens: Int32Array;
  readonly scores: Float64Array;
  count = 0;

  constructor(
    readonly keep = 1,
    private readonly scoreOf: Evaluator = evaluate,
  ) {
    this.lines = new Int32Array(keep * LINE);
    this.lens = new Int32Array(keep);
    this.scores = new Float64Array(keep);
  }

  /** Searches from pos (restored afterwards) for its mover; returns the number of lines kept. */
  run(pos: PilPosition, budget: number, memory: TurnMemory | null = null): number {
    this.pos = pos;
    this.me = pos.turn;
    this.budget = budget;
    this.memory = memory;
    this.tt.clear();
    this.nodes = 0;
    this.count = 0;
    this.tt.add(pos.key());
    this.search(0);
    return this.count;
  }

  line(i: number): Int32Array {
    return this.lines.subarray(i * LINE, i * LINE + this.lens[i]);
  }

  /** Keeps the line path[0..depth) + last if it scores better than a kept one (ties: the
   *  first found stays ahead). */
  private improve(score: number, depth: number, last: number): void {
    let i = this.count;
    if (i === this.keep) {
      if (score <= this.scores[i - 1]) return;
      i--;
    } else this.count++;
    while (i > 0 && this.scores[i - 1] < score) {
      this.scores[i] = this.scores[i - 1];
      this.lens[i] = this.lens[i - 1];
      this.lines.copyWithin(i * LINE, (i - 1) * LINE, (i - 1) * LINE + this.lens[i - 1]);
      i--;
    }
    this.scores[i] = score;
    this.lines.set(this.path.subarray(0, depth), i * LINE);
    let n = depth;
    if (last >= 0) this.lines[i * LINE + n++] = last;
    this.lens[i] = n;
  }

  private search(depth: number): void {
    const pos = this.pos,
      me = this.me;
    this.nodes++;
    if (pos.winner >= 0) {
      this.improve(pos.winner === me ? WIN - depth : -WIN, depth, -1);
      return;
    }
    const stop = pos.len[HAND + me] > 0 ? END : PASS;
    pos.make(stop);
    let s = this.scoreOf(pos, me);
    if (this.memory) s -= this.memory.penalty(pos);
    pos.unmake(stop);
    this.improve(s, depth, stop);
    if (this.nodes >= this.budget || depth >= MAX_DEPTH) return;
    const off = depth * MAX_MOVES;
    const n = pos.moves(this.buf, off);
    for (let i = off; i < off + n; i++) {
      const m = this.buf[i];
      if (m === END || m === PASS) continue;
      // Moving a pile's only card to an empty pile changes nothing but whose pile it is.
      if (moveTo(m) >= TO_TAB && moveTo(m) < TO_OSTOCK && moveFrom(m) >= FROM_TAB) {
        const src = TAB + moveFrom(m) - FROM_TAB;
        const dst = moveTo(m) - TO_TAB;
        const mineToTheirs = (moveFrom(m) - FROM_TAB) >> 2 === me && dst >> 2 !== me;
        if (pos.len[src] === 1 && pos.len[TAB + dst] === 0 && !mineToTheirs) continue;
      }
      pos.make(m);
      const k = pos.key();
      if (!this.tt.has(k)) {
        this.tt.add(k);
        this.path[depth] = m;
        this.search(depth + 1);
      }
      pos.unmake(m);
      if (this.nodes >= this.budget) return;
    }
  }
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

  /** Plays the next move on pos and returns it; a turn's end goes into the memory. */
  next(pos: PilPosition, memory: TurnMemory): number {
    const m = this.moves[this.at++];
    pos.make(m);
    this.expectKey = pos.key();
    if (m === END || m === PASS) memory.add(pos);
    return m;
  }
}
