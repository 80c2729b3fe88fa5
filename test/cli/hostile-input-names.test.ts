import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { run } from './run.js';
import { tempDir } from '../temp-dir.js';

// Names that come from modules and files (a strategy file's name, a CSV header's strategy
// names, a record's player, a seed given on the command line) never reach the terminal raw: an
// escape sequence cannot clear or recolour it, a line end cannot fake a line. And a strategy
// named like a member of Object.prototype is a strategy like any other, in every command.

const dir = tempDir('patience-names-');
const ESC = '\x1b[2J';
let csv = '';
let records = '';

beforeAll(async () => {
  csv = join(dir, 'plain.csv');
  records = join(dir, 'records');
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
    'hindsight,greedy,random',
    '--strategy-seeds',
    '2',
    '--records',
    records,
    '--out',
    csv,
  );
  expect(r.code).toBe(0);
}, 60_000);

/** The batch CSV with its strategies renamed in the header. */
function renamed(name: string, greedy: string, random: string): string {
  const [header, ...rest] = readFileSync(csv, 'utf8').split('\n');
  const file = join(dir, name);
  writeFileSync(file, [header.replace(/greedy/g, greedy).replace(/random/g, random), ...rest].join('\n'));
  return file;
}

const raw = (r: { out: string; err: string }) => `${r.out}\n${r.err}`;

describe('names reach the terminal escaped', () => {
  it('summary and difficulty of a CSV whose strategy names hold an escape sequence', async () => {
    const file = renamed('esc.csv', `${ESC}evil`, 'random');
    const s = await run('summary', file);
    expect(s.code).toBe(0);
    expect(raw(s)).not.toContain('\x1b');
    expect(s.out).toContain('\\u001b[2Jevil');
    const d = await run('difficulty', file, '--out', join(dir, 'difficulty.csv'));
    expect(d.code).toBe(0);
    expect(raw(d)).not.toContain('\x1b');
    expect(d.out).toContain('\\u001b[2Jevil');
  }, 60_000);

  it("verify prints a record's player escaped", async () => {
    const doc = JSON.parse(
      readFileSync(join(records, readdirSync(records).find((f) => f.startsWith('1-greedy'))!), 'utf8'),
    );
    doc.player = `${ESC}evil\nrows: 999 written`;
    const file = join(dir, 'evil-record.json');
    writeFileSync(file, JSON.stringify(doc));
    const r = await run('verify', '--solution', file);
    expect(raw(r)).not.toContain('\x1b');
    expect(r.out.split('\n').some((l) => l.startsWith('rows: 999'))).toBe(false);
    expect(r.out).toMatch(/^valid: .*\\u001b\[2Jevil\\nrows: 999 written\)$/);
    // analyse names the player too, on its first line.
    const a = await run('analyse', '--record', file, '--max-nodes', '200', '--samples', '1');
    expect(a.code).toBe(0);
    expect(raw(a)).not.toContain('\x1b');
    expect(
      raw(a)
        .split('\n')
        .some((l) => l.startsWith('rows: 999')),
    ).toBe(false);
    expect(a.out).toContain('played by \\u001b[2Jevil\\nrows: 999 written');
  }, 60_000);

  it('a strategy file whose name holds an escape sequence and a fake line', async () => {
    const name = `${ESC}x\nrows: 999 written.mjs`;
    const file = join(dir, name);
    copyFileSync('test/strategies/fixtures/spy.mjs', file);
    const r = await run('play', 'besieged-city', '--seed', '1', '--strategy', file);
    expect(raw(r)).not.toContain('\x1b');
    expect(
      raw(r)
        .split('\n')
        .some((l) => l.startsWith('rows: 999')),
    ).toBe(false);
  }, 60_000);

  it('analyse --seed with an escape sequence, -5 or nothing: one line, escaped', async () => {
    for (const seed of [ESC, '-5', '']) {
      const r = await run('analyse', 'besieged-city', '--seed', seed, '--samples', '2');
      expect([r.code, r.err.trim().split('\n').length]).toEqual([2, 1]);
      expect(r.err).toMatch(/^patience: --seed: /);
      expect(raw(r)).not.toContain('\x1b');
    }
  }, 60_000);
});

describe('strategies named like members of Object.prototype', () => {
  it('report, summary and difficulty take strategies named constructor, toString and hasOwnProperty', async () => {
    for (const [a, b] of [
      ['constructor', 'toString'],
      ['hasOwnProperty', '__proto__'],
    ]) {
      const file = renamed(`${a}.csv`, a, b);
      const html = join(dir, `${a}.html`);
      const r = await run('report', file, '--out', html);
      expect([r.code, r.err]).toEqual([0, '']);
      expect(readFileSync(html, 'utf8')).toContain(a);
      expect((await run('summary', file)).out).toMatch(new RegExp(`strategy ${a}`));
      expect((await run('difficulty', file, '--out', join(dir, `${a}-grades.csv`))).code).toBe(0);
      expect(existsSync(join(dir, `${a}-grades.csv`))).toBe(true);
    }
  }, 120_000);
});
