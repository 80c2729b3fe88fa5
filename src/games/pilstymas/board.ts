import { formatCard, makeCard } from '../../cards/card.js';
import type { Board } from '../../cards/board.js';
import { PILE_NAMES } from './notation.js';
import { HAND, type PilPosition, STOCK, TAB, WASTE, plainCard } from './position.js';

// The replay page's picture, as at the table: B's side on top, the eight foundations between,
// A's side below. A card of B's pack carries a trailing "'" (as in the text rendering); hand
// cards and face-down stock cards are "??". Allocates; for pages, not for search.

const SUIT_NAMES = ['♠', '♥', '♦', '♣'];
const card = (id: number) => formatCard(plainCard(id)) + (id >= 52 ? "'" : '');

export const pilBoard: Board<PilPosition> = {
  layout: {
    columns: 8,
    rows: 5,
    piles: [
      ...[1, 0].flatMap((p) => {
        const side = 'AB'[p],
          row = p === 1 ? 0 : 4,
          tabRow = p === 1 ? 1 : 3;
        return [
          { id: `hand${side}`, label: `${side} hand`, row, column: 0, fan: 'none' as const },
          { id: `stock${side}`, label: `${side} stock`, row, column: 1, fan: 'none' as const },
          { id: `waste${side}`, label: `${side} waste`, row, column: 2, fan: 'none' as const },
          ...[0, 1, 2, 3].map((k) => ({
            id: PILE_NAMES[4 * p + k],
            label: PILE_NAMES[4 * p + k],
            row: tabRow,
            column: 2 * k,
            fan: 'right' as const,
            span: 2,
          })),
        ];
      }),
      ...Array.from({ length: 8 }, (_, f) => ({
        id: `F${f}`,
        label: `foundation ${SUIT_NAMES[f >> 1]}`,
        row: 2,
        column: f,
        fan: 'none' as const,
      })),
    ],
  },
  cards: (pos) => {
    const out: Record<string, string[]> = {};
    for (let p = 0; p < 2; p++) {
      const side = 'AB'[p];
      out[`hand${side}`] = pos.stack(HAND + p).map(() => '??');
      out[`stock${side}`] = pos.stack(STOCK + p).map((id, i) => (i < pos.down[p] ? '??' : card(id)));
      out[`waste${side}`] = pos.stack(WASTE + p).map(card);
      for (let k = 0; k < 4; k++) out[PILE_NAMES[4 * p + k]] = pos.stack(TAB + 4 * p + k).map(card);
    }
    for (let f = 0; f < 8; f++)
      out[`F${f}`] = Array.from({ length: pos.found[f] }, (_, i) => formatCard(makeCard(i + 1, f >> 1)));
    return out;
  },
};
