import * as L from '../layout.js';
import type { BcPosition } from '../position.js';

// The planner's score of a position as a player sees it: smaller is better. It reads only the
// visible cards (reserve, piles, talon, foundations); the face-down stock is never looked at, so
// the same code scores positions built from a view with no stock order at all.
//
//   - every card off the foundations costs `found` (progress dominates);
//   - per suit, the next `look.length` cards its foundation needs cost what it takes to reach the
//     cheapest visible copy: a trench top 1, +2 per card above it, a reserve card 3, a talon card
//     4 + 2 per card above it; a card with no copy in sight costs `unseen` (it is in the stock);
//   - a pile card lying above a card of its suit that is needed earlier is a blocker;
//   - each talon card is a burden (it comes back only through a reserve cell, last in first out).

export interface EvalWeights {
  found: number;
  look: number[];
  unseen: number;
  blocker: number;
  talon: number;
}

export const DEFAULT_EVAL: EvalWeights = { found: 60, look: [8, 4, 2, 1], unseen: 12, blocker: 3, talon: 1 };

// Local copies of the layout tables: under tsx an imported binding is read through a getter,
// which cost more than the whole evaluation in a profile of the planner.
const CELLS = L.CELLS, PILE_CAP = L.PILE_CAP, PLAY_ORDER = L.PLAY_ORDER, RANK = L.RANK, SUIT = L.SUIT, TRENCHES = L.TRENCHES;

const BIG = 1 << 20;
const cost = new Int32Array(52);

/** NEED[h * 14 + rank] = the first play-order index >= h holding that rank (26 when none). */
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

export function evaluate(p: BcPosition, w: EvalWeights = DEFAULT_EVAL): number {
  cost.fill(BIG);
  const piles = p.piles, plen = p.plen, found = p.found;
  let blockers = 0;
  for (let t = 0; t < TRENCHES; t++) {
    const n = plen[t];
    if (n === 0) continue;
    const base = t * PILE_CAP;
    for (let k = 0; k < n; k++) {
      const c = piles[base + n - 1 - k];
      const v = 1 + 2 * k;
      if (v < cost[c]) cost[c] = v;
    }
    // From the bottom up: a card is a blocker when a card below it is needed before it.
    const h = found[SUIT[piles[base]]] * 14;
    let minBelow = 99;
    for (let k = 0; k < n; k++) {
      const need = NEED[h + RANK[piles[base + k]]];
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
  let score = w.found * (104 - p.foundTotal) + w.blocker * blockers + w.talon * tlen;
  const look = w.look;
  for (let s = 0; s < 4; s++) {
    const f = found[s];
    for (let j = 0; j < look.length && f + j < 26; j++) {
      const v = cost[s * 13 + PLAY_ORDER[f + j] - 1];
      score += look[j] * (v >= BIG ? w.unseen : v);
    }
  }
  return score;
}
