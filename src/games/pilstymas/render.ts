import { formatCard, makeCard } from '../../cards/card.js';
import { HAND, type PilPosition, STOCK, TAB, UNKNOWN, WASTE, plainCard } from './position.js';
import { PILE_NAMES } from './notation.js';

// Text rendering: B's side on top, the foundations between, A's side below, as at the table.
// Cards from B's pack carry a `'` so the owner marks stay visible.

export interface RenderOptions {
  unicode?: boolean;
  /** Show the hidden cards (hands in order, face-down stock cards): for `show` of a deal file. */
  reveal?: boolean;
  /** Whose eyes: the hand card of this seat is shown when it is to move (default: the mover). */
  seat?: number;
}

export const SEAT = ['A', 'B'];

export function renderPosition(pos: PilPosition, opts: RenderOptions = {}): string {
  const u = opts.unicode ?? false;
  const card = (id: number) =>
    id < 0 ? '--' : id === UNKNOWN ? '??' : formatCard(plainCard(id), u) + (id >= 52 ? "'" : '');
  const list = (ids: number[]) => (ids.length ? ids.map(card).join(' ') : '..');
  const seat = opts.seat ?? pos.turn;
  const side = (p: number) => {
    const st = pos.stack(STOCK + p);
    const down = pos.down[p];
    const stockText =
      st.length === 0
        ? 'empty'
        : `${card(st[st.length - 1])} on top, ${st.length} card${st.length === 1 ? '' : 's'} (${down} face down)`;
    const hand = pos.stack(HAND + p);
    const handUp = pos.turn === p && p === seat && hand.length > 0 && pos.winner < 0;
    let handText = `${hand.length} card${hand.length === 1 ? '' : 's'}`;
    if (handUp) handText += `, hand card ${card(hand[hand.length - 1])}`;
    if (opts.reveal && hand.length) handText += ` [top first: ${list(hand.slice().reverse())}]`;
    const w = pos.stack(WASTE + p);
    const lines = [
      `${SEAT[p]}: stock ${stockText}; hand ${handText}; waste ${w.length ? `${card(w[w.length - 1])} on top, ${w.length} card${w.length === 1 ? '' : 's'}` : 'empty'}`,
    ];
    if (opts.reveal && down > 1) lines.push(`   stock face down, bottom first: ${list(st.slice(0, down))}`);
    const piles = [0, 1, 2, 3].map((k) => `${PILE_NAMES[4 * p + k]}: ${list(pos.stack(TAB + 4 * p + k))}`);
    lines.push(`   ${piles.join('   ')}`);
    return lines;
  };
  const f: string[] = [];
  for (let s = 0; s < 4; s++)
    for (let k = 0; k < 2; k++) {
      const h = pos.found[2 * s + k];
      if (h > 0) f.push(formatCard(makeCard(h, s), u));
    }
  const lines = [
    ...side(1),
    `Foundations: ${f.length ? f.join(' ') : 'none yet'}   (${pos.foundTotal()} cards)`,
    ...side(0).reverse(),
  ];
  const status =
    pos.winner >= 0
      ? `${SEAT[pos.winner]} has won after ${pos.turns} turns.`
      : `${SEAT[pos.turn]} to move; ${pos.turns} turns played.`;
  lines.push(status);
  return lines.join('\n');
}
