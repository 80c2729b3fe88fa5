import { copyFileSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCsvRows } from '../../src/batch/csv.js';
import { dealKeyOfSettings } from '../../src/batch/settings.js';
import { dealFromSeed as bcDealFromSeed, dealToJson as bcDealToJson } from '../../src/games/besieged-city/deal.js';
import { keyedSeed } from '../../src/strategies/deal-key.js';
import { run } from '../cli/run.js';
import { tempDir } from '../temp-dir.js';

// A strategy file reads its own folder only (docs/strategies.md, "What a strategy file can
// reach"). Node's permission model checks a path as written, so a link in the folder would open
// what it leads to: such a folder is refused. Every output of a run with a file (the CSV with the
// deal key, its lock, records, solutions) lies outside the folder once links are followed. The
// deal key stays one per file: solutions hold the keyed deal, a resume keeps the rows' key, and
// summary refuses one seed's rows made under two keys.

const dir = tempDir('patience-links-');
const spy = 'test/strategies/fixtures/spy.mjs';
const KEY_A = 'links-test-key-aaaaaaaa';
const KEY_B = 'links-test-key-bbbbbbbb';

/** A fresh module folder holding a copy of the spy, and `links` made in it (name -> target). */
function moduleFolder(name: string, links: Record<string, string> = {}): string {
  const m = join(dir, name);
  mkdirSync(m, { recursive: true });
  copyFileSync(spy, join(m, 'spy.mjs'));
  for (const [l, target] of Object.entries(links)) symlinkSync(target, join(m, l));
  return join(m, 'spy.mjs');
}

const play = (file: string) => run('play', 'besieged-city', '--seed', '1', '--strategy', file);
const batch = (...more: string[]) =>
  run('batch', 'besieged-city', '--seeds', '1', '--max-nodes', '200', '--workers', '1', ...more);

describe('links in a strategy folder', () => {
  it('a link to /, to the parent, to a file or a directory outside: refused in one line, before any game', async () => {
    const outside = join(dir, 'outside');
    mkdirSync(outside, { recursive: true });
    writeFileSync(join(outside, 'secret.txt'), 'the deal key\n');
    const cases: [string, Record<string, string>, RegExp][] = [
      ['to-root', { root: '/' }, /root -> \/:/],
      ['to-parent', { up: '..' }, /up -> .*patience-links-[^/]*:/],
      ['to-file', { secret: join(outside, 'secret.txt') }, /secret -> .*outside\/secret\.txt/],
      ['to-dir', { data: outside }, /data -> .*outside:/],
      ['nowhere', { gone: join(dir, 'no-such-thing') }, /a link that leads nowhere, gone/],
    ];
    for (const [name, links, what] of cases) {
      const r = await play(moduleFolder(name, links));
      expect([r.code, r.err.trim().split('\n').length]).toEqual([2, 1]);
      expect(r.err).toMatch(/^patience: .*spy\.mjs: its folder holds a link/);
      expect(r.err).toMatch(what);
      expect(r.out).toBe('');
      // A batch refuses it the same way.
      const b = await batch('--strategies', moduleFolder(name), '--out', join(dir, `${name}.csv`));
      expect([b.code, b.err]).toEqual([2, expect.stringMatching(/its folder holds a link/)]);
      expect(existsSync(join(dir, `${name}.csv`))).toBe(false);
    }
  }, 120_000);

  it('links that stay inside the folder are fine, and a file named through a link is run from its real folder', async () => {
    const file = moduleFolder('inside', {});
    mkdirSync(join(dir, 'inside', 'sub'));
    writeFileSync(join(dir, 'inside', 'sub', 'a.txt'), 'x');
    symlinkSync('sub', join(dir, 'inside', 'to-sub'));
    symlinkSync('sub/a.txt', join(dir, 'inside', 'to-file'));
    const r = await play(file);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/spy (won|lost)/);
    // A link to the file from a folder full of other things: the module's folder is where the
    // file is, not where its link lies; a link to the module's folder, likewise.
    symlinkSync(file, join(dir, 'named.mjs'));
    symlinkSync(join(dir, 'inside'), join(dir, 'inside-link'));
    expect((await play(join(dir, 'named.mjs'))).code).toBe(0);
    const bad = moduleFolder('named-bad', { root: '/' });
    symlinkSync(bad, join(dir, 'bad-link.mjs'));
    expect((await play(join(dir, 'bad-link.mjs'))).err).toMatch(/its folder holds a link that leads out of it, root/);
  }, 60_000);
});

describe('outputs of a run with a strategy file, wherever links lead', () => {
  it('--out, --solutions and --records through a link into the folder, and an --out that is a link: refused', async () => {
    const file = moduleFolder('target');
    const folder = join(dir, 'target');
    symlinkSync(folder, join(dir, 'into'));
    symlinkSync(join(folder, 'o.csv'), join(dir, 'link.csv'));
    const cases: [string[], RegExp][] = [
      [['--out', join(dir, 'into', 'o.csv')], /^patience: --out: .*into\/o\.csv is in the folder of strategy file spy/],
      [['--out', join(dir, 'link.csv')], /^patience: --out: .*link\.csv is in the folder of strategy file spy/],
      [
        ['--out', join(dir, 'ok1.csv'), '--solutions', folder],
        /^patience: --solutions: .* is in the folder of strategy file spy/,
      ],
      [
        ['--out', join(dir, 'ok2.csv'), '--solutions', join(dir, 'into', 'sol')],
        /^patience: --solutions: .*into\/sol is in the folder of strategy file spy/,
      ],
      [
        ['--out', join(dir, 'ok3.csv'), '--records', join(dir, 'into', 'rec')],
        /^patience: --records: .*into\/rec is in the folder of strategy file spy/,
      ],
    ];
    for (const [more, message] of cases) {
      const r = await batch('--strategies', file, ...more);
      expect([r.code, r.err.trim()]).toEqual([2, expect.stringMatching(message)]);
    }
    expect(
      existsSync(join(folder, 'o.csv')) || existsSync(join(folder, 'sol')) || existsSync(join(folder, 'rec')),
    ).toBe(false);
  }, 120_000);

  it('--solutions of a keyed run holds the keyed deal, and the file verifies', async () => {
    const sol = join(dir, 'keyed-solutions');
    const r = await run(
      'batch',
      'besieged-city',
      '--seeds',
      '1',
      '--workers',
      '1',
      '--strategies',
      `greedy,${spy}`,
      '--deal-key',
      KEY_A,
      '--out',
      join(dir, 'keyed.csv'),
      '--solutions',
      sol,
    );
    expect(r.code).toBe(0);
    const [row] = readCsvRows(join(dir, 'keyed.csv')).rows;
    expect(row.outcome).toBe('solved');
    const file = join(sol, '1.json');
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    expect(doc.deal).toEqual(bcDealToJson(bcDealFromSeed(keyedSeed('1', KEY_A))));
    expect(doc.deal).not.toEqual(bcDealToJson(bcDealFromSeed('1')));
    const v = await run('verify', '--solution', file);
    expect([v.code, v.out]).toEqual([0, expect.stringMatching(/^valid/)]);
  }, 60_000);
});

describe('one deal key per file', () => {
  it('--resume keeps the key of the rows already there; another key is refused', async () => {
    const csv = join(dir, 'resume.csv');
    expect((await batch('--strategies', spy, '--out', csv)).code).toBe(0);
    const key = dealKeyOfSettings(readCsvRows(csv).rows[0].settings);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    const more = await run(
      'batch',
      'besieged-city',
      '--seeds',
      '1..2',
      '--max-nodes',
      '200',
      '--workers',
      '1',
      '--strategies',
      spy,
      '--out',
      csv,
      '--resume',
    );
    expect(more.code).toBe(0);
    const rows = readCsvRows(csv).rows;
    expect(rows.map((x) => [x.seed, dealKeyOfSettings(x.settings)])).toEqual([
      ['1', key],
      ['2', key],
    ]);
    const other = await run(
      'batch',
      'besieged-city',
      '--seeds',
      '1..3',
      '--strategies',
      spy,
      '--deal-key',
      KEY_B,
      '--out',
      csv,
      '--resume',
    );
    expect([other.code, other.err.trim()]).toEqual([
      2,
      expect.stringMatching(
        /^patience: --deal-key: the rows of .*resume\.csv were played under the deal key in their settings/,
      ),
    ]);
    expect(readCsvRows(csv).rows).toHaveLength(2);
  }, 120_000);

  it('summary refuses to merge the rows of one seed made under two keys', async () => {
    const a = join(dir, 'key-a.csv'),
      b = join(dir, 'key-b.csv');
    expect((await batch('--strategies', spy, '--deal-key', KEY_A, '--out', a)).code).toBe(0);
    expect((await batch('--strategies', spy, '--deal-key', KEY_B, '--out', b)).code).toBe(0);
    expect((await run('summary', a)).code).toBe(0);
    const r = await run('summary', a, b);
    expect([r.code, r.err.trim()]).toEqual([
      2,
      expect.stringMatching(
        /^patience: .*key-b\.csv: line 2: seed "1" was played under a deal key here and under another deal key at .*key-a\.csv line 2/,
      ),
    ]);
    // Two shards of one run (one key) add up as before.
    const c = join(dir, 'key-a2.csv');
    const more = await run(
      'batch',
      'besieged-city',
      '--seeds',
      '2',
      '--max-nodes',
      '200',
      '--workers',
      '1',
      '--strategies',
      spy,
      '--deal-key',
      KEY_A,
      '--out',
      c,
    );
    expect(more.code).toBe(0);
    expect((await run('summary', a, c)).code).toBe(0);
  }, 120_000);
});
