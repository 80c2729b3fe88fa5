// Parterre solver benchmark: solves seeds FROM..TO in this thread with a per-deal time limit and
// prints nodes/s, median ms per solved deal, the shares solved / unsolvable / unknown, and the
// share of solvable deals with a 95% Wilson interval (unknown counted as unsolvable for the
// lower bound and as solvable for the upper). No assertions: figures only.
//
//   npx tsx bench/parterre.ts [TO=200] [TIMEOUT_MS=1000] [FROM=1] [ALGORITHM=auto]
//   VERBOSE=1 prints one line per deal; SEEDS="4 5 7" solves those seeds only (FROM/TO ignored).
//   Experiments, over Parterre's policy (src/games/parterre/policy.ts): PT_GUIDES=0,4 sets the
//   guides the portfolio runs (guideOrder),
//   PT_SCALE=8 the guide scale (PtGame.guideScale), PT_SHARE=0.5 the 'auto' first-pass share,
//   PT_STREAM=0.1 the streamliner share (0: none), PT_NOSHUF=1 the stronger streamliner,
//   PT_BLIND=0 the streamliner with exact keys (default: suit-blind keys), PT_RUNS=dfs/0.75,0.5:4,dfs@1
//   the streamlined runs (depth-first; best-first weight:guide; @level; ^order: the game's move
//   order; /share), PT_XSHARE=0.3 the
//   first pass's share once every streamlined run exhausted its space,
//   PT_W0=0.5,inf the weights of the portfolio's first round (inf: greedy),
//   PT_RETRY=dfs^1 the run that retries the first streamlined run when it was cut off,
//   PT_ORDER=1 the move order of the searches outside the streamliner (PtGame.moveOrder),
//   VARIANT=foundations=removable the reading, PT_START=5000 the node budget of each guided run in the portfolio's first round. NODES=4000000 adds a node budget per deal (on a
//   loaded machine a node budget compares versions fairly; TIMEOUT_MS=0 then means no time limit).
import { solve, type Algorithm } from '../src/search/solve.js';
import { StateTable } from '../src/search/table.js';
import { resolvePolicy, type StreamlinerRun } from '../src/search/policy.js';
import { boundedRate, percentile, pct } from '../src/batch/stats.js';
import { dealFromSeed, withVariant } from '../src/games/parterre/deal.js';
import { PT_POLICY } from '../src/games/parterre/policy.js';
import { ptSearchGame } from '../src/games/parterre/relax-probe.js';

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

const to = Number(process.argv[2] ?? 200);
const timeoutMs = Number(process.argv[3] ?? 1000);
const from = Number(process.argv[4] ?? 1);
const algorithm = (process.argv[5] ?? 'auto') as Algorithm;
const verbose = process.env.VERBOSE === '1';

const table = new StateTable(1 << 30);
let nodes = 0,
  ms = 0,
  solved = 0,
  unsolvable = 0,
  unknown = 0;
const solvedMs: number[] = [],
  solvedNodes: number[] = [];
const unknownSeeds: string[] = [];
const unsolvableSeeds: string[] = [];
const seeds: number[] = process.env.SEEDS
  ? process.env.SEEDS.trim()
      .split(/[\s,]+/)
      .map(Number)
  : Array.from({ length: to - from + 1 }, (_, i) => from + i);
for (const s of seeds) {
  const deal = dealFromSeed(s);
  const game = ptSearchGame(process.env.VARIANT ? withVariant(deal, process.env.VARIANT) : deal);
  if (process.env.PT_ORDER) game.moveOrder = Number(process.env.PT_ORDER);
  const guideOrder = process.env.PT_GUIDES ? process.env.PT_GUIDES.split(',').map(Number) : undefined;
  if (guideOrder) game.guideCount = guideOrder.length;
  if (process.env.PT_SCALE) game.guideScale = Number(process.env.PT_SCALE);
  if (process.env.PT_NOSHUF) game.noShuffle = process.env.PT_NOSHUF === '1';
  if (process.env.PT_BLIND) game.suitBlind = process.env.PT_BLIND !== '0';
  const streamlinerRuns = process.env.PT_RUNS ? parseRuns(process.env.PT_RUNS) : undefined;
  const firstPassShare = process.env.PT_SHARE ? Number(process.env.PT_SHARE) : undefined;
  const firstRoundNodes = process.env.PT_START ? Number(process.env.PT_START) : undefined;
  const streamlinerShare = process.env.PT_STREAM ? Number(process.env.PT_STREAM) : undefined;
  const exhaustedFirstPassShare = process.env.PT_XSHARE ? Number(process.env.PT_XSHARE) : undefined;
  const maxNodes = process.env.NODES ? Number(process.env.NODES) : undefined;
  const firstRoundWeights = process.env.PT_W0
    ? process.env.PT_W0.split(',').map((w) => (w === 'inf' ? Infinity : Number(w)))
    : undefined;
  const streamlinerRetryRun = process.env.PT_RETRY ? parseRuns(process.env.PT_RETRY)[0] : undefined;
  const policy = resolvePolicy(PT_POLICY, {
    streamlinerRetryRun,
    guideOrder,
    firstPassShare,
    firstRoundNodes,
    firstRoundWeights,
    streamlinerShare,
    streamlinerRuns,
    exhaustedFirstPassShare,
  });
  const r = solve(game, {
    algorithm,
    weight: 3,
    timeoutMs: timeoutMs > 0 ? timeoutMs : undefined,
    maxNodes,
    table,
    policy,
  });
  nodes += r.stats.nodes;
  ms += r.stats.ms;
  if (r.outcome === 'solved') solved++, solvedMs.push(r.stats.ms), solvedNodes.push(r.stats.nodes);
  else if (r.outcome === 'unsolvable') unsolvable++, unsolvableSeeds.push(String(s));
  else unknown++, unknownSeeds.push(String(s));
  if (verbose)
    console.log(
      `${s} ${r.outcome} ${r.stats.nodes} nodes ${r.stats.ms.toFixed(1)} ms${r.outcome === 'solved' ? ` ${r.moves.length} moves` : ''}`,
    );
}
const n = seeds.length;
solvedMs.sort((a, b) => a - b);
solvedNodes.sort((a, b) => a - b);
const list = (xs: string[]) => (xs.length ? `: ${xs.slice(0, 40).join(' ')}${xs.length > 40 ? ' …' : ''}` : '');
const rate = boundedRate(solved, unknown, n);
console.log(
  `parterre ${algorithm}, ${process.env.SEEDS ? `${n} listed seeds` : `seeds ${from}..${to}`}, ${timeoutMs} ms${process.env.NODES ? ` and ${process.env.NODES} nodes` : ''} per deal, one thread`,
);
console.log(
  `nodes/s             ${Math.round((nodes / ms) * 1000).toLocaleString('en-US')} (${nodes.toLocaleString('en-US')} nodes in ${(ms / 1000).toFixed(1)} s)`,
);
console.log(
  `median solved deal  ${percentile(solvedMs, 50).toFixed(1)} ms (p90 ${percentile(solvedMs, 90).toFixed(1)} ms), ${Math.round(percentile(solvedNodes, 50)).toLocaleString('en-US')} nodes (p90 ${Math.round(percentile(solvedNodes, 90)).toLocaleString('en-US')})`,
);
console.log(`solved              ${solved} (${pct(solved / n)})`);
console.log(`unsolvable          ${unsolvable} (${pct(unsolvable / n)})${list(unsolvableSeeds)}`);
console.log(`unknown             ${unknown} (${pct(unknown / n)})${list(unknownSeeds)}`);
console.log(`solvable            ${pct(solved / n)} proven; 95% Wilson ${pct(rate.lo)} .. ${pct(rate.hi)}`);
