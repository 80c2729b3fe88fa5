import { describe, expect, it } from 'vitest';
import { checkCore, coreEntries, pageEntries } from './core-check.js';

// Each game's core, and what the play page bundles (the games' page plugins, the page and its
// worker), bundle for the browser with nothing from Node in them (core-check.ts says what is
// checked; .ci/run runs the same check before the tests).

const named = (entries: string[]) => entries.map((e) => [e.replace(/^.*\/src\//, 'src/'), e]);

describe('the game cores run anywhere', () => {
  it('there are cores to check', () => {
    expect(coreEntries().length).toBeGreaterThanOrEqual(2);
  });
  it.each(named(coreEntries()))('%s bundles for the browser, free of Node', async (_name, entry) => {
    expect(await checkCore(entry)).toEqual([]);
  });
});

describe('the play page runs in a browser', () => {
  it('there are page plugins to check', () => {
    expect(pageEntries().filter((e) => e.endsWith('/page.ts')).length).toBeGreaterThanOrEqual(2);
  });
  it.each(named(pageEntries()))('%s bundles for the browser, free of Node', async (_name, entry) => {
    expect(await checkCore(entry)).toEqual([]);
  });
});
