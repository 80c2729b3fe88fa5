import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCsvRows } from '../../src/batch/csv.js';
import { tempDir } from '../temp-dir.js';
import { cli as cliRun, mountSmallDisk, PAGE as page, rowsIn, runBatch, startBatch, until } from './process-helpers.js';

const cli = (...args: string[]) => cliRun(args);

// Real processes on one CSV: a second batch meets the first one's lock, a batch killed with
// SIGKILL leaves a stale lock that the resume takes over, and a full disk (a small tmpfs) stops a
// batch with one line and no torn row, after which a resume finishes the set. Every wait follows
// what a process has done (its lock, its rows), never the clock.

const dir = tempDir('patience-procs-');
describe('one writer per CSV', () => {
  it('a second run on a CSV in use stops with one line naming the file and the other run', async () => {
    const out = join(dir, 'held.csv');
    // Items 1-4 are written, then the worker holds on item 5 for good.
    const held = startBatch(out, '1..10', 'hold=5');
    await until(() => rowsIn(out) >= 4);
    expect(readFileSync(`${out}.lock`, 'utf8')).toMatch(new RegExp(`^${held.pid} `));
    for (const flag of ['--resume', '--force']) {
      const second = cli('batch', 'besieged-city', '--seeds', '1..3', '--out', out, flag);
      expect(second.code).toBe(2);
      expect(second.err).toBe(
        `patience: ${out}: another batch is writing it (pid ${held.pid}, lock ${out}.lock); wait for it to finish, or stop it\n`,
      );
    }
    const resumed = runBatch(out, '1..10', 'resume');
    expect(resumed.code).toBe(2);
    expect(resumed.out).toMatch(new RegExp(`another batch is writing it \\(pid ${held.pid}`));
    // The held run's rows are untouched: 4 rows, one header.
    expect(readCsvRows(out).rows.map((r) => r.seed)).toEqual(['1', '2', '3', '4']);
    held.kill('SIGKILL');
  });

  it('a run killed with SIGKILL leaves a stale lock; the resume takes it over and finishes the set', async () => {
    const out = join(dir, 'killed.csv');
    const held = startBatch(out, '1..12', 'hold=9');
    await until(() => rowsIn(out) >= 8);
    const pid = held.pid;
    held.kill('SIGKILL');
    await new Promise((r) => held.once('exit', r));
    expect(readFileSync(`${out}.lock`, 'utf8')).toMatch(new RegExp(`^${pid} `)); // left behind
    const r = runBatch(out, '1..12', 'resume');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ written: 4, skipped: 8 });
    const seeds = readCsvRows(out)
      .rows.map((x) => Number(x.seed))
      .sort((a, b) => a - b);
    expect(seeds).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(existsSync(`${out}.lock`)).toBe(false);
  });

  it('a new run does not truncate a CSV that another run holds', async () => {
    const out = join(dir, 'first.csv');
    const held = startBatch(out, '1..10', 'hold=5');
    await until(() => rowsIn(out) >= 4);
    const before = readFileSync(out, 'utf8');
    const forced = cli('batch', 'besieged-city', '--seeds', '1', '--out', out, '--force');
    expect(forced.code).toBe(2);
    expect(readFileSync(out, 'utf8')).toBe(before);
    held.kill('SIGKILL');
  });
});

// A tmpfs of 40 pages (160 KiB), 38 of them filled by another file and one taken by the lock: the
// batch's CSV meets a full disk after a page of rows; freed, the disk holds them all. Mounting needs root (or CAP_SYS_ADMIN);
// elsewhere the test says so and skips.
const mnt = join(dir, 'small-disk');
const mounted = mountSmallDisk(mnt, 40, 'the full-disk test');

describe.skipIf(!mounted)('a full disk', () => {
  it('stops with one line, keeps every complete row, and a resume finishes the set', () => {
    const filler = join(mnt, 'filler');
    writeFileSync(filler, Buffer.alloc(38 * page));
    const out = join(mnt, 't.csv');
    // 1000 rows of about 67 bytes need more than a page (4 KiB, or even 64 KiB).
    const args = ['batch', 'zioplys', '--seeds', '1..1000', '--workers', '2', '--out', out];
    const first = cli(...args);
    expect(first.code).toBe(2);
    // (The lines before it are the progress lines of a run without a terminal.)
    const m = /^patience: disk full writing (.+): (\d+) rows kept; free space and run again with --resume\n$/m.exec(
      first.err,
    );
    expect(m, first.err).not.toBeNull();
    expect(first.err.endsWith(m![0])).toBe(true);
    expect(first.err).not.toMatch(/ at |Error/);
    expect(m![1]).toBe(out);
    const text = readFileSync(out, 'utf8');
    expect(text.endsWith('\n')).toBe(true); // no torn last row
    const kept = readCsvRows(out).rows;
    expect(kept).toHaveLength(Number(m![2]));
    expect(kept.length).toBeGreaterThan(10);
    expect(kept.length).toBeLessThan(1000);
    expect(existsSync(`${out}.lock`)).toBe(false);
    rmSync(filler); // free space
    const second = cli(...args, '--resume');
    expect(second.code, second.err).toBe(0);
    expect(second.err).toMatch(new RegExp(`resumed: ${kept.length} rows were already in`));
    const rows = readCsvRows(out).rows;
    expect(rows.map((r) => Number(r.seed)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 1000 }, (_, i) => i + 1),
    );
    expect(new Set(rows.map((r) => r.item)).size).toBe(1000);
    expect(rows.every((r) => r.outcome !== 'error')).toBe(true);
  });
});
