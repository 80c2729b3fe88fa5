// Parterre's winnability under both readings (foundations=final, the default, and
// foundations=removable), from the study's CSVs in data/parterre/: per reading, solved,
// unsolvable and undecided deals and the % solvable with its 95% interval in which undecided
// deals count both ways; only the seeds both readings have. Then the cost of a larger study from
// the nodes these deals took, at a given node rate (nodes per CPU second: the rate is the
// machine's, the nodes are not), and the interval its deal count would give if the shares held.
// Without RATE, the rate the study's own rows measured (nodes over the worker's milliseconds: on a
// loaded machine less than a core's rate, so the cost comes out high rather than low).
// With --shards, the shards of seeds 1..100,000 done so far (<reading>-shard-K-of-16.csv.gz) join
// the study's file, a seed counted once; a seed whose files disagree on a verdict is reported.
// Then the readings side by side: removable has every move of final and the takeoffs more
// (test/parterre/removable.test.ts), so a final win is a removable win and a removable loss a
// final loss. The verdicts of each pair, any seed that breaks this (a bug in one reading), and
// each reading with the other's verdicts taken in, which holds as far as those wins replay under
// removable (`patience verify` of their files with the deal's "variant" set).
//
//   npx tsx bench/parterre-study.ts [RATE] [DEALS] [--shards]   (RATE nodes per CPU s or -, DEALS default 100000)
import { readdirSync } from 'node:fs';
import { readCsvRows } from '../src/batch/csv.js';
import { boundedRate, pct, pctDigits } from '../src/batch/stats.js';
import { STUDY_READINGS } from '../src/games/parterre/rules.js';
import { dedupe } from '../src/solitaire/solvability.js';

const withShards = process.argv.includes('--shards');
const args = process.argv.slice(2).filter((a) => a !== '--shards');
const givenRate = args[0] && args[0] !== '-' ? Number(args[0]) : undefined;
const deals = Number(args[1] ?? 100_000);
const DIR = 'data/parterre';
const fileName = (v: string) => (v === 'default' ? 'final' : 'removable');
const files = (v: string) => {
  const name = fileName(v);
  const shard = new RegExp(`^${name}-shard-(\\d+)-of-16\\.csv\\.gz$`);
  const shards = withShards
    ? readdirSync(DIR)
        .filter((f) => shard.test(f))
        .sort((a, b) => Number(shard.exec(a)![1]) - Number(shard.exec(b)![1]))
    : [];
  return [`${name}.csv`, ...shards].map((f) => `${DIR}/${f}`);
};
const all = STUDY_READINGS.map((v) => {
  const rows = files(v).flatMap((f) => readCsvRows(f).rows);
  const verdicts = new Map<string, string>();
  for (const r of rows) {
    if (r.outcome !== 'solved' && r.outcome !== 'unsolvable') continue;
    const seen = verdicts.get(r.seed);
    if (seen !== undefined && seen !== r.outcome)
      console.log(`seed ${r.seed} (${v}): ${seen} in one file, ${r.outcome} in another`);
    verdicts.set(r.seed, r.outcome);
  }
  return dedupe(rows).rows;
});
if (withShards)
  console.log(`Shards joined: ${STUDY_READINGS.map((v) => `${fileName(v)} ${files(v).length - 1}`).join(', ')}`);
const seeds = all.map((rows) => new Set(rows.map((r) => r.seed)));
const common = new Set([...seeds[0]].filter((s) => seeds.every((x) => x.has(s))));
const nums = [...common].map(Number).sort((a, b) => a - b);
const contiguous = nums.length > 0 && nums[nums.length - 1] - nums[0] + 1 === nums.length;
console.log(
  `${contiguous ? `Seeds ${nums[0]}..${nums[nums.length - 1]}` : `${nums.length.toLocaleString('en-US')} seeds`} (the seeds both readings have), ${new Set(all.flat().map((r) => r.settings.replace(/ variant=\S+/, ''))).size === 1 ? all[0][0].settings.replace(/ variant=\S+/, '') : 'mixed settings'}\n`,
);
const TABLE_HEAD =
  '| reading | deals | solved | unsolvable | undecided | % solvable | 95% interval |\n|---|---|---|---|---|---|---|';
/** A row of the table: the % solvable and its interval with undecided deals counted both ways. */
function tableRow(name: string, n: number, solved: number, unsolvable: number, unknown: number): string {
  const b = boundedRate(solved, unknown, n);
  const d = pctDigits([solved / n, b.lo, b.hi]);
  return `| ${name} | ${n} | ${solved} | ${unsolvable} | ${unknown} | ${pct(solved / n, d)} | ${pct(b.lo, d)} .. ${pct(b.hi, d)} |`;
}
console.log(TABLE_HEAD);
const cost: string[] = [];
STUDY_READINGS.forEach((v, i) => {
  const rows = all[i].filter((r) => common.has(r.seed));
  const n = rows.length;
  const count = (o: string) => rows.filter((r) => r.outcome === o).length;
  const solved = count('solved'),
    unsolvable = count('unsolvable'),
    unknown = count('unknown');
  const name = v === 'default' ? 'final (default)' : 'removable';
  console.log(tableRow(name, n, solved, unsolvable, unknown));
  const nodes = rows.reduce((s, r) => s + Number(r.nodes || 0), 0);
  const ms = rows.reduce((s, r) => s + Number(r.ms || 0), 0);
  const rate = givenRate ?? Math.round((nodes / ms) * 1000);
  const cpuHours = ((nodes / n) * deals) / rate / 3600;
  // If the shares held at `deals`: the interval's ends, each a Wilson bound at that count.
  const big = boundedRate(Math.round((solved / n) * deals), Math.round((unknown / n) * deals), deals);
  cost.push(
    `- ${name}: ${Math.round(nodes / n).toLocaleString('en-US')} nodes a deal -> ${deals.toLocaleString('en-US')} deals ${cpuHours.toFixed(0)} CPU-hours at ${rate.toLocaleString('en-US')} ${givenRate ? 'nodes per CPU s' : "nodes a second of a worker's wall time (these rows)"} (16 shards of 2 CPUs: ${(cpuHours / 32).toFixed(1)} h each); with these shares, 95% interval ${pct(big.lo, 2)} .. ${pct(big.hi, 2)}`,
  );
});
console.log(`\n${cost.join('\n')}`);

// The readings side by side, on the seeds both have.
const [fin, rem] = all.map((rows) => new Map(rows.map((r) => [r.seed, r.outcome])));
const OUTCOMES = ['solved', 'unsolvable', 'unknown'];
const pairs = new Map<string, number>();
const broken: string[] = [];
// Each reading with the other's verdicts taken in: [solved, unsolvable] counts.
const finJoined = [0, 0],
  remJoined = [0, 0];
for (const seed of common) {
  const f = fin.get(seed)!,
    r = rem.get(seed)!;
  pairs.set(`${f} ${r}`, (pairs.get(`${f} ${r}`) ?? 0) + 1);
  if (f === 'solved' && r === 'unsolvable') broken.push(seed);
  if (f === 'solved') finJoined[0]++;
  else if (f === 'unsolvable' || r === 'unsolvable') finJoined[1]++;
  if (r === 'solved' || f === 'solved') remJoined[0]++;
  else if (r === 'unsolvable') remJoined[1]++;
}
console.log('\nThe verdicts side by side (rows: final, columns: removable)\n');
console.log(`| final \\ removable | ${OUTCOMES.join(' | ')} |`);
console.log('|---|---|---|---|');
for (const f of OUTCOMES) console.log(`| ${f} | ${OUTCOMES.map((r) => pairs.get(`${f} ${r}`) ?? 0).join(' | ')} |`);
if (broken.length > 0)
  console.log(`\nwon under final, lost under removable, which cannot be: seeds ${broken.join(' ')}`);
console.log("\nEach reading with the other's verdicts taken in\n");
console.log(TABLE_HEAD);
for (const [name, [solved, unsolvable]] of [
  ["final, with removable's losses", finJoined],
  ["removable, with final's wins", remJoined],
] as const) {
  console.log(tableRow(name, common.size, solved, unsolvable, common.size - solved - unsolvable));
}
