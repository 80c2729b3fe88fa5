import { describe, expect, it } from 'vitest';
import { checkCore, coreEntries, libraryEntry, pageEntries } from './core-check.js';

// Each game's core, what the play page bundles (the games' page plugins, the page and its
// worker), and the library's browser entry (every game's library.ts), bundle for the browser
// with nothing from Node in them (core-check.ts says what is
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

describe('the library runs in a browser', () => {
  it('its browser entry imports every game that has a library', () => {
    const text = String(libraryEntry()!.contents);
    expect(text.match(/import \{ library as g\d+ \}/g)?.length).toBeGreaterThanOrEqual(4);
  });
  it('its browser entry bundles for the browser, free of Node', async () => {
    expect(await checkCore(libraryEntry())).toEqual([]);
  });
});
