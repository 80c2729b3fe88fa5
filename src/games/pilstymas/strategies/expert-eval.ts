import {
  FROM_STOCK,
  FROM_TAB,
  HAND,
  type PilPosition,
  RANK,
  STOCK,
  SUIT,
  TAB,
  TO_F,
  UNKNOWN,
  WASTE,
  packMove,
} from '../position.js';
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
  /** Per card of difference (the other player's minus the mover's): stock, hand and waste,
   *  own tableau piles (those only under the win rule that needs them cleared). */
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
  /** For the player to move, if the other player's stock top can move (it will be the other's
   *  turn next). */
  otherOpen: number;
  /** Per rank between each player's stock top and the foundation that will take it (the
   *  mover's / the other's): a stock top far from its foundation blocks the whole stock. */
  stockGap: number;
  otherStockGap: number;
  /** The share (0..1) of the mover's / the other's hand and waste cards that could be played
   *  at once onto a foundation, a non-empty tableau pile or the opponent's stock or waste top:
   *  how likely a turned-up hand card keeps the turn going. Hidden (UNKNOWN) cards count as not
   *  playable, so in a position built from a view this sees the wastes only. */
  handPlay: number;
  otherHandPlay: number;
  /** 1: the player to move plays its free foundation moves before scoring. */
  settle: number;
}

/** The features, in the order of FEATURES, from the point of view of the player to move. */
export const FEATURES = [
  'stock',
  'hand',
  'tab',
  'empty',
  'open',
  'loadStock',
  'loadWaste',
  'otherOpen',
  'stockGap',
  'otherStockGap',
  'handPlay',
  'otherHandPlay',
] as const;

export const EXPERT_EVAL: EvalWeights = {
  stock: 4,
  hand: 1,
  tab: 2,
  empty: 1.5,
  open: 3,
  loadStock: 2,
  loadWaste: 1,
  otherOpen: 0,
  stockGap: 0,
  otherStockGap: 0,
  handPlay: 0,
  otherHandPlay: 0,
  settle: 1,
};

const settleTrail = new Int32Array(64);

/** Plays the mover's foundation moves from its stock top and own piles while any fits;
 *  returns how many were made (on settleTrail). */
function settle(pos: PilPosition): number {
  const p = pos.turn;
  let n = 0,
    again = true;
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
  // fitsLoad(c, s) for each card c, with the top of s read once.
  const d = pos.top(s);
  if (d < 0 || d === UNKNOWN) return 0;
  const su = SUIT[d],
    r = RANK[d];
  let n = 0;
  const c = pos.top(STOCK + pos.turn);
  if (c >= 0 && c !== UNKNOWN && SUIT[c] === su && (RANK[c] === r + 1 || RANK[c] === r - 1)) n++;
  for (let t = 0; t < 8; t++) {
    const e = pos.top(TAB + t);
    if (e >= 0 && e !== UNKNOWN && SUIT[e] === su && (RANK[e] === r + 1 || RANK[e] === r - 1)) n++;
  }
  return n;
}

/** Ranks between player p's stock top and the height of the higher foundation of its suit
 *  that is below it (0 if the top fits a foundation or the stock is empty). */
export function stockGap(pos: PilPosition, p: number): number {
  const c = pos.top(STOCK + p);
  if (c < 0 || c === UNKNOWN) return 0;
  const s = SUIT[c],
    r = RANK[c];
  const a = pos.found[2 * s],
    b = pos.found[2 * s + 1];
  const h = a < r ? a : b < r ? b : -1;
  return h < 0 ? 0 : r - 1 - h;
}

/** Whether card c of player p fits a foundation, a non-empty tableau pile or the other
 *  player's stock or waste top. */
function playable(pos: PilPosition, c: number, p: number): boolean {
  if (c === UNKNOWN) return false;
  if (pos.foundationFor(c) >= 0 || pos.fitsLoad(c, STOCK + 1 - p) || pos.fitsLoad(c, WASTE + 1 - p)) return true;
  for (let t = 0; t < 8; t++) if (pos.len[TAB + t] > 0 && pos.fitsTableau(c, t)) return true;
  return false;
}

/** The share of player p's hand and waste cards that are playable (0 if there are none). */
export function handPlay(pos: PilPosition, p: number): number {
  const nh = pos.len[HAND + p],
    nw = pos.len[WASTE + p];
  if (nh + nw === 0) return 0;
  let k = 0;
  for (let i = 0; i < nh; i++) if (playable(pos, pos.at(HAND + p, i), p)) k++;
  for (let i = 0; i < nw; i++) if (playable(pos, pos.at(WASTE + p, i), p)) k++;
  return k / (nh + nw);
}

/** Writes the features of pos (after the mover's free foundation moves if `doSettle`) for
 *  the player to move to out; returns -1 if that player has then won, else 0. pos is restored. */
export function features(pos: PilPosition, out: Float64Array, doSettle = true, hands = true): number {
  const n = doSettle ? settle(pos) : 0;
  let r = 0;
  if (pos.winner >= 0) r = -1;
  else {
    const m = pos.turn,
      o = 1 - m;
    let tm = 0,
      to = 0,
      empties = 0;
    if (pos.rule === 'cleared') {
      for (let k = 0; k < 4; k++) (tm += pos.len[TAB + 4 * m + k]), (to += pos.len[TAB + 4 * o + k]);
    }
    for (let t = 0; t < 8; t++) if (pos.len[TAB + t] === 0) empties++;
    out[0] = pos.len[STOCK + o] - pos.len[STOCK + m];
    out[1] = pos.len[HAND + o] + pos.len[WASTE + o] - pos.len[HAND + m] - pos.len[WASTE + m];
    out[2] = to - tm;
    out[3] = empties;
    out[4] = stockOpen(pos, m) ? 1 : 0;
    out[5] = loads(pos, STOCK + o);
    out[6] = loads(pos, WASTE + o);
    out[7] = stockOpen(pos, o) ? 1 : 0;
    out[8] = stockGap(pos, m);
    out[9] = stockGap(pos, o);
    out[10] = hands ? handPlay(pos, m) : 0;
    out[11] = hands ? handPlay(pos, o) : 0;
  }
  for (let i = n - 1; i >= 0; i--) pos.unmake(settleTrail[i]);
  return r;
}

/** Each weights object's weights in the order of FEATURES (computed once per object). */
const weightArrays = new WeakMap<EvalWeights, Float64Array>();
function weightArray(w: EvalWeights): Float64Array {
  let a = weightArrays.get(w);
  if (!a) {
    a = Float64Array.from(FEATURES, (f) => w[f]);
    weightArrays.set(w, a);
  }
  return a;
}

/** The score of pos for player `me` (higher is better); pos is restored. The weighted sum of
 *  features(), in the same order, computing only the features that weigh something (a term
 *  of weight 0 adds 0, so the sum is the same). */
export function evaluateExpert(pos: PilPosition, me: number, w: EvalWeights = EXPERT_EVAL): number {
  if (pos.winner >= 0) return pos.winner === me ? WIN : -WIN;
  const wa = weightArray(w);
  const n = w.settle !== 0 ? settle(pos) : 0;
  let s = 0;
  // The player to move wins by its free moves alone.
  if (pos.winner >= 0) s = Number.NaN;
  else {
    const m = pos.turn,
      o = 1 - m,
      len = pos.len;
    s += wa[0] * (len[STOCK + o] - len[STOCK + m]);
    s += wa[1] * (len[HAND + o] + len[WASTE + o] - len[HAND + m] - len[WASTE + m]);
    let tm = 0,
      to = 0,
      empties = 0;
    if (pos.rule === 'cleared') {
      for (let k = 0; k < 4; k++) (tm += len[TAB + 4 * m + k]), (to += len[TAB + 4 * o + k]);
    }
    for (let t = 0; t < 8; t++) if (len[TAB + t] === 0) empties++;
    s += wa[2] * (to - tm);
    s += wa[3] * empties;
    if (wa[4] !== 0) s += wa[4] * (stockOpen(pos, m) ? 1 : 0);
    if (wa[5] !== 0) s += wa[5] * loads(pos, STOCK + o);
    if (wa[6] !== 0) s += wa[6] * loads(pos, WASTE + o);
    if (wa[7] !== 0) s += wa[7] * (stockOpen(pos, o) ? 1 : 0);
    if (wa[8] !== 0) s += wa[8] * stockGap(pos, m);
    if (wa[9] !== 0) s += wa[9] * stockGap(pos, o);
    if (wa[10] !== 0) s += wa[10] * handPlay(pos, m);
    if (wa[11] !== 0) s += wa[11] * handPlay(pos, o);
  }
  const mover = pos.turn;
  for (let i = n - 1; i >= 0; i--) pos.unmake(settleTrail[i]);
  if (Number.isNaN(s)) return mover === me ? WIN / 2 : -WIN / 2;
  return mover === me ? s : -s;
}
