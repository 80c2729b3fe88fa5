// Where the exhaustive pass of a Parterre deal spends its positions: levels and the parked-card
// puzzle.
//
//   npx tsx research/parterre/parterre-levels.ts NODES TOP SEED...      (PT_VARIANT=foundations=removable too)
//
// A *level* is what a position has done: its foundations, how many dealt cards each dealt pile
// still holds in their dealt places, and its bouquet. Within a level the only moves are those of
// *parked* cards (cards that left their dealt place or the bouquet and lie on a pile) from pile
// to pile, onto a top one rank higher or an empty pile; each is undone by moving the card back, so
// a level's positions fall into components that are all mutually reachable (the same value). Those
// moves look at ranks only, so a component is its *rank component* (the arrangements of the parked
// cards' ranks it reaches) times the suits it can give them: the group G of the permutations of
// same-rank parked cards that a walk back to the same rank arrangement makes (its Schreier
// generators are read off the walk's non-tree edges, and their closure is G). So a component holds
// |ranks| x |G| positions (research/parterre/levels.test.ts checks this against a plain search of the
// positions), against |ranks| x (the product of k! over the ranks' k parked cards) if every suit
// could go anywhere.
//
// For a deal, the exhaustive pass (every proof on) runs on NODES; printed: the positions it met
// (each once) per (level, rank arrangement) over the whole pass, and for the TOP levels with the most
// positions, the rank component and group of the level's first position. With PT_LEVEL=<a level
// as printed>, also the exits of that level: the positions its legal moves out of it lead to, by
// move and by the level they enter, with the component of the first one in each. With
// PT_COMPONENTS=1, also every component the pass meets, searched whole: how many, and the
// positions and rank arrangements they hold (what a search by components would enter).
import { pathToFileURL } from 'node:url';
import { PILES, type PtDeal, dealFromSeed, withVariant } from '../../src/games/parterre/deal.js';
import type { PtPosition } from '../../src/games/parterre/position.js';
import { PtSearch } from '../../src/games/parterre/search.js';
import { solve } from '../../src/search/solve.js';
import { StateTable } from '../../src/search/table.js';

const rank = (c: number) => (c % 13) + 1;

/** A level's arrangement: per pile, its cards in their dealt places (bottom first) and the parked
 *  cards above them. */
export interface Arrangement {
  dealt: number[][];
  parked: number[][];
  /** Where each dealt card was dealt (pile * 32 + row), for the cards that have one. */
  dealtAt: ReadonlyMap<number, number>;
}

/** Where each dealt card was dealt, per position object (a deal's layout never changes). */
const dealtPlaces = new WeakMap<PtPosition, Map<number, number>>();

/** The position's level key and arrangement. */
export function levelOf(pos: PtPosition): { level: string; arrangement: Arrangement } {
  const dealt: number[][] = [],
    parked: number[][] = [];
  const depth = new Array<number>(PILES).fill(0);
  let dealtAt = dealtPlaces.get(pos);
  if (dealtAt === undefined) {
    dealtAt = new Map();
    for (let c = 0; c < pos.origPile.length; c++)
      if (pos.origPile[c] >= 0) dealtAt.set(c, pos.origPile[c] * 32 + pos.origRow[c]);
    dealtPlaces.set(pos, dealtAt);
  }
  for (let p = 0; p < PILES; p++) {
    const cs = pos.pile(p);
    // The cards in their dealt places: a prefix of one dealt pile, from its bottom.
    const at = cs.length > 0 ? dealtAt.get(cs[0]) : undefined;
    let l = 0;
    if (at !== undefined && at % 32 === 0) {
      while (l < cs.length && dealtAt.get(cs[l]) === at + l) l++;
      depth[at / 32] = l;
    }
    dealt.push(cs.slice(0, l));
    parked.push(cs.slice(l));
  }
  return {
    level: `${Array.from(pos.found).join('.')}|${depth.join('')}|${pos.bmask}`,
    arrangement: { dealt, parked, dealtAt },
  };
}

/** The arrangement's key up to the order of the piles (they are interchangeable), by ranks or by
 *  cards; `order` lists the piles in key order. */
function canonical(a: Arrangement, byRank: boolean): { key: string; order: number[] } {
  const code = (p: number) =>
    `${a.dealt[p].length > 0 ? `${a.dealt[p][0]}:${a.dealt[p].length}` : '-'}|${a.parked[p].map((c) => (byRank ? rank(c) : c)).join(',')}`;
  const codes = a.dealt.map((_, p) => code(p));
  // Ties (piles of the same ranks with no dealt cards) by the cards themselves, so that one
  // position always lists its cards in one order.
  const cards = a.parked.map((run) => run.join(','));
  const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  const order = codes.map((_, p) => p).sort((x, y) => cmp(codes[x], codes[y]) || cmp(cards[x], cards[y]));
  return { key: order.map((p) => codes[p]).join('/'), order };
}

/** Every move of a parked card within the level: to a top one rank higher or the first empty
 *  pile (a card alone on a pile with no dealt cards does not move to another empty one: the same
 *  arrangement up to the piles' order), but not back onto its dealt place, nor into an empty pile
 *  when it was dealt at a bottom (it would be in place again: another level). */
function* levelMoves(a: Arrangement): Generator<Arrangement> {
  for (let p = 0; p < PILES; p++) {
    const run = a.parked[p];
    if (run.length === 0) continue;
    const c = run[run.length - 1];
    const alone = run.length === 1 && a.dealt[p].length === 0;
    let emptyTried = false;
    for (let q = 0; q < PILES; q++) {
      if (q === p) continue;
      const top = a.parked[q].length > 0 ? a.parked[q].at(-1)! : a.dealt[q].length > 0 ? a.dealt[q].at(-1)! : -1;
      if (top < 0) {
        // A card dealt at a pile's bottom, alone in a pile, is in place again.
        const at = a.dealtAt.get(c);
        if (alone || emptyTried || (at !== undefined && at % 32 === 0)) continue;
        emptyTried = true;
      } else if (rank(top) !== rank(c) + 1) continue;
      if (a.parked[q].length === 0 && a.dealt[q].length > 0) {
        const under = a.dealtAt.get(a.dealt[q][0])!;
        if (a.dealtAt.get(c) === under + a.dealt[q].length) continue;
      }
      const parked = a.parked.map((x) => x.slice());
      parked[p].pop();
      parked[q].push(c);
      yield { dealt: a.dealt, parked, dealtAt: a.dealtAt };
    }
  }
}

export interface RankComponent {
  /** Rank arrangements reached (all, unless `cut`). */
  structures: number;
  cut: boolean;
  /** The parked cards, and the group's Schreier generators as permutations of their indices. */
  cards: number[];
  generators: number[][];
}

/** The rank component of `start` (a search over rank arrangements, each entered once with the
 *  cards it was first reached with), and the generators of its group. */
export function rankComponent(start: Arrangement, cap = 2_000_000): RankComponent {
  const cards = start.parked.flat();
  const index = new Map(cards.map((c, i) => [c, i]));
  const first = new Map<string, number[]>();
  const slots = (a: Arrangement, order: number[]) => order.flatMap((p) => a.parked[p]);
  const c0 = canonical(start, true);
  first.set(c0.key, slots(start, c0.order));
  const stack = [start];
  const generators: number[][] = [];
  const seen = new Set<string>();
  while (stack.length > 0 && first.size < cap) {
    for (const next of levelMoves(stack.pop()!)) {
      const c = canonical(next, true);
      const here = slots(next, c.order);
      const had = first.get(c.key);
      if (!had) {
        first.set(c.key, here);
        stack.push(next);
        continue;
      }
      // The card in each slot as first met -> the card in that slot now.
      const perm = cards.map((_, i) => i);
      for (let j = 0; j < had.length; j++) perm[index.get(had[j])!] = index.get(here[j])!;
      const key = perm.join(',');
      if (perm.some((v, i) => v !== i) && !seen.has(key)) {
        seen.add(key);
        generators.push(perm);
      }
    }
  }
  return { structures: first.size, cut: stack.length > 0, cards, generators };
}

/** The order of the group the permutations generate (closure; stops at `cap`). */
export function groupOrder(generators: number[][], n: number, cap = 3_000_000): number {
  const id = Array.from({ length: n }, (_, i) => i);
  const seen = new Set([id.join(',')]);
  const queue = [id];
  while (queue.length > 0 && seen.size < cap) {
    const g = queue.pop()!;
    for (const h of generators) {
      const x = g.map((v) => h[v]);
      const k = x.join(',');
      if (!seen.has(k)) {
        seen.add(k);
        queue.push(x);
      }
    }
  }
  return seen.size;
}

/** The product of k! over the ranks' k parked cards: the arrangements of suits a rank arrangement
 *  would have if every parked card could trade places with every other of its rank. */
export function allSuits(cards: number[]): number {
  const count = new Map<number, number>();
  for (const c of cards) count.set(rank(c), (count.get(rank(c)) ?? 0) + 1);
  let f = 1;
  for (const k of count.values()) for (let i = 2; i <= k; i++) f *= i;
  return f;
}

/** The component of `start` counted position by position (by cards, up to the piles' order). */
export function suitedComponent(start: Arrangement, cap = 2_000_000): { positions: number; cut: boolean } {
  const seen = new Set([canonical(start, false).key]);
  const stack = [start];
  while (stack.length > 0 && seen.size < cap) {
    for (const next of levelMoves(stack.pop()!)) {
      const k = canonical(next, false).key;
      if (!seen.has(k)) {
        seen.add(k);
        stack.push(next);
      }
    }
  }
  return { positions: seen.size, cut: stack.length > 0 };
}

/** Records each position's level and rank arrangement, once a position (by its exact key); with
 *  `traced`, also the positions that every legal move out of that level leads to (its exits). */
class LevelCount extends PtSearch {
  readonly levels = new Map<string, { positions: number; first: Arrangement; structures: Set<string> }>();
  private readonly seen = new Set<string>();
  /** Exits of the traced level: each exit position once, by the level it enters and by the move
   *  (piles left out); the first exit position into each level. */
  readonly exits = new Set<string>();
  readonly exitLevels = new Map<string, { positions: number; first: Arrangement }>();
  readonly exitMoves = new Map<string, number>();
  private readonly moveBuf = new Int32Array(this.maxMoves);
  private readonly exitKey = new Uint32Array(this.maxKeyWords);
  /** With `components`: the level components the pass meets (each searched whole, by cards),
   *  how many positions and rank arrangements they hold in all. */
  private readonly componentOf = new Map<string, number>();
  readonly components = { count: 0, positions: 0, structures: 0 };
  constructor(
    deal: PtDeal,
    private readonly traced?: string,
    private readonly countComponents = false,
  ) {
    super(deal);
  }
  override key(out: Uint32Array): number {
    const words = super.key(out);
    const exact = Array.from(out.subarray(0, words)).join(',');
    if (this.seen.has(exact)) return words;
    this.seen.add(exact);
    const { level, arrangement } = levelOf(this);
    if (level === this.traced) this.traceExits(level);
    if (this.countComponents) this.countComponent(level, arrangement);
    const structure = canonical(arrangement, true).key;
    const e = this.levels.get(level);
    if (e) {
      e.positions++;
      e.structures.add(structure);
    } else this.levels.set(level, { positions: 1, first: arrangement, structures: new Set([structure]) });
    return words;
  }

  private countComponent(level: string, start: Arrangement): void {
    const key = (a: Arrangement) => `${level}#${canonical(a, false).key}`;
    const startKey = key(start);
    if (this.componentOf.has(startKey)) return;
    const id = this.components.count++;
    const structures = new Set([canonical(start, true).key]);
    this.componentOf.set(startKey, id);
    const stack = [start];
    let positions = 1;
    while (stack.length > 0) {
      for (const next of levelMoves(stack.pop()!)) {
        const k = key(next);
        if (this.componentOf.has(k)) continue;
        this.componentOf.set(k, id);
        structures.add(canonical(next, true).key);
        positions++;
        stack.push(next);
      }
    }
    this.components.positions += positions;
    this.components.structures += structures.size;
  }

  private traceExits(level: string): void {
    const n = this.legalMoves(this.moveBuf);
    for (let i = 0; i < n; i++) {
      const m = this.moveBuf[i];
      this.make(m);
      const next = levelOf(this);
      if (next.level !== level) {
        const k = Array.from(this.exitKey.subarray(0, super.key(this.exitKey))).join(',');
        if (!this.exits.has(k)) {
          this.exits.add(k);
          const e = this.exitLevels.get(next.level);
          if (e) e.positions++;
          else this.exitLevels.set(next.level, { positions: 1, first: next.arrangement });
          const move = this.formatMove(m).replace(/p\d/g, 'p');
          this.exitMoves.set(move, (this.exitMoves.get(move) ?? 0) + 1);
        }
      }
      this.unmake(m);
    }
  }
}

/** The component of `a`: its rank arrangements x its group, and the product. */
function componentOf(a: Arrangement): string {
  const rc = rankComponent(a);
  const g = groupOrder(rc.generators, rc.cards.length);
  return `${rc.structures}${rc.cut ? '+' : ''} rank arrangements x group ${g} of ${allSuits(rc.cards)} = ${rc.structures * g} positions`;
}

function main(): void {
  const [nodesText, topText, ...seeds] = process.argv.slice(2);
  const maxNodes = Number(nodesText),
    top = Number(topText);
  if (!Number.isInteger(maxNodes) || !Number.isInteger(top) || seeds.length === 0) {
    console.error('usage: npx tsx research/parterre/parterre-levels.ts NODES TOP SEED...');
    process.exit(2);
  }
  const variant = process.env.PT_VARIANT ?? 'foundations=final';
  const traced = process.env.PT_LEVEL;
  const countComponents = process.env.PT_COMPONENTS === '1';
  for (const seed of seeds) {
    const game = new LevelCount(withVariant(dealFromSeed(seed), variant), traced, countComponents);
    const r = solve(game, { algorithm: 'dfs', maxNodes, table: new StateTable(1 << 26) });
    const levels = [...game.levels.entries()];
    const positions = levels.reduce((s, [, e]) => s + e.positions, 0);
    const structures = levels.reduce((s, [, e]) => s + e.structures.size, 0);
    console.log(
      `deal ${seed} (${variant}): ${r.outcome} at ${r.stats.nodes} nodes; ${positions} positions in ${levels.length} levels, ${structures} (level, rank arrangement) pairs: ${(positions / structures).toFixed(1)} positions a pair`,
    );
    levels.sort((a, b) => b[1].positions - a[1].positions);
    for (const [level, e] of levels.slice(0, top)) {
      const rc = rankComponent(e.first);
      const g = groupOrder(rc.generators, rc.cards.length);
      const component = rc.structures * g;
      console.log(
        `  level ${level}: ${e.positions} positions (${((100 * e.positions) / positions).toFixed(1)}%) in ${e.structures.size} rank arrangements; ${rc.cards.length} parked cards; first position's component: ${rc.structures}${rc.cut ? '+' : ''} rank arrangements x group ${g} of ${allSuits(rc.cards)} = ${component} positions (${(e.positions / component).toFixed(1)} components' worth searched)`,
      );
    }
    if (countComponents) {
      const c = game.components;
      console.log(
        `  components met: ${c.count}, holding ${c.positions} positions in ${c.structures} rank arrangements (${(c.positions / c.structures).toFixed(1)} positions an arrangement)`,
      );
    }
    if (traced === undefined) continue;
    const moves = [...game.exitMoves.entries()].sort((a, b) => b[1] - a[1]).map(([m, k]) => `${m} ${k}`);
    console.log(`  exits of level ${traced}: ${game.exits.size} positions (by move: ${moves.join(', ')})`);
    for (const [level, e] of game.exitLevels)
      console.log(
        `    into level ${level}: ${e.positions} positions; the first one's component: ${componentOf(e.first)}`,
      );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
