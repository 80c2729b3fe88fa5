// Why Parterre's undecided deals stay undecided: for each deal a batch CSV left unknown, a plain
// look at its exhaustive pass (depth-first with every proof, counted in nodes, so independent of
// the machine's load), and whether the capacity test at every node decides it.
//
//   npx tsx research/parterre/parterre-undecided.ts data/parterre/final.csv 1000000
//   npx tsx research/parterre/parterre-undecided.ts data/parterre/removable.csv 1000000
//   npx tsx research/parterre/parterre-undecided.ts data/parterre/final.csv 4500000 relaxation
//
// With `relaxation`, only the suit relaxation from the deal, searched alone depth-first to the end
// on the budget (what 'auto' runs on a hint, SuitRelaxation): per deal its outcome and nodes —
// "unsolvable" proves the deal lost, "solved" proves nothing.
//
// Per deal: the depth-first pass's unique states per node, the share of its dead() calls that
// prove a position lost, the most cards home on any position it met, and the outcome of 'auto'
// with the capacity test at every node on the same budget; and whether the streamliner (level 0:
// every card that fits goes home at once, suit-blind key; a restriction, no proof) exhausts its
// space on that budget without a win — a hint, not a proof, that the deal is lost.
import { readFileSync } from 'node:fs';
import { solve } from '../../src/search/solve.js';
import { StateTable } from '../../src/search/table.js';
import { variantOfSettings } from '../../src/batch/settings.js';
import { dealFromSeed, withVariant } from '../../src/games/parterre/deal.js';
import { PT_POLICY } from '../../src/games/parterre/policy.js';
import { PtSearch } from '../../src/games/parterre/search.js';
import { plainKnobs } from './knobs.js';
import { SuitRelaxation } from '../../src/games/parterre/suit-relaxation.js';

const [csv, budgetText, mode] = process.argv.slice(2);
const maxNodes = Number(budgetText ?? 1_000_000);
const lines = readFileSync(csv, 'utf8').trim().split('\n');
const head = lines[0].split(',');
const col = (name: string) => head.indexOf(name);
const rows = lines.slice(1).map((l) => l.split(','));
const unknown = rows.filter((r) => r[col('outcome')] === 'unknown');
const variant = variantOfSettings(rows[0]?.[col('settings')]);
// The relaxation alone gets what auto gives it at --memory 512MiB (the probes keep an eighth).
const table = new StateTable(mode === 'relaxation' ? 448 * 2 ** 20 : 1 << 26);
console.log(`${csv}: ${unknown.length} undecided of ${rows.length} (variant ${variant}); budget ${maxNodes} nodes`);
const tally: Record<string, number> = {};
if (mode === 'relaxation') {
  console.log('seed  relaxation  nodes  ms');
  for (const r of unknown) {
    const seed = r[col('seed')];
    const relaxed = new SuitRelaxation(new PtSearch(withVariant(dealFromSeed(seed), variant)));
    const x = solve(relaxed, { algorithm: 'dfs', maxNodes, table });
    tally[x.outcome] = (tally[x.outcome] ?? 0) + 1;
    console.log(`${seed.padStart(4)}  ${x.outcome}  ${x.stats.nodes}  ${Math.round(x.stats.ms)}`);
  }
  console.log(`the relaxation alone: ${JSON.stringify(tally)}`);
  process.exit(0);
}
console.log('seed  dfs-unique/nodes  dead-share  most-home  capacity-every-node  streamliner');
for (const r of unknown) {
  const seed = r[col('seed')];
  const deal = withVariant(dealFromSeed(seed), variant);
  const g = new PtSearch(deal);
  let calls = 0,
    hits = 0,
    mostHome = 0;
  const dead = g.dead.bind(g);
  g.dead = () => {
    calls++;
    if (g.foundTotal > mostHome) mostHome = g.foundTotal;
    const d = dead();
    if (d) hits++;
    return d;
  };
  const d = solve(g, { algorithm: 'dfs', maxNodes, table });
  const c = plainKnobs(deal);
  c.capacityTest = true;
  const cap = solve(c, { maxNodes, policy: PT_POLICY, table });
  tally[cap.outcome] = (tally[cap.outcome] ?? 0) + 1;
  const st = new PtSearch(deal);
  st.streamline(true, 0);
  const sr = solve(st, { algorithm: 'dfs', maxNodes, table });
  const stream = sr.outcome === 'unsolvable' ? `exhausted at ${sr.stats.nodes}` : sr.outcome;
  tally[`streamliner ${sr.outcome === 'unsolvable' ? 'exhausted' : sr.outcome}`] =
    (tally[`streamliner ${sr.outcome === 'unsolvable' ? 'exhausted' : sr.outcome}`] ?? 0) + 1;
  console.log(
    `${seed.padStart(4)}  ${d.outcome === 'unknown' ? '' : `${d.outcome} `}${(d.stats.unique / d.stats.nodes).toFixed(2)}  ${(hits / Math.max(1, calls)).toFixed(3)}  ${String(mostHome).padStart(2)}  ${cap.outcome}  ${stream}`,
  );
}
console.log(`capacity test at every node, and the streamliner: ${JSON.stringify(tally)}`);
