import { formatCard } from '../../cards/card.js';
import type { ZDeal } from './deal.js';
import type { Variant } from './position.js';
import type { SimResult } from './match.js';

// Text output of the deal and of a game's result.

export function renderDeal(d: ZDeal, unicode = false): string {
  const f = (c: number) => formatCard(c, unicode);
  const lines = [`Start card (centre): ${f(d.start)}`];
  d.reserves.forEach((r, s) => lines.push(`seat ${s} reserve (${r.length}, top first): ${r.map(f).join(' ')}`));
  return lines.join('\n');
}

export function variantText(v: Variant): string {
  return `${v.wrap ? 'ranks wrap (K-A)' : 'no wrap'}${v.alternateColours ? ', centre alternates colours' : ''}`;
}

export function renderResult(r: SimResult): string {
  const lines: string[] = [];
  if (r.outcome === 'loser') {
    lines.push(`Seat ${r.loser} is the žioplys (loses) after ${r.turns} turns.`);
  } else if (r.outcome === 'cycle') {
    lines.push(
      `The game never ends: after ${r.turns} turns the position repeats one seen ${r.cycleLength} turns earlier.`,
    );
  } else {
    lines.push(`Stopped at the turn limit (${r.turns} turns) without a loser.`);
  }
  lines.push(
    `Out, in order: ${r.outOrder.length ? r.outOrder.join(', ') : 'nobody'}. Cards played to the centre: ${r.centrePlays}.${r.blunders ? ` Blunders: ${r.blunders}.` : ''}`,
  );
  return lines.join('\n');
}
