import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  fstatSync,
  ftruncateSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCsvRows } from '../../src/batch/csv.js';
import { tempDir } from '../temp-dir.js';
import { cli, mountSmallDisk, PAGE } from '../batch/process-helpers.js';

// Nothing torn: an output meets a full disk (a small tmpfs, mounted where the test may, skipped
// with a message where not) and the old file stays whole, with no temporary file left; a batch
// whose CSV header meets it leaves no empty CSV, and the resume finishes. A full stdout, or a
// stderr whose reader went away, is one line at most (never a stack), and a batch stops as on
// Ctrl-C: its lock released, its rows whole. Real processes.

const dir = tempDir('patience-disk-');

const mnt = join(dir, 'small-disk');
const mounted = mountSmallDisk(mnt, 64, 'the full-disk tests');
const page = PAGE;

/** Fills the disk to the last byte with a file, then frees `free` pages of it; returns its
 *  path (remove it to free space). */
function fill(free = 0): string {
  const file = join(mnt, 'filler');
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(page);
  try {
    for (;;) writeSync(fd, chunk);
  } catch {
    // full
  }
  for (let n = 1; n > 0; ) {
    try {
      n = writeSync(fd, Buffer.alloc(1));
    } catch {
      n = 0;
    }
  }
  if (free > 0) ftruncateSync(fd, Math.max(0, fstatSync(fd).size - free * page));
  closeSync(fd);
  return file;
}

describe.skipIf(!mounted)('a full disk', () => {
  it('report --out over a good report: one line, the old report whole, no temporary file', () => {
    const csv = join(dir, 'z.csv');
    expect(cli(['batch', 'zioplys', '--seeds', '1..20', '--out', csv]).code).toBe(0);
    const html = join(mnt, 'r.html');
    expect(cli(['report', csv, '--out', html]).code).toBe(0);
    const good = readFileSync(html);
    expect(good.length).toBeGreaterThan(page);
    const filler = fill();
    const again = cli(['report', csv, '--out', html]);
    expect(again.code).toBe(2);
    expect(again.err.trim().split('\n')).toHaveLength(1);
    expect(again.err).toMatch(/^patience: disk full writing .*r\.html/);
    expect(readFileSync(html).equals(good)).toBe(true);
    expect(readdirSync(mnt).sort()).toEqual(['filler', 'r.html']);
    rmSync(filler);
  }, 60_000);

  it('a batch whose header meets a full disk leaves no empty CSV; freed, --resume finishes the set', () => {
    const out = join(mnt, 't.csv');
    // One page free: the lock fits, the header does not.
    const filler = fill(1);
    const first = cli(['batch', 'zioplys', '--seeds', '1..50', '--out', out]);
    expect(first.code).toBe(2);
    expect(first.err).toMatch(/^patience: disk full writing .*t\.csv/m);
    expect(first.err).not.toMatch(/ at |internal error/);
    expect(existsSync(out) ? readFileSync(out).length : -1).not.toBe(0);
    expect(existsSync(`${out}.lock`)).toBe(false);
    rmSync(filler);
    const second = cli(['batch', 'zioplys', '--seeds', '1..50', '--out', out, '--resume']);
    expect(second.code, second.err).toBe(0);
    expect(readCsvRows(out).rows).toHaveLength(50);
  }, 60_000);
});

describe('an output that fails', () => {
  it.skipIf(!existsSync('/dev/full'))(
    'a full stdout: one line on stderr and exit 2, for every command',
    () => {
      const csv = join(dir, 'zz.csv');
      expect(cli(['batch', 'zioplys', '--seeds', '1..3', '--out', csv]).code).toBe(0);
      for (const args of [
        ['deal', 'zioplys', '--seed', '1', '--json'],
        ['solve', 'parterre', '--seed', '1', '--max-nodes', '2000'],
        ['summary', csv],
      ]) {
        const full = openSync('/dev/full', 'w');
        const r = cli(args, full);
        closeSync(full);
        expect([r.code, r.err], args.join(' ')).toEqual([
          2,
          expect.stringMatching(/^patience: cannot write to stdout: .*\n$/),
        ]);
      }
    },
    60_000,
  );

  it('a batch whose stderr reader goes away stops as on Ctrl-C: its lock released, its rows whole, resumable', async () => {
    const out = join(dir, 'gone.csv');
    const args = ['batch', 'zioplys', '--seeds', '1..15000', '--workers', '1', '--out', out];
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    // The first words it prints, then the reader goes away (as `… 2>&1 >/dev/null | head -c 10`).
    await new Promise<void>((ok) => child.stderr!.once('data', () => ok()));
    child.stderr!.destroy();
    const code = await new Promise<number | null>((ok) => child.once('exit', (c) => ok(c)));
    expect(code).not.toBeNull();
    expect(existsSync(`${out}.lock`)).toBe(false);
    expect(readFileSync(out, 'utf8').endsWith('\n')).toBe(true);
    const kept = readCsvRows(out).rows;
    expect(new Set(kept.map((r) => r.seed)).size).toBe(kept.length);
    const resumed = cli([...args, '--resume']);
    expect(resumed.code, resumed.err).toBe(0);
    expect(readCsvRows(out).rows).toHaveLength(15000);
  }, 120_000);
});
