import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readCsvRows } from '../../src/batch/csv.js';
import { settingsFlags, settingWord, shellWord } from '../../src/batch/settings.js';
import { run } from '../cli/run.js';
import { tempDir } from '../temp-dir.js';

// "To make these rows again": each CSV records what its run needs (the settings column), and
// the report prints one command per distinct run — which, run again, makes the same rows.
// Six files of six runs made differently: two tournaments (one against a strategy file under
// the Russian Bank win rule), a strategy in both seats, a solver run and a strategies run (of
// other seeds: a strategy file's run plays keyed deals, which a summary does not merge with the
// plain seeds' deals), and a Žioplys batch without wrap.

const dir = tempDir('patience-rerun-');
const f = (name: string) => join(dir, name);
const RUNS: string[][] = [
  [
    'tournament',
    'pilstymas',
    '--players',
    'random,greedy',
    '--seeds',
    '1..2',
    '--max-turns',
    '300',
    '--out',
    f('t1.csv'),
  ],
  [
    'tournament',
    'pilstymas',
    '--players',
    'greedy,examples/strategies/pilstymas.mjs',
    '--seeds',
    '4..5',
    '--win',
    'russian-bank',
    '--out',
    f('t2.csv'),
  ],
  ['tournament', 'pilstymas', '--players', 'greedy,greedy', '--seeds', '3', '--out', f('t3.csv')],
  ['batch', 'besieged-city', '--seeds', '1..4', '--max-nodes', '20000', '--out', f('b1.csv')],
  [
    'batch',
    'besieged-city',
    '--seeds',
    '5..8',
    '--max-nodes',
    '1',
    '--strategies',
    'greedy,examples/strategies/besieged-city.mjs',
    '--out',
    f('b2.csv'),
  ],
  [
    'batch',
    'zioplys',
    '--players',
    '2,3',
    '--seeds',
    '1..5',
    '--no-wrap',
    '--strategies',
    'examples/strategies/zioplys.mjs',
    '--out',
    f('z.csv'),
  ],
];
const FILES = ['t1.csv', 't2.csv', 't3.csv', 'b1.csv', 'b2.csv', 'z.csv'].map(f);
let commands: string[] = [];

async function ok(...args: string[]): Promise<string> {
  const r = await run(...args);
  if (r.code !== 0) throw new Error(`patience ${args.join(' ')}: exit ${r.code}: ${r.err}`);
  return r.out;
}

beforeAll(async () => {
  for (const args of RUNS) await ok(...args, '--workers', '1');
  await ok('report', ...FILES, '--out', f('report.html'));
  const html = readFileSync(f('report.html'), 'utf8');
  const pre = /To make these rows again<\/h3><pre>([^<]*)<\/pre>/.exec(html)![1];
  commands = pre
    .replace(/&amp;/g, '&')
    .replace(/&#39;|&apos;/g, "'")
    .split('\n');
}, 240_000);

/** A CSV's rows without what varies from run to run (time, and nodes under a clock). */
const stable = (file: string) =>
  readCsvRows(file)
    .rows.map((r) => {
      const { ms: _ms, nodes: _nodes, unique: _unique, ...rest } = r;
      return Object.fromEntries(Object.entries(rest).filter(([k]) => !k.startsWith('ms_')));
    })
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe("the report's commands", () => {
  it('are one per distinct run, with the strategy files by their paths and every setting', () => {
    // A run with a strategy file draws its deal key (recorded, so the next test replays it).
    expect(commands.map((c) => c.replace(/--deal-key [0-9a-f]{32}$/, '--deal-key KEY'))).toEqual([
      'patience tournament pilstymas --seeds 1,2 --players random,greedy --win cleared --max-turns 300',
      'patience tournament pilstymas --seeds 4,5 --players greedy,examples/strategies/pilstymas.mjs --win russian-bank --max-turns 1000 --strategy-seed 1 --decision-timeout 1000ms --strategy-memory 512MiB --deal-key KEY',
      'patience tournament pilstymas --seeds 3 --players greedy,greedy --win cleared --max-turns 1000',
      'patience batch besieged-city --seeds 1..4 --algorithm auto --timeout 10000ms --max-nodes 20000 --memory 1024MiB',
      'patience batch besieged-city --seeds 5..8 --algorithm auto --timeout 10000ms --max-nodes 1 --memory 1024MiB --strategies greedy,examples/strategies/besieged-city.mjs --strategy-seed 1 --decision-timeout 1000ms --strategy-memory 512MiB --deal-key KEY',
      'patience batch zioplys --players 2,3 --seeds 1..5 --strategies examples/strategies/zioplys.mjs --no-wrap --no-centre-alternate-colours --strategy-seed 1 --decision-timeout 1000ms --strategy-memory 512MiB --deal-key KEY',
    ]);
  });

  it('make the same rows again', async () => {
    for (const [i, command] of commands.entries()) {
      const [patience, ...args] = command.split(' ');
      expect(patience).toBe('patience');
      const again = f(`again-${i}.csv`);
      await ok(...args, '--workers', '1', '--out', again);
      expect(stable(again), command).toEqual(stable(FILES[i]));
    }
  }, 240_000);
});

describe('the settings column', () => {
  it('is words of the command line, a path with a space kept whole', () => {
    const text = [
      'auto',
      'timeout=10000ms',
      settingWord('strategies', 'greedy,./my bots/a.mjs'),
      settingWord('wrap', 'no'),
      settingWord('x', 'yes'),
      'strategySeed=1',
    ].join(' ');
    expect(text.split(' ')).toHaveLength(6);
    const flags = settingsFlags(text, 'algorithm');
    expect(flags).toEqual([
      '--algorithm',
      'auto',
      '--timeout',
      '10000ms',
      '--strategies',
      'greedy,./my bots/a.mjs',
      '--no-wrap',
      '--x',
      '--strategy-seed',
      '1',
    ]);
    expect(flags.map(shellWord).join(' ')).toBe(
      "--algorithm auto --timeout 10000ms --strategies 'greedy,./my bots/a.mjs' --no-wrap --x --strategy-seed 1",
    );
  });
});
