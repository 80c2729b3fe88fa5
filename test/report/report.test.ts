import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCsvRows } from '../../src/batch/csv.js';
import { formatCard } from '../../src/cards/card.js';
import { besiegedCity } from '../../src/games/besieged-city/kit.js';
import { TRENCH_NAMES } from '../../src/games/besieged-city/layout.js';
import { parterre } from '../../src/games/parterre/kit.js';
import { PILE_NAMES, parseMove as pilParse } from '../../src/games/pilstymas/notation.js';
import { PilPosition, TAB, plainCard } from '../../src/games/pilstymas/position.js';
import { recordFromJson } from '../../src/games/pilstymas/replay.js';
import { bradleyTerry, type PairStat } from '../../src/games/pilstymas/summary.js';
import { readSolution } from '../../src/solitaire/kit.js';
import { seedRanges } from '../../src/report/html.js';
import { run } from '../cli/run.js';
import { findChromium, INSTALL_HINT } from './browser.js';
import { tempDir } from '../temp-dir.js';

// The report and replay pages: their numbers are the summary's (checked cell by cell against
// `summary --json`), they load nothing from the network, and in a real browser they show
// without console errors, every chart has a size, and one step of a replay shows the rules
// engine's position after move 1. Screenshots go to test-artifacts/ (ignored by git).

const dir = tempDir('patience-report-');
const ARTIFACTS = resolve('test-artifacts');
const f = (name: string) => join(dir, name);

const CSVS = {
  'besieged-city': [f('bc-1.csv'), f('bc-2.csv')], // two shards of one run
  parterre: [f('pt.csv')],
  pilstymas: [f('t.csv')],
  zioplys: [f('z.csv')],
};
// Besieged City under another reading: a solver run and a strategies run of the same seeds,
// which the report merges into one variant section and compares with the default one.
const VARIANT = 'trench-order=ordinary';
const VARIANT_CSVS = [f('bc-v-solver.csv'), f('bc-v-greedy.csv')];
const ALL = [...Object.values(CSVS).flat(), ...VARIANT_CSVS];
const summaries: Record<string, unknown> = {};
let variantSummary: Record<string, unknown> = {};
let report = '';
const replays: Record<string, string> = {};

async function ok(...args: string[]): Promise<string> {
  const r = await run(...args);
  if (r.code !== 0) throw new Error(`patience ${args.join(' ')}: exit ${r.code}: ${r.err}`);
  return r.out;
}

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  for (const k of [1, 2])
    await ok(
      'batch',
      'besieged-city',
      '--seeds',
      '1..8',
      '--shard',
      `${k}/2`,
      '--max-nodes',
      '20000',
      '--strategies',
      'greedy',
      '--workers',
      '1',
      '--out',
      f(`bc-${k}.csv`),
    );
  await ok('batch', 'parterre', '--seeds', '1..8', '--max-nodes', '20000', '--workers', '1', '--out', f('pt.csv'));
  await ok(
    'tournament',
    'pilstymas',
    '--players',
    'random,greedy',
    '--games',
    '6',
    '--max-turns',
    '300',
    '--workers',
    '1',
    '--out',
    f('t.csv'),
    '--records',
    f('records'),
  );
  await ok('batch', 'zioplys', '--players', '2..4', '--seeds', '1..40', '--workers', '1', '--out', f('z.csv'));
  await ok(
    'batch',
    'besieged-city',
    '--seeds',
    '1..8',
    '--variant',
    VARIANT,
    '--max-nodes',
    '20000',
    '--workers',
    '1',
    '--out',
    VARIANT_CSVS[0],
  );
  await ok(
    'batch',
    'besieged-city',
    '--seeds',
    '1..8',
    '--variant',
    VARIANT,
    '--max-nodes',
    '1',
    '--strategies',
    'greedy',
    '--workers',
    '1',
    '--out',
    VARIANT_CSVS[1],
  );
  for (const [game, files] of Object.entries(CSVS))
    summaries[game] = JSON.parse(await ok('summary', ...files, '--json'));
  variantSummary = JSON.parse(await ok('summary', ...VARIANT_CSVS, '--json'));
  await ok('report', ...ALL, '--out', f('report.html'));
  report = readFileSync(f('report.html'), 'utf8');

  writeFileSync(f('bc-sol.json'), await ok('solve', 'besieged-city', '--seed', '1', '--max-nodes', '200000', '--json'));
  writeFileSync(f('pt-sol.json'), await ok('solve', 'parterre', '--seed', '12', '--max-nodes', '200000', '--json'));
  const record = readdirSync(f('records')).sort()[0];
  const sources = {
    'besieged-city': f('bc-sol.json'),
    parterre: f('pt-sol.json'),
    pilstymas: join(f('records'), record),
  };
  for (const [game, file] of Object.entries(sources)) {
    await ok('replay', '--solution', file, '--out', f(`replay-${game}.html`));
    replays[game] = file;
  }
}, 240_000);

/** The value at a "/"-joined path of the summary JSON. */
const at = (doc: unknown, path: string): unknown =>
  path.split('/').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], doc);

const unescapeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe('report page (HTML)', () => {
  it('embeds, for every game, exactly the object summary --json prints for its files', () => {
    const found: Record<string, unknown> = {};
    for (const m of report.matchAll(
      /<script type="application\/json" class="summary-json" data-game="([^"]+)" data-variant="default">(.*?)<\/script>/gs,
    ))
      found[m[1]] = JSON.parse(m[2]);
    expect(Object.keys(found).sort()).toEqual(Object.keys(CSVS).sort());
    for (const game of Object.keys(CSVS)) expect(found[game], game).toEqual(summaries[game]);
  });

  it('shows in its tables the summary --json numbers, each at its place', () => {
    const sections = report
      .split('<section class="game"')
      .slice(1)
      .map((sec) => sec.split('</section>')[0]);
    let cells = 0;
    for (const sec of sections) {
      const game = /data-game="([^"]+)"/.exec(sec)![1];
      const variant = /data-variant="([^"]+)"/.exec(sec)![1];
      const s = variant === 'default' ? summaries[game] : variantSummary;
      for (const m of sec.matchAll(/<td class="num" data-path="([^"]+)" data-value="([^"]*)">([^<]*)<\/td>/g)) {
        expect(JSON.parse(unescapeHtml(m[2])), `${game} ${m[1]}`).toEqual(at(s, unescapeHtml(m[1])) ?? null);
        cells++;
      }
    }
    expect(cells).toBeGreaterThan(100);
    // The shards merge: 8 deals, as in the summary of both files.
    expect((summaries['besieged-city'] as { deals: number }).deals).toBe(8);
  });

  it('keeps each rule variant apart, merges a solver and a strategies run of it, and compares the variants', () => {
    const v = variantSummary as {
      variant: string;
      deals: number;
      duplicates: number;
      strategies: { name: string; played: number }[];
    };
    expect(v.variant).toBe(VARIANT);
    expect((summaries['besieged-city'] as { variant: string }).variant).toBe('default');
    // 8 seeds, each in both files: one row per seed, with the solver's verdict and greedy's game.
    expect([v.deals, v.duplicates]).toEqual([8, 8]);
    expect(v.strategies.map((t) => [t.name, t.played])).toEqual([['greedy', 8]]);
    const solver = readCsvRows(VARIANT_CSVS[0]).rows;
    expect((variantSummary as { solved: number }).solved).toBe(solver.filter((r) => r.outcome === 'solved').length);
    const embedded =
      /<script type="application\/json" class="summary-json" data-game="besieged-city" data-variant="([^"]+)">(.*?)<\/script>/gs;
    expect([...report.matchAll(embedded)].map((m) => m[1])).toEqual(['default', VARIANT]);
    expect(JSON.parse([...report.matchAll(embedded)][1][2])).toEqual(variantSummary);
    // The comparison: one row per variant, each cell the number at its place in that variant's summary.
    const section = report.split('<section class="variants"')[1].split('</section>')[0];
    expect(section).toContain('data-chart="variants"');
    const rows = [...section.matchAll(/<tr><td>([^<]+)<\/td>(.*?)<\/tr>/g)];
    expect(rows.map((r) => r[1])).toEqual(['default', VARIANT]);
    let cells = 0;
    for (const m of section.matchAll(/data-path="([^":]+):([^"]+)" data-value="([^"]*)"/g)) {
      const doc = m[1] === 'default' ? summaries['besieged-city'] : variantSummary;
      expect(JSON.parse(unescapeHtml(m[3])), `${m[1]} ${m[2]}`).toEqual(at(doc, m[2]));
      cells++;
    }
    expect(cells).toBe(2 * 7); // per variant: deals, solved, low, high, unsolvable, unknown, greedy won
  });

  it('loads nothing: no script, stylesheet, font or image from anywhere', () => {
    expect(report).not.toMatch(/<script[^>]+src=|<link\b|@import|@font-face|<img\b|url\(\s*['"]?https?:/i);
    expect(report.match(/<figure class="chart"/g)?.length).toBeGreaterThanOrEqual(10);
    expect(report).toContain(
      'patience batch besieged-city --seeds 1..8 --algorithm auto --timeout 10000ms --max-nodes 20000 --memory 1024MiB --strategies greedy --strategy-seed 1',
    );
    // The settings column records the run: players, win rule and turn cap.
    expect(report).toContain(
      'patience tournament pilstymas --seeds 1..3 --players random,greedy --win cleared --max-turns 300',
    );
    for (const game of Object.keys(replays)) {
      const page = readFileSync(f(`replay-${game}.html`), 'utf8');
      expect(page).not.toMatch(/<script[^>]+src=|<link\b|@import|@font-face|<img\b|https?:\/\//i);
    }
  });

  it('replay says in one line, exit 2, when a file cannot be replayed', async () => {
    writeFileSync(f('z-deal.json'), await ok('deal', 'zioplys', '--seed', '1', '--json'));
    const r = await run('replay', '--solution', f('z-deal.json'), '--out', f('z.html'));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/replay is not available for zioplys/);
    const out = await run('replay', '--solution', replays.parterre, '--out', f('replay.txt'));
    expect(out.code).toBe(2);
    expect(out.err).toMatch(/--out: .* should name an \.html file/);
  });

  it('replay refuses an illegal line in one line, exit 2', async () => {
    const sol = JSON.parse(readFileSync(f('bc-sol.json'), 'utf8'));
    sol.moves[1] = 'KS N0>F';
    writeFileSync(f('bad.json'), JSON.stringify(sol));
    const r = await run('replay', '--solution', f('bad.json'), '--out', f('bad.html'));
    expect(r.code).toBe(2);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toMatch(/moves\[1\] "KS N0>F" is illegal/);
  });
});

describe('command lines', () => {
  it('write seeds as ranges: runs joined, pairs listed, other seeds kept', () => {
    expect(seedRanges(['9', '3', '1', '2', '5', '7', '8', 'x', '11', '12', '2'])).toBe('1..3,5,7..9,11,12,x');
  });
});

describe('Bradley–Terry intervals', () => {
  it('for two players, half the standard error of the log-odds, ±1.96', () => {
    const pair: PairStat = {
      a: 'x',
      b: 'y',
      games: 40,
      aWins: 30,
      bWins: 10,
      draws: 0,
      errors: 0,
      aRate: 0.75,
      lo: 0,
      hi: 1,
      drawRate: 0,
      meanTurns: 0,
    };
    const [x, y] = bradleyTerry(['x', 'y'], [pair]);
    // One virtual draw: 30.5 : 10.5 over 41 games, so p = 30.5/41 and Δθ = log(30.5/10.5).
    const p = 30.5 / 41,
      elo = 400 / Math.LN10;
    expect(x.elo - y.elo).toBeCloseTo(elo * Math.log(30.5 / 10.5), 6);
    const half = (1.959964 * elo * 0.5) / Math.sqrt(41 * p * (1 - p));
    expect(x.hi - x.elo).toBeCloseTo(half, 6);
    expect(x.elo - x.lo).toBeCloseTo(half, 6);
    expect(y.hi - y.elo).toBeCloseTo(half, 6);
  });
});

// ---- in a real browser ----

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
    const { chromium: pw } = await import('playwright-core');
    browser = await pw.launch({ executablePath: chromium, args: ['--no-sandbox'] });
  }, 60_000);
  afterAll(async () => browser?.close());

  it('has chromium', () => {
    expect(chromium, `chromium is missing: ${INSTALL_HINT}`).toBeTruthy();
  });

  /** Opens a page from disk, recording console errors and uncaught exceptions. */
  async function open(file: string) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
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
});
