import { describe, expect, it } from 'vitest';
import { type Algorithm, solve } from '../../src/search/solve.js';
import type { SearchGame, SearchMode } from '../../src/search/types.js';
import { Graph } from './graph-game.js';

/** A graph game whose mode-dependent members, like a game whose memo is made for one search,
 *  may be read only between beginSearch() and the next memoryBudget() (which frees the memo). */
class ModeGraph extends Graph {
  ready = false;
  modes: SearchMode[] = [];
  memoryBudget(): number {
    this.ready = false;
    return 0;
  }
  beginSearch(mode: SearchMode): void {
    this.ready = true;
    this.modes.push(mode);
  }
  check(member: string): void {
    if (!this.ready) throw new Error(`${member} read before beginSearch()`);
  }
}

/** The graph with maxMoves, deadFirst and costlyNodes read through check(). */
function modeGraph(seed: string): ModeGraph {
  const g = new ModeGraph(12, 60, seed);
  g.goal = 11 * 60 + 7;
  Object.defineProperty(g, 'maxMoves', { get: () => (g.check('maxMoves'), 4) });
  Object.defineProperty(g, 'deadFirst', { get: () => (g.check('deadFirst'), false) });
  Object.defineProperty(g, 'costlyNodes', { get: () => (g.check('costlyNodes'), false) });
  return g;
}

describe('search: the game hooks in order', () => {
  it('every search calls beginSearch() before it reads a member that may depend on its mode', () => {
    const algorithms: Algorithm[] = ['dfs', 'astar', 'best-first', 'auto'];
    for (const first of algorithms)
      for (const second of algorithms) {
        const g: SearchGame & ModeGraph = modeGraph(`${first} ${second}`);
        for (const algorithm of [first, second]) {
          const r = solve(g, { algorithm, maxNodes: 5_000, memoryBytes: algorithm === first ? 16 << 20 : 8 << 20 });
          expect(r.outcome, `${first} then ${second}`).not.toBe('unknown');
        }
        expect(g.modes.length).toBeGreaterThanOrEqual(2);
      }
  });
});
