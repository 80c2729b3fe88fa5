import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCsvRows } from '../../src/batch/csv.js';
import { tempDir } from '../temp-dir.js';
import { loaded } from './loaded-modules.js';

// The compiled CLI, as `npm start` runs it: workers load from dist/ with plain node, and a real
// Ctrl-C (SIGINT) keeps every finished row for --resume. End-to-end tier (CI builds before
// testing); without a build this file is skipped.
const cli = 'dist/src/cli.js';

// `interruptWhen` is polled while the child runs; the first time it holds, the child gets SIGINT.
// The interrupt follows what the batch has done (rows in its CSV), never the clock, so the test
// is the same on a fast quiet machine and a slow loaded one.
function runNode(
  args: string[],
  interruptWhen?: () => boolean,
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '',
      err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const poll =
      interruptWhen &&
      setInterval(() => {
        if (interruptWhen()) {
          clearInterval(poll);
          child.kill('SIGINT');
        }
      }, 5);
    child.on('close', (code) => {
      if (poll) clearInterval(poll);
      resolve({ code, out, err });
    });
  });
}

/** Data rows in a CSV being written (a torn last line counts; a file that is not there, yet or
 *  any more, has none: a check for it before the read would race the read). */
function csvRows(path: string): number {
  try {
    return Math.max(0, readFileSync(path, 'utf8').split('\n').length - 2);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw e;
  }
}

const dir = tempDir('patience-dist-');

describe.skipIf(!existsSync(cli))('compiled CLI (dist/)', () => {
  it('runs a batch on workers, stops cleanly on SIGINT, and resumes to each item exactly once', async () => {
    const out = join(dir, 'z.csv');
    // 100,000 games: the interrupt comes after the first 100 rows, far from the end at any speed.
    const args = ['batch', 'zioplys', '--players', '2..6', '--seeds', '1..20000', '--workers', '2', '--out', out];
    const first = await runNode(args, () => csvRows(out) >= 100);
    expect(first.code).toBe(130);
    expect(first.err).toMatch(/interrupted/);
    const kept = readCsvRows(out).rows.length;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(100_000);
    const second = await runNode([...args, '--resume']);
    expect(second.code).toBe(0);
    expect(second.err).toMatch(new RegExp(`resumed: ${kept} rows were already`));
    const rows = readCsvRows(out).rows;
    expect(rows).toHaveLength(100_000);
    expect(new Set(rows.map((r) => r.item)).size).toBe(100_000);
  }, 120_000);

  it('solves with the compiled solver and prints the solution', async () => {
    const r = await runNode([
      'solve',
      'besieged-city',
      '--deal',
      'data/besieged-city/easy-deal.json',
      '--max-nodes',
      '2000000',
      '--timeout',
      'none',
    ]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/outcome: solved in \d+ moves/);
  });

  it("parses with the build's one-file parser, which prints what the package prints from source", () => {
    const built = loaded('dist', ['deal', 'parterre', '--seed', '1']);
    expect(built.code).toBe(0);
    expect(built.modules).toContain('dist/src/cli/parser.js');
    expect(built.modules.filter((m) => m.includes('node_modules/yargs'))).toEqual([]);
    for (const args of [
      ['solve', 'parterre', '--help'],
      ['batch', '--help'],
      ['solve', 'parterre', '--seed', '1', '--bogus'],
      ['solv', 'parterre'],
      ['solve', 'parterre', '--seed', '1', '--max-nodes', 'x'],
    ]) {
      const [a, b] = (['dist', 'source'] as const).map((from) => loaded(from, args));
      expect(a.out, args.join(' ')).toBe(b.out);
      expect(a.err, args.join(' ')).toBe(b.err);
      expect(a.code, args.join(' ')).toBe(b.code);
    }
    // Its version is the package's from any folder, not the working directory's.
    const version = JSON.parse(readFileSync('package.json', 'utf8')).version;
    expect(loaded('dist', ['solve', 'parterre', '--version'], dir).out.trim()).toBe(version);
  }, 120_000);
});
