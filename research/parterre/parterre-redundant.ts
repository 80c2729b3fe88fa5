// The redundant-move rule (PtSearch.redundant, SuitRelaxation's; dfs.ts "Redundant moves") off and on
// in one process, alternating (the order flips each round), on the exhaustive depth-first pass of
// the real game and of the suit relaxation: nodes, positions, outcome, and the median CPU time of
// each. Figures only.
//
//   npx tsx research/parterre/parterre-redundant.ts [SEEDS="84 117 283"] [RELAXED="78 406"] [ROUNDS=3] [NODES=20000000]
import { dealFromSeed } from '../../src/games/parterre/deal.js';
import { PtSearch } from '../../src/games/parterre/search.js';
import { withoutRedundant } from '../../test/parterre/helpers.js';
import { SuitRelaxation } from '../../src/games/parterre/suit-relaxation.js';
import { dfs } from '../../src/search/dfs.js';
import { StateTable } from '../../src/search/table.js';

const seeds = (process.env.SEEDS ?? '84 117 283').split(/\s+/).filter(Boolean);
const relaxed = (process.env.RELAXED ?? '78 406').split(/\s+/).filter(Boolean);
const rounds = Number(process.env.ROUNDS ?? 3);
const maxNodes = Number(process.env.NODES ?? 20_000_000);
const table = new StateTable(2 * 2 ** 30);

function run(seed: string, relax: boolean, skip: boolean) {
  const real = new PtSearch(dealFromSeed(seed));
  const made = relax ? new SuitRelaxation(real) : real;
  const g = skip ? made : withoutRedundant(made);
  table.clear();
  const cpu0 = process.cpuUsage();
  const r = dfs(g, { maxNodes, memoryBytes: 2 * 2 ** 30 }, table);
  const cpu = process.cpuUsage(cpu0);
  return { outcome: r.outcome, nodes: r.stats.nodes, unique: r.stats.unique, ms: (cpu.user + cpu.system) / 1000 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log('game        seed  rule  outcome      nodes        positions   CPU ms (median of rounds)');
for (const [relax, list] of [
  [false, seeds],
  [true, relaxed],
] as const) {
  for (const seed of list) {
    const ms: Record<string, number[]> = { off: [], on: [] };
    const last: Record<string, ReturnType<typeof run>> = {};
    for (let i = 0; i < rounds; i++) {
      for (const k of i % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
        last[k] = run(seed, relax, k === 'on');
        ms[k].push(last[k].ms);
      }
    }
    for (const k of ['off', 'on'] as const) {
      const r = last[k];
      console.log(
        `${(relax ? 'relaxation' : 'real').padEnd(11)} ${seed.padStart(4)}  ${k.padEnd(4)}  ${r.outcome.padEnd(11)}  ${String(r.nodes).padStart(10)}  ${String(r.unique).padStart(10)}  ${median(ms[k]).toFixed(0)}`,
      );
    }
  }
}
