import { describe, expect, it } from 'vitest';
import { dealFromSeed } from '../../src/games/besieged-city/deal.js';
import { BC_POLICY } from '../../src/games/besieged-city/policy.js';
import { BcSearch } from '../../src/games/besieged-city/search.js';
import { type Algorithm, solve } from '../../src/search/solve.js';

// One game object solved again and again (the samplers and the batch reuse theirs):
// each solve must answer as the same solve on a new game object does, whatever came before it
// (another algorithm, another memory budget). The game's caches are sized per memory budget and
// its plateau keying is on only in depth-first searches, so the sequences below cross both.

interface Step {
  algorithm: Algorithm;
  memoryBytes: number;
  maxNodes: number;
}

const MB = 1 << 20;
const dfs = (mib: number, maxNodes = 3_000): Step => ({ algorithm: 'dfs', memoryBytes: mib * MB, maxNodes });
const astar = (mib: number): Step => ({ algorithm: 'astar', memoryBytes: mib * MB, maxNodes: 2_000 });
const bestFirst = (mib: number): Step => ({ algorithm: 'best-first', memoryBytes: mib * MB, maxNodes: 3_000 });
const auto = (mib: number): Step => ({ algorithm: 'auto', memoryBytes: mib * MB, maxNodes: 6_000 });

const run = (g: BcSearch, s: Step) => {
  const r = solve(g, { ...s, policy: BC_POLICY });
  return { outcome: r.outcome, nodes: r.stats.nodes, moves: r.outcome === 'solved' ? r.moves : [] };
};

/** The solve of step s of seed on a new game object, made once for all the sequences that take
 *  that step (node budgets only: the same every time). */
const fresh = new Map<string, ReturnType<typeof run>>();
const onNewGame = (seed: string, s: Step) => {
  const k = `${seed} ${s.algorithm} ${s.memoryBytes} ${s.maxNodes}`;
  let r = fresh.get(k);
  if (r === undefined) fresh.set(k, (r = run(new BcSearch(dealFromSeed(seed)), s)));
  return r;
};

const SEQUENCES: [name: string, steps: Step[]][] = [
  ['dfs, then astar under another budget', [dfs(64), astar(32)]],
  ['dfs, then best-first under another budget', [dfs(64), bestFirst(32)]],
  ['astar, then dfs under another budget', [astar(32), dfs(64)]],
  ['best-first, then dfs under another budget', [bestFirst(32), dfs(64)]],
  ['auto, then astar and auto under other budgets', [auto(64), astar(16), auto(32)]],
  ['dfs twice under one budget', [dfs(64, 20_000), dfs(64, 20_000)]],
  ['best-first, dfs, astar under one budget', [bestFirst(64), dfs(64), astar(64)]],
];

describe('besieged city: a game object reused across solves', () => {
  for (const [name, steps] of SEQUENCES) {
    it(`${name}: every solve as on a new game`, () => {
      for (const seed of ['3', '7']) {
        const reused = new BcSearch(dealFromSeed(seed));
        steps.forEach((s, i) => {
          const got = run(reused, s);
          expect(reused.pos.ply, `seed ${seed} step ${i}: position restored`).toBe(0);
          expect(got, `seed ${seed} step ${i} (${s.algorithm})`).toEqual(onNewGame(seed, s));
        });
      }
    });
  }
});
