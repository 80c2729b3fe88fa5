import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCsvRows } from '../../src/batch/csv.js';
import { run } from '../cli/run.js';
import { tempDir } from '../temp-dir.js';

// Hostile strategy files (fixtures/hostile/): each attack loses its game with the reason in
// `error`, the batch or tournament completes, and the attack has no effect: no file of the
// user's comes out, no file is written, no process is started, the listener this test runs on
// 127.0.0.1 gets no connection, and the referee (this process) lives. Limits are generous
// safety nets (60 s a decision) except where a timeout is the point; the memory bombs run under
// --strategy-memory 160MiB and must lose by running out of it, not by time.

const dir = tempDir('patience-hostile-');
const fx = (name: string) => `./test/strategies/fixtures/hostile/${name}.mjs`;
// A line of the user's package.json (reader.mjs tries to read the file): it must appear nowhere.
const SECRET = 'Solver and game-tree analyser';
const WRITTEN = [
  '/tmp/patience-hostile-written.txt',
  '/tmp/patience-hostile-touched.txt',
  '/tmp/patience-hostile-detached.txt',
  'test/strategies/fixtures/hostile/written.txt',
];

let server: Server;
let port = 0;
const received: string[] = [];
beforeAll(async () => {
  for (const f of WRITTEN) rmSync(f, { force: true });
  server = createServer((s) => {
    received.push('connection');
    s.on('data', (d) => received.push(String(d)));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

/** Checks that no attack had an effect, after a run. */
function noEffects(r: { out: string; err: string }, csv: string): void {
  const text = `${r.out}\n${r.err}\n${readFileSync(csv, 'utf8')}`;
  expect(readFileSync('package.json', 'utf8')).toContain(SECRET); // the reader had something to steal
  expect(text).not.toContain(SECRET);
  expect(text).not.toMatch(/Solverandgame/);
  for (const f of WRITTEN) expect(existsSync(f), f).toBe(false);
  expect(received).toEqual([]);
}

// What each attack costs it: the reason its game is lost.
const REASONS: Record<string, RegExp> = {
  reader: /choose\(view\) threw Error: Access to this API has been restricted/,
  writer: /choose\(view\) threw Error: Access to this API has been restricted/,
  spawner: /choose\(view\) threw Error: cannot import node:child_process/,
  connector: /choose\(view\) threw ReferenceError: fetch is not defined/,
  'self-kill': /choose\(view\) threw TypeError: process\.kill is not a function/,
  'parent-kill': /choose\(view\) threw TypeError: process\.kill is not a function/,
  exits: /choose\(view\) ended its process \(exit code 7\)/,
  'heap-bomb': /choose\(view\) ended its process \(\w+\): out of memory \(--strategy-memory 160 MiB\)/,
  'buffer-bomb':
    /choose\(view\) (threw RangeError: Array buffer allocation failed|ended its process \(\w+\): out of memory)/,
  inspector: /choose\(view\) threw Error: cannot import node:inspector/,
  escapes: /choose\(view\) threw Error: all closed/,
};
const HOSTILE = Object.keys(REASONS);

describe('hostile strategy files', () => {
  it('Besieged City: every attack loses its game with the reason, greedy and the solver play on, nothing leaks', async () => {
    const csv = join(dir, 'bc.csv');
    const r = await run(
      'batch',
      'besieged-city',
      '--seeds',
      '1..2',
      '--max-nodes',
      '500',
      '--workers',
      '1',
      '--decision-timeout',
      '60s',
      '--strategy-memory',
      '160MiB',
      '--strategy-seed',
      String(port),
      '--strategies',
      ['greedy', ...HOSTILE.map(fx)].join(','),
      '--out',
      csv,
    );
    expect(r.code).toBe(0);
    const { rows } = readCsvRows(csv);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.outcome).not.toBe('error');
      expect(['true', 'false']).toContain(row.won_greedy);
      for (const name of HOSTILE) {
        expect(row[`won_${name}`], name).toBe('false');
        expect(row.error, name).toMatch(new RegExp(`${name} forfeits at move 1: ${REASONS[name].source}`));
      }
    }
    noEffects(r, csv);
  }, 600_000);

  it('Pilstymas: the attacks lose by forfeit to greedy and to each other; the tournament completes', async () => {
    const csv = join(dir, 'pil.csv');
    const some = ['reader', 'spawner', 'connector', 'parent-kill', 'exits', 'buffer-bomb', 'escapes'];
    const r = await run(
      'tournament',
      'pilstymas',
      '--players',
      ['greedy', ...some.map(fx)].join(','),
      '--seeds',
      '1',
      '--workers',
      '1',
      '--decision-timeout',
      '60s',
      '--strategy-memory',
      '160MiB',
      '--strategy-seed',
      String(port),
      '--out',
      csv,
    );
    expect(r.code).toBe(0);
    const { rows } = readCsvRows(csv);
    expect(rows).toHaveLength(8 * 7);
    for (const row of rows) {
      expect(row.reason).toBe('forfeit');
      const loser = row.winnerStrategy === row.seatA ? row.seatB : row.seatA;
      expect(some).toContain(loser);
      expect(row.error).toMatch(
        new RegExp(`^${loser} forfeits at its move 1 \\(turn \\d+\\): ${REASONS[loser].source}`),
      );
      if (row.seatA === 'greedy' || row.seatB === 'greedy') expect(row.winnerStrategy).toBe('greedy');
    }
    noEffects(r, csv);
  }, 600_000);

  it('a module that never finishes loading is one line and exit 2, before any game', async () => {
    const csv = join(dir, 'never.csv');
    const r = await run(
      'batch',
      'besieged-city',
      '--seeds',
      '1',
      '--strategies',
      `greedy,${fx('import-loop')}`,
      '--out',
      csv,
    );
    expect([r.code, r.err.trim()]).toEqual([
      2,
      expect.stringMatching(/import-loop\.mjs: loading took longer than 30 s$/),
    ]);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(existsSync(csv)).toBe(false);
  }, 120_000);
});
