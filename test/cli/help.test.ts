import { describe, expect, it } from 'vitest';
import * as listed from '../../src/games/index.js';
import { help, run } from './run.js';

// README: "Every command has --help with examples". Every command, top-level and per game, is
// asked for its help here, and each must show an Examples section.

const GAMES = Object.values(listed);

const TOP = ['show', 'verify', 'summary', 'replay', 'report'];
const VERBS = [...new Set(GAMES.flatMap((g) => Object.keys(g.verbs)))];
const commands: string[][] = [
  [],
  ...TOP.map((c) => [c]),
  ...VERBS.map((v) => [v]),
  ...GAMES.flatMap((g) => Object.keys(g.verbs).map((v) => [v, g.name])),
];

describe('--help', () => {
  it.each(commands.map((c) => [c.join(' ') || '(top level)', c]))('%s has examples', async (_name, args) => {
    const text = await help(...(args as string[]), '--help');
    expect(text).toMatch(/^Examples:\n {2}patience /m);
    // Each example line has something after the command, or is a command alone on a line.
    expect(text).not.toMatch(/\[default: \[\]\]/);
  });

  it('covers the verbs and the file commands', () => {
    expect(VERBS).toEqual(
      expect.arrayContaining(['deal', 'play', 'solve', 'batch', 'simulate', 'tournament', 'search']),
    );
    expect(commands.length).toBeGreaterThan(20);
  });

  it('summary shows its files as required, without an empty default', async () => {
    expect(await help('summary', '--help')).toMatch(
      /files +CSV files written by batch or tournament +\[array\] \[required\]\n/,
    );
  });

  it('deal zioplys --players does not speak of a deal file; simulate does', async () => {
    expect(await help('deal', 'zioplys', '--help')).toMatch(/--players +number of players, 2\.\.6 \(default 4\) /);
    expect(await help('simulate', 'zioplys', '--help')).toMatch(/a deal file sets its own/);
  });

  it('batch --seeds says why its default differs between games', async () => {
    const flat = async (...args: string[]) => (await help(...args)).replace(/\s+/g, ' '); // lines wrap
    expect(await flat('batch', 'besieged-city', '--help')).toMatch(
      /the default is 1\.\.100: a deal may take the whole --timeout \(10s\)/,
    );
    expect(await flat('batch', 'zioplys', '--help')).toMatch(
      /the default is 1\.\.1000: a game takes well under a millisecond/,
    );
  });
});

describe('solve without a deal', () => {
  it('asks for --seed or --deal instead of solving deal 1', async () => {
    const r = await run('solve', 'besieged-city');
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      'patience: solve besieged-city: name the deal: --seed N (a deal number, or a name like hello) or --deal FILE\n',
    );
    expect(r.out).toBe('');
    expect((await run('solve', 'parterre', '--max-nodes', '1')).code).toBe(2);
  });
});
