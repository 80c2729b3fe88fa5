import { formatCard, makeCard } from '../../cards/card.js';
import type { Board } from '../../cards/board.js';
import { CELL_NAMES, PLAY_ORDER, STOCK_SIZE, TRENCH_NAMES, trenchE, trenchN, trenchS, trenchW } from './layout.js';
import type { BcPosition } from './position.js';

// The replay page's picture of a position, in the shape of the rules page's diagram: the
// reserve in the middle, each trench spreading away from it, stock, talon and foundations at
// the right. Allocates; for pages, not for search.

const SUIT_NAMES = ['♠', '♥', '♦', '♣'];

export const bcBoard: Board<BcPosition> = {
  layout: {
    columns: 7,
    rows: 6,
    piles: [
      ...[0, 1, 2].map((c) => ({
        id: TRENCH_NAMES[trenchN(c)],
        label: TRENCH_NAMES[trenchN(c)],
        row: 0,
        column: 1 + c,
        fan: 'up' as const,
      })),
      ...[0, 1, 2, 3].flatMap((r) => [
        { id: TRENCH_NAMES[trenchW(r)], label: TRENCH_NAMES[trenchW(r)], row: 1 + r, column: 0, fan: 'left' as const },
        ...[0, 1, 2].map((c) => ({
          id: CELL_NAMES[3 * r + c],
          label: CELL_NAMES[3 * r + c],
          row: 1 + r,
          column: 1 + c,
          fan: 'none' as const,
        })),
        { id: TRENCH_NAMES[trenchE(r)], label: TRENCH_NAMES[trenchE(r)], row: 1 + r, column: 4, fan: 'right' as const },
      ]),
      ...[0, 1, 2].map((c) => ({
        id: TRENCH_NAMES[trenchS(c)],
        label: TRENCH_NAMES[trenchS(c)],
        row: 5,
        column: 1 + c,
        fan: 'down' as const,
      })),
      { id: 'stock', label: 'stock', row: 0, column: 6, fan: 'none' as const },
      { id: 'talon', label: 'talon', row: 0, column: 5, fan: 'none' as const },
      ...[0, 1, 2, 3].map((s) => ({
        id: `F${s}`,
        label: `foundation ${SUIT_NAMES[s]}`,
        row: 1 + s,
        column: 6,
        fan: 'none' as const,
      })),
    ],
  },
  cards: (pos) => {
    const out: Record<string, string[]> = {};
    for (let t = 0; t < TRENCH_NAMES.length; t++) out[TRENCH_NAMES[t]] = pos.pile(t).map((c) => formatCard(c));
    for (let i = 0; i < CELL_NAMES.length; i++)
      out[CELL_NAMES[i]] = pos.reserve[i] < 0 ? [] : [formatCard(pos.reserve[i])];
    out.stock = new Array<string>(STOCK_SIZE - pos.sp).fill('??');
    out.talon = Array.from(pos.talon.subarray(0, pos.tlen), (i) => formatCard(pos.stock[i]));
    // A foundation shows the cards played on it, in the play order A K 2 Q … (bottom first).
    for (let s = 0; s < 4; s++)
      out[`F${s}`] = Array.from(PLAY_ORDER.subarray(0, pos.found[s]), (r) => formatCard(makeCard(r, s)));
    return out;
  },
};
