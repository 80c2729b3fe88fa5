import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCsvRows } from '../../src/batch/csv.js';
import { wilson } from '../../src/batch/stats.js';
import { BC_DIFFICULTY } from '../../src/games/besieged-city/difficulty.js';
import { dealFromSeed } from '../../src/games/parterre/deal.js';
import { parterre } from '../../src/games/parterre/kit.js';
import { PT_POLICY } from '../../src/games/parterre/policy.js';
import { PtSearch } from '../../src/games/parterre/search.js';
import { narrowness, narrowSummary, shortcut } from '../../src/search/narrow.js';
import { notate, solve } from '../../src/search/solve.js';
import { replayLine } from '../../src/solitaire/kit.js';
import { byDeal, summarizeDifficulty } from '../../src/solitaire/difficulty.js';
import { run } from '../cli/run.js';
import { tempDir } from '../temp-dir.js';

// How hard each deal is: the narrowness walk along a Parterre line, the no-peek win share of a
// Besieged City deal over its plays, and the commands that make and grade them. Every budget is
// in nodes, so each figure is the same on any machine.

const dir = tempDir('patience-difficulty-');

/** Parterre deal 3's solver line (1M nodes), from a fresh game. */
function ptLine(seed: string): { game: PtSearch; line: number[] } {
  const game = new PtSearch(dealFromSeed(seed));
  const r = solve(game, { maxNodes: 1_000_000, policy: PT_POLICY, memoryBytes: 64 << 20 });
  if (r.outcome !== 'solved') throw new Error(`deal ${seed} not solved`);
  return { game, line: r.moves };
}

describe('the narrowness of the way (Parterre)', () => {
  it('the shortened line is no longer and still replays as won', () => {
    const { game, line } = ptLine('4');
    const short = shortcut(game, line);
    expect(short.length).toBeLessThan(line.length); // deal 4's line has detours
    const r = replayLine(parterre, dealFromSeed('4'), notate(game, short));
    expect(r.ok && r.won).toBe(true);
  });

  it('each step counts its legal moves once, the line keeps a win at every step, and a larger budget only decides more', () => {
    const { game, line } = ptLine('3');
    const small = narrowness(game, line, { maxNodes: 500, policy: PT_POLICY });
    const large = narrowness(game, line, { maxNodes: 20_000, policy: PT_POLICY });
    expect(small.steps).toHaveLength(line.length);
    small.steps.forEach((s, i) => {
      const l = large.steps[i];
      expect(s.winnable + s.lost + s.unknown).toBe(s.legal);
      expect(s.winnable).toBeGreaterThanOrEqual(1);
      // A verdict is a proof (a line found, a search exhausted): more nodes never reverse one.
      expect(l.legal).toBe(s.legal);
      expect(l.winnable).toBeGreaterThanOrEqual(s.winnable);
      expect(l.lost).toBeGreaterThanOrEqual(s.lost);
    });
    const a = narrowSummary(small),
      b = narrowSummary(large);
    expect(a.meanLo).toBeLessThanOrEqual(a.meanHi);
    expect(b.meanLo).toBeGreaterThanOrEqual(a.meanLo);
    expect(b.meanHi).toBeLessThanOrEqual(a.meanHi);
    expect(b.unknownMoves).toBeLessThan(a.unknownMoves);
    // Reproducible: the same walk gives the same counts.
    expect(narrowness(game, line, { maxNodes: 500, policy: PT_POLICY })).toEqual(small);
  });
});

describe('the no-peek win share (Besieged City)', () => {
  const row = (seed: string, k: number, won: boolean | '', outcome = 'solved') => ({
    game: 'besieged-city',
    seed,
    outcome,
    moves: outcome === 'solved' ? '250' : '',
    source: outcome === 'solved' ? 'solver' : '',
    settings: 'auto strategies=sampler strategySeeds=4',
    strategy_seed: String(k),
    won_sampler: won === '' ? '' : String(won),
  });
  const plays = [
    ...[true, true, true, true].map((w, i) => row('1', i + 1, w)),
    ...[true, false, true, false].map((w, i) => row('2', i + 1, w)),
    ...[false, false, false, false].map((w, i) => row('3', i + 1, w)),
    ...[true, false, false, false].map((w, i) => row('4', i + 1, w)),
    row('5', 1, false, 'unsolvable'),
    row('6', 1, ''), // a play that did not happen: no measure for this deal
  ];
  const deals = byDeal(plays, (r) => r.seed);

  it('is the share of plays won, with its Wilson interval, graded by the stated thresholds', () => {
    const d = deals.map((g) => BC_DIFFICULTY.assess(g));
    expect(d.map((x) => x?.grade ?? null)).toEqual([
      'easy',
      'medium',
      'near-impossible without peeking',
      'hard',
      'unwinnable',
      null,
    ]);
    expect(d[1]!.value).toBe(0.5);
    expect(d[1]!.lo).toBeCloseTo(wilson(2, 4).lo, 10);
    expect(d[1]!.fields).toMatchObject({ plays: 4, wins: 2, moves: 250, player: 'sampler' });
    expect(d[4]!.value).toBeNull(); // an unwinnable deal has no win share to rank
  });

  it("is measured by hindsight's plays where a deal has them, the sampler's being weaker", () => {
    const both = [true, false, false, false].map((w, i) => ({
      ...row('7', i + 1, w),
      won_hindsight: String(!w),
    }));
    const d = BC_DIFFICULTY.assess(both)!;
    expect(d.fields).toMatchObject({ player: 'hindsight', plays: 4, wins: 3 });
    expect(d.value).toBe(0.75);
  });

  it('the summary lists the hardest winnable deals first and a histogram by tenths', () => {
    const s = summarizeDifficulty(BC_DIFFICULTY, deals)!;
    expect(s.deals).toBe(5);
    expect(s.measured).toBe(4);
    expect(s.hardest.map((d) => d.seed)).toEqual(['3', '4', '2', '1']);
    expect(s.histogram.map((b) => b.deals)).toEqual([1, 0, 1, 0, 0, 1, 0, 0, 0, 1]);
    expect(s.grades.find((g) => g.grade === 'unwinnable')!.deals).toBe(1);
  });
});

describe('the commands', () => {
  it('batch --strategy-seeds K plays each deal K times, one row each, resumes by play, and difficulty grades the deals', async () => {
    const out = join(dir, 'plays.csv');
    const args = ['batch', 'besieged-city', '--seeds', '1..2', '--strategies', 'greedy', '--strategy-seeds', '2'];
    const more = ['--max-nodes', '20000', '--timeout', 'none', '--workers', '1', '--out', out];
    const r = await run(...args, ...more);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/won +\d+\/4 plays of 2 deals/);
    const rows = readCsvRows(out).rows;
    // All deals' first plays first.
    expect(rows.map((x) => `${x.seed}#${x.strategy_seed}`)).toEqual(['1#1', '2#1', '1#2', '2#2']);
    expect(rows[0].settings).toMatch(/strategySeeds=2/);
    const again = await run(...args, ...more, '--resume');
    expect(again.out).toMatch(/rows: 0 written, 4 already there/);
    // The measure is the strongest no-peek player's (hindsight, or the sampler in older CSVs):
    // greedy's plays carry none.
    const none = await run('difficulty', out, '--out', join(dir, 'none.csv'));
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/--strategies hindsight --strategy-seeds K/);

    const plays = join(dir, 'sampler.csv');
    const s = await run(
      'batch',
      'besieged-city',
      '--seeds',
      '1,2',
      '--strategies',
      'sampler',
      '--strategy-seeds',
      '1',
      ...more.slice(0, -1),
      plays,
    );
    expect(s.code).toBe(0);
    const graded = join(dir, 'graded.csv');
    const g = await run('difficulty', plays, '--out', graded);
    expect(g.code).toBe(0);
    expect(g.out).toMatch(/difficulty \(no-peek win share/);
    const list = readCsvRows(graded).rows;
    expect(list.map((x) => [x.seed, x.plays])).toEqual([
      ['1', '1'],
      ['2', '1'],
    ]);
    expect(list.every((x) => x.grade === (x.wins === '1' ? 'easy' : 'near-impossible without peeking'))).toBe(true);
    expect((await run('summary', plays, '--json')).out).toMatch(/"hardest"/);
    // The report draws the histogram and lists the hardest deals.
    const html = join(dir, 'r.html');
    expect((await run('report', plays, '--out', html)).code).toBe(0);
    expect(readFileSync(html, 'utf8')).toMatch(/The hardest winnable deals/);
  });

  it('batch parterre --narrowness gives the same rows twice', async () => {
    const csv = async (name: string) => {
      const out = join(dir, name);
      const r = await run(
        'batch',
        'parterre',
        '--seeds',
        '3,8',
        '--max-nodes',
        '200000',
        '--timeout',
        'none',
        '--narrowness',
        '500',
        '--workers',
        '1',
        '--out',
        out,
      );
      expect(r.code).toBe(0);
      return readCsvRows(out)
        .rows.map(({ ms, probe_ms, ...rest }) => rest)
        .sort((x, y) => Number(x.seed) - Number(y.seed));
    };
    const a = await csv('n1.csv');
    expect(a.map((x) => [x.seed, x.outcome])).toEqual([
      ['3', 'solved'],
      ['8', 'unsolvable'],
    ]);
    expect(Number(a[0].share_mean)).toBeGreaterThan(0);
    expect(a[1].share_mean).toBe('');
    expect(await csv('n2.csv')).toEqual(a);
  });

  it("batch besieged-city --shortest N: A*'s shortest line where it finishes within N nodes", async () => {
    const out = join(dir, 'short.csv');
    const deal = join(import.meta.dirname, '../../data/besieged-city/easy-deal.json');
    const args = ['batch', '--deal', deal, '--max-nodes', '100000', '--timeout', 'none', '--workers', '1'];
    expect((await run(...args, '--shortest', '100000', '--out', out)).code).toBe(0);
    const [row] = readCsvRows(out).rows;
    expect(Number(row.shortest)).toBe(116);
    expect(Number(row.shortest)).toBeLessThanOrEqual(Number(row.moves));
    // Too small a budget leaves it blank: undecided, not a length.
    const small = join(dir, 'short-small.csv');
    expect((await run(...args, '--shortest', '1000', '--out', small)).code).toBe(0);
    expect(readCsvRows(small).rows[0].shortest).toBe('');
  });

  it('bad input is one line and exit 2', async () => {
    const plain = join(dir, 'plain.csv');
    expect((await run('batch', 'parterre', '--seeds', '3', '--max-nodes', '20000', '--out', plain)).code).toBe(0);
    const r = await run('difficulty', plain, '--out', join(dir, 'x.csv'));
    expect(r.code).toBe(2);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toMatch(/--narrowness N/);
    const k0 = await run(
      'batch',
      'besieged-city',
      '--strategies',
      'greedy',
      '--strategy-seeds',
      '0',
      '--out',
      join(dir, 'k.csv'),
    );
    expect(k0.code).toBe(2);
    expect(k0.err).toMatch(/--strategy-seeds/);
    const both = await run(
      'batch',
      'besieged-city',
      '--strategies',
      'greedy',
      '--strategy-seeds',
      '2',
      '--strategy-seed',
      '5',
      '--out',
      join(dir, 'k.csv'),
    );
    expect(both.code).toBe(2);
    expect(both.err).toMatch(/not both/);
    const alone = await run('batch', 'besieged-city', '--strategy-seeds', '2', '--out', join(dir, 'k.csv'));
    expect(alone.code).toBe(2);
    expect(alone.err).toMatch(/name the strategies/);
  });
});
