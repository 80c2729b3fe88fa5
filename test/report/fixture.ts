import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../cli/run.js';

// The runs the report and replay pages are made from, shared by the checks of their HTML
// (report.test.ts) and the checks in a real browser (browser.e2e.test.ts): a run of every game,
// Besieged City in two shards and under a rule variant (a solver run and a strategies run of the
// same seeds, which the report merges into one variant section and compares with the default
// one), the summaries of each, the report, and a replay page per game that has one.

export const VARIANT = 'trench-order=ordinary';

export interface ReportFixture {
  /** A path in the fixture's directory. */
  f: (name: string) => string;
  /** The CSVs of each game's default run. */
  csvs: Record<string, string[]>;
  /** The solver and the strategies run of VARIANT. */
  variantCsvs: string[];
  /** `summary --json` of each game's CSVs, and of the variant's. */
  summaries: Record<string, unknown>;
  variantSummary: Record<string, unknown>;
  /** The report page of every CSV above (report.html in the directory). */
  report: string;
  /** The solution or record each replay page (replay-GAME.html) shows. */
  replays: Record<string, string>;
}

/** The CLI's output, or an error naming the command. */
export async function ok(...args: string[]): Promise<string> {
  const r = await run(...args);
  if (r.code !== 0) throw new Error(`patience ${args.join(' ')}: exit ${r.code}: ${r.err}`);
  return r.out;
}

/** Makes the runs, summaries, report and replay pages in `dir`. */
export async function reportFixture(dir: string): Promise<ReportFixture> {
  const f = (name: string) => join(dir, name);
  const csvs = {
    'besieged-city': [f('bc-1.csv'), f('bc-2.csv')], // two shards of one run
    parterre: [f('pt.csv')],
    pilstymas: [f('t.csv')],
    zioplys: [f('z.csv')],
  };
  const variantCsvs = [f('bc-v-solver.csv'), f('bc-v-greedy.csv')];
  for (const k of [1, 2])
    await ok(
      'batch',
      'besieged-city',
      '--seeds',
      '1..8',
      '--shard',
      `${k}/2`,
      '--max-nodes',
      '20000',
      '--strategies',
      'greedy',
      '--workers',
      '1',
      '--out',
      f(`bc-${k}.csv`),
    );
  await ok('batch', 'parterre', '--seeds', '1..8', '--max-nodes', '20000', '--workers', '1', '--out', f('pt.csv'));
  await ok(
    'tournament',
    'pilstymas',
    '--players',
    'random,greedy',
    '--games',
    '6',
    '--max-turns',
    '300',
    '--workers',
    '1',
    '--out',
    f('t.csv'),
    '--records',
    f('records'),
  );
  await ok('batch', 'zioplys', '--players', '2..4', '--seeds', '1..40', '--workers', '1', '--out', f('z.csv'));
  await ok(
    'batch',
    'besieged-city',
    '--seeds',
    '1..8',
    '--variant',
    VARIANT,
    '--max-nodes',
    '20000',
    '--workers',
    '1',
    '--out',
    variantCsvs[0],
  );
  await ok(
    'batch',
    'besieged-city',
    '--seeds',
    '1..8',
    '--variant',
    VARIANT,
    '--max-nodes',
    '1',
    '--strategies',
    'greedy',
    '--workers',
    '1',
    '--out',
    variantCsvs[1],
  );
  const summaries: Record<string, unknown> = {};
  for (const [game, files] of Object.entries(csvs))
    summaries[game] = JSON.parse(await ok('summary', ...files, '--json'));
  const variantSummary = JSON.parse(await ok('summary', ...variantCsvs, '--json'));
  await ok('report', ...Object.values(csvs).flat(), ...variantCsvs, '--out', f('report.html'));
  const report = readFileSync(f('report.html'), 'utf8');

  writeFileSync(f('bc-sol.json'), await ok('solve', 'besieged-city', '--seed', '1', '--max-nodes', '200000', '--json'));
  writeFileSync(f('pt-sol.json'), await ok('solve', 'parterre', '--seed', '12', '--max-nodes', '200000', '--json'));
  const record = readdirSync(f('records')).sort()[0];
  const replays: Record<string, string> = {
    'besieged-city': f('bc-sol.json'),
    parterre: f('pt-sol.json'),
    pilstymas: join(f('records'), record),
  };
  for (const [game, file] of Object.entries(replays))
    await ok('replay', '--solution', file, '--out', f(`replay-${game}.html`));
  return { f, csvs, variantCsvs, summaries, variantSummary, report, replays };
}

/** The value at a "/"-joined path of the summary JSON. */
export const at = (doc: unknown, path: string): unknown =>
  path.split('/').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], doc);
