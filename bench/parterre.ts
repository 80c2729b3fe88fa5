// Parterre solver benchmark: solves seeds FROM..TO in this thread with a per-deal time limit and
// prints nodes/s, median ms per solved deal, the shares solved / unsolvable / unknown, and the
// share of solvable deals with a 95% Wilson interval (unknown counted as unsolvable for the
// lower bound and as solvable for the upper). No assertions: figures only.
//
//   npx tsx bench/parterre.ts [TO=200] [TIMEOUT_MS=1000] [FROM=1] [ALGORITHM=auto]
//   VERBOSE=1 prints one line per deal; SEEDS="4 5 7" solves those seeds only (FROM/TO ignored).
//   NODES=4000000 adds a node budget per deal (on a loaded machine a node budget compares
//   versions fairly; TIMEOUT_MS=0 then means no time limit). VARIANT=foundations=removable the
//   reading.
//   Experiments over Parterre's policy (src/games/parterre/policy.ts): PT_SHARE=0.5 the 'auto'
//   first-pass share, PT_STREAM=0.1 the streamliner share (0: none), PT_RUNS=dfs/0.75,0.5:4,dfs@1
//   the streamlined runs (depth-first; best-first weight:guide; @level; ^order: the game's move
//   order; /share), PT_XSHARE=0.3 the first pass's share once every streamlined run exhausted its
//   space, PT_W0=0.5,inf the weights of the portfolio's first round (inf: greedy), PT_RETRY=dfs^1
//   the run that retries the first streamlined run when it was cut off, PT_START=5000 the node
//   budget of each guided run in the portfolio's first round. Experiments over the game (its
//   guides and their scale, move orders, the streamliner's key): research/parterre/parterre-knobs.ts.
import { pathToFileURL } from 'node:url';
import { boundedRate, percentile, pct } from '../src/batch/stats.js';
import { dealFromSeed, type PtDeal, withVariant } from '../src/games/parterre/deal.js';
import { PT_POLICY } from '../src/games/parterre/policy.js';
import { ptSearchGame } from '../src/games/parterre/search-game.js';
import { type AutoPolicy, resolvePolicy, type StreamlinerRun } from '../src/search/policy.js';
import { type Algorithm, solve } from '../src/search/solve.js';
import { StateTable } from '../src/search/table.js';
import type { SearchGame } from '../src/search/types.js';

/** "dfs/0.75,0.5:4,dfs@1": depth-first on at most 75% of the streamliner's budget, best-first
 *  w 0.5 on guide 4, depth-first at level 1. */
function parseRuns(text: string): StreamlinerRun[] {
  return text.split(',').map((t) => {
    const [alg1, share] = t.split('/');
    const [alg0, order] = alg1.split('^');
    const [alg, level] = alg0.split('@');
    const [w, g] = alg.split(':');
    const run: StreamlinerRun = { level: level === undefined ? 0 : Number(level) };
    if (share !== undefined) run.share = Number(share);
    if (order !== undefined) run.order = Number(order);
    if (w !== 'dfs') (run.weight = w === 'inf' ? Infinity : Number(w)), (run.guide = Number(g ?? 0));
    return run;
  });
}

/** The policy's experiments from the environment (above), over PT_POLICY and then `over`. */
function policyFromEnv(over: Partial<AutoPolicy>): AutoPolicy {
  const env = process.env;
  const num = (text: string | undefined) => (text ? Number(text) : undefined);
  return resolvePolicy(
    PT_POLICY,
    {
      streamlinerRetryRun: env.PT_RETRY ? parseRuns(env.PT_RETRY)[0] : undefined,
      firstPassShare: num(env.PT_SHARE),
      firstRoundNodes: num(env.PT_START),
      firstRoundWeights: env.PT_W0?.split(',').map((w) => (w === 'inf' ? Infinity : Number(w))),
      streamlinerShare: num(env.PT_STREAM),
      streamlinerRuns: env.PT_RUNS ? parseRuns(env.PT_RUNS) : undefined,
      exhaustedFirstPassShare: num(env.PT_XSHARE),
    },
    over,
  );
}

/** Runs the benchmark (arguments and environment above) on the games `makeGame` makes, the
 *  solver's by default; `over` sets policy fields over the environment's. */
export function benchParterre(
  makeGame: (deal: PtDeal) => SearchGame = ptSearchGame,
  over: Partial<AutoPolicy> = {},
): void {
  const to = Number(process.argv[2] ?? 200);
  const timeoutMs = Number(process.argv[3] ?? 1000);
  const from = Number(process.argv[4] ?? 1);
  const algorithm = (process.argv[5] ?? 'auto') as Algorithm;
  const maxNodes = process.env.NODES ? Number(process.env.NODES) : undefined;
  const policy = policyFromEnv(over);
  const table = new StateTable(1 << 30);
  const seeds: number[] = process.env.SEEDS
    ? process.env.SEEDS.trim()
        .split(/[\s,]+/)
        .map(Number)
    : Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const t: Tally = { nodes: 0, ms: 0, solvedMs: [], solvedNodes: [], unsolvable: [], unknown: [] };
  for (const s of seeds) {
    const deal = dealFromSeed(s);
    const game = makeGame(process.env.VARIANT ? withVariant(deal, process.env.VARIANT) : deal);
    const timeout = timeoutMs > 0 ? timeoutMs : undefined;
    const r = solve(game, { algorithm, weight: 3, timeoutMs: timeout, maxNodes, table, policy });
    t.nodes += r.stats.nodes;
    t.ms += r.stats.ms;
    if (r.outcome === 'solved') t.solvedMs.push(r.stats.ms), t.solvedNodes.push(r.stats.nodes);
    else (r.outcome === 'unsolvable' ? t.unsolvable : t.unknown).push(String(s));
    if (process.env.VERBOSE === '1')
      console.log(
        `${s} ${r.outcome} ${r.stats.nodes} nodes ${r.stats.ms.toFixed(1)} ms${r.outcome === 'solved' ? ` ${r.moves.length} moves` : ''}`,
      );
  }
  const what = process.env.SEEDS ? `${seeds.length} listed seeds` : `seeds ${from}..${to}`;
  console.log(
    `parterre ${algorithm}, ${what}, ${timeoutMs} ms${process.env.NODES ? ` and ${process.env.NODES} nodes` : ''} per deal, one thread`,
  );
  report(t, seeds.length);
}

interface Tally {
  nodes: number;
  ms: number;
  solvedMs: number[];
  solvedNodes: number[];
  unsolvable: string[];
  unknown: string[];
}

function report(t: Tally, n: number): void {
  const solved = t.solvedMs.length;
  t.solvedMs.sort((a, b) => a - b);
  t.solvedNodes.sort((a, b) => a - b);
  const list = (xs: string[]) => (xs.length ? `: ${xs.slice(0, 40).join(' ')}${xs.length > 40 ? ' …' : ''}` : '');
  const rate = boundedRate(solved, t.unknown.length, n);
  const count = (k: number) => Math.round(k).toLocaleString('en-US');
  console.log(
    `nodes/s             ${count((t.nodes / t.ms) * 1000)} (${count(t.nodes)} nodes in ${(t.ms / 1000).toFixed(1)} s)`,
  );
  console.log(
    `median solved deal  ${percentile(t.solvedMs, 50).toFixed(1)} ms (p90 ${percentile(t.solvedMs, 90).toFixed(1)} ms), ${count(percentile(t.solvedNodes, 50))} nodes (p90 ${count(percentile(t.solvedNodes, 90))})`,
  );
  console.log(`solved              ${solved} (${pct(solved / n)})`);
  console.log(`unsolvable          ${t.unsolvable.length} (${pct(t.unsolvable.length / n)})${list(t.unsolvable)}`);
  console.log(`unknown             ${t.unknown.length} (${pct(t.unknown.length / n)})${list(t.unknown)}`);
  console.log(`solvable            ${pct(solved / n)} proven; 95% Wilson ${pct(rate.lo)} .. ${pct(rate.hi)}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) benchParterre();
