import { LINE_TRENCHES, LINES, PILE_CAP, TRENCH_LINE } from './layout.js';
import type { BcPosition } from './position.js';

// The exact, canonical bit-packed key of a Besieged City position. Only what the future depends
// on is packed, little-endian into 32-bit words, in this order:
//
//   foundations   4 x 5 bits   height per suit (0..26)
//   stock index   7 bits       cards dealt so far (the stock order is fixed by the deal)
//   pending       3 bits       line of the trench that must be filled next, + 1 (0 = none)
//   talon         sp bits      which dealt cards are on the talon (its order is deal order)
//   reserve       12 x 6 bits  card id per cell, 63 = empty
//   trenches      per pile:    length (5 bits); if not empty the first card (6 bits) and each
//                              further card as the index (2 bits) of its rank among the ranks
//                              adjacent to the card below — a pile is one suit, and no rank has
//                              more than 4 neighbours
//
// Canonical: the two trenches of a line (Wr/Er, Nc/Sc) are interchangeable — a reserve card
// reaches both, a gap in either is filled from the same line, and trench-to-trench moves treat
// all piles alike — so each pair is written smaller pile first. Piles of different lines are
// not interchangeable and keep their places. The two copies of a card share one id.
// Size: 102 bits + sp + 11 bits per non-empty pile + 2 bits per further pile card: in practice
// 10-14 words (40-56 bytes, plus 16 bytes of table slot) per state; 18 words at most.

export const BC_MAX_KEY_WORDS = 20;

let out: Uint32Array = new Uint32Array(0);
let wi = 0, acc = 0, nb = 0;

function put(v: number, bits: number): void {
  acc = (acc | (v << nb)) >>> 0;
  nb += bits;
  if (nb >= 32) {
    out[wi++] = acc;
    nb -= 32;
    acc = nb === 0 ? 0 : v >>> (bits - nb);
  }
}

/** A total order on piles by content (length, bottom card, then the codes), used to write the
 *  two piles of a line in a canonical order. */
function comparePiles(pos: BcPosition, a: number, b: number): number {
  const la = pos.plen[a], lb = pos.plen[b];
  if (la !== lb) return la - lb;
  if (la === 0) return 0;
  const p = pos.piles, c = pos.pcode;
  return p[a * PILE_CAP] - p[b * PILE_CAP] || c[2 * a + 1] - c[2 * b + 1] || c[2 * a] - c[2 * b];
}

function putPile(pos: BcPosition, t: number): void {
  const n = pos.plen[t];
  put(n, 5);
  if (n === 0) return;
  put(pos.piles[t * PILE_CAP], 6);
  const bits = 2 * (n - 1);
  if (bits === 0) return;
  if (bits <= 32) put(pos.pcode[2 * t], bits);
  else {
    put(pos.pcode[2 * t], 32);
    put(pos.pcode[2 * t + 1], bits - 32);
  }
}

export function packKey(pos: BcPosition, dest: Uint32Array): number {
  out = dest;
  wi = 0;
  acc = 0;
  nb = 0;
  const f = pos.found;
  put(f[0] | (f[1] << 5) | (f[2] << 10) | (f[3] << 15), 20);
  const sp = pos.sp;
  put(sp, 7);
  put(pos.pending < 0 ? 0 : TRENCH_LINE[pos.pending] + 1, 3);
  const tm = pos.talonMask;
  for (let i = 0; i < sp; i += 16) {
    const bits = Math.min(16, sp - i);
    put((tm[i >> 5] >>> (i & 31)) & 0xffff & ((1 << bits) - 1), bits);
  }
  const r = pos.reserve;
  for (let c = 0; c < 12; c += 3) put((r[c] & 63) | ((r[c + 1] & 63) << 6) | ((r[c + 2] & 63) << 12), 18);
  for (let l = 0; l < LINES; l++) {
    const a = LINE_TRENCHES[l][0], b = LINE_TRENCHES[l][1];
    if (comparePiles(pos, a, b) <= 0) {
      putPile(pos, a);
      putPile(pos, b);
    } else {
      putPile(pos, b);
      putPile(pos, a);
    }
  }
  if (nb > 0) out[wi++] = acc;
  return wi;
}
