import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dealFromSeed, dealToJson } from '../../src/games/besieged-city/deal.js';
import { dealFromSeed as ptDealFromSeed, dealToJson as ptDealToJson } from '../../src/games/parterre/deal.js';
import { oneLine, quote } from '../../src/io/errors.js';
import { tempDir } from '../temp-dir.js';
import { run } from './run.js';

// Bad input as a hostile user gives it: each ends in one line on stderr naming the file, field
// or path, exit code 2 — never a stack trace, a hang, a runaway read or a terminal escape.

const dir = tempDir('patience-hostile-');
const f = (name: string) => join(dir, name);
const file = (name: string, content: unknown) => {
  writeFileSync(f(name), typeof content === 'string' ? content : JSON.stringify(content));
  return f(name);
};

const oneLineError = (r: { code: number; err: string }, message: RegExp) => {
  expect(r.code, r.err).toBe(2);
  expect(r.err).toMatch(message);
  expect(r.err.trim().split('\n'), r.err).toHaveLength(1);
  expect(r.err).not.toMatch(/internal error|\u001b/);
};

describe('what is echoed from the input is quoted', () => {
  it('a card with a newline and an ANSI escape: one line, the escape shown, not sent', async () => {
    const d = dealToJson(dealFromSeed('7'));
    d.reserve[0][0] = 'A\u001b[2J\nS';
    const r = await run('show', '--deal', file('ansi.json', d));
    oneLineError(r, /ansi\.json: reserve\[0\]\[0\]: unknown card "A\\u001b\[2J\\nS"/);
  });

  it('a move with a newline, in verify and replay', async () => {
    const sol = file('nl-sol.json', { game: 'parterre', deal: ptDealToJson(ptDealFromSeed('3')), moves: ['AS p0\n>F\u009b2J'] });
    const v = await run('verify', '--solution', sol);
    expect(v.code).toBe(1);
    expect(v.out.split('\n')).toHaveLength(1);
    expect(v.out).toMatch(/^invalid: move 1 "AS p0\\n>F\\u009b2J" is illegal/);
    oneLineError(await run('replay', '--solution', sol, '--out', f('nl.html')), /moves\[0\] "AS p0\\n>F\\u009b2J" is illegal/);
  });

  it('flags are quoted too', async () => {
    oneLineError(await run('solve', 'parterre', '--seed', 'a\nb'), /--seed: "a\\nb" is not a seed/);
    oneLineError(await run('solve', 'parterre', '--seed', '1', '--timeout', '\u001b[31m'), /--timeout: "\\u001b\[31m" is not a duration/);
  });

  it('quote: control, C1, separator and bidi characters escaped; long text cut; other values by kind', () => {
    expect(quote('a"b\\c')).toBe('"a\\"b\\\\c"');
    expect(quote('\u0000\u007f\u0085\u2028\u202e\u2066')).toBe('"\\u0000\\u007f\\u0085\\u2028\\u202e\\u2066"');
    expect(quote('x'.repeat(100), 10)).toBe(`"${'x'.repeat(10)}"…`);
    expect(quote('😀😀', 3)).toBe('"😀"…'); // never half a character
    expect([quote(undefined), quote(null), quote(3), quote(true), quote([1, 2]), quote({ a: 1 })]).toEqual(['nothing', 'null', '3', 'true', 'an array of 2', 'an object']);
    expect(oneLine('a\nb\u001bc')).toBe('a\\nb\\u001bc');
  });
});

