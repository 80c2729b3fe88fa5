// Geometry and card relations of Besieged City (see docs/rules/besieged-city.md).
//
//           N0   N1   N2
//    W0   r0c0 r0c1 r0c2   E0
//    W1   r1c0 r1c1 r1c2   E1
//    W2   r2c0 r2c1 r2c2   E2
//    W3   r3c0 r3c1 r3c2   E3
//           S0   S1   S2
//
// Trenches are numbered in deal order N0 N1 N2 E0 E1 E2 E3 S0 S1 S2 W0 W1 W2 W3 (0..13);
// reserve cells row by row, cell = 3 * row + col (0..11). Lines 0..3 are the rows, 4..6 the
// columns.

export const CELLS = 12;
export const TRENCHES = 14;
export const LINES = 7;
export const STOCK_SIZE = 78;
export const DECK_SIZE = 104;
/** A trench holds one suit, and a suit has 26 cards. */
export const PILE_CAP = 32;

export const TRENCH_NAMES = ['N0', 'N1', 'N2', 'E0', 'E1', 'E2', 'E3', 'S0', 'S1', 'S2', 'W0', 'W1', 'W2', 'W3'];
export const CELL_NAMES = Array.from({ length: CELLS }, (_, i) => `r${(i / 3) | 0}c${i % 3}`);

export const trenchN = (c: number) => c;
export const trenchE = (r: number) => 3 + r;
export const trenchS = (c: number) => 7 + c;
export const trenchW = (r: number) => 10 + r;

/** The line a trench ends. */
export const TRENCH_LINE = Int8Array.from(TRENCH_NAMES, (n) =>
  n[0] === 'E' || n[0] === 'W' ? Number(n[1]) : 4 + Number(n[1]),
);

/** The two trenches at the ends of each line. */
export const LINE_TRENCHES: readonly (readonly [number, number])[] = [0, 1, 2, 3, 4, 5, 6].map((l) =>
  l < 4 ? ([trenchW(l), trenchE(l)] as const) : ([trenchN(l - 4), trenchS(l - 4)] as const),
);

/** The reserve cells of each line. */
export const LINE_CELLS: readonly (readonly number[])[] = [0, 1, 2, 3, 4, 5, 6].map((l) =>
  l < 4 ? [3 * l, 3 * l + 1, 3 * l + 2] : [l - 4, l - 4 + 3, l - 4 + 6, l - 4 + 9],
);

/** The four trenches a reserve card may reach: the ends of its row and of its column. */
export const CELL_TRENCHES = Int8Array.from({ length: CELLS * 4 }, (_, i) => {
  const cell = i >> 2,
    r = (cell / 3) | 0,
    c = cell % 3;
  return [trenchW(r), trenchE(r), trenchN(c), trenchS(c)][i & 3];
});

/** The play order of a foundation, as ranks: A K 2 Q 3 J 4 T 5 9 6 8 7 7 8 6 9 5 T 4 J 3 Q 2 K A. */
export const PLAY_ORDER = Int8Array.from([
  1, 13, 2, 12, 3, 11, 4, 10, 5, 9, 6, 8, 7, 7, 8, 6, 9, 5, 10, 4, 11, 3, 12, 2, 13, 1,
]);

/** ADJ[a * 14 + b] = 1 when rank b may go on rank a in a trench (same suit assumed): one apart
 *  in ordinary order (no wrap), or neighbours in the play order (A-K, K-2, 2-Q, …, 8-7, 7-7). */
export const ADJ = new Uint8Array(14 * 14);
for (let r = 1; r < 13; r++) ADJ[r * 14 + r + 1] = ADJ[(r + 1) * 14 + r] = 1;
for (let i = 0; i + 1 < 13 + 1; i++) {
  const a = PLAY_ORDER[i],
    b = PLAY_ORDER[i + 1];
  ADJ[a * 14 + b] = ADJ[b * 14 + a] = 1;
}

/** The ranks adjacent to each rank, ascending (at most 4): the key codes a pile card after the
 *  first as its index in its predecessor's list, in 2 bits. */
const NEIGHBOURS: readonly number[][] = Array.from({ length: 14 }, (_, a) => {
  const out: number[] = [];
  for (let b = 1; b <= 13; b++) if (a > 0 && ADJ[a * 14 + b]) out.push(b);
  return out;
});
/** NEIGHBOUR_INDEX[a * 14 + b] = index of b in NEIGHBOURS[a], or -1. */
export const NEIGHBOUR_INDEX = Int8Array.from({ length: 14 * 14 }, (_, i) => NEIGHBOURS[(i / 14) | 0].indexOf(i % 14));

/** Rank (1..13) and suit (0..3) of a card id, as lookups for the hot path. */
export const RANK = Uint8Array.from({ length: 52 }, (_, c) => (c % 13) + 1);
export const SUIT = Uint8Array.from({ length: 52 }, (_, c) => (c / 13) | 0);
