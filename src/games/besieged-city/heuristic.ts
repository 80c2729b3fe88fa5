import { CELLS, PILE_CAP, PLAY_ORDER, RANK, STOCK_SIZE, SUIT, TRENCHES } from './layout.js';
import type { BcPosition } from './position.js';

// A guiding (not admissible) estimate for the best-first pass: smaller is closer to a win.
// It is only used to order the search; no verdict depends on it, so it needs no proof.
//
//   - every card off the foundations costs a lot (progress dominates);
//   - for each suit, the next few cards the foundation needs cost what it takes to reach the
//     cheapest copy: a trench top 1, each card above it in its pile 2 more, a reserve card 3,
//     a talon card 4 + 2 per card above it, a stock card 1 + 1 per card to deal before it;
//   - each card in a pile that lies above a card of its suit needed earlier is a blocker;
//   - each talon card is a burden (it comes back only through a reserve cell, last in first out).

const BIG = 1 << 20;
/** log2(PILE_CAP): a pile slot t * PILE_CAP + height splits by shifts. */
const PILE_SHIFT = 5;
if (PILE_CAP !== 1 << PILE_SHIFT) throw new Error('heuristic.ts: PILE_CAP must be 1 << PILE_SHIFT');
const cost = new Int32Array(52);
/** Position of each rank in the play order after a height: NEED[h * 14 + rank] = first index >= h
 *  with that rank (26 when none is left). */
export const NEED = new Uint8Array(27 * 14);
for (let h = 0; h <= 26; h++) {
  for (let r = 1; r <= 13; r++) {
    let i = h;
    while (i < 26 && PLAY_ORDER[i] !== r) i++;
    NEED[h * 14 + r] = i;
  }
}

/** How many foundation cards of its suit must come before card c (0: it fits now). */
export const needDistance = (found: ArrayLike<number>, c: number): number => {
  const h = found[SUIT[c]];
  return NEED[h * 14 + RANK[c]] - h;
};

export interface GuideWeights {
  found: number;
  look: number[];
  blocker: number;
  talon: number;
  /** Cost of a needed card with no copy in sight (only when the stock is not looked at). */
  unseen?: number;
}
/** The guide's variants. Each solves a different share of deals quickly (measured on seeds
 *  1..60: no single one solves more than two thirds at 50k nodes, and together they solve all), so
 *  the 'auto' search runs them in turn as a portfolio, with growing budgets. */
export const GUIDES: GuideWeights[] = [
  { found: 60, look: [8, 4, 2, 1], blocker: 3, talon: 1 },
  { found: 60, look: [8, 4, 2, 1, 1, 1], blocker: 3, talon: 1 },
  { found: 60, look: [8, 4, 2, 1], blocker: 3, talon: 0 },
  { found: 120, look: [8, 4, 2, 1], blocker: 3, talon: 1 },
  { found: 60, look: [16, 4, 1], blocker: 3, talon: 1 },
  { found: 60, look: [8, 4, 2, 1], blocker: 6, talon: 1 },
  { found: 60, look: [8, 4, 2, 1], blocker: 3, talon: 3 },
  { found: 30, look: [8, 4, 2, 1], blocker: 3, talon: 1 },
];
/** The order in which the 'auto' portfolio tries the guides (indices above stay stable: other
 *  code names variants by index). A greedy cover of seeds 1..200 at 5k nodes per run: guide 5
 *  solves 115 alone, then +41 (3), +20 (7), +9 (6), +5 (0), +2 (1), +2 (2), +1 (4). */
export const GUIDE_ORDER: readonly number[] = [5, 3, 7, 6, 0, 1, 2, 4];

/** The estimate. With `stockKnown` false it reads only what a player sees (reserve, piles, talon,
 *  foundations), so the strategies score positions with it; the solver's guide also prices the
 *  stock cards by how many deals away they are. */
export function estimate(p: BcPosition, w: GuideWeights, stockKnown: boolean): number {
  cost.fill(BIG);
  const piles = p.piles, plen = p.plen, found = p.found;
  // Piles, bottom up: each card's depth (cards above it), and blockers — cards lying above a card
  // of the same suit (a pile is one suit) that the foundation needs before them.
  let blockers = 0;
  for (let t = 0; t < TRENCHES; t++) {
    const n = plen[t];
    if (n === 0) continue;
    const base = t * PILE_CAP;
    const h = found[SUIT[piles[base]]] * 14;
    let minBelow = 99;
    for (let j = 0; j < n; j++) {
      const c = piles[base + j];
      const v = 1 + 2 * (n - 1 - j);
      if (v < cost[c]) cost[c] = v;
      const need = NEED[h + RANK[c]];
      if (need > minBelow) blockers++;
      else minBelow = need;
    }
  }
  for (let c = 0; c < CELLS; c++) {
    const x = p.reserve[c];
    if (x >= 0 && 3 < cost[x]) cost[x] = 3;
  }
  const tlen = p.tlen;
  for (let k = 0; k < tlen; k++) {
    const x = p.stock[p.talon[tlen - 1 - k]];
    const v = 4 + 2 * k;
    if (v < cost[x]) cost[x] = v;
  }
  if (stockKnown) {
    // With stock-to-foundation=no a dealt card goes the talon's way (talon, reserve, trench).
    const first = p.rules.stockToFoundation ? 1 : 4;
    for (let i = p.sp; i < STOCK_SIZE; i++) {
      const x = p.stock[i];
      const v = first + (i - p.sp);
      if (v < cost[x]) cost[x] = v;
    }
  }
  const unseen = w.unseen ?? 40;
  let h = w.found * (104 - p.foundTotal) + w.blocker * blockers + w.talon * tlen;
  const look = w.look;
  for (let s = 0; s < 4; s++) {
    const f = found[s];
    for (let j = 0; j < look.length && f + j < 26; j++) {
      const v = cost[s * 13 + PLAY_ORDER[f + j] - 1];
      h += look[j] * (v >= BIG ? unseen : v);
    }
  }
  return h;
}

/** The solver's guide: the estimate with the stock order known. */
export const bcHeuristic = (p: BcPosition, w: GuideWeights = GUIDES[0]): number => estimate(p, w, true);

/** The solver's guide without rescanning the position: the same value as bcHeuristic() (a test
 *  checks it after random play under every variant). Blockers are counted per pile and cached by
 *  the pile's version and its suit's foundation height; each suit's look-ahead sum is cached by
 *  the suit's version, its foundation height, sp and the talon's length (BcPosition.suitVersion
 *  says why that is enough). A sum that must be recomputed prices only the few cards its foundation looks for,
 *  from the card places that make/unmake keep (cardAt, stockAt, talonAt): at most 4 pile slots,
 *  the reserve and 2 stock indices each, instead of every card of the deal. One per position
 *  (the caches follow that position's versions). */
export class Guide {
  private readonly blockers = new Uint8Array(TRENCHES);
  private readonly version = new Uint32Array(TRENCHES);
  /** The foundation height the cached count was taken at (-1: none yet). */
  private readonly height = new Int8Array(TRENCHES).fill(-1);
  /** Per suit: the look-ahead sum, and the suit version, sp and tlen it was taken at. */
  private readonly sum = new Float64Array(4);
  private readonly sumVersion = new Float64Array(4).fill(-1);
  private readonly sumSp = new Int16Array(4);
  private readonly sumTlen = new Int16Array(4);
  private readonly sumFound = new Int8Array(4);
  /** The weights the sums were taken with. */
  private weights: GuideWeights | null = null;
  /** reserveStamp[c] === stamp: card c lies in the reserve (set when a sum is recomputed). */
  private readonly reserveStamp = new Int32Array(52);
  private stamp = 0;

  value(p: BcPosition, w: GuideWeights): number {
    const piles = p.piles, plen = p.plen, found = p.found, version = p.pileVersion;
    let blockers = 0;
    for (let t = 0; t < TRENCHES; t++) {
      const n = plen[t];
      if (n === 0) continue;
      const base = t * PILE_CAP;
      const f = found[SUIT[piles[base]]];
      if (this.version[t] !== version[t] || this.height[t] !== f) {
        const h = f * 14;
        let minBelow = 99, b = 0;
        for (let j = 0; j < n; j++) {
          const need = NEED[h + RANK[piles[base + j]]];
          if (need > minBelow) b++;
          else minBelow = need;
        }
        this.blockers[t] = b;
        this.version[t] = version[t];
        this.height[t] = f;
      }
      blockers += this.blockers[t];
    }
    if (w !== this.weights) {
      this.weights = w;
      this.sumVersion.fill(-1);
    }
    const tlen = p.tlen, sp = p.sp, sv = p.suitVersion;
    let h = w.found * (104 - p.foundTotal) + w.blocker * blockers + w.talon * tlen;
    let stamped = false;
    for (let s = 0; s < 4; s++) {
      if (this.sumVersion[s] !== sv[s] || this.sumSp[s] !== sp || this.sumTlen[s] !== tlen || this.sumFound[s] !== found[s]) {
        if (!stamped) {
          this.stampReserve(p);
          stamped = true;
        }
        this.sum[s] = this.lookSum(p, w, s);
        this.sumVersion[s] = sv[s];
        this.sumSp[s] = sp;
        this.sumTlen[s] = tlen;
        this.sumFound[s] = found[s];
      }
      h += this.sum[s];
    }
    return h;
  }

  private stampReserve(p: BcPosition): void {
    const rs = this.reserveStamp;
    if (++this.stamp > 0x7fffffff) {
      this.stamp = 1;
      rs.fill(0);
    }
    for (let c = 0; c < CELLS; c++) {
      const x = p.reserve[c];
      if (x >= 0) rs[x] = this.stamp;
    }
  }

  /** What the next cards foundation s needs cost (estimate()'s look-ahead for one suit). */
  private lookSum(p: BcPosition, w: GuideWeights, s: number): number {
    const plen = p.plen, tlen = p.tlen, sp = p.sp, cardAt = p.cardAt, stockAt = p.stockAt, talonAt = p.talonAt, mask = p.talonMask;
    const first = p.rules.stockToFoundation ? 1 : 4;
    const unseen = w.unseen ?? 40, look = w.look, rs = this.reserveStamp, stamp = this.stamp;
    const f = p.found[s];
    let h = 0;
    for (let j = 0; j < look.length && f + j < 26; j++) {
      const c = s * 13 + PLAY_ORDER[f + j] - 1;
      let v = BIG;
      for (let k = 4 * c; k < 4 * c + 4; k++) {
        const at = cardAt[k];
        if (at >= 0) {
          const u = 1 + 2 * (plen[at >> PILE_SHIFT] - 1 - (at & (PILE_CAP - 1)));
          if (u < v) v = u;
        }
      }
      for (let k = 2 * c; k < 2 * c + 2; k++) {
        const i = stockAt[k];
        if (i < 0) continue;
        let u = BIG;
        if (i >= sp) u = first + (i - sp);
        else if ((mask[i >> 5] >>> (i & 31)) & 1) u = 4 + 2 * (tlen - 1 - talonAt[i]);
        if (u < v) v = u;
      }
      if (v > 3 && rs[c] === stamp) v = 3;
      h += look[j] * (v >= BIG ? unseen : v);
    }
    return h;
  }
}
