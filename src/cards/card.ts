// A card is a small integer: suit * 13 + (rank - 1), so 0..51. Ranks 1..13 (A..K), suits in the
// order S H D C. Two copies of a card (two-pack games) share one id: they are interchangeable.

export type Card = number;

export const SUITS = 'SHDC';
export const RANKS = 'A23456789TJQK';
export const UNICODE_SUITS = '♠♥♦♣';
export const NO_CARD = -1;

export const makeCard = (rank: number, suit: number): Card => suit * 13 + rank - 1;
export const rankOf = (c: Card): number => (c % 13) + 1;
export const suitOf = (c: Card): number => (c / 13) | 0;
/** Hearts and diamonds are red. */
export const isRed = (c: Card): boolean => {
  const s = suitOf(c);
  return s === 1 || s === 2;
};

export function formatCard(c: Card, unicode = false): string {
  if (c < 0 || c > 51 || !Number.isInteger(c)) return '??';
  return RANKS[rankOf(c) - 1] + (unicode ? UNICODE_SUITS : SUITS)[suitOf(c)];
}

/** Parses `TS`, `10S`, `7h`, `A♠`; returns NO_CARD when the text is not a card. */
export function parseCard(text: string): Card {
  if (typeof text !== 'string') return NO_CARD;
  const t = text.trim().toUpperCase();
  const m = /^(10|[A2-9TJQK])([SHDC♠♥♦♣])$/.exec(t);
  if (!m) return NO_CARD;
  const rank = m[1] === '10' ? 10 : RANKS.indexOf(m[1]) + 1;
  let suit = SUITS.indexOf(m[2]);
  if (suit < 0) suit = UNICODE_SUITS.indexOf(m[2]);
  return makeCard(rank, suit);
}

/** A full pack in a fixed order: S A..K, H A..K, D A..K, C A..K, repeated `packs` times. */
export function orderedDeck(packs = 1): Card[] {
  const out: Card[] = [];
  for (let p = 0; p < packs; p++) for (let c = 0; c < 52; c++) out.push(c);
  return out;
}
