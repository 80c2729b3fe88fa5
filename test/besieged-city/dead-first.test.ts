import { describe, expect, it } from 'vitest';
import { dealFromSeed } from '../../src/games/besieged-city/deal.js';
import { BcSearch } from '../../src/games/besieged-city/search.js';
import { setupPosition } from './setup.js';
import { solve } from '../../src/search/solve.js';
import { makeEndgame } from '../search/make-endgames.js';
import { BcMoveByMove, playsToWin } from './helpers.js';

// BcExtras.deadFirst: its plain depth-first search asks dead() before the table, so dead positions
// are never stored. Against the same search with the table first, on generated endgames: the
// same verdicts whenever both finish, lines that replay, and fewer positions stored.

/** The game with the table first (deadFirst off), for the comparison. */
const tableFirst = (g: BcSearch) => {
  Object.defineProperty(g.extras, 'deadFirst', { value: false });
  return g;
};

describe('Besieged City: dead before stored', () => {
  it('is on for plain DFS and off with plateaus', () => {
    const g = new BcMoveByMove(dealFromSeed('1'));
    g.extras.beginSearch({ guided: false, macros: true });
    expect(g.extras.deadFirst).toBe(true);
    const p = new BcSearch(dealFromSeed('1'));
    p.extras.beginSearch({ guided: false, macros: true });
    expect(p.extras.deadFirst).toBe(false);
  });

  it('decides generated endgames as the table-first search does, storing fewer positions', () => {
    const tally = { solved: 0, unsolvable: 0, fewer: 0 };
    for (let seed = 1; seed <= 60; seed++) {
      const spec = makeEndgame(seed);
      let a, b;
      try {
        a = setupPosition(spec, BcMoveByMove);
        b = tableFirst(setupPosition(spec, BcMoveByMove));
      } catch {
        continue; // the generator's rare malformed problem (a card it ran out of)
      }
      const first = solve(a, { algorithm: 'dfs', maxNodes: 30_000 });
      const table = solve(b, { algorithm: 'dfs', maxNodes: 30_000 });
      expect(a.pos.ply, `seed ${seed}: position restored`).toBe(0);
      if (first.outcome === 'solved') expect(playsToWin(spec, first.moves), `seed ${seed}`).toBe(true);
      if (first.outcome === 'unknown' || table.outcome === 'unknown') continue;
      expect(first.outcome, `seed ${seed}`).toBe(table.outcome);
      tally[first.outcome]++;
      if (first.outcome === 'unsolvable') {
        // Both exhausted: dead-first stored the live positions only.
        expect(first.stats.unique, `seed ${seed}`).toBeLessThanOrEqual(table.stats.unique);
        if (first.stats.unique < table.stats.unique) tally.fewer++;
      }
    }
    expect(tally.solved).toBeGreaterThan(10);
    expect(tally.unsolvable).toBeGreaterThan(10);
    expect(tally.fewer).toBeGreaterThan(5);
  });
});
