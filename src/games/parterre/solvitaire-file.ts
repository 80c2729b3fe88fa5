import { type Card, formatCard, makeCard } from '../../cards/card.js';
import { checkPackCounts } from '../../io/cards.js';
import { InputError, quote } from '../../io/errors.js';
import { checkFields, isObject } from '../../io/json.js';
import { BOUQUET_SIZE, PILE_DEPTH, PILES, type PtDeal } from './deal.js';

// Solvitaire's deal files for Flower Garden (github.com/thecharlieblake/Solvitaire, the deal
// format its solver reads beside `--type flower-garden` or a rules file): "tableau piles", six
// arrays of cards, each bottom card first, and "reserve", the sixteen cards of the bouquet. A card
// is its rank, A or 1..13 or J Q K, then its suit C D H S, in either case ("10H", "ah", "13s").
// Such a file names no game and no rules: it is read under this project's default reading, and
// `--variant foundations=removable` gives the reading of Solvitaire's flower-garden preset.

const TABLEAU = 'tableau piles';
const RESERVE = 'reserve';
/** The fields Solvitaire's deal schema allows; those Flower Garden has no use for must be empty. */
const FIELDS = [TABLEAU, RESERVE, 'foundations', 'cells', 'stock', 'waste', 'hole', 'sequences'];

/** Whether a document is a Solvitaire deal rather than one of this project's. */
export const isSolvitaireDeal = (doc: unknown): boolean => isObject(doc) && TABLEAU in doc && !('piles' in doc);

const SUITS: Record<string, number> = { s: 0, h: 1, d: 2, c: 3 };
const RANKS: Record<string, number> = { a: 1, j: 11, q: 12, k: 13 };

function svCard(v: unknown, where: string): Card {
  const m = typeof v === 'string' ? /^([1-9]|1[0-3]|[ajqk])([cdhs])$/i.exec(v) : null;
  if (!m)
    throw new InputError(
      `${where}: ${quote(v)} is not a card in Solvitaire's notation (rank A, 2..10, J, Q, K or 1..13, then suit C, D, H or S: "10H", "AS")`,
    );
  const r = m[1].toLowerCase();
  return makeCard(RANKS[r] ?? Number(r), SUITS[m[2].toLowerCase()]);
}

function svCards(v: unknown, where: string, length: number): Card[] {
  if (!Array.isArray(v)) throw new InputError(`${where}: expected an array of ${length} cards`);
  if (v.length !== length)
    throw new InputError(`${where}: expected ${length} cards (a Flower Garden deal), got ${v.length}`);
  return v.map((c, i) => svCard(c, `${where}[${i}]`));
}

/** Reads a Solvitaire Flower Garden deal; every failure names the file and the field or card. */
export function dealFromSolvitaire(doc: Record<string, unknown>, file: string): PtDeal {
  checkFields(doc, FIELDS, `${file} (a Solvitaire deal)`);
  for (const f of FIELDS.slice(2)) {
    const v = doc[f];
    const empty = v === undefined || (Array.isArray(v) && v.every((x) => Array.isArray(x) && x.length === 0));
    if (!empty)
      throw new InputError(
        `${file}: field ${quote(f)} must be empty: a Flower Garden deal has all 52 cards in the tableau piles and the reserve`,
      );
  }
  const t = doc[TABLEAU];
  if (!Array.isArray(t) || t.length !== PILES)
    throw new InputError(`${file}: field "${TABLEAU}" must be ${PILES} piles of ${PILE_DEPTH} cards`);
  const piles = t.map((p, i) => svCards(p, `${file}: ${TABLEAU}[${i}]`, PILE_DEPTH));
  const bouquet = svCards(doc[RESERVE], `${file}: ${RESERVE}`, BOUQUET_SIZE);
  checkPackCounts([...piles.flat(), ...bouquet], 1, file);
  return { piles, bouquet };
}

/** Solvitaire's text of a card: ranks A 2..10 J Q K (no T). */
const svText = (c: Card): string => formatCard(c).replace(/^T/, '10');

/** The deal as a Solvitaire deal file (its cards only: the rules are Solvitaire's to be told). */
export const dealToSolvitaire = (d: PtDeal): Record<string, string[] | string[][]> => ({
  [TABLEAU]: d.piles.map((p) => p.map(svText)),
  [RESERVE]: d.bouquet.map(svText),
});
