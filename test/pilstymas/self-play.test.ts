import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCsvRows } from '../../src/batch/csv.js';
import { playerNames, parseItem, strategyOfPlayer } from '../../src/games/pilstymas/job.js';
import { run } from '../cli/run.js';
import { tempDir } from '../temp-dir.js';

// A strategy against itself (draws, the first player's advantage, a bot's mirror): listed twice,
// it plays as two players named apart, in the CSV, the pairings and the ratings.

const dir = tempDir('patience-self-play-');

describe('a strategy in both seats', () => {
  it('is two players, numbered each time the strategy is listed', () => {
    expect(playerNames(['planner', 'planner'])).toEqual(['planner#1', 'planner#2']);
    expect(playerNames(['greedy', 'planner', 'greedy'])).toEqual(['greedy#1', 'planner', 'greedy#2']);
    expect(playerNames(['random', 'greedy'])).toEqual(['random', 'greedy']);
    expect(strategyOfPlayer('planner#2')).toBe('planner');
    expect(strategyOfPlayer('unloader')).toBe('unloader');
    expect(parseItem('planner#1:planner#2:7')).toEqual({ a: 'planner#1', b: 'planner#2', seed: '7' });
  });

  it('plays a tournament: rows, pairing and ratings name the two seats apart', async () => {
    const out = join(dir, 'self.csv');
    const r = await run(
      'tournament',
      'pilstymas',
      '--players',
      'planner,planner',
      '--seeds',
      '1..3',
      '--workers',
      '1',
      '--out',
      out,
    );
    expect(r.code).toBe(0);
    const rows = readCsvRows(out).rows;
    expect(rows).toHaveLength(6); // 3 seeds, both seat orders
    expect(new Set(rows.map((x) => `${x.seatA}:${x.seatB}`))).toEqual(
      new Set(['planner#1:planner#2', 'planner#2:planner#1']),
    );
    for (const x of rows.filter((x) => x.outcome === 'win'))
      expect(['planner#1', 'planner#2']).toContain(x.winnerStrategy);
    expect(r.out).toMatch(/^planner#1 vs planner#2 +6 /m);
    expect(r.out).toMatch(/^ {2}planner#1 +[+-]\d+ /m);
    expect(r.out).toMatch(/^ {2}planner#2 +[+-]\d+ /m);
    // The deals are mirrored and planner plays each seat the same way: each of the two wins
    // exactly the games the other loses in the swapped seats.
    const wins = (p: string) => rows.filter((x) => x.winnerStrategy === p).length;
    expect(wins('planner#1')).toBe(wins('planner#2'));
    // The file passes the summary's row checks (the seat names included).
    const sum = await run('summary', out);
    expect(sum.err).toBe('');
    expect(sum.code).toBe(0);
    expect(sum.out).toMatch(/planner#1 vs planner#2/);
  });

  it('works for a strategy file too, against itself beside a built-in', async () => {
    const out = join(dir, 'files.csv');
    const file = 'examples/strategies/pilstymas.mjs';
    const r = await run(
      'tournament',
      'pilstymas',
      '--players',
      `${file},greedy,${file}`,
      '--seeds',
      '1',
      '--workers',
      '1',
      '--out',
      out,
    );
    expect(r.code).toBe(0);
    const names = new Set(readCsvRows(out).rows.flatMap((x) => [x.seatA, x.seatB]));
    expect([...names].sort()).toEqual(['greedy', 'unloader#1', 'unloader#2']);
  });
});
