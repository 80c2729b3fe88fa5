import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCsvRows } from '../../src/batch/csv.js';
import { run } from '../cli/run.js';
import { tempDir } from '../temp-dir.js';

// A batch of PySolFC numbers, interrupted (Ctrl-C, as a person stops it) and resumed: the rows
// keep the numbers, so the resumed run skips exactly the finished ones, each number ends up in
// the CSV once, and every row says the reading (PySolFC's rules unless --variant said otherwise).

const dir = tempDir('pysolfc-batch-');
const ARGS = ['parterre', '--pysolfc', '1..24', '--max-nodes', '30000', '--timeout', 'none', '--workers', '1'];
const dataRows = (f: string) => (existsSync(f) ? readFileSync(f, 'utf8').split('\n').length - 2 : 0);

describe('batch --pysolfc', () => {
  it('interrupted, keeps every finished row; resumed, finishes the set with each number once', async () => {
    const out = join(dir, 'p.csv');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'batch', ...ARGS, '--out', out], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let said = '';
    child.stdout.on('data', (b) => (said += String(b)));
    let exited = false;
    const ended = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => {
        exited = true;
        resolve(code);
      }),
    );
    // Stopped once a few rows are in (the test waits on rows, never on a clock).
    while (dataRows(out) < 3 && !exited) await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGINT');
    expect(await ended).toBe(130);
    expect(said).toContain('interrupted: run the same command with --resume to finish');
    const kept = readCsvRows(out).rows;
    expect(kept.length).toBeGreaterThanOrEqual(3);
    expect(kept.length).toBeLessThan(24);

    const r = await run('batch', ...ARGS, '--out', out, '--resume');
    expect(r.code).toBe(0);
    expect(r.err).toContain(`resumed: ${kept.length} rows were already in ${out}`);
    const rows = readCsvRows(out).rows;
    expect(rows.map((x) => x.seed).sort()).toEqual(Array.from({ length: 24 }, (_, i) => `pysolfc#${i + 1}`).sort());
    expect(rows.slice(0, kept.length)).toEqual(kept);
    for (const row of rows) {
      expect(row.settings).toContain('variant=foundations=removable');
      expect(['solved', 'unsolvable', 'unknown']).toContain(row.outcome);
    }
    expect(r.out).toContain('Parterre (variant foundations=removable): 24 deals');

    // A rerun has nothing to do; one under another reading is refused, not mixed in.
    expect((await run('batch', ...ARGS, '--out', out, '--resume')).out).toContain('rows: 0 written, 24 already there');
    const mixed = await run('batch', ...ARGS, '--variant', 'foundations=final', '--out', out, '--resume');
    expect(mixed.code).toBe(2);
    expect(mixed.err).toMatch(/was run under variant foundations=removable, this run is default/);
  }, 120_000);
});
