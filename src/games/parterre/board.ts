import { formatCard, makeCard } from '../../cards/card.js';
import type { Board } from '../../cards/board.js';
import { PILES } from './deal.js';
import type { PtPosition } from './position.js';

// The replay page's picture: foundations on top, the six piles spread downwards, the bouquet
// spread along the bottom. Allocates; for pages, not for search.

const SUIT_NAMES = ['♠', '♥', '♦', '♣'];

export const ptBoard: Board<PtPosition> = {
  layout: {
    columns: PILES,
    rows: 3,
    piles: [
      ...[0, 1, 2, 3].map((s) => ({
        id: `F${s}`,
        label: `foundation ${SUIT_NAMES[s]}`,
        row: 0,
        column: 1 + s,
        fan: 'none' as const,
      })),
      ...Array.from({ length: PILES }, (_, p) => ({
        id: `p${p}`,
        label: `p${p}`,
        row: 1,
        column: p,
        fan: 'down' as const,
      })),
      { id: 'b', label: 'bouquet', row: 2, column: 0, fan: 'right' as const, span: PILES },
    ],
  },
  cards: (pos) => {
    const out: Record<string, string[]> = {};
    for (let s = 0; s < 4; s++)
      out[`F${s}`] = Array.from({ length: pos.found[s] }, (_, i) => formatCard(makeCard(i + 1, s)));
    for (let p = 0; p < PILES; p++) out[`p${p}`] = pos.pile(p).map((c) => formatCard(c));
    out.b = pos.bouquetCards().map((c) => formatCard(c));
    return out;
  },
};
