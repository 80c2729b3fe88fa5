import { describe, expect, it } from 'vitest';
import { setupPosition } from '../../src/games/besieged-city/setup.js';
import { solve } from '../../src/search/solve.js';
import { makeEndgame } from '../search/make-endgames.js';
import { playsToWin } from './helpers.js';

// The plateau search (plateau.ts: a set of trench arrangements joined by reversible moves is one
// node, left by macro moves) against plain depth-first search on the same small problems: both
// must agree whenever both finish, every line found must replay move by move as legal and won,
// and some problems must really have plateaus of several arrangements (else the test proves
// nothing).

describe('Besieged City plateau search', () => {
  it('agrees with plain DFS on generated endgames, and its lines replay', () => {
    const tally = { solved: 0, unsolvable: 0, bigPlateaus: 0 };
    for (let seed = 1; seed <= 60; seed++) {
      const spec = makeEndgame(seed);
      let plainGame;
      try {
        plainGame = setupPosition(spec);
      } catch {
        continue; // the generator's rare malformed problem (a card it ran out of)
      }
      plainGame.plateaus = false;
      const plain = solve(plainGame, { algorithm: 'dfs', maxNodes: 30_000 });
      const g = setupPosition(spec);
      const r = solve(g, { algorithm: 'dfs', maxNodes: 30_000 });
      expect(g.ply, `seed ${seed}: position restored`).toBe(0);
      if (r.outcome === 'solved') expect(playsToWin(spec, r.moves), `seed ${seed}`).toBe(true);
      if (plain.outcome === 'unknown' || r.outcome === 'unknown') continue;
      expect(r.outcome, `seed ${seed}`).toBe(plain.outcome);
      tally[r.outcome]++;
      const pl = (g as unknown as { plateau: { memberCount: number; plateauCount: number } }).plateau;
      if (pl.memberCount > pl.plateauCount) tally.bigPlateaus++;
    }
    expect(tally.solved).toBeGreaterThan(10);
    expect(tally.unsolvable).toBeGreaterThan(10);
    expect(tally.bigPlateaus).toBeGreaterThan(10);
  });
});

describe('plateau search under rule variants', () => {
  // plateau.ts is written for the default reading (its neighbour table, gaps filled at once):
  // under any other variant the exhaustive pass must go move by move.
  it('is on for the default reading only', async () => {
    const { BcGame } = await import('../../src/games/besieged-city/search.js');
    const { dealFromSeed, withVariant } = await import('../../src/games/besieged-city/deal.js');
    const on = new BcGame(dealFromSeed('3'));
    on.beginSearch(false, true);
    expect(on.costlyNodes).toBe(true);
    for (const v of ['trench-order=ordinary', 'trench-order=directional', 'trench-order=play-order', 'trench-fill=deferred', 'stock-to-foundation=no']) {
      const g = new BcGame(withVariant(dealFromSeed('3'), v, 'test'));
      g.beginSearch(false, true);
      expect(g.costlyNodes, v).toBe(false);
    }
  });
});
