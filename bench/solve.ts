// Besieged City solver benchmark: solves seeds FROM..TO, each with its own budget, checks every
// solution with replay(), and prints nodes/s, median and p95 ms per deal, median ms per solved
// deal, the shares solved / unsolvable / unknown, the worst overrun of the time budget, and peak
// memory (RSS and heap). Nodes per CPU second is printed too: on a shared machine it moves less
// with other load than nodes per wall-clock second.
//
//   npm run bench -- [--from 1] [--to 200] [--timeout 10s|500ms] [--max-nodes 200000]
//                    [--memory 1024 (MiB)] [--algorithm auto|dfs|astar|best-first] [--verbose]
//                    [--no-plateaus]   (DFS steps through trench plateaus one move at a time)
//                    [--when-full evict|stop]   (a full table: forget and go on, or stop; default evict)
//                    [--variant trench-order=ordinary,stock-to-foundation=no]   (rules page, § Variants)
//
// Prefer --max-nodes for comparisons (load-independent); --timeout measures what users get.
import { solve, type Algorithm } from '../src/search/solve.js';
import { StateTable } from '../src/search/table.js';
import { type BcDeal, dealFromSeed, withVariant } from '../src/games/besieged-city/deal.js';
import { replay } from '../src/games/besieged-city/replay.js';
import { BC_POLICY } from '../src/games/besieged-city/policy.js';
import { BcSearch } from '../src/games/besieged-city/search.js';
import { moveByMove } from './same-searches-groups.js';

function arg(name: string, dflt?: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : dflt;
}
function duration(s: string | undefined): number | undefined {
  if (s === undefined) return undefined;
  const m = /^(\d+(?:\.\d+)?)(ms|s)?$/.exec(s);
  if (!m) throw new Error(`--timeout: expected e.g. 10s or 500ms, got ${s}`);
  return Number(m[1]) * (m[2] === 'ms' ? 1 : 1000);
}

const from = Number(arg('from', '1')),
  to = Number(arg('to', '200'));
const timeoutMs = duration(arg('timeout'));
const maxNodesArg = arg('max-nodes');
const maxNodes = maxNodesArg === undefined ? (timeoutMs === undefined ? 200_000 : undefined) : Number(maxNodesArg);
const memoryBytes = Number(arg('memory', '1024')) * 2 ** 20;
const algorithm = (arg('algorithm', 'auto') ?? 'auto') as Algorithm;
const verbose = process.argv.includes('--verbose');
const plateaus = !process.argv.includes('--no-plateaus');
const searchGame = plateaus ? (deal: BcDeal) => new BcSearch(deal) : moveByMove;
const whenFull = arg('when-full', 'evict') === 'stop' ? 'stop' : 'evict';
const variant = arg('variant', 'default')!;

const table = new StateTable(memoryBytes);
// Warm-up, not counted: the JIT needs a few hundred thousand nodes before the code runs at full
// speed (a cold 10k-node search measured 20x slower than a warm one), which would otherwise show
// as a time-budget overrun on the first deals of short budgets.
// It runs the same code as the measured deals (plateaus on or off), so profiles show only that.
for (let i = 0; i < 3; i++) {
  const game = searchGame(dealFromSeed(`warmup${i}`));
  solve(game, { algorithm, maxNodes: 100_000, memoryBytes, whenFull, policy: BC_POLICY, table });
}
const cpu0 = process.cpuUsage();
let nodes = 0,
  ms = 0,
  solved = 0,
  unsolvable = 0,
  unknown = 0,
  overrun = 0,
  peakRss = 0,
  peakHeap = 0;
const allMs: number[] = [],
  solvedMs: number[] = [],
  unknownSeeds: number[] = [];
for (let s = from; s <= to; s++) {
  const deal = withVariant(dealFromSeed(String(s)), variant);
  const game = searchGame(deal);
  const t0 = performance.now();
  const r = solve(game, { algorithm, maxNodes, timeoutMs, memoryBytes, whenFull, policy: BC_POLICY, table });
  const wall = performance.now() - t0;
  nodes += r.stats.nodes;
  ms += wall;
  allMs.push(wall);
  if (timeoutMs !== undefined) overrun = Math.max(overrun, wall / timeoutMs - 1);
  if (r.outcome === 'solved') {
    const check = replay(deal, r.line);
    if (!check.ok || !check.won) throw new Error(`seed ${s}: the solution does not replay as won`);
    solved++;
    solvedMs.push(wall);
  } else if (r.outcome === 'unsolvable') unsolvable++;
  else unknown++, unknownSeeds.push(s);
  const mem = process.memoryUsage();
  peakRss = Math.max(peakRss, mem.rss);
  peakHeap = Math.max(peakHeap, mem.heapUsed + mem.arrayBuffers);
  if (verbose) {
    console.log(
      `${s} ${r.outcome}${r.outcome === 'unknown' ? ` (${r.limit})` : ''} ${r.stats.nodes} nodes ${r.stats.unique} unique ${wall.toFixed(1)} ms${r.outcome === 'solved' ? ` ${r.moves.length} moves` : ''}`,
    );
  }
}
const cpu = process.cpuUsage(cpu0);
const cpuSec = (cpu.user + cpu.system) / 1e6;
const n = to - from + 1;
const q = (a: number[], p: number) => {
  if (a.length === 0) return NaN;
  const b = [...a].sort((x, y) => x - y);
  return b[Math.min(b.length - 1, Math.ceil(p * b.length) - 1)];
};
const pct = (k: number) => `${((100 * k) / n).toFixed(1)}%`;
const mib = (b: number) => `${(b / 2 ** 20).toFixed(0)} MiB`;
const budget = [
  maxNodes !== undefined ? `${maxNodes.toLocaleString('en-US')} nodes` : '',
  timeoutMs !== undefined ? `${timeoutMs} ms` : '',
]
  .filter(Boolean)
  .join(' / ');
console.log(
  `besieged-city ${algorithm}${plateaus ? '' : ' (no plateaus)'}${variant === 'default' ? '' : ` --variant ${variant}`}, seeds ${from}..${to}, per deal ${budget}, table ${mib(memoryBytes)}${whenFull === 'stop' ? ' (stops when full)' : ''}`,
);
console.log(
  `nodes/s            ${Math.round((nodes / ms) * 1000).toLocaleString('en-US')} (${nodes.toLocaleString('en-US')} nodes in ${(ms / 1000).toFixed(1)} s)`,
);
console.log(
  `nodes per CPU s    ${Math.round(nodes / cpuSec).toLocaleString('en-US')} (CPU ${cpuSec.toFixed(1)} s: less sensitive to other load than wall time)`,
);
console.log(
  `ms per deal        median ${q(allMs, 0.5).toFixed(1)}, p95 ${q(allMs, 0.95).toFixed(1)}, max ${q(allMs, 1).toFixed(1)}`,
);
console.log(`ms per solved deal median ${q(solvedMs, 0.5).toFixed(1)}, p95 ${q(solvedMs, 0.95).toFixed(1)}`);
console.log(`solved             ${solved} (${pct(solved)}), every solution replayed as won`);
console.log(`unsolvable         ${unsolvable} (${pct(unsolvable)})`);
console.log(
  `unknown            ${unknown} (${pct(unknown)})${unknown ? `: ${unknownSeeds.slice(0, 30).join(' ')}${unknown > 30 ? ' …' : ''}` : ''}`,
);
console.log(`decided            ${pct(solved + unsolvable)}`);
if (timeoutMs !== undefined)
  console.log(
    `time budget        worst deal ${overrun >= 0 ? '+' : ''}${(100 * overrun).toFixed(1)}% of ${timeoutMs} ms`,
  );
console.log(`peak memory        rss ${mib(peakRss)}, heap+buffers ${mib(peakHeap)}`);
