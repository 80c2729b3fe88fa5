import { LINE_TRENCHES, LINES, PILE_CAP, SUIT, TRENCH_LINE } from './layout.js';
import type { BcPosition } from './position.js';

// The exact, canonical bit-packed key of a Besieged City position. Only what the future depends
// on is packed (the stock order is fixed by the deal, so keys are per deal), into 32-bit words:
//
//   word 0        foundation height per suit, 4 x 5 bits (0..26) | cards dealt so far, 7 bits
//                 (sp) | line of the trench that must be filled next + 1, 3 bits (0 = none)
//   talon         ceil(sp / 32) words: which dealt cards are on the talon, one bit per stock
//                 index (its order is deal order, so the set is the talon); the word count
//                 follows from sp, so the key stays unambiguous
//   reserve       3 words, 4 cells x 6 bits each: card id per cell, 63 = empty
//   trenches      one bit stream, little-endian: per pile, its length (5 bits); if not empty
//                 its bottom card (6 bits) and each further card as the index (2 bits) of its
//                 rank among the ranks adjacent to the card below — a pile is one suit (rule
//                 II: every card added matches the top's suit), and no rank has more than 4
//                 neighbours — so a pile of n cards costs 11 + 2(n - 1) bits
//
// Canonical: the two trenches of a line (Wr/Er, Nc/Sc) are interchangeable — a reserve card
// reaches both, a gap in either is filled from the same line, and trench-to-trench moves treat
// all piles alike — so each pair is written smaller pile first. Piles of different lines are
// not interchangeable and keep their places. The two copies of a card share one id.
// Variants (rules.ts), re-checked: every trench order allows a subset of the default's
// neighbours, so the 2-bit codes still name every card; a directional pile's run is read from
// its cards, which the key holds; with trench-fill=deferred an empty trench is a lasting state,
// and it is in the key (length 0; the pending field stays 0); the two trenches of a line stay
// interchangeable under every switch. The rules are fixed per deal, like the stock order.
// Size: 4 + ceil(sp / 32) words + ceil((11 per non-empty pile + 5 per empty one + 2 per further
// pile card) / 32) words: 10-16 words in practice (40-64 bytes, + 4 bytes of length in the
// table's arena and 12 bytes of slot), 19 at most (24 reserved).

export const BC_MAX_KEY_WORDS = 24;

/** A total order on piles by content (length, bottom card, then the codes), used to write the
 *  two piles of a line in a canonical order. */
function comparePiles(pos: BcPosition, a: number, b: number): number {
  const la = pos.plen[a],
    lb = pos.plen[b];
  if (la !== lb) return la - lb;
  if (la === 0) return 0;
  const p = pos.piles,
    c = pos.pcode;
  return p[a * PILE_CAP] - p[b * PILE_CAP] || c[2 * a + 1] - c[2 * b + 1] || c[2 * a] - c[2 * b];
}

/** The pile order of the key: per line, the smaller pile first (filled in by packKey). */
const order = new Int8Array(14);
const LINE_PAIR = Int8Array.from(LINE_TRENCHES.flat());

/** Writes everything but the piles (foundations, sp, pending line, talon, reserve); returns the
 *  number of words. The plateau key (plateau.ts) shares it. */
export function packHead(pos: BcPosition, out: Uint32Array): number {
  const f = pos.found;
  const sp = pos.sp;
  out[0] =
    (f[0] |
      (f[1] << 5) |
      (f[2] << 10) |
      (f[3] << 15) |
      (sp << 20) |
      ((pos.pending < 0 ? 0 : TRENCH_LINE[pos.pending] + 1) << 27)) >>>
    0;
  let wi = 1;
  // Talon: one bit per dealt card, whole words; how many words follows from sp (in word 0).
  const tm = pos.talonMask;
  for (let i = 0; i < sp; i += 32) out[wi++] = tm[i >> 5];
  const r = pos.reserve;
  for (let c = 0; c < 12; c += 4)
    out[wi++] = ((r[c] & 63) | ((r[c + 1] & 63) << 6) | ((r[c + 2] & 63) << 12) | ((r[c + 3] & 63) << 18)) >>> 0;
  return wi;
}

export function packKey(pos: BcPosition, out: Uint32Array): number {
  const wi = packHead(pos, out);
  for (let l = 0; l < LINES; l++) {
    const a = LINE_PAIR[2 * l],
      b = LINE_PAIR[2 * l + 1];
    const la = pos.plen[a],
      lb = pos.plen[b];
    const ab = la !== lb ? la < lb : la === 0 || comparePiles(pos, a, b) <= 0;
    order[2 * l] = ab ? a : b;
    order[2 * l + 1] = ab ? b : a;
  }
  return packPiles(pos, order, 14, out, wi);
}

/** Appends the piles of trenches[0..count) to out from word wi, as one bit stream: per pile its
 *  length (5 bits), then if not empty its bottom card (6 bits) and 2 bits per further card (the
 *  codes above); returns the key's length in words. A pile of a suit in `plateauSuits` (a bit
 *  per suit) is written as 31 in 5 bits alone (the plateau key, search.ts: its content is its
 *  plateau's). The suit puzzles' cache (suit-puzzles.ts) and the plateau key share it. */
export function packPiles(
  pos: BcPosition,
  trenches: Int8Array,
  count: number,
  out: Uint32Array,
  wi: number,
  plateauSuits = 0,
): number {
  const plen = pos.plen,
    piles = pos.piles,
    pcode = pos.pcode;
  let acc = 0,
    nb = 0;
  for (let k = 0; k < count; k++) {
    const t = trenches[k];
    let n = plen[t];
    // Header: 11 bits (5 when empty or keyed by its plateau).
    let hv = n === 0 ? 0 : n | (piles[t * PILE_CAP] << 5);
    let hb = n === 0 ? 5 : 11;
    if (plateauSuits !== 0 && n !== 0 && ((plateauSuits >> SUIT[piles[t * PILE_CAP]]) & 1) === 1) {
      hv = 31;
      hb = 5;
      n = 0;
    }
    acc |= hv << nb;
    nb += hb;
    if (nb >= 32) {
      out[wi++] = acc >>> 0;
      nb -= 32;
      acc = nb === 0 ? 0 : hv >>> (hb - nb);
    }
    if (n < 2) continue;
    const bits = 2 * (n - 1);
    let v = pcode[2 * t];
    let vb = bits < 32 ? bits : 32;
    for (let part = 0; ; part++) {
      acc |= v << nb;
      nb += vb;
      if (nb >= 32) {
        out[wi++] = acc >>> 0;
        nb -= 32;
        acc = nb === 0 ? 0 : v >>> (vb - nb);
      }
      if (part === 1 || bits <= 32) break;
      v = pcode[2 * t + 1];
      vb = bits - 32;
    }
  }
  if (nb > 0) out[wi++] = acc >>> 0;
  return wi;
}
