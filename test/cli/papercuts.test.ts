import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCsvRows } from '../../src/batch/csv.js';
import { dealFromSeed, dealToJson } from '../../src/games/besieged-city/deal.js';
import { dealFromSeed as ptDealFromSeed, dealToJson as ptDealToJson } from '../../src/games/parterre/deal.js';
import { run, runWithInput } from './run.js';
import { tempDir } from '../temp-dir.js';

// What a newcomer meets first: the game is read from a deal file, an unknown game is named as
// such, and a seed is a deal number or a name — nothing else passes silently.

const dir = tempDir('patience-papercuts-');
const file = (name: string, doc: unknown) => {
  const p = join(dir, name);
  writeFileSync(p, JSON.stringify(doc));
  return p;
};
const bc = file('bc7.json', dealToJson(dealFromSeed('7')));
const pt = file('pt3.json', ptDealToJson(ptDealFromSeed('3')));

const oneLineError = (r: { code: number; err: string }, message: RegExp) => {
  expect(r.code).toBe(2);
  expect(r.err).toMatch(message);
  expect(r.err.trim().split('\n')).toHaveLength(1);
};

describe('--deal FILE without the game name', () => {
  it('solve reads the game from the file, and says the same as with the name', async () => {
    const named = await run('solve', 'besieged-city', '--deal', bc, '--max-nodes', '20000', '--json');
    const bare = await run('solve', '--deal', bc, '--max-nodes', '20000', '--json');
    expect(bare.code).toBe(0);
    const a = JSON.parse(named.out),
      b = JSON.parse(bare.out);
    expect(b.game).toBe('besieged-city');
    expect({ ...b, stats: null }).toEqual({ ...a, stats: null });
    const eq = await run('solve', `--deal=${pt}`, '--max-nodes', '2000', '--json');
    expect(JSON.parse(eq.out).game).toBe('parterre');
  });

  it('play reads the game from the file', async () => {
    const r = await runWithInput(['play', '--deal', pt], ['quit']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^Parterre, deal 3\./);
  });

  it('batch solves deal files, one row per file, and writes their solutions', async () => {
    const out = join(dir, 'files.csv');
    const pt5 = file('pt5.json', ptDealToJson(ptDealFromSeed('5')));
    const sols = join(dir, 'sols');
    const r = await run(
      'batch',
      '--deal',
      pt,
      pt5,
      '--max-nodes',
      '3000',
      '--workers',
      '1',
      '--out',
      out,
      '--solutions',
      sols,
    );
    expect(r.code).toBe(0);
    const rows = readCsvRows(out).rows;
    expect(rows.map((x) => x.seed).sort()).toEqual([pt, pt5].sort());
    expect(rows.every((x) => x.game === 'parterre')).toBe(true);
    for (const x of rows.filter((x) => x.outcome === 'solved')) {
      const name = x.seed.endsWith('pt3.json') ? 'pt3' : 'pt5';
      const v = await run('verify', '--solution', join(sols, `${name}.json`));
      expect(v.out).toMatch(/^valid: won/);
    }
  });

  it('a named game that disagrees with the file is a one-line error', async () => {
    oneLineError(
      await run('solve', 'parterre', '--deal', bc),
      /bc7.json: field "game" is "besieged-city", expected "parterre"/,
    );
    oneLineError(
      await run('batch', '--deal', bc, pt, '--out', join(dir, 'mixed.csv')),
      /pt3.json: field "game" is "parterre", expected "besieged-city"/,
    );
  });

  it('a file of a game without that verb, or with no game, is a one-line error', async () => {
    const z = await run('deal', 'zioplys', '--seed', '1', '--json');
    const zf = file('z.json', JSON.parse(z.out));
    oneLineError(
      await run('solve', '--deal', zf),
      /z.json: solve is not available for zioplys \(it is for: besieged-city, parterre\)/,
    );
    oneLineError(
      await run('solve', '--deal', file('nogame.json', { seed: '1' })),
      /nogame.json: field "game" is missing/,
    );
  });
});

describe('an unknown game is named as such', () => {
  it.each([
    [
      ['solve', 'freecell', '--seed', '1'],
      /"freecell" is not a game here; the games are: besieged-city, parterre, pilstymas, zioplys/,
    ],
    [['batch', 'klondike', '--seeds', '1..3'], /"klondike" is not a game here/],
    [['solve', 'zioplys', '--seed', '1'], /solve is not available for zioplys \(it is for: besieged-city, parterre\)/],
  ])('%j', async (args, message) => oneLineError(await run(...(args as string[])), message));
});

describe('seeds are deal numbers or names', () => {
  it.each(['-5', '1.5', '007', '+3', 'a b', ''])('--seed %j is a one-line error', async (seed) => {
    oneLineError(await run('deal', 'besieged-city', '--seed', seed), /--seed: /);
  });

  it.each(['abc', '1..x', '5,abc', '-1..3', '1.5'])('--seeds %j is a one-line error', async (seeds) => {
    oneLineError(await run('batch', 'besieged-city', `--seeds=${seeds}`, '--out', join(dir, 'never.csv')), /--seeds: /);
  });

  it('a deal number and a name are both deals, pinned by the golden file', async () => {
    const golden = JSON.parse(readFileSync('data/besieged-city/golden.json', 'utf8')).deals as Record<string, unknown>;
    for (const seed of ['0', '42', 'hello']) {
      const r = await run('deal', 'besieged-city', '--seed', seed, '--json');
      expect(r.code, seed).toBe(0);
      expect(JSON.parse(r.out)).toEqual(dealToJson(dealFromSeed(seed)));
      if (golden[seed]) expect(JSON.parse(r.out)).toEqual(golden[seed]);
    }
    expect(golden.hello).toBeDefined();
  });

  it('--seeds takes ranges and lists of deal numbers', async () => {
    const out = join(dir, 'list.csv');
    const r = await run(
      'batch',
      'parterre',
      '--seeds',
      '0,2..3,10',
      '--max-nodes',
      '500',
      '--workers',
      '1',
      '--out',
      out,
    );
    expect(r.code).toBe(0);
    expect(
      readCsvRows(out)
        .rows.map((x) => x.seed)
        .sort(),
    ).toEqual(['0', '10', '2', '3']);
  });
});
