import { describe, expect, it } from 'vitest';
import { editDistance, nearest } from '../../src/cli/suggest.js';
import { help, run } from './run.js';

// The messages a slip of the keyboard gets: one line, exit code 2, and what was meant.

const oneLineError = (r: { code: number; err: string }, message: RegExp) => {
  expect(r.code).toBe(2);
  expect(r.err).toMatch(message);
  expect(r.err.trim().split('\n')).toHaveLength(1);
};

describe('a game verb without its game', () => {
  it('names the games that have the verb, and --deal where the verb reads deal files', async () => {
    const r = await run('solve', '--seed', '42');
    oneLineError(
      r,
      /^patience: solve: name the game, as in "patience solve besieged-city"; solve is available for: besieged-city, parterre \(or give --deal FILE/,
    );
    expect(r.err).not.toMatch(/non-option/);
    const d = await run('deal');
    oneLineError(d, /deal is available for: besieged-city, parterre, pilstymas, zioplys$/m);
    expect(d.err).not.toMatch(/--deal/); // deal reads no deal file
    oneLineError(await run('tournament', '--players', 'greedy,planner'), /tournament is available for: pilstymas$/m);
  });

  it("still shows the verb's help", async () => {
    expect(await help('solve', '--help')).toMatch(/^patience solve <game>/);
  });
});

describe('a mistyped flag', () => {
  it('is told the nearest flag of that command', async () => {
    oneLineError(
      await run('batch', 'besieged-city', '--workres', '2'),
      /^patience: Unknown argument: --workres \(did you mean --workers\?\)$/m,
    );
    oneLineError(
      await run('solve', 'besieged-city', '--seed', '1', '--algoritm', 'dfs'),
      /--algoritm \(did you mean --algorithm\?\)/,
    );
    oneLineError(
      await run('solve', 'besieged-city', '--max-node=5'),
      /^patience: Unknown argument: --max-node \(did you mean --max-nodes\?\)$/m,
    );
    oneLineError(await run('simulate', 'zioplys', '--no-wrapp'), /--no-wrapp \(did you mean --no-wrap\?\)/);
    // The flags are the command's own: --games is tournament's, not solve's.
    oneLineError(await run('tournament', 'pilstymas', '--gmaes', '10'), /--gmaes \(did you mean --games\?\)/);
    oneLineError(await run('solve', 'besieged-city', '--gmaes', '10'), /^patience: Unknown argument: --gmaes$/m);
  });

  it('names several at once, and a stray word without a suggestion', async () => {
    const r = await run('batch', 'besieged-city', '--algoritm', 'dfs', '--work', '2');
    oneLineError(
      r,
      /Unknown arguments: --algoritm \(did you mean --algorithm\?\), --work \(did you mean --workers\?\)/,
    );
    oneLineError(
      await run('solve', 'besieged-city', 'extra', '--xyzzy'),
      /^patience: Unknown arguments: --xyzzy, extra$/m,
    );
  });

  it('before the files of summary, is named instead of "not enough arguments"', async () => {
    oneLineError(
      await run('summary', '--jsno', 'x.csv'),
      /^patience: summary: name at least one CSV file.*--jsno is not an option here: did you mean --json\?/,
    );
    oneLineError(await run('report'), /^patience: report: name at least one CSV file/);
  });
});

describe('nearest', () => {
  it('counts a swap of neighbours as one edit and refuses far words', () => {
    expect(editDistance('workres', 'workers')).toBe(1);
    expect(editDistance('algoritm', 'algorithm')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(nearest('workres', ['workers', 'out'])).toBe('workers');
    expect(nearest('wrk', ['workers', 'out'])).toBeUndefined();
    expect(nearest('work', ['workers', 'out'])).toBe('workers');
    expect(nearest('xyzzy', ['seed', 'json'])).toBeUndefined();
    expect(nearest('o', ['out'])).toBeUndefined();
  });
});
