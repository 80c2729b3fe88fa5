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
