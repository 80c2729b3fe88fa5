import { PILES } from './deal.js';
import { PILE_CAP, type PtPosition } from './position.js';

// The exact, canonical bit-packed key of a Parterre position, little-endian in 32-bit words:
//
//   bouquet   16 bits   which bouquet slots still hold their card (the foundations follow:
//                       a card in neither a pile nor the bouquet is on its foundation — under
//                       foundations=removable too, a foundation being always its suit's lowest
//                       cards; a card back from one lands as a bouquet card does, see below)
//   piles     6 x       header (13 bits), then 2 bits (the suit) per run card
//
// Pile code. A pile's cards are a prefix of one dealt pile (cards never disturbed, or put back
// exactly) and then a run built down one rank at a time: a card lands on a non-empty pile only
// one rank below its top, so past the bottom only the suit is new information.
//   - bottom card dealt at the bottom of pile q: header = 1<<12 | q<<9 | l<<4 | run, where l
//     (1..6; up to 20 in positions built by tests) is the length of the longest prefix equal
//     to dealt pile q and run (0..12) the cards above it; the first run card is one rank below
//     dealt card q[l-1].
//   - any other bottom card c: header = c<<4 | (n-1) for a pile of n (1..13) cards, all a run
//     from c down.
//   - empty pile: header = 63<<4 (no card has id 63).
// The code is a function of the pile's contents alone and decodes to them, so it is exact.
// Canonical: the six piles are interchangeable (every rule treats them alike), so they are
// written sorted by (header, suits). Size: 16 + 78 + 2 x (run cards) bits, at most 16 + 78 +
// 2 x 52 = 198 bits = 7 words; a fresh deal takes 3 words (12 bytes), a position in play
// usually 3-5 words, plus the table's 16 bytes of slot and length.

export const PT_MAX_KEY_WORDS = 7;

const order = new Int32Array(PILES);

/** Writes pile p's code into the position's cache: keyHdr and keyRun, and keySuits `withSuits`. */
function code(pos: PtPosition, p: number, withSuits: boolean): void {
  const hdr = pos.keyHdr,
    runLen = pos.keyRun;
  const n = pos.plen[p];
  if (n === 0) {
    hdr[p] = 63 << 4;
    pos.keySuits[p] = 0;
    runLen[p] = 0;
    return;
  }
  const base = p * PILE_CAP,
    piles = pos.piles;
  const c0 = piles[base];
  let l = 0,
    h: number;
  if (pos.origRow[c0] === 0) {
    const q = pos.origPile[c0];
    l = 1;
    const ol = pos.origLen[q];
    while (l < n && l < ol && pos.origPile[piles[base + l]] === q && pos.origRow[piles[base + l]] === l) l++;
    h = (1 << 12) | (q << 9) | (l << 4) | (n - l);
  } else {
    l = 1;
    h = (c0 << 4) | (n - 1);
  }
  hdr[p] = h;
  runLen[p] = n - l;
  if (!withSuits) return;
  let s = 0;
  for (let i = l; i < n; i++) s = (s << 2) | ((piles[base + i] / 13) | 0);
  pos.keySuits[p] = s;
}

export function packKey(pos: PtPosition, out: Uint32Array): number {
  // The piles a move touched, and those whose suits the suit-blind key left unwritten.
  const dirty = pos.keyDirty | pos.keySuitsStale;
  if (dirty !== 0) {
    for (let p = 0; p < PILES; p++) if (dirty & (1 << p)) code(pos, p, true);
    pos.keyDirty = 0;
    pos.keySuitsStale = 0;
  }
  const hdr = pos.keyHdr,
    suits = pos.keySuits,
    runLen = pos.keyRun;
  for (let p = 0; p < PILES; p++) {
    // Insertion sort of the pile order by (header, suits).
    let i = p;
    while (i > 0) {
      const q = order[i - 1];
      if (hdr[q] < hdr[p] || (hdr[q] === hdr[p] && suits[q] <= suits[p])) break;
      order[i] = q;
      i--;
    }
    order[i] = p;
  }
  // Bit writer on locals (hot path): acc holds nb pending bits, each value fits in 31 bits.
  let wi = 0,
    acc = pos.bmask >>> 0,
    nb = 16;
  for (let k = 0; k < PILES; k++) {
    const p = order[k],
      r = runLen[p],
      s = suits[p];
    // The header (13 bits), then 2 bits a run card, the first run card's at the high end of the
    // suits: written as the suits above the last six cards, then those six (12 bits). Up to nine
    // run cards the whole pile goes as one value (at most 31 bits), else as two.
    let v: number, bits: number;
    if (r <= 6) (v = hdr[p] | (s << 13)), (bits = 13 + 2 * r);
    else if (r <= 9) (v = hdr[p] | ((s >>> 12) << 13) | ((s & 0xfff) << (2 * r + 1))), (bits = 13 + 2 * r);
    else {
      (v = hdr[p] | ((s >>> 12) << 13)), (bits = 13 + 2 * (r - 6));
      acc = (acc | (v << nb)) >>> 0;
      nb += bits;
      if (nb >= 32) {
        out[wi++] = acc;
        nb -= 32;
        acc = nb === 0 ? 0 : v >>> (bits - nb);
      }
      (v = s & 0xfff), (bits = 12);
    }
    acc = (acc | (v << nb)) >>> 0;
    nb += bits;
    if (nb >= 32) {
      out[wi++] = acc;
      nb -= 32;
      acc = nb === 0 ? 0 : v >>> (bits - nb);
    }
  }
  if (nb > 0) out[wi++] = acc;
  return wi;
}

/** A card id's rank index (rank - 1), for the suit-blind headers; and each card's share of the
 *  bouquet's count of cards per rank (3 bits a rank: ranks 1..10 in the first word, 11..13 in the
 *  second). */
const RANK0 = Uint8Array.from({ length: 64 }, (_, c) => c % 13);
const BQ0 = Int32Array.from({ length: 52 }, (_, c) => (c % 13 < 10 ? 1 << (3 * (c % 13)) : 0));
const BQ1 = Int32Array.from({ length: 52 }, (_, c) => (c % 13 < 10 ? 0 : 1 << (3 * ((c % 13) - 10))));
const blind = new Int32Array(PILES);

/** The streamliner's key (never an exact one): the key above with the suits left out — run
 *  suits dropped, a bottom card that is not a dealt bottom written by its rank, the bouquet as a
 *  count of cards per rank. Positions that differ only in which suit sits where share it, the
 *  "suit symmetry" streamliner of Solvitaire (Blake & Gent): not a true symmetry (the
 *  foundations need suits), so a search that uses it may miss a win; its solutions are still
 *  real lines of legal moves. */
export function packSuitBlindKey(pos: PtPosition, out: Uint32Array, foundations = false): number {
  // Headers only: the suits are left to packKey() (keySuitsStale).
  const dirty = pos.keyDirty;
  if (dirty !== 0) {
    for (let p = 0; p < PILES; p++) if (dirty & (1 << p)) code(pos, p, false);
    pos.keySuitsStale |= dirty;
    pos.keyDirty = 0;
  }
  const hdr = pos.keyHdr;
  // Dealt bottoms (bit 12) and the empty pile (63 << 4) stay; else card id -> rank index. The six
  // values sorted (insertion sort).
  for (let p = 0; p < PILES; p++) {
    const h = hdr[p];
    const v = (h & (1 << 12)) !== 0 || h === 63 << 4 ? h : (RANK0[h >> 4] << 4) | (h & 15);
    let i = p;
    while (i > 0 && blind[i - 1] > v) {
      blind[i] = blind[i - 1];
      i--;
    }
    blind[i] = v;
  }
  // The bouquet as 13 counts of 0..4 (3 bits each, no carry), summed over its cards.
  let w0 = 0,
    w1 = 0;
  const bouquet = pos.bouquet;
  for (let m = pos.bmask; m !== 0; m &= m - 1) {
    const c = bouquet[31 - Math.clz32(m & -m)];
    w0 += BQ0[c];
    w1 += BQ1[c];
  }
  // Then the six 13-bit headers, two to a word: 5 words.
  out[0] = w0;
  out[1] = w1 | (blind[0] << 9);
  out[2] = blind[1] | (blind[2] << 13);
  out[3] = blind[3] | (blind[4] << 13);
  out[4] = blind[5];
  // With `foundations`, the heights of the four foundations too (4 bits each).
  if (foundations) out[4] |= (pos.found[0] | (pos.found[1] << 4) | (pos.found[2] << 8) | (pos.found[3] << 12)) << 13;
  return 5;
}
