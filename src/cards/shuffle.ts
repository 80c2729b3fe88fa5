import seedrandom from 'seedrandom';
import { type Card, orderedDeck } from './card.js';

// Deals must never change across machines or versions, so the algorithm is fixed and written
// out in the README: the seed string seeds seedrandom's `alea` generator, and a Fisher–Yates
// shuffle walks i from n-1 down to 1, swapping item i with item floor(rng() * (i + 1)).
// Golden tests in data/ pin the result. (The default import is required: `{ alea }` as a named
// import works under vitest but not under plain node.)

export type Rng = () => number;

export function rngFromSeed(seed: string | number): Rng {
  return seedrandom.alea(String(seed));
}

/** In-place Fisher–Yates shuffle driven by `rng`. */
export function shuffleInPlace<T>(items: T[], rng: Rng): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const t = items[i];
    items[i] = items[j];
    items[j] = t;
  }
  return items;
}

/** `packs` ordered packs, shuffled by a generator seeded with `seed`. */
export function shuffledDeck(seed: string | number, packs = 1): Card[] {
  return shuffleInPlace(orderedDeck(packs), rngFromSeed(seed));
}
