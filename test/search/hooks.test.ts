import { describe, expect, it } from 'vitest';
import { type Algorithm, solve } from '../../src/search/solve.js';
import type { SearchExtras, SearchGame, SearchMode } from '../../src/search/types.js';
import { Graph } from './graph-game.js';

/** A graph game whose mode-dependent members, like a game whose memo is made for one search,
 *  may be read only between beginSearch() and the next memoryBudget() (which frees the memo):
 *  maxMoves, and its capability object's deadFirst and costlyNodes. */
class ModeGraph extends Graph {
  ready = false;
  modes: SearchMode[] = [];
  override readonly extras: SearchExtras & { deadFirst: boolean };
  constructor(seed: string) {
    super(12, 60, seed);
    this.goal = 11 * 60 + 7;
    const g = this;
    this.extras = {
      memoryBudget(): number {
        g.ready = false;
        return 0;
      },
      beginSearch(mode: SearchMode): void {
        g.ready = true;
        g.modes.push(mode);
      },
      get deadFirst() {
        return (g.check('deadFirst'), false);
      },
      get costlyNodes() {
        return (g.check('costlyNodes'), false);
      },
    };
  }
  check(member: string): void {
    if (!this.ready) throw new Error(`${member} read before beginSearch()`);
  }
}

/** The graph with maxMoves read through check() too. */
function modeGraph(seed: string): ModeGraph {
  const g = new ModeGraph(seed);
  Object.defineProperty(g, 'maxMoves', { get: () => (g.check('maxMoves'), 4) });
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
