import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../cli/run.js';
import { findChromium, INSTALL_HINT, launchChromium, PAGE_TIMEOUT_MS } from '../report/browser.js';
import { tempDir } from '../temp-dir.js';

// Bad addresses and a bad stored game in a real browser: each page loads (never blank), says
// what it did not take, and plays the game it names where it can (a default where not), with
// no error in the page.

const dir = tempDir('patience-web-address-');
const chromium = findChromium();
const CI = process.env.CI === 'true';
if (!chromium && !CI) console.warn(`browser tests skipped: chromium not found; ${INSTALL_HINT}`);

// biome-ignore lint/suspicious/noExplicitAny: the page's DOM and playwright's objects, untyped here
type Dom = any;
declare const localStorage: Dom;

describe.skipIf(!chromium && !CI)('bad addresses and stored games in a real browser', () => {
  let browser: Dom, page: Dom, url: string;
  const errors: string[] = [];

  beforeAll(async () => {
    if (!chromium) return;
    const r = await run('web', '--out', dir);
    expect(r.code, r.err).toBe(0);
    url = pathToFileURL(join(dir, 'index.html')).href;
    browser = await launchChromium(chromium);
    const context = await browser.newContext();
    context.setDefaultTimeout(PAGE_TIMEOUT_MS);
    page = await context.newPage();
    // Every line the page says (its live region), kept: a computer's first move may follow it.
    await page.addInitScript(() => {
      const g = globalThis as Dom;
      g.said = [];
      let last = '';
      new g.MutationObserver(() => {
        const text = g.document.getElementById('live')?.textContent ?? '';
        if (text !== last) g.said.push((last = text));
      }).observe(g.document, { childList: true, characterData: true, subtree: true });
    });
  }, 120_000);
  afterAll(async () => browser?.close());

  /** Loads the page at `hash` with the storage as `stored` left it (null: empty). */
  async function open(hash: string, stored: string | null = null) {
    await page.goto(url);
    await page.evaluate((s: string | null) => {
      localStorage.clear();
      if (s !== null) localStorage.setItem('patience-lab:web:game', s);
    }, stored);
    await page.goto('about:blank');
    await page.goto(`${url}#${hash}`);
    await page.waitForSelector('body[data-ready=true]');
    return {
      game: await page.$eval('#game', (s: Dom) => s.value),
      live: ((await page.evaluate(() => (globalThis as Dom).said)) as string[]).join(' | '),
      hash: await page.evaluate(() => (globalThis as Dom).location.hash),
    };
  }

  it('each bad address: a message, and the game it names where it can', async () => {
    const cases: [string, string, RegExp][] = [
      ['game=pilstymas&ai=nope', 'pilstymas', /no computer player "nope" in Pilstymas: expert instead/],
      ['game=__proto__', 'besieged-city', /unknown game "__proto__" in the address/],
      [
        'game=parterre&variant=foundations=sideways',
        'parterre',
        /foundations: "sideways" is not one of final, removable/,
      ],
      ['game=besieged-city&seed=-5', 'besieged-city', /seed: "-5" is not a deal number .*: deal 1 instead/],
    ];
    for (const [hash, game, said] of cases) {
      const p = await open(hash);
      expect([p.game, p.live], hash).toEqual([game, expect.stringMatching(said)]);
    }
    expect((await open('game=besieged-city&seed=-5')).hash).toContain('seed=1');
    expect(errors).toEqual([]);
  }, 120_000);

  it('a stored game of an unknown game: a message and a new game, and the next reload is clean', async () => {
    const stored = JSON.stringify({ settings: { game: 'chess', seed: '1', variant: '', ai: '' }, moves: [] });
    const p = await open('', stored);
    expect(p.live).toMatch(/the saved game is of an unknown game "chess": a new game instead/);
    await page.reload();
    await page.waitForSelector('body[data-ready=true]');
    expect(((await page.evaluate(() => (globalThis as Dom).said)) as string[]).join(' | ')).not.toMatch(/unknown game/);
    expect(errors).toEqual([]);
  }, 120_000);
});
