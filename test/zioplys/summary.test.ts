import { describe, expect, it } from 'vitest';
import { formatSummary, percentile, summarize, wilson } from '../../src/games/zioplys/summary.js';
import { job } from '../../src/games/zioplys/job.js';

describe('summary', () => {
  it('Wilson interval matches the textbook values', () => {
    const w = wilson(5, 10);
    expect(w.low).toBeCloseTo(0.2366, 3);
    expect(w.high).toBeCloseTo(0.7634, 3);
    const z = wilson(0, 20);
    expect(z.low).toBe(0);
    expect(z.high).toBeCloseTo(0.1611, 3);
  });

  it('percentiles by nearest rank', () => {
    const v = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(percentile(v, 0.5)).toBe(5);
    expect(percentile(v, 0.9)).toBe(9);
    expect(percentile(v, 1)).toBe(10);
  });

  it('counts losers by seat and by strategy, cycles and errors, per player count (CSV strings or numbers)', () => {
    const rows = [
      { players: '2', strategies: 'rule,careless:0.1', outcome: 'loser', loser: '1', turns: '10' },
      { players: '2', strategies: 'rule,careless:0.1', outcome: 'loser', loser: '1', turns: '20' },
      { players: '2', strategies: 'rule,careless:0.1', outcome: 'loser', loser: '0', turns: '30' },
      { players: '2', strategies: 'rule,careless:0.1', outcome: 'cycle', loser: '', turns: '900' },
      { players: 3, strategies: 'spiteful', outcome: 'loser', loser: 2, turns: 5 },
      { players: 3, strategies: 'spiteful', outcome: '', loser: '', turns: '', error: 'boom' },
    ];
    const [two, three] = summarize(rows);
    expect(two.players).toBe(2);
    expect(two.games).toBe(4);
    expect(two.withLoser).toBe(3);
    expect(two.cycles.count).toBe(1);
    expect(two.loserBySeat.map((s) => s.count)).toEqual([1, 2]);
    expect(two.loserByStrategy['careless:0.1']).toMatchObject({ count: 2, of: 3 });
    expect(two.loserByStrategy.rule).toMatchObject({ count: 1, of: 3 });
    expect(two.turns).toMatchObject({ min: 10, p50: 20, max: 30, mean: 20 });
    expect(three).toMatchObject({ players: 3, games: 1, errors: 1, withLoser: 1 });
    expect(three.loserByStrategy.spiteful).toMatchObject({ count: 1, of: 3 });
    expect(formatSummary([two, three])).toMatch(/2 players: 4 games, 3 with a loser, cycles 25\.0%/);
  });

  it('summarises real job rows', () => {
    const rows = Array.from({ length: 200 }, (_, i) =>
      job.run({ players: 4, strategies: 'rule,careless:0.2,rule,rule' }, String(i + 1)),
    );
    const [s] = summarize(rows);
    expect(s.games).toBe(200);
    expect(s.loserBySeat.reduce((a, x) => a + x.count, 0)).toBe(s.withLoser);
    // the careless seat loses far more often than a rule seat
    expect(s.loserByStrategy['careless:0.2'].share).toBeGreaterThan(s.loserByStrategy.rule.share);
  });
});

describe('job items', () => {
  it('an item "P/seed" sets the player count; a bare seed uses the config', () => {
    const a = job.run({}, '3/17');
    const b = job.run({ players: 3 }, '17');
    expect(a).toMatchObject({ players: 3, seed: '17', item: '3/17' });
    expect({ ...b, item: '3/17' }).toEqual(a);
    expect(() => job.run({}, '9/17')).toThrow(/players must be an integer from 2 to 6/);
  });
});
