import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readCsvRows } from '../../src/batch/csv.js';
import { bradleyTerry, type PairStat } from '../../src/games/pilstymas/summary.js';
import { seedRanges } from '../../src/report/html.js';
import { run } from '../cli/run.js';
import { tempDir } from '../temp-dir.js';
import { at, ok, type ReportFixture, reportFixture, VARIANT } from './fixture.js';

// The report and replay pages: their numbers are the summary's (checked cell by cell against
// `summary --json`) and they load nothing from the network. The same pages in a real browser:
// browser.e2e.test.ts.

const dir = tempDir('patience-report-');
let fx: ReportFixture;
let summaries: Record<string, unknown>, variantSummary: Record<string, unknown>, report: string;
let replays: Record<string, string>;
const f = (name: string) => join(dir, name);

beforeAll(async () => {
  fx = await reportFixture(dir);
  ({ summaries, variantSummary, report, replays } = fx);
}, 240_000);

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
    expect(Object.keys(found).sort()).toEqual(Object.keys(fx.csvs).sort());
    for (const game of Object.keys(fx.csvs)) expect(found[game], game).toEqual(summaries[game]);
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
    const solver = readCsvRows(fx.variantCsvs[0]).rows;
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
