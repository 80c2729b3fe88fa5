import { describe, expect, it } from 'vitest';
import { checkCore, coreEntries } from './core-check.js';

// Each game's core bundles for the browser with nothing from Node in it (core-check.ts says
// what is checked; .ci/run runs the same check before the tests).

describe('the game cores run anywhere', () => {
  it('there are cores to check', () => {
    expect(coreEntries().length).toBeGreaterThanOrEqual(2);
  });
  it.each(coreEntries().map((e) => [e.replace(/^.*\/src\//, 'src/'), e]))(
    '%s bundles for the browser, free of Node',
    async (_name, entry) => {
      expect(await checkCore(entry)).toEqual([]);
    },
  );
});
