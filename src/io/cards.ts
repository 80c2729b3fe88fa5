import { type Card, parseCard, formatCard } from '../cards/card.js';
import { InputError, quote } from './errors.js';

/** Parses one card of a file field, naming the field and the text on failure. */
export function cardField(v: unknown, where: string): Card {
  if (typeof v !== 'string') throw new InputError(`${where}: expected a card string, got ${quote(v)}`);
  const c = parseCard(v);
  if (c < 0) throw new InputError(`${where}: unknown card ${quote(v)}`);
  return c;
}

/** Parses an array of cards of exactly `length` (when given). */
export function cardList(v: unknown, where: string, length?: number): Card[] {
  if (!Array.isArray(v)) throw new InputError(`${where}: expected an array of cards`);
  if (length !== undefined && v.length !== length)
    throw new InputError(`${where}: expected ${length} cards, got ${v.length}`);
  return v.map((x, i) => cardField(x, `${where}[${i}]`));
}

/** Checks that `cards` hold each of the 52 cards exactly `packs` times; names the first offender. */
export function checkPackCounts(cards: Card[], packs: number, where: string): void {
  const count = new Array<number>(52).fill(0);
  for (const c of cards) count[c]++;
  for (let c = 0; c < 52; c++) {
    if (count[c] > packs)
      throw new InputError(`${where}: card ${formatCard(c)} appears ${count[c]} times (expected ${packs})`);
  }
  for (let c = 0; c < 52; c++) {
    if (count[c] < packs)
      throw new InputError(`${where}: card ${formatCard(c)} appears ${count[c]} times (expected ${packs})`);
  }
}
