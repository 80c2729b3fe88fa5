import { FROM_STOCK, FROM_TAB, HAND, PilPosition, STOCK, TAB, TO_F, WASTE, packMove } from './position.js';
import { WIN, stockOpen } from './turn.js';

// The expert's evaluation of a position (turn.ts has the planner's). The planner scores a
// position by the cards each player still has to shed, as they lie. That misreads positions
// in which the player to move has free plays: an ace put on the opponent's pile counts there as
// a burden for the opponent, though the opponent moves next and puts it on its foundation at
// no cost. Here the player to move first plays out its free foundation moves (its stock top
// and the tops of its own piles, as long as any fits), and the position is scored after them;
// the player to move is also credited with the loads it can make at once onto the other's
// stock and waste tops (rule e) from the cards it can reach.

export interface EvalWeights {
  stock: number;
  hand: number;
  tab: number;
  /** For the player to move, per empty tableau pile. */
  empty: number;
  /** For the player to move, if its stock top can move. */
  open: number;
  /** For the player to move, per load available onto the other player's stock / waste top. */
  loadStock: number;
  loadWaste: number;
  /** 1: the player to move plays its free foundation moves before scoring. */
  settle: number;
}

export const EXPERT_EVAL: EvalWeights = { stock: 4, hand: 1, tab: 2, empty: 1.5, open: 3, loadStock: 2, loadWaste: 1, settle: 1 };

const settleTrail = new Int32Array(64);

/** Player p's weighted cards to shed. */
function burden(pos: PilPosition, p: number, w: EvalWeights): number {
  let t = 0;
  if (pos.rule === 'cleared') for (let k = 0; k < 4; k++) t += pos.len[TAB + 4 * p + k];
  return w.stock * pos.len[STOCK + p] + w.hand * (pos.len[HAND + p] + pos.len[WASTE + p]) + w.tab * t;
}

/** Plays the mover's foundation moves from its stock top and own piles while any fits;
 *  returns how many were made (on settleTrail). */
function settle(pos: PilPosition): number {
  const p = pos.turn;
  let n = 0, again = true;
  while (again && pos.winner < 0 && n < settleTrail.length) {
    again = false;
    for (let k = -1; k < 4 && pos.winner < 0; k++) {
      const from = k < 0 ? FROM_STOCK : FROM_TAB + 4 * p + k;
      const c = pos.sourceCard(from);
      if (c < 0 || pos.foundationFor(c) < 0) continue;
      const m = packMove(from, TO_F, c);
      pos.make(m);
      settleTrail[n++] = m;
      again = true;
    }
  }
  return n;
}

/** Loads the mover can make now from its stock top and any pile top onto stack s. */
function loads(pos: PilPosition, s: number): number {
  let n = 0;
  const c = pos.top(STOCK + pos.turn);
  if (c >= 0 && pos.fitsLoad(c, s)) n++;
  for (let t = 0; t < 8; t++) {
    const d = pos.top(TAB + t);
    if (d >= 0 && pos.fitsLoad(d, s)) n++;
  }
  return n;
}

/** The score of pos for player `me` (higher is better); pos is restored. */
export function evaluateExpert(pos: PilPosition, me: number, w: EvalWeights = EXPERT_EVAL): number {
  if (pos.winner >= 0) return pos.winner === me ? WIN : -WIN;
  const n = w.settle ? settle(pos) : 0;
  let s: number;
  if (pos.winner >= 0) s = pos.winner === me ? WIN / 2 : -WIN / 2;
  else {
    const mover = pos.turn, other = 1 - mover;
    s = burden(pos, other, w) - burden(pos, mover, w);
    let empties = 0;
    for (let t = 0; t < 8; t++) if (pos.len[TAB + t] === 0) empties++;
    s += w.empty * empties + (stockOpen(pos, mover) ? w.open : 0);
    s += w.loadStock * loads(pos, STOCK + other) + w.loadWaste * loads(pos, WASTE + other);
    if (mover !== me) s = -s;
  }
  for (let i = n - 1; i >= 0; i--) pos.unmake(settleTrail[i]);
  return s;
}
