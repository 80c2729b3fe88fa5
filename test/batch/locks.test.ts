import { existsSync, linkSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCsvRows } from '../../src/batch/csv.js';
import { tempDir } from '../temp-dir.js';
import { rowsIn, runBatch, startBatch, until } from './process-helpers.js';

// The lock is the file's, not its name's: a second run through a symbolic link meets the first
// run's lock, and a file with a second name (a hard link) is not appended to. A lock path that
// is a directory is one line at once, and a lock whose pid now belongs to another process (the
// start time differs) is stale. Real processes; waits follow what they do, never the clock.

const dir = tempDir('patience-locks-');
describe('the lock is the file, not its name', () => {
  it('a run through a symbolic link to a CSV in use meets the first run and leaves its rows alone', async () => {
    const out = join(dir, 'real.csv');
    const link = join(dir, 'link.csv');
    symlinkSync(out, link);
    const held = startBatch(out, '1..10', 'hold=5');
    await until(() => rowsIn(out) >= 4);
    const second = runBatch(link, '1..10', 'resume');
    expect(second.code).toBe(2);
    expect(second.out).toMatch(new RegExp(`another batch is writing it \\(pid ${held.pid}, lock ${out}\\.lock\\)`));
    // And the other way round: a run on the file's own name meets a run through the link.
    held.kill('SIGKILL');
    await new Promise((r) => held.once('exit', r));
    const viaLink = startBatch(link, '1..10', 'resume', 'hold=7');
    await until(() => rowsIn(out) >= 6);
    const third = runBatch(out, '1..10', 'resume');
    expect(third.code).toBe(2);
    expect(third.out).toMatch(new RegExp(`another batch is writing it \\(pid ${viaLink.pid}`));
    viaLink.kill('SIGKILL');
    expect(readCsvRows(out).rows.map((r) => r.seed)).toEqual(['1', '2', '3', '4', '5', '6']);
  }, 60_000);

  it('a CSV with a second name (a hard link) is not appended to', () => {
    const out = join(dir, 'one.csv');
    expect(runBatch(out, '1..3').code).toBe(0);
    const other = join(dir, 'two.csv');
    linkSync(out, other);
    for (const name of [out, other]) {
      const r = runBatch(name, '1..6', 'resume');
      expect(r.code).toBe(2);
      expect(r.out).toMatch(/the file has 2 names \(hard links\), and a batch appends to a file of one name only/);
    }
    expect(readCsvRows(out).rows).toHaveLength(3);
  }, 60_000);
});

describe('locks that hold no run', () => {
  it('a lock path that is a directory: one line at once, nothing written', () => {
    const out = join(dir, 'dir-lock.csv');
    mkdirSync(`${out}.lock`);
    const r = runBatch(out, '1..3');
    expect(r.code).toBe(2);
    expect(r.out).toMatch(
      /dir-lock\.csv\.lock cannot be read as a lock file \(.*\); if no batch is running on it, remove it/,
    );
    expect(existsSync(out)).toBe(false);
  }, 60_000);

  it('a lock whose pid now belongs to another process (pid 1, another start time) is stale: the run takes it over', () => {
    const out = join(dir, 'reused.csv');
    writeFileSync(`${out}.lock`, `1 ${hostname()} token not-a-boot/1\n`);
    const r = runBatch(out, '1..3');
    expect([r.code, r.out]).toEqual([0, expect.stringMatching(/"written":3/)]);
    expect(existsSync(`${out}.lock`)).toBe(false);
  }, 60_000);
});
