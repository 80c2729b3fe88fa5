import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Batch } from '../../src/batch/run.js';
import { SELFTEST_JOB } from '../../src/batch/jobs.js';
import { CsvAppender } from '../../src/batch/csv-appender.js';
import { parseCsv, readCsvRows } from '../../src/batch/csv.js';
import { NoSpaceError } from '../../src/io/errors.js';
import { boundedRate, pct, percentile, wilson } from '../../src/batch/stats.js';
import { parseShard, parseSeeds, shardOf } from '../../src/cli/units.js';
import { dedupe, summarize as summarizeRows } from '../../src/solitaire/solvability.js';
import { tempDir } from '../temp-dir.js';

const summarize = (rows: Record<string, string>[]) => summarizeRows(rows, 'Besieged City');

const root = tempDir('patience-batch-');
let tmps = 0;
const tmp = () => {
  const d = join(root, String(tmps++));
  mkdirSync(d);
  return d;
};
const seeds = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => String(a + i));

describe('batch pool', () => {
  it('runs every item once on several workers and writes one row each', async () => {
    const out = join(tmp(), 'r.csv');
    const r = await new Batch({ job: SELFTEST_JOB, config: {}, items: seeds(1, 30), out, workers: 2 }).run();
    expect(r.written).toBe(30);
    const { header, rows } = readCsvRows(out);
    expect(header).toEqual(['seed', 'outcome', 'square', 'error']);
    expect(rows.map((x) => x.seed).sort((a, b) => +a - +b)).toEqual(seeds(1, 30));
    for (const row of rows) expect(Number(row.square)).toBe(Number(row.seed) ** 2);
  });

  it('records a failing item and a dying worker as errors and goes on', async () => {
    const out = join(tmp(), 'r.csv');
    await new Batch({
      job: SELFTEST_JOB,
      config: { throwOn: ['5'], crashOn: ['9'] },
      items: seeds(1, 16),
      out,
      workers: 2,
    }).run();
    const rows = readCsvRows(out).rows;
    expect(rows).toHaveLength(16);
    const bySeed = new Map(rows.map((x) => [x.seed, x]));
    expect(bySeed.get('5')!.outcome).toBe('error');
    expect(bySeed.get('5')!.error).toMatch(/deal 5 failed on purpose/);
    expect(bySeed.get('9')!.outcome).toBe('error');
    expect(bySeed.get('9')!.error).toMatch(/worker died/);
    expect(rows.filter((x) => x.outcome === 'ok')).toHaveLength(14);
  });

  it('refuses to overwrite a CSV without --force or --resume', async () => {
    const out = join(tmp(), 'r.csv');
    writeFileSync(out, 'seed,outcome,square,error\n');
    await expect(new Batch({ job: SELFTEST_JOB, config: {}, items: ['1'], out }).run()).rejects.toThrow(/file exists/);
  });

  it('resumes an interrupted run: every finished row kept, each seed exactly once', async () => {
    const out = join(tmp(), 'r.csv');
    const items = seeds(1, 40);
    const first = new Batch({
      job: SELFTEST_JOB,
      config: { sleepMs: 40 },
      items,
      out,
      workers: 2,
      onRow: () => {
        if (++done === 6) first.stop();
      },
    });
    let done = 0;
    const r1 = await first.run();
    expect(r1.interrupted).toBe(true);
    const kept = readCsvRows(out).rows.length;
    expect(kept).toBeGreaterThanOrEqual(6);
    expect(kept).toBeLessThan(40);
    // A kill in the middle of a write leaves a partial line: resume drops it and redoes that seed.
    appendFileSync(out, '39,ok,15');
    const r2 = await new Batch({ job: SELFTEST_JOB, config: {}, items, out, workers: 2, resume: true }).run();
    expect(r2.skipped).toBe(kept);
    const rows = readCsvRows(out).rows;
    expect(rows.map((x) => x.seed).sort((a, b) => +a - +b)).toEqual(items);
    expect(
      readFileSync(out, 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('seed,')),
    ).toHaveLength(1);
  });

  it('a row is finished only when its line ends: resume drops a torn last row and runs its item again', async () => {
    const items = seeds(1, 8);
    const done = async () => {
      const out = join(tmp(), 'r.csv');
      await new Batch({ job: SELFTEST_JOB, config: {}, items, out, workers: 1 }).run();
      return out;
    };
    // Its last byte (the newline) cut: the row has all its fields, and is still not finished.
    // A row with an unclosed quote in its last field has them too, with or without a line end
    // inside the quote; so has a row whose last field is cut short.
    const torn = [
      (t: string) => t.slice(0, -1),
      (t: string) => `${t}9,ok,81,"worker di`,
      (t: string) => `${t}9,ok,81,"worker died\n`,
      (t: string) => `${t.slice(0, -3)}`,
    ];
    for (const cut of torn) {
      const out = await done();
      const full = readFileSync(out, 'utf8');
      writeFileSync(out, cut(full));
      const r = await new Batch({
        job: SELFTEST_JOB,
        config: {},
        items: seeds(1, 9),
        out,
        workers: 1,
        resume: true,
      }).run();
      const rows = readCsvRows(out).rows;
      expect(rows.map((x) => x.seed).sort((a, b) => +a - +b)).toEqual(seeds(1, 9));
      for (const row of rows) expect(Number(row.square)).toBe(Number(row.seed) ** 2);
      expect(r.written).toBe(9 - r.skipped);
      expect(readFileSync(out, 'utf8').endsWith('\n')).toBe(true);
    }
  });

  it('resume says how many error rows it kept, and with retryErrors runs them again in place', async () => {
    const out = join(tmp(), 'r.csv');
    const items = seeds(1, 10);
    await new Batch({ job: SELFTEST_JOB, config: { throwOn: ['3', '7'] }, items, out, workers: 1 }).run();
    const kept = await new Batch({ job: SELFTEST_JOB, config: {}, items, out, workers: 1, resume: true }).run();
    expect(kept).toMatchObject({ written: 0, skipped: 10, errorsKept: 2, retried: 0 });
    const again = await new Batch({
      job: SELFTEST_JOB,
      config: {},
      items,
      out,
      workers: 1,
      resume: true,
      retryErrors: true,
    }).run();
    expect(again).toMatchObject({ written: 2, skipped: 8, errorsKept: 0, retried: 2 });
    const rows = readCsvRows(out).rows;
    expect(rows).toHaveLength(10);
    expect(rows.every((x) => x.outcome === 'ok')).toBe(true);
    expect(rows.map((x) => x.seed).sort((a, b) => +a - +b)).toEqual(items);
  });

  it('a full device: one line naming the file, nothing torn left behind', () => {
    expect(() => new CsvAppender('/dev/full', ['seed', 'outcome'], 'overwrite')).toThrow(
      new NoSpaceError('/dev/full', 'ENOSPC'),
    );
    expect(new NoSpaceError('/dev/full', 'ENOSPC').message).toBe('disk full writing /dev/full');
  });

  it('rejects resuming a CSV written by another job', async () => {
    const out = join(tmp(), 'r.csv');
    writeFileSync(out, 'game,seed,outcome\n');
    await expect(new Batch({ job: SELFTEST_JOB, config: {}, items: ['1'], out, resume: true }).run()).rejects.toThrow(
      /columns/,
    );
  });
});

describe('CSV', () => {
  it('parses quoted fields with commas, quotes and newlines', () => {
    expect(parseCsv('a,b\n"x, y","he said ""hi""\nbye"\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'he said "hi"\nbye'],
    ]);
  });
});

describe('seeds and shards', () => {
  it('parses ranges and lists and rejects bad ones', () => {
    expect(parseSeeds('1..3,7,10..11')).toEqual(['1', '2', '3', '7', '10', '11']);
    // Named seeds are for --seed; a batch runs numbered deals (README: Deals are reproducible).
    expect(() => parseSeeds('alpha,beta')).toThrow(/"alpha" is not a deal number or a range/);
    expect(() => parseSeeds('01..3')).toThrow(/range/);
    expect(() => parseSeeds('5..1')).toThrow(/backwards/);
    expect(() => parseSeeds('1..3,2')).toThrow(/twice/);
    expect(() => parseSeeds('1..x')).toThrow(/range/);
  });
  it('splits deterministically into disjoint shards that cover everything', () => {
    const all = parseSeeds('1..1000');
    const parts = [1, 2, 3, 4, 5, 6, 7].map((k) => shardOf(all, parseShard(`${k}/7`)));
    expect(parts.flat().sort()).toEqual([...all].sort());
    expect(new Set(parts.flat()).size).toBe(1000);
    expect(shardOf(all, { k: 2, n: 7 })).toEqual(parts[1]);
    expect(() => parseShard('0/3')).toThrow();
    expect(() => parseShard('4/3')).toThrow();
    expect(() => parseShard('three')).toThrow();
  });
  it('a shard of a list is made without the rest, and is the same share as shardOf gives', () => {
    for (const text of ['1..1000', '5,1..3,900..950,17', '0..0', '10..20,3'])
      for (const n of [1, 2, 3, 7])
        for (let k = 1; k <= n; k++)
          expect(parseSeeds(text, '--seeds', { k, n }), `${text} ${k}/${n}`).toEqual(
            shardOf(parseSeeds(text), { k, n }),
          );
    // A shard of a range too long to hold whole is made alone.
    expect(parseSeeds('1..40000000', '--seeds', { k: 8, n: 8 })).toHaveLength(5_000_000);
    expect(() => parseSeeds('1..40000000')).toThrow(/40,000,000 seeds, more than the 10,000,000 one run takes/);
  });
});

describe('summary statistics', () => {
  it('Wilson intervals match reference values', () => {
    const a = wilson(5, 10);
    expect(a.lo).toBeCloseTo(0.236593, 5);
    expect(a.hi).toBeCloseTo(0.763407, 5);
    expect(wilson(0, 10).hi).toBeCloseTo(0.277533, 5);
    const b = boundedRate(17, 6, 200); // lower bound from 17/200, upper from 23/200
    expect(b.lo).toBeCloseTo(0.053746, 5);
    expect(b.hi).toBeCloseTo(0.166647, 5);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 50)).toBe(5);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)).toBe(9);
  });

  it('prints an interval bound short of 0 or 100% with the digits that show it', () => {
    expect(pct(wilson(10_000, 10_000).lo)).toBe('99.96%');
    expect(pct(wilson(100_000, 100_000).lo)).toBe('99.996%');
    expect(pct(wilson(0, 100_000).hi)).toBe('0.004%');
    expect(pct(1)).toBe('100.0%');
    expect(pct(0)).toBe('0.0%');
    expect(pct(0.8531)).toBe('85.3%');
    expect(pct(NaN)).toBe('–');
  });

  it('counts outcomes, keeps one row per seed, and bounds solvability', () => {
    const row = (seed: number, outcome: string, ms: number, limit = '') => ({
      game: 'besieged-city',
      seed: String(seed),
      outcome,
      moves: '',
      nodes: '1000',
      unique: '',
      ms: String(ms),
      limit,
      source: '',
      settings: 'dfs',
      error: '',
    });
    const rows = [
      ...Array.from({ length: 17 }, (_, i) => row(i + 1, 'solved', 100 + i)),
      ...Array.from({ length: 177 }, (_, i) => row(i + 18, 'unsolvable', 500)),
      ...Array.from({ length: 5 }, (_, i) => row(i + 195, 'unknown', 1000, 'time')),
      row(200, 'error', 0),
      row(3, 'unknown', 1000, 'time'), // a duplicate of a solved seed: ignored
    ];
    const s = summarize(rows);
    expect(s.deals).toBe(200);
    expect(s.duplicates).toBe(1);
    expect([s.solved, s.unsolvable, s.unknown, s.errors]).toEqual([17, 177, 5, 1]);
    expect(s.solvable.lo).toBeCloseTo(0.053746, 5);
    expect(s.solvable.hi).toBeCloseTo(0.166647, 5);
    expect(s.unknownBy).toEqual({ time: 5 });
    expect(s.solvedMs!.median).toBe(108);
  });

  it('keeps rule variants apart and merges a solver row with a strategies row of the same seed', () => {
    const row = (seed: number, outcome: string, settings: string, extra: Record<string, string> = {}) => ({
      game: 'besieged-city',
      seed: String(seed),
      outcome,
      moves: '',
      nodes: '1000',
      unique: '',
      ms: '5',
      limit: '',
      source: '',
      settings,
      error: '',
      ...extra,
    });
    const v = 'auto max-nodes=1000 variant=trench-order=ordinary';
    const solver = [row(1, 'solved', v), row(2, 'unknown', v), row(3, 'unsolvable', v)];
    // The strategies run: its solver had a tiny budget, its greedy games are what it adds.
    const strategies = [
      row(1, 'unknown', `${v} strategies=greedy`, { won_greedy: 'true', ms_greedy: '9' }),
      row(2, 'solved', `${v} strategies=greedy`, { won_greedy: 'false', ms_greedy: '7' }),
      row(3, 'unknown', `${v} strategies=greedy`, { won_greedy: 'false', ms_greedy: '8' }),
    ];
    const s = summarize([...solver, ...strategies]);
    expect(s.variant).toBe('trench-order=ordinary');
    expect([s.deals, s.duplicates, s.solved, s.unsolvable, s.unknown]).toEqual([3, 3, 2, 1, 0]);
    expect(s.strategies).toMatchObject([{ name: 'greedy', won: 1, played: 3 }]);
    // The same seeds under the default reading are other deals: never merged with these.
    const both = dedupe([...solver, row(1, 'unknown', 'auto max-nodes=1000'), row(2, 'solved', 'auto')]);
    expect([both.rows.length, both.duplicates]).toEqual([5, 0]);
    expect(summarize([row(1, 'solved', 'auto')]).variant).toBe('default');
  });
});
