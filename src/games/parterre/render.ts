import { formatCard, makeCard, SUITS } from '../../cards/card.js';
import { PILES } from './deal.js';
import type { PtPosition } from './position.js';

// Text rendering: each parterre pile on one line, bottom card first and the available top card
// last (everything is face up), then the bouquet and the foundations.

export interface RenderOptions {
  unicode?: boolean;
}

export function renderPosition(pos: PtPosition, opts: RenderOptions = {}): string {
  const u = opts.unicode ?? false;
  const card = (c: number) => formatCard(c, u);
  const lines: string[] = [];
  for (let p = 0; p < PILES; p++) {
    const cs = pos.pile(p);
    lines.push(`p${p}: ${cs.length === 0 ? '(empty)' : cs.map(card).join(' ')}`);
  }
  const b = pos.bouquetCards();
  lines.push(`b:  ${b.length === 0 ? '(empty)' : b.map(card).join(' ')}`);
  const fnd = [0, 1, 2, 3].map((s) => {
    const h = pos.found[s];
    return `${SUITS[s]} ${h === 0 ? '--' : card(makeCard(h, s))}`;
  });
  lines.push(`F:  ${fnd.join('  ')}   (${pos.foundTotal}/52)`);
  return lines.join('\n');
}
