import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCsvRows } from '../../src/batch/csv.js';
import { keyedSeed } from '../../src/strategies/deal-key.js';
import { run } from '../cli/run.js';
import { tempDir } from '../temp-dir.js';

// Deals a strategy file cannot look up (src/strategies/deal-key.ts): when a file plays in a
// batch or tournament, the deals come from the seeds mixed with a key drawn for the run and
// recorded in the settings; the owner replays a game with --seed and --deal-key. Runs without
// a strategy file keep the plain seeds' deals.

const dir = tempDir('patience-deal-key-');
const spy = './test/strategies/fixtures/spy.mjs';
const firstView = (err: string) =>
  JSON.parse(
    err
      .split('\n')
      .find((l) => l.startsWith('spy.mjs: '))!
      .slice('spy.mjs: '.length),
  );
const keyOf = (settings: string) => /(?:^| )deal-key=(\S+)/.exec(settings)?.[1];

describe('deal keys', () => {
  it('a keyed seed depends on the key; no key is the plain seed', () => {
    expect(keyedSeed('42', null)).toBe('42');
    expect(keyedSeed('42', 'a'.repeat(32))).toBe(keyedSeed('42', 'a'.repeat(32)));
    expect(keyedSeed('42', 'a'.repeat(32))).not.toBe(keyedSeed('42', 'b'.repeat(32)));
    expect(keyedSeed('42', 'a'.repeat(32))).not.toBe(keyedSeed('43', 'a'.repeat(32)));
  });

  it('Besieged City: a batch with a file draws a key, records it, and plays the keyed deal; play --deal-key replays it', async () => {
    const csv = join(dir, 'bc.csv');
    const r = await run(
      'batch',
      'besieged-city',
      '--seeds',
      '1',
      '--max-nodes',
      '200',
      '--workers',
      '1',
      '--strategies',
      `greedy,${spy}`,
      '--out',
      csv,
    );
    expect(r.code).toBe(0);
    const [row] = readCsvRows(csv).rows;
    const key = keyOf(row.settings);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    const seen = firstView(r.err).start;
    const again = await run('play', 'besieged-city', '--seed', '1', '--deal-key', key!, '--strategy', spy);
    expect(firstView(again.err).start).toEqual(seen);
    const plain = await run('play', 'besieged-city', '--seed', '1', '--strategy', spy);
    expect(firstView(plain.err).start).not.toEqual(seen);
    // The owner replays the built-in's game of that row on the same deal.
    const greedy = await run('play', 'besieged-city', '--seed', '1', '--deal-key', key!, '--strategy', 'greedy');
    expect(greedy.out).toMatch(row.won_greedy === 'true' ? /greedy won/ : /greedy (lost|stopped|resigned)/);
  }, 120_000);

  it('a given key reproduces the run; none keeps plain seeds; no file means no key', async () => {
    const key = 'club-night-2026-key';
    const given = join(dir, 'given.csv');
    const a = await run(
      'batch',
      'besieged-city',
      '--seeds',
      '1',
      '--max-nodes',
      '200',
      '--workers',
      '1',
      '--strategies',
      spy,
      '--deal-key',
      key,
      '--out',
      given,
    );
    expect(a.code).toBe(0);
    expect(keyOf(readCsvRows(given).rows[0].settings)).toBe(key);
    const none = join(dir, 'none.csv');
    const b = await run(
      'batch',
      'besieged-city',
      '--seeds',
      '1',
      '--max-nodes',
      '200',
      '--workers',
      '1',
      '--strategies',
      spy,
      '--deal-key',
      'none',
      '--out',
      none,
    );
    expect(b.code).toBe(0);
    expect(keyOf(readCsvRows(none).rows[0].settings)).toBeUndefined();
    const plain = await run('play', 'besieged-city', '--seed', '1', '--strategy', spy);
    expect(firstView(b.err).start).toEqual(firstView(plain.err).start);
    expect(firstView(a.err).start).not.toEqual(firstView(plain.err).start);
    const builtins = join(dir, 'builtins.csv');
    const c = await run(
      'batch',
      'besieged-city',
      '--seeds',
      '1',
      '--max-nodes',
      '200',
      '--workers',
      '1',
      '--strategies',
      'greedy',
      '--out',
      builtins,
    );
    expect(c.code).toBe(0);
    expect(readCsvRows(builtins).rows[0].settings).not.toMatch(/deal-key/);
    const bad = await run(
      'batch',
      'besieged-city',
      '--seeds',
      '1',
      '--strategies',
      spy,
      '--deal-key',
      'short',
      '--out',
      join(dir, 'x.csv'),
    );
    expect([bad.code, bad.err.trim()]).toEqual([
      2,
      expect.stringMatching(/^patience: --deal-key: "short" is not auto, none, or a key/),
    ]);
  }, 120_000);

  it('Pilstymas: a tournament with a file records one key for all its games; none opts out', async () => {
    const csv = join(dir, 'pil.csv');
    const r = await run(
      'tournament',
      'pilstymas',
      '--players',
      `greedy,${spy}`,
      '--seeds',
      '1',
      '--workers',
      '1',
      '--max-turns',
      '2',
      '--out',
      csv,
    );
    expect(r.code).toBe(0);
    const { rows } = readCsvRows(csv);
    expect(rows).toHaveLength(2);
    const key = keyOf(rows[0].settings);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(keyOf(rows[1].settings)).toBe(key);
    const none = join(dir, 'pil-none.csv');
    const n = await run(
      'tournament',
      'pilstymas',
      '--players',
      `greedy,${spy}`,
      '--seeds',
      '1',
      '--workers',
      '1',
      '--max-turns',
      '2',
      '--deal-key',
      'none',
      '--out',
      none,
    );
    expect(n.code).toBe(0);
    expect(keyOf(readCsvRows(none).rows[0].settings)).toBeUndefined();
  }, 120_000);

  it('an output inside a strategy file folder is refused: the file could read the key', async () => {
    const r = await run(
      'batch',
      'besieged-city',
      '--seeds',
      '1',
      '--strategies',
      spy,
      '--out',
      'test/strategies/fixtures/out.csv',
    );
    expect([r.code, r.err.trim()]).toEqual([
      2,
      expect.stringMatching(
        /^patience: --out: test\/strategies\/fixtures\/out\.csv is in the folder of strategy file spy/,
      ),
    ]);
  }, 60_000);
});
