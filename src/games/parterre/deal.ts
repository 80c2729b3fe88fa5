import { type Card, formatCard } from '../../cards/card.js';
import { shuffledDeck } from '../../cards/shuffle.js';
import { InputError, quote } from '../../io/errors.js';
import { dealDocument } from '../../io/json.js';
import { cardList, checkPackCounts } from '../../io/cards.js';
import { type PtRules, parseVariant, variantFromJson, variantToJson } from './rules.js';
import { PYSOLFC_PREFIX, parsePysolfcNumber, pysolfcDeal } from './pysolfc.js';
import { dealFromSolvitaire, isSolvitaireDeal } from './solvitaire-file.js';

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

/** PySolFC's game n, named as batch items and files name it (`pysolfc#12345`). */
function pysolfcOf(seed: string, where: string): PtDeal {
  const p = parsePysolfcNumber(seed.slice(PYSOLFC_PREFIX.length));
  if (!p.ok) throw new InputError(`${where}: ${p.reason}`);
  return pysolfcDeal(p.number);
}

/** Deal order [D]: cards 1-36 of the shuffled pack go to the piles one row at a time (p0..p5
 *  get their bottom cards first, the sixth round gives the top cards); cards 37-52 are the
 *  bouquet. A seed `pysolfc#N` is PySolFC's game N (pysolfc.ts). */
export function dealFromSeed(seed: string | number): PtDeal {
  if (String(seed).startsWith(PYSOLFC_PREFIX)) return pysolfcOf(String(seed), 'seed');
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

/** Validates a deal document, this project's or Solvitaire's (solvitaire-file.ts); every failure
 *  names the file and field (or the card). A seed `pysolfc#N` must name the deal's cards. */
export function dealFromJson(input: unknown, file: string): PtDeal {
  if (isSolvitaireDeal(input)) {
    const { game, ...rest } = input as Record<string, unknown>;
    if (game !== undefined && game !== GAME)
      throw new InputError(`${file}: field "game" is ${quote(game)}, expected "${GAME}"`);
    return dealFromSolvitaire(rest, file);
  }
  const { doc, seed } = dealDocument(input, file, GAME, ['piles', 'bouquet', 'variant']);
  const ps = doc.piles;
  if (!Array.isArray(ps) || ps.length !== PILES)
    throw new InputError(`${file}: field "piles" must be ${PILES} piles of ${PILE_DEPTH} cards`);
  const piles = ps.map((p, i) => cardList(p, `${file}: piles[${i}]`, PILE_DEPTH));
  const bouquet = cardList(doc.bouquet, `${file}: bouquet`, BOUQUET_SIZE);
  checkPackCounts([...piles.flat(), ...bouquet], 1, file);
  const rules = variantFromJson(doc.variant, `${file}: field "variant"`);
  if (seed.seed?.startsWith(PYSOLFC_PREFIX)) {
    const named = pysolfcOf(seed.seed, `${file}: field "seed"`);
    const same = (a: Card[][], b: Card[][]) =>
      a.every((p, i) => p.length === b[i].length && p.every((c, j) => c === b[i][j]));
    if (!same([...piles, bouquet], [...named.piles, named.bouquet]))
      throw new InputError(
        `${file}: field "seed" names PySolFC game ${seed.seed.slice(PYSOLFC_PREFIX.length)}, but the cards are not its deal`,
      );
  }
  return { ...seed, piles, bouquet, ...(rules.removable ? { rules } : {}) };
}
