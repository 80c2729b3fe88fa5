import { type Card, formatCard } from '../../cards/card.js';
import { shuffledDeck } from '../../cards/shuffle.js';
import { InputError } from '../../io/errors.js';
import { dealDocument } from '../../io/json.js';
import { cardList, checkPackCounts } from '../../io/cards.js';
import { type PtRules, parseVariant, variantFromJson, variantToJson } from './rules.js';

export const GAME = 'parterre';
export const PILES = 6;
export const PILE_DEPTH = 6;
export const BOUQUET_SIZE = 16;

/** A deal: six parterre piles of six cards, bottom first, and the sixteen bouquet cards. */
export interface PtDeal {
  seed?: string;
  piles: Card[][];
  bouquet: Card[];
  /** The rule variant the deal is played under (absent: the default reading). */
  rules?: PtRules;
}

/** The deal under a variant given as the flag writes it (`foundations=removable`). */
export const withVariant = (d: PtDeal, text: string, where = '--variant'): PtDeal => {
  const rules = parseVariant(text, where);
  const { rules: _old, ...rest } = d;
  return rules.removable ? { ...rest, rules } : rest;
};

/** Deal order [D]: cards 1-36 of the shuffled pack go to the piles one row at a time (p0..p5
 *  get their bottom cards first, the sixth round gives the top cards); cards 37-52 are the
 *  bouquet. */
export function dealFromSeed(seed: string | number): PtDeal {
  const deck = shuffledDeck(seed, 1);
  const piles: Card[][] = Array.from({ length: PILES }, () => []);
  for (let i = 0; i < PILES * PILE_DEPTH; i++) piles[i % PILES].push(deck[i]);
  return { seed: String(seed), piles, bouquet: deck.slice(PILES * PILE_DEPTH) };
}

export interface PtDealJson {
  game: string;
  seed?: string;
  piles: string[][];
  bouquet: string[];
  /** Switch -> value for a switch that differs from the default (absent: the default). */
  variant?: Record<string, string>;
}

export function dealToJson(d: PtDeal): PtDealJson {
  const f = (cs: Card[]) => cs.map((c) => formatCard(c));
  return {
    game: GAME,
    ...(d.seed !== undefined ? { seed: d.seed } : {}),
    piles: d.piles.map(f),
    bouquet: f(d.bouquet),
    // Written only off the default, so default deal files are unchanged.
    ...(d.rules?.removable ? { variant: variantToJson(d.rules) } : {}),
  };
}

/** Validates a deal document; every failure names the file and field (or the card). */
export function dealFromJson(input: unknown, file: string): PtDeal {
  const { doc, seed } = dealDocument(input, file, GAME, ['piles', 'bouquet', 'variant']);
  const ps = doc.piles;
  if (!Array.isArray(ps) || ps.length !== PILES)
    throw new InputError(`${file}: field "piles" must be ${PILES} piles of ${PILE_DEPTH} cards`);
  const piles = ps.map((p, i) => cardList(p, `${file}: piles[${i}]`, PILE_DEPTH));
  const bouquet = cardList(doc.bouquet, `${file}: bouquet`, BOUQUET_SIZE);
  checkPackCounts([...piles.flat(), ...bouquet], 1, file);
  const rules = variantFromJson(doc.variant, `${file}: field "variant"`);
  return { ...seed, piles, bouquet, ...(rules.removable ? { rules } : {}) };
}
