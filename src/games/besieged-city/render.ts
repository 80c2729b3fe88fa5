import { formatCard, makeCard, SUITS } from '../../cards/card.js';
import { PLAY_ORDER, STOCK_SIZE, TRENCHES, TRENCH_NAMES, trenchE, trenchN, trenchS, trenchW } from './layout.js';
import type { BcPosition } from './position.js';
import { formatVariant, isDefaultRules } from './rules.js';

// Text rendering in the shape of the rules page's diagram: each trench shows its top card and,
// after a dot, its height; the full piles are listed below, bottom first.

export interface RenderOptions {
  unicode?: boolean;
  /** Show the next stock card (what a solver sees; a player at the table does not). */
  revealStock?: boolean;
}

export function renderPosition(pos: BcPosition, opts: RenderOptions = {}): string {
  const u = opts.unicode ?? false;
  const card = (c: number) => (c < 0 ? '--' : formatCard(c, u));
  const trench = (t: number) => {
    const n = pos.plen[t];
    return n === 0 ? '  ..  ' : `${card(pos.top(t))}·${String(n).padEnd(3)}`;
  };
  const pad = (s: string, w: number) => s.padEnd(w);
  const lines: string[] = [];
  const left = '          ';
  lines.push(left + [0, 1, 2].map((c) => pad(TRENCH_NAMES[trenchN(c)], 7)).join(''));
  lines.push(left + [0, 1, 2].map((c) => pad(trench(trenchN(c)), 7)).join(''));
  for (let r = 0; r < 4; r++) {
    const w = `${TRENCH_NAMES[trenchW(r)]} ${trench(trenchW(r))}`;
    const cells = [0, 1, 2].map((c) => pad(card(pos.reserve[3 * r + c]), 7)).join('');
    lines.push(`${pad(w, 10)}${cells}${TRENCH_NAMES[trenchE(r)]} ${trench(trenchE(r))}`);
  }
  lines.push(left + [0, 1, 2].map((c) => pad(trench(trenchS(c)), 7)).join(''));
  lines.push(left + [0, 1, 2].map((c) => pad(TRENCH_NAMES[trenchS(c)], 7)).join(''));
  lines.push('');
  const fnd = [0, 1, 2, 3].map((s) => {
    const h = pos.found[s];
    const next = h < 26 ? `next ${formatCard(makeCard(PLAY_ORDER[h], s), u)}` : 'complete';
    return `${SUITS[s]} ${String(h).padStart(2)}/26 (${next})`;
  });
  lines.push(`Foundations: ${fnd.join('  ')}`);
  const stockLeft = STOCK_SIZE - pos.sp;
  const nextStock = opts.revealStock && stockLeft > 0 ? `, next ${card(pos.stock[pos.sp])}` : '';
  lines.push(
    `Stock: ${stockLeft} card${stockLeft === 1 ? '' : 's'}${nextStock}   Talon: ${pos.tlen === 0 ? 'empty' : `${card(pos.talonTop())} on top, ${pos.tlen} card${pos.tlen === 1 ? '' : 's'}`}`,
  );
  const piles: string[] = [];
  for (let t = 0; t < TRENCHES; t++) {
    if (pos.plen[t] > 1) piles.push(`${TRENCH_NAMES[t]}: ${pos.pile(t).map(card).join(' ')}`);
  }
  if (piles.length) lines.push(`Piles (bottom first): ${piles.join('  ')}`);
  if (pos.pending >= 0)
    lines.push(`Trench ${TRENCH_NAMES[pos.pending]} is empty: fill it from its line next (rule IV).`);
  if (!isDefaultRules(pos.rules)) lines.push(`Rules: variant ${formatVariant(pos.rules)}`);
  return lines.join('\n');
}
