import { type Card, formatCard } from '../../cards/card.js';
import { shuffledDeck } from '../../cards/shuffle.js';
import { InputError } from '../../io/errors.js';
import { checkFields, dealDocument, isObject } from '../../io/json.js';
import { cardList, checkPackCounts } from '../../io/cards.js';
import { CELLS, STOCK_SIZE, TRENCHES } from './layout.js';
import { type BcRules, isDefaultRules, parseVariant, variantFromJson, variantToJson } from './rules.js';

export const GAME = 'besieged-city';

/** A deal: reserve cells row by row, trenches in deal order (N0 N1 N2 E0..E3 S0..S2 W0..W3),
 *  the stock with its first-dealt card first. */
export interface BcDeal {
  seed?: string;
  reserve: Card[];
  trenches: Card[];
  stock: Card[];
  /** The rule variant the deal is played under (absent: the default reading). */
  rules?: BcRules;
}

/** Deal order [D]: the first 12 cards fill the reserve row by row, the next 14 the trenches in
 *  deal order, the last 78 are the stock. */
export function dealFromSeed(seed: string | number): BcDeal {
  const deck = shuffledDeck(seed, 2);
  return { seed: String(seed), reserve: deck.slice(0, 12), trenches: deck.slice(12, 26), stock: deck.slice(26) };
}

export interface BcDealJson {
  game: string;
  seed?: string;
  reserve: string[][];
  trenches: { N: string[]; E: string[]; S: string[]; W: string[] };
  stock: string[];
  /** Switch -> value for each switch that differs from the default (absent or {}: default). */
  variant?: Record<string, string>;
}

/** The deal under a variant given as the flag writes it (`trench-order=ordinary,…`). */
export const withVariant = (d: BcDeal, text: string, where = '--variant'): BcDeal => ({
  ...d,
  rules: parseVariant(text, where),
});

export function dealToJson(d: BcDeal): BcDealJson {
  const f = (cs: Card[]) => cs.map((c) => formatCard(c));
  const t = d.trenches;
  return {
    game: GAME,
    ...(d.seed !== undefined ? { seed: d.seed } : {}),
    reserve: [0, 1, 2, 3].map((r) => f(d.reserve.slice(3 * r, 3 * r + 3))),
    trenches: { N: f(t.slice(0, 3)), E: f(t.slice(3, 7)), S: f(t.slice(7, 10)), W: f(t.slice(10, 14)) },
    stock: f(d.stock),
    // Written only off the default, so default deal files (and the golden file) are unchanged.
    ...(d.rules && !isDefaultRules(d.rules) ? { variant: variantToJson(d.rules) } : {}),
  };
}

/** Validates a deal document; every failure names the file and field (or the card). */
export function dealFromJson(input: unknown, file: string): BcDeal {
  const { doc, seed } = dealDocument(input, file, GAME, ['reserve', 'trenches', 'stock', 'variant']);
  const res = doc.reserve;
  if (!Array.isArray(res) || res.length !== 4)
    throw new InputError(`${file}: field "reserve" must be 4 rows of 3 cards`);
  const reserve = res.flatMap((row, r) => cardList(row, `${file}: reserve[${r}]`, 3));
  const tr = doc.trenches;
  if (!isObject(tr)) throw new InputError(`${file}: field "trenches" must be an object with N, E, S, W`);
  checkFields(tr, ['N', 'E', 'S', 'W'], `${file}: trenches`);
  const side = (k: 'N' | 'E' | 'S' | 'W', n: number) => cardList(tr[k], `${file}: trenches.${k}`, n);
  const trenches = [...side('N', 3), ...side('E', 4), ...side('S', 3), ...side('W', 4)];
  const stock = cardList(doc.stock, `${file}: stock`, STOCK_SIZE);
  if (reserve.length !== CELLS || trenches.length !== TRENCHES) throw new InputError(`${file}: bad layout`);
  checkPackCounts([...reserve, ...trenches, ...stock], 2, `${file}`);
  const rules = variantFromJson(doc.variant, `${file}: field "variant"`);
  return {
    ...seed,
    reserve,
    trenches,
    stock,
    ...(!isDefaultRules(rules) ? { rules } : {}),
  };
}
