import { parseCard } from '../../src/cards/card.js';
import type { PtDeal } from '../../src/games/parterre/deal.js';
import { formatMove } from '../../src/games/parterre/notation.js';
import { MAX_MOVES, type PtPosition } from '../../src/games/parterre/position.js';
import { PtSearch } from '../../src/games/parterre/search.js';
import { solve } from '../../src/search/solve.js';
import type { StateTable } from '../../src/search/table.js';
import type { SearchGame, SearchMode } from '../../src/search/types.js';

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

export const game = (piles: string[][], bouquet: string[] = []) => new PtSearch(layout(piles, bouquet));

export function legal(pos: PtPosition): string[] {
  const buf = new Int32Array(MAX_MOVES);
  return Array.from(buf.subarray(0, pos.legalMoves(buf)), formatMove);
}

export function searchMoves(g: { searchMoves(out: Int32Array, offset: number): number }): string[] {
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

/** The search with the capacity test in every dead() call (`capacity` true), or in none (false;
 *  the search itself runs it at each search's root only: PtSearch.dead()). */
export class CapacitySearch extends PtSearch {
  constructor(
    deal: PtDeal,
    readonly capacity: boolean,
  ) {
    super(deal);
  }
  override dead(): boolean {
    return this.deadTest.lost(this.capacity, this.finalLines());
  }
}

/** `g` without its redundant-move rule (SearchGame.redundant): the plain search to compare it
 *  against. */
export function withoutRedundant<G extends SearchGame & { beginSearch?(mode: SearchMode): void; redundant?: unknown }>(
  g: G,
): G {
  const begin = g.beginSearch?.bind(g);
  g.beginSearch = (mode: SearchMode) => {
    begin?.(mode);
    g.redundant = undefined;
  };
  return g;
}

/** Plain depth-first search, the reference the proofs are checked against: every legal move, no
 *  dead test, no safe move, no pruning. */
export function plainSolve(deal: PtDeal, maxNodes: number, table: StateTable) {
  const g = new PtSearch(deal);
  g.dead = () => false;
  g.forcedMove = () => -1;
  g.searchMoves = (out: Int32Array, off: number) => g.legalMoves(out, off);
  return solve(g, { algorithm: 'dfs', maxNodes, table }).outcome;
}

/** Random endgames: `lo`..`hi` cards left (the top cards of each suit, the rest home), 0 to
 *  `maxBouquet` of them in the bouquet, every pile non-empty. The same seed gives the same
 *  endgames. */
export function* randomEndgames(
  seed: number,
  count: number,
  lo: number,
  hi: number,
  maxBouquet: number,
): Generator<PtDeal> {
  const rnd = lcg(seed);
  for (let t = 0; t < count; t++) {
    const left = [0, 0, 0, 0];
    const n = lo + Math.floor(rnd() * (hi - lo + 1));
    for (let i = 0; i < n; i++) left[Math.floor(rnd() * 4)]++;
    const cards: number[] = [];
    for (let s = 0; s < 4; s++) for (let r = 13 - Math.min(13, left[s]); r < 13; r++) cards.push(s * 13 + r);
    for (let i = cards.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [cards[i], cards[j]] = [cards[j], cards[i]];
    }
    const nb = Math.floor(rnd() * (maxBouquet + 1));
    const rest = cards.slice(nb);
    const piles: number[][] = Array.from({ length: 6 }, (_, p) => [rest[p]]);
    for (const c of rest.slice(6)) piles[Math.floor(rnd() * 6)].push(c);
    yield { piles, bouquet: cards.slice(0, nb) };
  }
}

/** Random walks from each deal in the game `make` builds of it: at every step each move of the
 *  list searchMoves() gives is made and unmade, and the position must come back exactly; then
 *  one of them is played, or (3 times in 10) the last move played is taken back. Returns the
 *  first position that did not come back (undefined: none), and the exchanges (moves with bits
 *  above 15) and takeoffs (moves off a foundation) that were made. */
export function undoWalks(
  deals: Iterable<PtDeal>,
  make: (
    deal: PtDeal,
  ) => PtPosition & { readonly maxMoves: number; searchMoves(out: Int32Array, offset: number): number },
  seed: number,
  steps: number,
): { wrong?: string; exchanges: number; takeoffs: number } {
  let exchanges = 0,
    takeoffs = 0;
  const rnd = lcg(seed);
  for (const deal of deals) {
    const g = make(deal);
    const buf = new Int32Array(g.maxMoves);
    const path: number[] = [];
    for (let step = 0; step < steps; step++) {
      const n = g.searchMoves(buf, 0);
      if (n === 0 || (rnd() < 0.3 && path.length > 0)) {
        if (path.length === 0) break;
        g.unmake(path.pop() as number);
        continue;
      }
      const before = snapshot(g);
      for (let i = 0; i < n; i++) {
        if (buf[i] >> 16) exchanges++;
        if ((buf[i] & 3) === 3 && ((buf[i] >> 2) & 31) >= 16) takeoffs++;
        g.make(buf[i]);
        g.unmake(buf[i]);
        if (snapshot(g) !== before)
          return { wrong: `${before} after ${formatMove(buf[i] & 0xffff)}`, exchanges, takeoffs };
      }
      const m = buf[Math.floor(rnd() * n)];
      g.make(m);
      path.push(m);
    }
  }
  return { exchanges, takeoffs };
}

/** Random lines from each deal in the relaxation `make` builds (a move that `pick` takes first,
 *  else one at random), every `every`-th position's dead() checked against a plain search of the
 *  relaxation from there (its `plain` switch on) on `maxNodes`. Returns the first position called
 *  dead that the plain search wins (undefined: none), how many positions the plain search decided
 *  (dead or alive by dead()), and the takeoffs played. */
export function deadWalks(
  deals: Iterable<PtDeal>,
  make: (deal: PtDeal) => SearchGame & PtPosition & Pick<PtSearch, 'searchMoves'> & { plain: boolean },
  rnd: () => number,
  o: { steps: number; every: number; maxNodes: number; pick: (m: number) => boolean; table: StateTable },
): { wrong?: string; dead: number; live: number; off: number } {
  let dead = 0,
    live = 0,
    off = 0;
  for (const deal of deals) {
    const g = make(deal);
    const buf = new Int32Array(g.maxMoves);
    for (let step = 0; step < o.steps; step++) {
      const n = g.searchMoves!(buf, 0);
      if (n === 0) break;
      let m = buf[Math.floor(rnd() * n)];
      for (let i = 0; i < n; i++)
        if (o.pick(buf[i])) {
          m = buf[i];
          break;
        }
      if ((m & 3) === 3 && ((m >> 2) & 31) >= 16) off++;
      g.make(m);
      if (step % o.every !== 0) continue;
      const d = g.dead!();
      g.plain = true;
      const r = solve(g, { algorithm: 'dfs', maxNodes: o.maxNodes, table: o.table }).outcome;
      g.plain = false;
      if (d && r === 'solved') return { wrong: `${JSON.stringify(deal)} step ${step}`, dead, live, off };
      if (r !== 'unknown') d ? dead++ : live++;
    }
  }
  return { dead, live, off };
}
