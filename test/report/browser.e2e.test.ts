import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCard } from '../../src/cards/card.js';
import { besiegedCity } from '../../src/games/besieged-city/kit.js';
import { TRENCH_NAMES } from '../../src/games/besieged-city/layout.js';
import { parterre } from '../../src/games/parterre/kit.js';
import { PILE_NAMES, parseMove as pilParse } from '../../src/games/pilstymas/notation.js';
import { PilPosition, TAB, plainCard } from '../../src/games/pilstymas/position.js';
import { recordFromJson } from '../../src/games/pilstymas/replay.js';
import { readSolution } from '../../src/solitaire/kit.js';
import { tempDir } from '../temp-dir.js';
import { findChromium, INSTALL_HINT, launchChromium, PAGE_TIMEOUT_MS } from './browser.js';
import { at, ok, type ReportFixture, reportFixture } from './fixture.js';

// The report and replay pages in a real browser (the end-to-end tier): they show without console
// errors, every chart has a size, the tables hold the summary's numbers, and one step of a replay
// shows the rules engine's position after move 1. Screenshots go to test-artifacts/ (ignored by
// git). The pages' HTML alone: report.test.ts.

const dir = tempDir('patience-report-browser-');
const ARTIFACTS = resolve('test-artifacts');
const f = (name: string) => join(dir, name);
let fx: ReportFixture;
let summaries: Record<string, unknown>, variantSummary: Record<string, unknown>;
let replays: Record<string, string>;

const chromium = findChromium();
const CI = process.env.CI === 'true';
if (!chromium && !CI) console.warn(`browser tests skipped: chromium not found; ${INSTALL_HINT}`);

/** A DOM element inside page callbacks (the project's TypeScript has no DOM library). */
// biome-ignore lint/suspicious/noExplicitAny: the page's DOM, as the browser returns it
type Dom = any;

describe.skipIf(!chromium && !CI)('in a real browser (chromium)', () => {
  let browser: Dom;

  beforeAll(async () => {
    if (!chromium) return; // the first test fails under CI
    mkdirSync(ARTIFACTS, { recursive: true });
    fx = await reportFixture(dir);
    ({ summaries, variantSummary, replays } = fx);
    browser = await launchChromium(chromium);
  }, 240_000);
  afterAll(async () => browser?.close());

  it('has chromium', () => {
    expect(chromium, `chromium is missing: ${INSTALL_HINT}`).toBeTruthy();
  });

  /** Opens a page from disk, recording console errors and uncaught exceptions. */
  async function open(file: string) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(PAGE_TIMEOUT_MS);
    const errors: string[] = [];
    page.on('console', (m: { type(): string; text(): string }) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e: Error) => errors.push(e.message));
    page.on('request', (r: { url(): string }) => !r.url().startsWith('file:') && errors.push(`fetched ${r.url()}`));
    await page.goto(pathToFileURL(file).href);
    return { page, errors };
  }

  it('report: no console errors, every chart drawn with a size, tables as summary --json', async () => {
    const { page, errors } = await open(f('report.html'));
    const boxes: { w: number; h: number; chart: string }[] = await page.$$eval('figure.chart', (figs: Dom[]) =>
      figs.map((fig) => {
        const r = fig.querySelector('svg')!.getBoundingClientRect();
        return { w: r.width, h: r.height, chart: fig.dataset.chart };
      }),
    );
    expect(boxes.length).toBeGreaterThanOrEqual(10);
    for (const b of boxes) {
      expect(b.w, b.chart).toBeGreaterThan(0);
      expect(b.h, b.chart).toBeGreaterThan(0);
    }
    const cells: { game: string; variant: string; path: string; value: string }[] = await page.$$eval(
      'section.game td[data-path]',
      (tds: Dom[]) =>
        tds.map((td) => ({
          game: td.closest('section')!.getAttribute('data-game')!,
          variant: td.closest('section')!.getAttribute('data-variant')!,
          path: td.getAttribute('data-path')!,
          value: td.getAttribute('data-value')!,
        })),
    );
    expect(cells.length).toBeGreaterThan(100);
    for (const c of cells)
      expect(JSON.parse(c.value), `${c.game} ${c.path}`).toEqual(
        at(c.variant === 'default' ? summaries[c.game] : variantSummary, c.path) ?? null,
      );
    await page.screenshot({ path: join(ARTIFACTS, 'report.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  /** The replay page after one step forward: the cards shown on `ids`, top card last. */
  async function stepOnce(game: string) {
    const { page, errors } = await open(f(`replay-${game}.html`));
    const topCards = (): Promise<Record<string, string | null>> =>
      page.$$eval('[data-pile]', (els: Dom[]) =>
        Object.fromEntries(
          els.map((el) => {
            const cards = el.querySelectorAll('.card');
            return [
              el.getAttribute('data-pile'),
              cards.length ? cards[cards.length - 1].getAttribute('data-card') : null,
            ];
          }),
        ),
      );
    await page.waitForSelector('body[data-ready="true"][data-step="0"]');
    const before = await topCards();
    await page.click('#next');
    await page.waitForSelector('body[data-step="1"]');
    const current = await page.textContent('#movelist li.current');
    const tops = await topCards();
    expect(tops, 'the step changed what is shown').not.toEqual(before);
    const marked: number = await page.$$eval('.card.moved', (els: Dom[]) => els.length);
    return { page, errors, current, tops, marked };
  }

  it("Besieged City replay: one step forward shows the engine's position after move 1", async () => {
    const { deal, moves } = readSolution(
      besiegedCity,
      JSON.parse(readFileSync(replays['besieged-city'], 'utf8')),
      'sol',
    );
    const pos = besiegedCity.position(deal);
    const m = besiegedCity.parseMove(pos, moves[0]);
    if (!m.ok) throw new Error(m.reason);
    pos.make(m.move);
    const { page, errors, current, tops, marked } = await stepOnce('besieged-city');
    expect(current).toBe(moves[0]);
    expect(marked).toBeGreaterThan(0);
    for (let t = 0; t < TRENCH_NAMES.length; t++)
      expect(tops[TRENCH_NAMES[t]], TRENCH_NAMES[t]).toBe(pos.top(t) < 0 ? null : formatCard(pos.top(t)));
    expect(tops.talon).toBe(pos.talonTop() < 0 ? null : formatCard(pos.talonTop()));
    // Back, then the arrow key forward: the same position again.
    await page.click('#prev');
    await page.waitForSelector('body[data-step="0"]');
    await page.keyboard.press('ArrowRight');
    await page.waitForSelector('body[data-step="1"]');
    expect(await page.textContent('#movelist li.current')).toBe(moves[0]);
    // The slider goes anywhere; End goes to the end; play and pause toggle.
    await page.locator('#slider').fill('5');
    await page.waitForSelector('body[data-step="5"]');
    expect(await page.textContent('#movelist li.current')).toBe(moves[4]);
    await page.keyboard.press('End');
    await page.waitForSelector(`body[data-step="${moves.length}"]`);
    await page.keyboard.press('Home');
    await page.waitForSelector('body[data-step="0"]');
    await page.click('#play');
    await page.waitForSelector('body[data-playing="true"]');
    await page.click('#play');
    await page.waitForSelector('body[data-playing="false"]');
    await page.screenshot({ path: join(ARTIFACTS, 'replay-besieged-city.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it("Parterre replay: one step forward shows the engine's piles after move 1", async () => {
    const { deal, moves } = readSolution(parterre, JSON.parse(readFileSync(replays.parterre, 'utf8')), 'sol');
    const pos = parterre.position(deal);
    const m = parterre.parseMove(pos, moves[0]);
    if (!m.ok) throw new Error(m.reason);
    pos.make(m.move);
    const { page, errors, current, tops } = await stepOnce('parterre');
    expect(current).toBe(moves[0]);
    for (let p = 0; p < 6; p++) expect(tops[`p${p}`], `p${p}`).toBe(pos.top(p) < 0 ? null : formatCard(pos.top(p)));
    expect([0, 1, 2, 3].map((s) => tops[`F${s}`] !== null)).toEqual([0, 1, 2, 3].map((s) => pos.found[s] > 0));
    await page.screenshot({ path: join(ARTIFACTS, 'replay-parterre.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it("Pilstymas replay: one step forward shows the engine's tableau after move 1", async () => {
    const rec = recordFromJson(JSON.parse(readFileSync(replays.pilstymas, 'utf8')), 'record');
    const pos = PilPosition.fromDeal(rec.deal, rec.rule);
    const m = pilParse(pos, rec.moves[0].move);
    if (!m.ok) throw new Error(m.reason);
    pos.make(m.move);
    const { page, errors, current, tops } = await stepOnce('pilstymas');
    expect(current).toBe(`${'AB'[rec.moves[0].player]}${rec.moves[0].move}`);
    for (let k = 0; k < 8; k++) {
      const id = pos.top(TAB + k);
      expect(tops[PILE_NAMES[k]], PILE_NAMES[k]).toBe(
        id < 0 || pos.len[TAB + k] === 0 ? null : formatCard(plainCard(id)) + (id >= 52 ? "'" : ''),
      );
    }
    await page.screenshot({ path: join(ARTIFACTS, 'replay-pilstymas.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a replay page of a deal whose seed is "<!--<script>": its script runs and draws the board', async () => {
    // The page's data is JSON inside a <script> element (scriptJson escapes every "<"; the
    // escaping itself is checked in test/cli/hostile-input.test.ts).
    const sol = JSON.parse(readFileSync(replays.parterre, 'utf8'));
    sol.deal.seed = '<!--<script>';
    writeFileSync(f('seed-sol.json'), JSON.stringify(sol));
    await ok('replay', '--solution', f('seed-sol.json'), '--out', f('seed-replay.html'));
    const { page, errors } = await open(f('seed-replay.html'));
    await page.waitForSelector('body[data-ready="true"]');
    expect(await page.textContent('h1')).toBe('Parterre, deal <!--<script>');
    expect(await page.$$eval('.card', (els: unknown[]) => els.length)).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
