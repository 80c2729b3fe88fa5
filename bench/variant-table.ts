// The table of the Besieged City variant study (docs/variants.md, "The study"),
// from the CSVs bench/variant-study.sh writes to data/besieged-city/variants/: per variant, the
// solver's verdicts (solvable with the 95% interval in which undecided deals count both ways,
// proved unsolvable, unknown) and each strategy's win rate with its 95% Wilson interval. Each
// column counts only the seeds every variant has (a stopped run leaves one chunk uneven).
//
//   npx tsx bench/variant-table.ts [DIR] [--to N]   (DIR: data/besieged-city/variants; --to: seeds
//                                                    1..N only, to set columns of more seeds beside
//                                                    those of fewer on the same deals)
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readCsvRows } from '../src/batch/csv.js';
import { summarize } from '../src/solitaire/solvability.js';
import { pct, pctDigits } from '../src/batch/stats.js';
import { STUDY_READINGS } from '../src/games/besieged-city/rules.js';

const args = process.argv.slice(2);
const toAt = args.indexOf('--to');
const upTo = toAt >= 0 ? Number(args[toAt + 1]) : Infinity;
if (!(upTo > 0)) {
  console.error(`--to: a number of seeds, not ${JSON.stringify(args[toAt + 1] ?? '')}`);
  process.exit(2);
}
const dir = args.find((a, i) => !a.startsWith('--') && (toAt < 0 || i !== toAt + 1)) ?? 'data/besieged-city/variants';
const VARIANTS = STUDY_READINGS;
const tag = (v: string) => (v === 'default' ? 'default' : v.replace(/[,=]/g, (c) => (c === ',' ? '+' : '-')));
const allRowsOf = (kind: string, v: string) => {
  const f = join(dir, `${kind}-${tag(v)}.csv`);
  return existsSync(f) ? readCsvRows(f).rows.filter((r) => Number(r.seed) <= upTo) : [];
};
/** Per kind, the seeds present for every variant that has a CSV of that kind. */
const common = new Map<string, Set<string>>();
for (const kind of ['solver', 'strategies', 'sampler', 'hindsight']) {
  const sets = VARIANTS.map((v) => allRowsOf(kind, v))
    .filter((r) => r.length)
    .map((r) => new Set(r.map((x) => x.seed)));
  common.set(kind, new Set(sets.length ? [...sets[0]].filter((x) => sets.every((s) => s.has(x))) : []));
}
const rowsOf = (kind: string, v: string) => allRowsOf(kind, v).filter((r) => common.get(kind)!.has(r.seed));

const head = [
  'variant',
  'deals',
  'solved %',
  '95% interval',
  'unsolvable %',
  'unknown %',
  'solver settings',
  'greedy won',
  'planner won',
  'sampler won',
  'hindsight won',
  'no-peek / all-seeing',
];
const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
for (const v of VARIANTS) {
  const solver = rowsOf('solver', v);
  if (solver.length === 0) continue;
  const s = summarize(solver, 'Besieged City');
  const n = s.deals;
  // Strategy games come from their own CSVs (fewer seeds): strategies-*, sampler-*, hindsight-*.
  const strat = summarize(
    [...rowsOf('strategies', v), ...rowsOf('sampler', v), ...rowsOf('hindsight', v)].map(stripOutcome),
    'Besieged City',
  ).strategies;
  // One row, one number of decimals (the rule of src/batch/stats.ts).
  const d = pctDigits([
    s.solved / n,
    s.solvable.lo,
    s.solvable.hi,
    s.unsolvable / n,
    s.unknown / n,
    ...strat.flatMap((t) => [t.won / t.played, t.lo, t.hi]),
  ]);
  const p = (x: number) => pct(x, d).replace('%', '');
  const won = (name: string) => {
    const t = strat.find((x) => x.name === name);
    return t ? `${p(t.won / t.played)}% [${p(t.lo)}, ${p(t.hi)}] of ${t.played}` : '-';
  };
  // The price of not seeing the stock: the best no-peek win rate over the share the solver,
  // which sees it, wins (its lower bound: undecided deals counted as lost).
  const best = strat
    .filter((t) => t.played > 0)
    .reduce<(typeof strat)[number] | null>((a, t) => (a && a.won / a.played >= t.won / t.played ? a : t), null);
  const ratio = best && s.solved > 0 ? `${(best.won / best.played / (s.solved / n)).toFixed(3)} (${best.name})` : '-';
  lines.push(
    `| ${[
      v,
      n,
      p(s.solved / n),
      `${p(s.solvable.lo)} .. ${p(s.solvable.hi)}`,
      p(s.unsolvable / n),
      p(s.unknown / n),
      s.settings.map((x) => x.replace(/ variant=\S+/, '')).join('; '),
      won('greedy'),
      won('planner'),
      won('sampler'),
      won('hindsight'),
      ratio,
    ].join(' | ')} |`,
  );
}
console.log(lines.join('\n'));

/** Strategy rows from a sampler CSV and a strategies CSV of the same seed: keep both (each
 *  has its own won_ columns), so give them distinct seeds for the de-duplication. */
function stripOutcome(r: Record<string, string>, i: number): Record<string, string> {
  return { ...r, seed: `${r.seed}#${i}` };
}
