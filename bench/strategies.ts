// Besieged City playing strategies: plays seeds FROM..TO with each strategy, checks every game's
// moves with replay() (a won game must replay as won), and prints win % with 95% Wilson
// intervals and ms per game; with --solve it also runs the solver on each seed for % solvable.
//
//   npx tsx bench/strategies.ts [--from 1] [--to 200] [--strategies random,greedy,planner,sampler]
//       [--seed s] [--samples 4] [--nodes 8000] [--plan-nodes 3000] [--shuffles 1] [--solve-nodes 200000]
//       [--solve] [--verbose]
import { wilson } from '../src/batch/stats.js';
import { dealFromSeed } from '../src/games/besieged-city/deal.js';
import { replay } from '../src/games/besieged-city/replay.js';
import { BC_POLICY } from '../src/games/besieged-city/policy.js';
import { BcSearch } from '../src/games/besieged-city/search.js';
import { makeStrategy, playGame } from '../src/games/besieged-city/strategies/index.js';
import { SamplerStrategy } from '../src/games/besieged-city/strategies/sampler.js';
import { solve } from '../src/search/solve.js';
import { StateTable } from '../src/search/table.js';

function arg(name: string, dflt?: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : dflt;
}
const num = (name: string) => (arg(name) === undefined ? undefined : Number(arg(name)));

const from = Number(arg('from', '1')),
  to = Number(arg('to', '200'));
const names = (arg('strategies', 'random,greedy,planner,sampler') ?? '').split(',');
const seed = arg('seed', '1')!;
const opts = { samples: num('samples'), nodes: num('nodes'), planNodes: num('plan-nodes'), shuffles: num('shuffles') };
const withSolver = process.argv.includes('--solve');
const solveNodes = Number(arg('solve-nodes', '200000'));
const verbose = process.argv.includes('--verbose');

const strategies = names.map((n) => makeStrategy(n, seed, opts));
const solverCalls = names.map(() => 0),
  solverNodes = names.map(() => 0);
const wins = names.map(() => 0),
  ms = names.map(() => [] as number[]),
  reasons = names.map(() => new Map<string, number>());
let solved = 0,
  unsolvable = 0,
  unknown = 0,
  solverOnlyUnknownWon = 0;
const table = new StateTable(1 << 30);
for (let s = from; s <= to; s++) {
  const deal = dealFromSeed(String(s));
  const row: string[] = [String(s)];
  let outcome = '';
  if (withSolver) {
    const r = solve(new BcSearch(deal), { maxNodes: solveNodes, policy: BC_POLICY, table });
    outcome = r.outcome;
    if (r.outcome === 'solved') solved++;
    else if (r.outcome === 'unsolvable') unsolvable++;
    else unknown++;
    row.push(outcome);
  }
  let anyWin = false;
  strategies.forEach((st, i) => {
    const t0 = performance.now();
    const g = playGame(deal, st);
    ms[i].push(performance.now() - t0);
    if (st instanceof SamplerStrategy) (solverCalls[i] += st.solves), (solverNodes[i] += st.solveNodes);
    const check = replay(deal, g.moves);
    if (!check.ok || check.won !== g.won)
      throw new Error(`seed ${s} ${names[i]}: the game does not replay (${check.ok ? 'won differs' : check.reason})`);
    if (g.won && outcome === 'unsolvable')
      throw new Error(`seed ${s}: ${names[i]} won a deal the solver called unsolvable`);
    if (g.won) wins[i]++, (anyWin = true);
    reasons[i].set(g.reason, (reasons[i].get(g.reason) ?? 0) + 1);
    row.push(`${names[i]}=${g.won ? 'won' : g.reason}/${g.moves.length}`);
  });
  if (anyWin && outcome === 'unknown') solverOnlyUnknownWon++;
  if (verbose) console.log(row.join(' '));
}
const n = to - from + 1;
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
console.log(
  `besieged-city strategies, seeds ${from}..${to} (${n} deals), strategy seed ${seed}, options ${JSON.stringify(opts)}`,
);
console.log('strategy   won   win %    95% Wilson       ms/game mean  median  max     ends');
names.forEach((name, i) => {
  const w = wilson(wins[i], n);
  const mean = ms[i].reduce((a, b) => a + b, 0) / n;
  const ends = [...reasons[i]].map(([k, v]) => `${k} ${v}`).join(', ');
  const solver = solverCalls[i]
    ? `  (per game: ${Math.round(solverCalls[i] / n)} sample solves, ${Math.round(solverNodes[i] / n)} solver nodes)`
    : '';
  console.log(
    `${name.padEnd(10)} ${String(wins[i]).padStart(4)}  ${pct(wins[i] / n).padStart(6)}  ${pct(w.lo).padStart(6)}–${pct(w.hi).padEnd(7)}  ${mean.toFixed(1).padStart(10)}  ${med(ms[i]).toFixed(1).padStart(6)}  ${Math.max(
      ...ms[i],
    )
      .toFixed(0)
      .padStart(6)}  ${ends}${solver}`,
  );
});
if (withSolver) {
  const w = wilson(solved, n);
  console.log(
    `solver     ${String(solved).padStart(4)}  ${pct(solved / n).padStart(6)}  ${pct(w.lo).padStart(6)}–${pct(w.hi).padEnd(7)}  solvable (${solveNodes} nodes): ${unsolvable} unsolvable, ${unknown} unknown (${solverOnlyUnknownWon} of them won by a strategy)`,
  );
}
