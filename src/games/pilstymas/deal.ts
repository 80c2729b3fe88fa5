import { type Card, formatCard, orderedDeck } from '../../cards/card.js';
import { rngFromSeed, shuffleInPlace } from '../../cards/shuffle.js';
import { InputError } from '../../io/errors.js';
import { dealDocument } from '../../io/json.js';
import { cardList, checkPackCounts } from '../../io/cards.js';

export const GAME = 'pilstymas';

/** A deal: each player's pack in deal order — cards 0..12 the stock (12 on top, face up),
 *  13..16 the tableau piles 0..3, 17..51 the hand with card 17 on top [D]. */
export interface PilDeal {
  seed?: string;
  packs: [Card[], Card[]];
}

/** One generator for both packs: pack A is shuffled first, then pack B with the same
 *  generator continued (fixed forever; data/pilstymas/golden.json pins it). */
export function dealFromSeed(seed: string | number): PilDeal {
  const rng = rngFromSeed(seed);
  const a = shuffleInPlace(orderedDeck(1), rng);
  const b = shuffleInPlace(orderedDeck(1), rng);
  return { seed: String(seed), packs: [a, b] };
}

interface PilDealJson {
  game: string;
  seed?: string;
  packs: [string[], string[]];
}

export function dealToJson(d: PilDeal): PilDealJson {
  const f = (cs: Card[]) => cs.map((c) => formatCard(c));
  return { game: GAME, ...(d.seed !== undefined ? { seed: d.seed } : {}), packs: [f(d.packs[0]), f(d.packs[1])] };
}

/** Validates a deal document; every failure names the file and field (or the card). */
export function dealFromJson(input: unknown, file: string): PilDeal {
  const { doc, seed } = dealDocument(input, file, GAME, ['packs']);
  const p = doc.packs;
  if (!Array.isArray(p) || p.length !== 2)
    throw new InputError(`${file}: field "packs" must be an array of 2 packs of 52 cards`);
  const packs = [0, 1].map((i) => {
    const cards = cardList(p[i], `${file}: packs[${i}]`, 52);
    checkPackCounts(cards, 1, `${file}: packs[${i}]`);
    return cards;
  }) as [Card[], Card[]];
  return { ...seed, packs };
}
