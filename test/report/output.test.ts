import { describe, expect, it } from 'vitest';
import { formatSummary, summarize } from '../../src/solitaire/solvability.js';
import { pct, pctDigits, pcts, wilson } from '../../src/batch/stats.js';
import { formatSummary as pilFormat, type Summary as PilSummary } from '../../src/games/pilstymas/summary.js';
import { formatSummary as zFormat, summarize as zSummarize } from '../../src/games/zioplys/summary.js';
import { solitaireSection } from '../../src/solitaire/report.js';
import { zioplysSection } from '../../src/games/zioplys/report.js';

// What the summaries, the report and the progress line print: percentages by one rule, charts
// that do not make a bound of 0.04% look wide, and columns that line up.

const solverRows = (n: number, unknown = 0) =>
  Array.from({ length: n }, (_, i) => ({
    game: 'besieged-city',
    seed: String(i + 1),
    outcome: i < unknown ? 'unknown' : 'solved',
    moves: '150',
    nodes: '1000',
    unique: '900',
    ms: '3',
    limit: i < unknown ? 'nodes' : '',
    source: 'solver',
    settings: 'auto max-nodes=1000 memory=1024MiB',
    error: '',
  }));

describe('percentages: one rule', () => {
  it('gives numbers shown together the decimals that keep each off 0% and 100%', () => {
    expect(pcts([1, wilson(10_000, 10_000).lo, 1])).toEqual(['100.00%', '99.96%', '100.00%']);
    expect(pcts([1, wilson(200, 200).lo, 1])).toEqual(['100.0%', '98.1%', '100.0%']);
    expect(pcts([0, 0, wilson(0, 10_000).hi])).toEqual(['0.00%', '0.00%', '0.04%']);
    expect(pctDigits([0.535, 0.514, 0.557])).toBe(1);
    expect(pct(0.99999)).toBe('99.999%');
    expect(pct(NaN)).toBe('–');
  });

  it('Wilson bounds of n of n and 0 of n are exactly 1 and 0 (no "100.0000%")', () => {
    for (const n of [1, 7, 200, 10_000]) {
      expect(wilson(n, n).hi).toBe(1);
      expect(wilson(0, n).lo).toBe(0);
    }
  });

  it('a 200-deal and a 10,000-deal summary print their line evenly', () => {
    expect(formatSummary(summarize(solverRows(200), 'Besieged City'))).toContain(
      'solvable: 100.0% proven; 95% interval 98.1% .. 100.0%',
    );
    expect(formatSummary(summarize(solverRows(10_000), 'Besieged City'))).toContain(
      'solvable: 100.00% proven; 95% interval 99.96% .. 100.00%',
    );
    expect(formatSummary(summarize(solverRows(10_000, 2), 'Besieged City'))).toContain(
      'solvable: 99.98% proven; 95% interval 99.93% .. 100.00%',
    );
  });

  it("the report's headline and outcome table say the same bound", async () => {
    const rows = solverRows(10_000);
    const s = summarize(rows, 'Besieged City');
    const { html } = await solitaireSection(rows, s);
    expect(html).toContain('<b>100.00%</b> proven; 95% interval 99.96% .. 100.00%');
    const cell = (path: string) => new RegExp(`data-path="${path}" data-value="[^"]*">([^<]*)<`).exec(html)?.[1];
    expect([cell('outcomes/0/share'), cell('outcomes/0/lo'), cell('outcomes/0/hi')]).toEqual([
      '100.00%',
      '99.96%',
      '100.00%',
    ]);
    expect([cell('solvable/proven'), cell('solvable/lo'), cell('solvable/hi')]).toEqual([
      '100.00%',
      '99.96%',
      '100.00%',
    ]);
    expect(cell('outcomes/1/hi')).toBe('0.04%');
  });
});

describe('Žioplys: games that never end', () => {
  const rows = Array.from({ length: 10_000 }, (_, i) => ({
    game: 'zioplys',
    item: `4/${i + 1}`,
    players: '4',
    seed: String(i + 1),
    strategies: 'rule',
    outcome: 'loser',
    loser: String(i % 4),
    outOrder: '',
    turns: String(100 + (i % 50)),
    centrePlays: '10',
    blunders: '0',
    cycleLength: '0',
    settings: '',
    error: '',
  }));

  it('0 of 10,000 is drawn on an axis of distinct ticks, labelled with its count', async () => {
    const sums = zSummarize(rows);
    expect(zFormat(sums)).toContain('cycles 0.00% [0.00%, 0.04%]');
    const { html } = await zioplysSection(rows, sums);
    const figure = html.split('data-chart="cycles"')[1].split('</figure>')[0];
    const ticks = [...figure.matchAll(/<text[^>]*>([^<]*%)<\/text>/g)].map((m) => m[1]).filter((t) => !t.includes('('));
    expect(ticks.length).toBeGreaterThan(2);
    expect(new Set(ticks).size).toBe(ticks.length);
    expect(ticks.at(-1)).toBe('10%');
    expect(figure).toContain('0.00% (0 of 10,000)');
  });
});

describe('Bradley–Terry lines', () => {
  it('line up whatever the names and signs', () => {
    const rating = (name: string, elo: number) => ({ name, elo, games: 40, score: 0.5, lo: elo - 120, hi: elo + 120 });
    const s: PilSummary = {
      games: 40,
      errors: 0,
      draws: { count: 0, share: 0, lo: 0, hi: 0.09 },
      reasons: { win: 40 },
      turns: { min: 1, p10: 1, p50: 1, p90: 1, max: 1, mean: 1 },
      pairs: [],
      ratings: [
        rating('greedy', 28),
        rating('loader', -28),
        rating('a-very-long-file-name', -1234),
        rating('planner', 1206),
      ],
    };
    const lines = pilFormat(s)
      .split('\n')
      .filter((l) => l.includes('95% ['));
    expect(lines).toHaveLength(4);
    const column = (re: RegExp) => new Set(lines.map((l) => re.exec(l)!.index + re.exec(l)![0].length));
    expect(column(/^ +\S+ +[+-]\d+/).size).toBe(1); // ratings end in one column
    expect(column(/95% \[[^\]]+\] +score/).size).toBe(1);
    expect(lines.find((l) => l.includes('greedy'))).toMatch(/greedy +\+28 /);
  });
});
