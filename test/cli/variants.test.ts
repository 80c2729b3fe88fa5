import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCsvRows } from '../../src/batch/csv.js';
import { run } from './run.js';
import { tempDir } from '../temp-dir.js';

// --variant on the command line: recorded in deal and solution files and in batch rows, and
// verify replays a line under the variant its file records.

const dir = tempDir('patience-variants-');
const file = (name: string, content: unknown) => {
  const p = join(dir, name);
  writeFileSync(p, typeof content === 'string' ? content : JSON.stringify(content));
  return p;
};

describe('patience --variant', () => {
  it('deal --json records the variant; the default records none', async () => {
    const d = await run(
      'deal',
      'besieged-city',
      '--seed',
      '3',
      '--json',
      '--variant',
      'trench-order=ordinary,trench-fill=deferred',
    );
    expect(d.code).toBe(0);
    expect(JSON.parse(d.out).variant).toEqual({ 'trench-order': 'ordinary', 'trench-fill': 'deferred' });
    const plain = await run('deal', 'besieged-city', '--seed', '3', '--json');
    expect(JSON.parse(plain.out)).not.toHaveProperty('variant');
    const text = await run('deal', 'besieged-city', '--seed', '3', '--variant', 'stock-to-foundation=no');
    expect(text.out).toMatch(/variant stock-to-foundation=no/);
  });

  it.each([
    [
      ['deal', 'besieged-city', '--variant', 'trench-order=diagonal'],
      /--variant: trench-order=diagonal is not a value of that switch/,
    ],
    [['solve', 'besieged-city', '--variant', 'speed=fast'], /--variant: unknown variant switch "speed"/],
    [
      ['batch', 'besieged-city', '--seeds', '1', '--variant', 'trench-fill'],
      /--variant: "trench-fill" is not name=value/,
    ],
  ])('bad variant input is one line and exit 2: %s', async (args, message) => {
    const r = await run(...args);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.err.trim().split('\n')).toHaveLength(1);
  });

  it('verify replays a solution under its recorded variant: edited to rules the line breaks, it fails', async () => {
    const s = await run(
      'solve',
      'besieged-city',
      '--seed',
      '5',
      '--variant',
      'trench-order=ordinary',
      '--max-nodes',
      '400000',
      '--json',
    );
    expect(s.code).toBe(0);
    const sol = JSON.parse(s.out);
    expect(sol.outcome).toBe('solved');
    expect(sol.deal.variant).toEqual({ 'trench-order': 'ordinary' });
    const ok = await run('verify', '--solution', file('ordinary.json', sol));
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/^valid: won/);
    // The same line with its variant field edited to the play order only: ordinary steps break it.
    const edited = { ...sol, deal: { ...sol.deal, variant: { 'trench-order': 'play-order' } } };
    const bad = await run('verify', '--solution', file('edited.json', edited));
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/^invalid: move \d+ .* is illegal: .*trench-order=play-order/);
    // A bad variant field is an input error naming the field.
    const junk = await run(
      'verify',
      '--solution',
      file('junk.json', { ...sol, deal: { ...sol.deal, variant: { 'trench-order': 'up' } } }),
    );
    expect(junk.code).toBe(2);
    expect(junk.err).toMatch(/junk.json: deal: field "variant": trench-order=up is not a value/);
  });

  it('a deal file keeps its variant; a different --variant beside it is refused', async () => {
    const d = await run('deal', 'besieged-city', '--seed', '8', '--json', '--variant', 'trench-order=directional');
    const deal = file('dir.json', d.out);
    const r = await run(
      'solve',
      'besieged-city',
      '--deal',
      deal,
      '--variant',
      'trench-order=ordinary',
      '--max-nodes',
      '10',
    );
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/records variant trench-order=directional/);
    const same = await run('solve', 'besieged-city', '--deal', deal, '--max-nodes', '10');
    expect(same.code).toBe(0);
    expect(same.out).toMatch(/variant trench-order=directional/);
  });

  it('batch rows carry the variant under settings, and solutions replay under it', async () => {
    const out = join(dir, 'v.csv'),
      sols = join(dir, 'sols');
    const r = await run(
      'batch',
      'besieged-city',
      '--seeds',
      '1..3',
      '--workers',
      '1',
      '--max-nodes',
      '300000',
      '--out',
      out,
      '--variant',
      'stock-to-foundation=no',
      '--solutions',
      sols,
    );
    expect(r.code).toBe(0);
    const rows = readCsvRows(out).rows;
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.settings).toMatch(/(^| )variant=stock-to-foundation=no( |$)/);
    const files = readdirSync(sols);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      const sol = JSON.parse(readFileSync(join(sols, f), 'utf8'));
      expect(sol.deal.variant).toEqual({ 'stock-to-foundation': 'no' });
      expect(sol.moves.some((m: string) => m.includes('stock>F'))).toBe(false);
      const v = await run('verify', '--solution', join(sols, f));
      expect(v.code).toBe(0);
    }
    // Resuming that CSV under another variant would mix readings: refused.
    const mixed = await run(
      'batch',
      'besieged-city',
      '--seeds',
      '1..4',
      '--workers',
      '1',
      '--max-nodes',
      '1000',
      '--out',
      out,
      '--resume',
    );
    expect(mixed.code).toBe(2);
    expect(mixed.err).toMatch(/was run under variant stock-to-foundation=no, this run is default/);
    // The default reading writes no variant into settings.
    const plain = join(dir, 'p.csv');
    await run('batch', 'besieged-city', '--seeds', '1', '--workers', '1', '--max-nodes', '1000', '--out', plain);
    expect(readCsvRows(plain).rows[0].settings).not.toMatch(/variant=/);
  });
});
