import { rankOf, suitOf } from '../../cards/card.js';
import { BOUQUET_SIZE, PILES } from './deal.js';
import { B2F, B2P, FROM_FOUNDATION, MAX_MOVES, P2F, P2P, PILE_CAP, type PtPosition, packMove } from './position.js';

// The moves a Parterre search tries, best first: the legal moves less those a pruning proves
// unneeded (each with its proof, at searchMoves()). Shared by the real game's search (search.ts)
// and the suit relaxation (suit-relaxation.ts), whose proofs look at ranks only.

/** rankOf and suitOf as tables of this module, for the inner loops: a load of a module-local
 *  table costs least (calls to rankOf in these large functions, or loads of a table imported from
 *  another module, each lower the search's node rate: bench/compare-builds.ts times two builds). */
const RANK_OF = Uint8Array.from({ length: 52 }, (_, c) => rankOf(c));
const SUIT_OF = Uint8Array.from({ length: 52 }, (_, c) => suitOf(c));

/** Scratch of searchMoves(): each move's ordering score, each pile's place in the piles' order
 *  (move orders 1 and 2), and each pile's top rank (0: empty). Used within one call only. */
const scores = new Int32Array(MAX_MOVES);
const pileRank = new Int8Array(PILES);
const topRank = new Int8Array(PILES);

/** The moves the search tries, best first (a subset of the legal moves), to out[offset..];
 *  returns how many. `takeoffMaxR`: under foundations=removable, the highest rank that never
 *  comes off a foundation (the game's bound, with its proof beside it; 13: none comes off).
 *  `order`: 0 by how soon a card goes home (below); 1 by the piles' own order, Solvitaire's —
 *  foundation moves, then pile-to-pile moves from the shortest pile (ties by its cards, bottom up,
 *  by rank then suit) to the targets in the same order (an empty pile first), then bouquet cards
 *  from the lowest rank, then foundation tops; 2 as 1 but from the longest pile and the highest
 *  bouquet card (targets still shortest first). The streamliner's suit-blind key makes its search
 *  depend on the order (the first position met stands for all that differ in suits only), so each
 *  order wins deals the others miss (bench/history.md, "Parterre: the streamliner's move order").
 *
 *  Pruned (each loses no win):
 *  - moving the only card of a pile to an empty pile (the same position, piles permuted);
 *  - moves onto an empty pile other than the first empty one (piles are interchangeable);
 *  - a bouquet card c (rank r) to a pile when no card of rank r-1 is available now. Proof: in
 *    a winning line, take a bouquet-to-pile move of c at time t. If no card is ever put on c
 *    before c leaves that pile, drop the move and play c from the bouquet where it left
 *    (to a foundation or a pile): the line stays legal, one move shorter. Otherwise move the
 *    placement to just before the first card d lands on c: in between, c sat alone on top
 *    of its pile, untouched (nothing lands on it, it does not leave), so no other move depended
 *    on it. Repeating this gives a winning line, no longer, in which every bouquet-to-pile
 *    move is followed at once by a card of rank r-1 onto c (the bouquet moves are put in this
 *    form last to first; a later one moved past stays next to its own follower, since one
 *    move lands one card on one card). That follower is a bouquet card, itself followed at
 *    once by a card onto it, and so on: the chain ends with a pile top x of rank r-k (k >= 1)
 *    moving onto bouquet cards of ranks r-1 .. r-k+1 — x is a top already before the chain,
 *    which only covers c's target pile. So c may go to a pile only when such x and bouquet
 *    cards exist now. A shortest winning line can be put in this form, and its first move
 *    then also survives the two symmetry prunings above (they would make it not shortest, or
 *    map it to the move kept). Aces never go to piles by this rule (nothing lands on one).
 *    Under foundations=removable the card that ends the chain may also be a foundation's top
 *    card (the chain's moves change no foundation, so it is one now) that the rule below lets
 *    come off (a shortest line's rest is a shortest line from where it starts).
 *  - under foundations=removable, taking off a card of rank `takeoffMaxR` or lower: the game
 *    proves that no shortest winning line does (PtSearch.foundationMaxR(),
 *    SuitRelaxation.foundationMaxR()). */
export function searchMoves(
  pos: PtPosition,
  out: Int32Array,
  offset: number,
  takeoffMaxR: number,
  order: number,
): number {
  let n = offset;
  const piles = pos.piles,
    plen = pos.plen,
    f = pos.found,
    sc = scores;
  // Ranks of the pile tops and of the bouquet cards (bit r set when present).
  let topRanks = 0,
    bqRanks = 0;
  let firstEmpty = -1;
  // Each pile's top rank (0: empty).
  const tops = topRank;
  for (let p = 0; p < PILES; p++) {
    const len = plen[p];
    if (len === 0) {
      tops[p] = 0;
      if (firstEmpty < 0) firstEmpty = p;
      continue;
    }
    const r = RANK_OF[piles[p * PILE_CAP + len - 1]];
    tops[p] = r;
    topRanks |= 1 << r;
  }
  for (let k = 0; k < BOUQUET_SIZE; k++) if (pos.bmask & (1 << k)) bqRanks |= 1 << RANK_OF[pos.bouquet[k]];
  // foundations=removable: a chain may also end with a foundation's top card that may come
  // off (below).
  let chainEnd = topRanks;
  if (pos.removable) for (let s = 0; s < 4; s++) if (f[s] > takeoffMaxR) chainEnd |= 1 << f[s];
  // chainOk bit r: a bouquet card of rank r may start a bridge — some pile top has a rank
  // r-k (k >= 1) and the bouquet holds ranks r-1 .. r-k+1 to put between (see above).
  let chainOk = 0;
  for (let r = 2; r <= 13; r++) {
    if (chainEnd & (1 << (r - 1)) || (bqRanks & (1 << (r - 1)) && chainOk & (1 << (r - 1)))) chainOk |= 1 << r;
  }

  for (let p = 0; p < PILES; p++) {
    const len = plen[p];
    if (len === 0) continue;
    const c = piles[p * PILE_CAP + len - 1];
    const r = RANK_OF[c];
    if (f[SUIT_OF[c]] === r - 1) {
      sc[n - offset] = 0;
      out[n++] = packMove(P2F, p, 0, c);
    }
    // Order: foundation moves, exposing a card that goes home, emptying a pile, then the other
    // pile-to-pile moves by how soon their pile could give a card home, bouquet bridges, and
    // moves to an empty pile last. A card moving between two bases of equal rank scores as any
    // other pile-to-pile move.
    // A destination first (most tops have none): the score below costs a walk of the pile.
    if (!(firstEmpty >= 0 && len > 1) && !(topRanks & (1 << (r + 1)))) continue;
    let from: number;
    if (len === 1) from = 2;
    else {
      const w = piles[p * PILE_CAP + len - 2];
      from = f[SUIT_OF[w]] === RANK_OF[w] - 1 ? 1 : 10 + urgency(pos, p);
    }
    for (let q = 0; q < PILES; q++) {
      if (q === p) continue;
      const tq = tops[q];
      if (tq === 0) {
        if (q !== firstEmpty || len === 1) continue;
        sc[n - offset] = 200 + from;
      } else if (tq === r + 1) {
        sc[n - offset] = from;
      } else continue;
      out[n++] = packMove(P2P, p, q, c);
    }
  }
  for (let k = 0; k < BOUQUET_SIZE; k++) {
    if (!(pos.bmask & (1 << k))) continue;
    const c = pos.bouquet[k];
    const r = RANK_OF[c];
    if (f[SUIT_OF[c]] === r - 1) {
      sc[n - offset] = 0;
      out[n++] = packMove(B2F, k, 0, c);
    }
    if (!(chainOk & (1 << r))) continue;
    for (let q = 0; q < PILES; q++) {
      const tq = tops[q];
      if (tq === 0) {
        if (q !== firstEmpty) continue;
        sc[n - offset] = 300;
      } else if (tq === r + 1) {
        sc[n - offset] = 100;
      } else continue;
      out[n++] = packMove(B2P, k, q, c);
    }
  }
  if (pos.removable) n = foundationMoves(pos, out, n, offset, firstEmpty, takeoffMaxR);
  if (order > 0) rankOrderScores(pos, out, offset, n, order);
  // Stable insertion sort by score (lists are short).
  for (let i = 1; i < n - offset; i++) {
    const m = out[offset + i],
      s = sc[i];
    let j = i;
    while (j > 0 && sc[j - 1] > s) {
      out[offset + j] = out[offset + j - 1];
      sc[j] = sc[j - 1];
      j--;
    }
    out[offset + j] = m;
    sc[j] = s;
  }
  return n - offset;
}

/** Urgency of pile p (not empty): how soon a card under its top could go home, counting the
 *  cards above it (smaller is sooner). */
function urgency(pos: PtPosition, p: number): number {
  const piles = pos.piles,
    f = pos.found,
    len = pos.plen[p],
    base = p * PILE_CAP;
  let u = 99;
  for (let i = 0; i < len - 1; i++) {
    const c = piles[base + i];
    const v = RANK_OF[c] - 1 - f[SUIT_OF[c]] + (len - 1 - i);
    if (v < u) u = v;
  }
  return u;
}

/** foundations=removable: the moves of a foundation's top card above rank `maxR` onto a pile one
 *  rank higher or the first empty pile, at out[n..]; returns the new end. */
function foundationMoves(
  pos: PtPosition,
  out: Int32Array,
  n: number,
  offset: number,
  firstEmpty: number,
  maxR: number,
): number {
  const f = pos.found,
    piles = pos.piles,
    plen = pos.plen,
    sc = scores;
  for (let s = 0; s < 4; s++) {
    const r = f[s];
    if (r <= maxR) continue;
    const c = s * 13 + r - 1;
    for (let q = 0; q < PILES; q++) {
      const ql = plen[q];
      if (ql === 0) {
        if (q !== firstEmpty) continue;
        sc[n - offset] = 320;
      } else if (RANK_OF[piles[q * PILE_CAP + ql - 1]] === r + 1) {
        sc[n - offset] = 150;
      } else continue;
      out[n++] = packMove(B2P, FROM_FOUNDATION + s, q, c);
    }
  }
  return n;
}

/** Rewrites the scores of out[offset..n) for move order 1 or 2 (searchMoves()). */
function rankOrderScores(pos: PtPosition, out: Int32Array, offset: number, n: number, order: number): void {
  const piles = pos.piles,
    plen = pos.plen,
    pr = pileRank,
    sc = scores;
  // pr[p]: how many piles come before p in (length, cards bottom up) order.
  for (let p = 0; p < PILES; p++) {
    let k = 0;
    for (let q = 0; q < PILES; q++) {
      if (q === p) continue;
      let d = plen[q] - plen[p];
      for (let i = 0; d === 0 && i < plen[p]; i++) {
        const a = piles[q * PILE_CAP + i],
          b = piles[p * PILE_CAP + i];
        d = RANK_OF[a] * 4 + SUIT_OF[a] - (RANK_OF[b] * 4 + SUIT_OF[b]);
      }
      if (d < 0 || (d === 0 && q < p)) k++;
    }
    pr[p] = k;
  }
  for (let i = offset; i < n; i++) {
    const m = out[i],
      kind = m & 3,
      from = (m >> 2) & 31,
      to = (m >> 7) & 7,
      c = (m >> 10) & 63;
    let v: number;
    if (kind === P2F || kind === B2F) v = 0;
    else if (kind === P2P) v = 1000 + (order === 2 ? 5 - pr[from] : pr[from]) * 8 + pr[to];
    else if (from < FROM_FOUNDATION)
      v = 2000 + (order === 2 ? 63 - (RANK_OF[c] * 4 + SUIT_OF[c]) : RANK_OF[c] * 4 + SUIT_OF[c]) * 8 + pr[to];
    else v = 4000 + (3 - SUIT_OF[c]) * 8 + pr[to];
    sc[i - offset] = v;
  }
}
