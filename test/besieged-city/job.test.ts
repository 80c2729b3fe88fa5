import { describe, expect, it } from 'vitest';
import { job } from '../../src/games/besieged-city/job.js';
import { dealFromSeed } from '../../src/games/besieged-city/deal.js';
import { replay } from '../../src/games/besieged-city/replay.js';

// The batch row of a deal with strategies: a strategy's win is a certificate. With a solver
// budget too small to solve anything, every solved row must come from a strategy's replayed line.
// 100 nodes cannot solve a deal: a search node moves at most one card to a foundation, and all
// 104 must get there. (300 nodes used to be enough of a margin; with the last-ace rule the
// exhaustive pass wins seeds 1 and 5 in 242 and 279 nodes.)
describe('Besieged City batch job with strategies', () => {
  it('turns an undecided deal into solved by a strategy win, naming the source', () => {
    const config = {
      algorithm: 'auto' as const,
      maxNodes: 100,
      memoryBytes: 2 ** 26,
      settings: 'test',
      strategies: ['greedy', 'planner'],
    };
    expect(job.columns).toBeTypeOf('function');
    const columns = (job.columns as (c: typeof config) => readonly string[])(config);
    expect(columns).toEqual(expect.arrayContaining(['won_greedy', 'ms_greedy', 'won_planner', 'ms_planner', 'source']));
    let certificates = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const row = job.run(config, String(seed));
      const anyWin = row.won_greedy === true || row.won_planner === true;
      if (row.outcome === 'solved') {
        expect(anyWin).toBe(true); // 100 nodes never solve a deal: the proof is a strategy's
        expect(['greedy', 'planner']).toContain(row.source);
        expect(row[`won_${row.source}`]).toBe(true);
        const r = replay(dealFromSeed(String(seed)), String(row._line).split('\n'));
        expect(r.ok && r.won).toBe(true);
        expect(row.moves).toBe(String(row._line).split('\n').length);
        expect(row.limit).toBe('');
        certificates++;
      } else {
        expect(anyWin).toBe(false);
        expect(row.outcome).toBe('unknown');
      }
    }
    expect(certificates).toBeGreaterThan(0);
  });
});
