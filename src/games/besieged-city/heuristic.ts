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

/** NEED by card id: NEED_CARD[h * 52 + c] = NEED[h * 14 + RANK[c]] (one lookup in the guide's
 *  pile scan instead of two). */
const NEED_CARD = new Uint8Array(27 * 52);
for (let h = 0; h <= 26; h++) for (let c = 0; c < 52; c++) NEED_CARD[h * 52 + c] = NEED[h * 14 + RANK[c]];

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
/** The guides, the estimate's weightings. Each solves a different share of deals quickly (no
 *  single one most of them, all of them together nearly all: DEFAULT_POLICY, search/policy.ts),
 *  so the 'auto' search runs them in turn as a portfolio, with growing budgets. */
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
/** The estimate. With `stockKnown` false it reads only what a player sees (reserve, piles, talon,
 *  foundations), so the strategies score positions with it; the solver's guide also prices the
 *  stock cards by how many deals away they are.
 *  Only the cards the foundations look for are read: the piles are scanned whole (for the
 *  blockers) and the talon too (its top cards are the cheap ones), but the stock (up to 78
 *  cards) is not: a looked-for card's next stock copy comes from the deal's table
 *  (BcPosition.nextInStock). test/besieged-city/heuristic.test.ts checks it equal to the
 *  plain version that prices every card. */
export function estimate(p: BcPosition, w: GuideWeights, stockKnown: boolean): number {
  const piles = p.piles,
    plen = p.plen,
    found = p.found,
    look = w.look,
    nl = look.length;
  cost.fill(BIG);
  // Piles, bottom up: blockers — cards lying above a card of the same suit (a pile is one suit)
  // that the foundation needs before them — and the depth of each looked-for card.
  let blockers = 0;
  for (let t = 0; t < TRENCHES; t++) {
    const n = plen[t];
    if (n === 0) continue;
    const base = t * PILE_CAP;
    const f = found[SUIT[piles[base]]],
      h = f * 52,
      lookEnd = f + nl;
    let minBelow = 99;
    for (let j = 0; j < n; j++) {
      const c = piles[base + j];
      const need = NEED_CARD[h + c];
      if (need < lookEnd) {
        const v = 1 + 2 * (n - 1 - j);
        if (v < cost[c]) cost[c] = v;
      }
      if (need > minBelow) blockers++;
      else minBelow = need;
    }
  }
  for (let c = 0; c < CELLS; c++) {
    const x = p.reserve[c];
    if (x >= 0 && 3 < cost[x]) cost[x] = 3;
  }
  // A talon card costs 4 + 2 per card above it.
  const tlen = p.tlen,
    talon = p.talon,
    stock = p.stock;
  for (let k = 0; k < tlen; k++) {
    const x = stock[talon[tlen - 1 - k]];
    const v = 4 + 2 * k;
    if (v < cost[x]) cost[x] = v;
  }
  const sp = p.sp,
    row = sp * 52,
    next = stockKnown ? p.nextInStock.of(p.stock) : null;
  // With stock-to-foundation=no a dealt card goes the talon's way (talon, reserve, trench).
  const first = p.rules.stockToFoundation ? 1 : 4;
  const unseen = w.unseen ?? 40;
  let h = w.found * (104 - p.foundTotal) + w.blocker * blockers + w.talon * tlen;
  for (let s = 0; s < 4; s++) {
    const f = found[s];
    for (let j = 0; j < nl && f + j < 26; j++) {
      const c = s * 13 + PLAY_ORDER[f + j] - 1;
      let v = cost[c];
      if (next !== null) {
        // A stock card costs `first` + 1 per card to deal before it: its next copy is the cheapest.
        const i = next[row + c];
        if (i < STOCK_SIZE && first + (i - sp) < v) v = first + (i - sp);
      }
      h += look[j] * (v >= BIG ? unseen : v);
    }
  }
  return h;
}

/** The solver's guide: the estimate with the stock order known. */
export const bcHeuristic = (p: BcPosition, w: GuideWeights = GUIDES[0]): number => estimate(p, w, true);
