// Writes data/besieged-city/endgames.json: small Besieged City problems that both depth-first
// search and A* decide exhaustively in well under a second, for test/search/agree.test.ts.
//
//   npx tsx test/search/make-endgames.ts
//
// Each problem is derived deterministically from a seeded deal: the foundations are raised to
// heights drawn from the seed, and the cards still owed to them (two copies of each rank, as in
// play) are laid out in the order they come in the seeded deck: some to reserve cells, some to
// trenches (a card joins a trench's pile only when it fits the top by rule II, else the trench is
// skipped), the rest to the talon and stock. In problems with a stock all 12 reserve cells are
// full, as in play. The expected outcome is recorded from DFS and checked against A*; the test
// checks that DFS, A*, best-first and 'auto' all agree with it.
import { writeFileSync } from 'node:fs';
import { formatCard } from '../../src/cards/card.js';
import { rngFromSeed, shuffleInPlace, shuffledDeck } from '../../src/cards/shuffle.js';
import { CELL_NAMES, PLAY_ORDER, TRENCH_NAMES } from '../../src/games/besieged-city/layout.js';
import { fitsOn, setupPosition, type PositionSpec } from '../besieged-city/setup.js';
import { solve } from '../../src/search/solve.js';

export interface Endgame {
  name: string;
  spec: PositionSpec;
  outcome: 'solved' | 'unsolvable';
  /** Shortest solution length (A*), when solvable. */
  optimal?: number;
}

export function makeEndgame(seed: number): PositionSpec {
  const rng = rngFromSeed(`endgame${seed}`);
  const deck = shuffledDeck(seed, 2);
  const withStock = seed % 3 === 0;
  const owed = withStock ? 16 + Math.floor(rng() * 4) : 9 + Math.floor(rng() * 6);
  const left = [0, 0, 0, 0];
  for (let i = 0; i < owed; i++) left[Math.floor(rng() * 4)]++;
  const found: Record<string, number> = {};
  const need = new Map<number, number>(); // card -> copies owed
  for (let s = 0; s < 4; s++) {
    const h = 26 - Math.min(left[s], 26);
    found['SHDC'[s]] = h;
    for (let i = h; i < 26; i++) {
      const c = s * 13 + PLAY_ORDER[i] - 1;
      need.set(c, (need.get(c) ?? 0) + 1);
    }
  }
  const cards: number[] = [];
  for (const c of deck) {
    const k = need.get(c) ?? 0;
    if (k > 0) {
      cards.push(c);
      need.set(c, k - 1);
    }
  }
  const spec: PositionSpec = { found: found as PositionSpec['found'], reserve: {}, trenches: {}, stock: [], talon: [] };
  const cells = shuffleInPlace([...CELL_NAMES], rng);
  const nReserve = withStock ? 12 : 2 + Math.floor(rng() * 5);
  const nStock = withStock ? 2 + Math.floor(rng() * 3) : 0;
  const nTalon = withStock ? Math.floor(rng() * 2) : 0;
  let i = 0;
  for (const cell of cells.slice(0, nReserve)) spec.reserve![cell] = formatCard(cards[i++]);
  let t = Math.floor(rng() * 14);
  while (i < cards.length - nStock - nTalon) {
    const name = TRENCH_NAMES[t % 14];
    const pile = spec.trenches![name] ?? [];
    const c = cards[i];
    if (pile.length === 0 || fitsOn(c, parseTop(pile))) {
      pile.push(formatCard(c));
      spec.trenches![name] = pile;
      i++;
    }
    t += 1 + Math.floor(rng() * 3);
  }
  for (let k = 0; k < nTalon; k++) spec.talon!.push(formatCard(cards[i++]));
  for (let k = 0; k < nStock; k++) spec.stock!.push(formatCard(cards[i++]));
  return spec;
}

function parseTop(pile: string[]): number {
  const s = pile[pile.length - 1];
  return 'SHDC'.indexOf(s[1]) * 13 + 'A23456789TJQK'.indexOf(s[0]);
}

if (process.argv[1]?.endsWith('make-endgames.ts')) {
  const out: Endgame[] = [];
  let solvable = 0;
  for (let seed = 1; out.length < 24 && seed < 500; seed++) {
    const spec = makeEndgame(seed);
    const d = solve(setupPosition(spec), { algorithm: 'dfs', maxNodes: 2_000_000 });
    if (d.outcome === 'unknown') continue;
    const a = solve(setupPosition(spec), { algorithm: 'astar', maxNodes: 2_000_000 });
    if (a.outcome !== d.outcome) throw new Error(`seed ${seed}: DFS ${d.outcome}, A* ${a.outcome}`);
    if (d.stats.nodes + a.stats.nodes > 20_000) continue; // keep the test fast
    // Keep the set balanced: at most 16 of either outcome.
    if (d.outcome === 'solved' ? solvable >= 16 : out.length - solvable >= 16) continue;
    if (d.outcome === 'solved') solvable++;
    out.push({
      name: `endgame-${seed}`,
      spec,
      outcome: d.outcome,
      ...(a.outcome === 'solved' ? { optimal: a.moves.length } : {}),
    });
    console.log(seed, d.outcome, d.stats.nodes, a.stats.nodes, a.outcome === 'solved' ? a.moves.length : '');
  }
  writeFileSync(
    new URL('../../data/besieged-city/endgames.json', import.meta.url),
    `${JSON.stringify(out, null, 1)}\n`,
  );
}
