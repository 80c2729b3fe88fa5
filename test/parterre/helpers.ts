import { parseCard } from '../../src/cards/card.js';
import type { PtDeal } from '../../src/games/parterre/deal.js';
import { formatMove } from '../../src/games/parterre/notation.js';
import { MAX_MOVES, type PtPosition } from '../../src/games/parterre/position.js';
import { PtGame } from '../../src/games/parterre/search.js';

const cards = (xs: string[]) =>
  xs.map((x) => {
    const c = parseCard(x);
    if (c < 0) throw new Error(`bad card ${x}`);
    return c;
  });

/** A position in play (test-only): six piles bottom first and the bouquet; every other card is
 *  on its foundation (they must be the lowest cards of each suit). */
export function layout(piles: string[][], bouquet: string[] = []): PtDeal {
  return { piles: piles.map(cards), bouquet: cards(bouquet) };
}

export const game = (piles: string[][], bouquet: string[] = []) => new PtGame(layout(piles, bouquet));

export function legal(pos: PtPosition): string[] {
  const buf = new Int32Array(MAX_MOVES);
  return Array.from(buf.subarray(0, pos.legalMoves(buf)), formatMove);
}

export function searchMoves(g: PtGame): string[] {
  const buf = new Int32Array(MAX_MOVES);
  return Array.from(buf.subarray(0, g.searchMoves(buf, 0)), formatMove);
}

/** Every observable part of a position, for exact comparisons. */
export function snapshot(pos: PtPosition): string {
  return JSON.stringify({
    piles: Array.from({ length: 6 }, (_, p) => pos.pile(p)),
    bmask: pos.bmask,
    found: Array.from(pos.found),
    total: pos.foundTotal,
    loc: Array.from(pos.loc),
  });
}

/** A canonical text of a position: the piles as a sorted multiset, the bouquet, foundations. */
export function canonical(pos: PtPosition): string {
  const piles = Array.from({ length: 6 }, (_, p) => pos.pile(p).join(',')).sort();
  return `${piles.join('|')}/${pos.bmask}`;
}

/** A small deterministic generator for random playouts in tests. */
export function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
