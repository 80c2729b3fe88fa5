import { describe, expect, it } from 'vitest';
import { dfs } from '../../src/search/dfs.js';
import { StateTable } from '../../src/search/table.js';
import { Graph } from './graph-game.js';

// DeadTestCalls.deadFirst: the depth-first search asks dead() before the table, so dead positions
// are never stored. Either order must give the same verdict; with a proof that sees every dead
// position the two searches enter the same positions, and the table holds only the live ones.

/** Graph g with its goal: for even g a live state no search can reach (the search must exhaust),
 *  for odd g the root's last move (found after the first moves' subtrees are exhausted). */
function graph(g: number): { game: Graph; truth: 'solved' | 'unsolvable'; live: number; reached: number } {
  const game = new Graph(20, 800, `dead-first ${g}`, true);
  const seen = game.reachable();
  const last = game.succ[0][game.succ[0].length - 1];
  if (g % 2 === 0) {
    for (let s = game.succ.length - 1; s > 0 && game.goal < 0; s--) if (!game.deadAt[s] && !seen[s]) game.goal = s;
  } else if (!game.deadAt[last]) game.goal = last;
  let live = 0,
    reached = 0;
  for (let s = 0; s < seen.length; s++) if (seen[s]) reached++, game.deadAt[s] || live++;
  return { game, truth: game.goal >= 0 && seen[game.goal] ? 'solved' : 'unsolvable', live, reached };
}

function checkLine(game: Graph, moves: readonly number[]): void {
  let at = 0;
  for (const m of moves) {
    expect(game.succ[at]).toContain(m);
    expect(game.deadAt[at]).toBe(0);
    at = m;
  }
  expect(at).toBe(game.goal);
}

describe('dfs: dead() before the table', () => {
  it('decides as the table-first search does, node for node, storing only live positions', () => {
    let lost = 0,
      won = 0;
    for (let g = 0; g < 10; g++) {
      const { game, truth, live, reached } = graph(g);
      const plain = dfs(game, {}, new StateTable(64 << 20));
      game.extras.deadFirst = true;
      const first = dfs(game, {}, new StateTable(64 << 20));
      expect(plain.outcome, `graph ${g}`).toBe(truth);
      expect(first.outcome, `graph ${g}`).toBe(truth);
      expect(first.stats.nodes, `graph ${g}`).toBe(plain.stats.nodes);
      if (first.outcome === 'solved' && plain.outcome === 'solved') {
        won++;
        expect(first.moves).toEqual(plain.moves);
        checkLine(game, first.moves);
      } else {
        lost++;
        // Exhausted: the table-first search stored every reachable position, dead ones too.
        expect(plain.stats.unique, `graph ${g}`).toBe(reached);
        expect(first.stats.unique, `graph ${g}`).toBe(live);
      }
      expect(game.at).toBe(0);
    }
    expect(lost).toBeGreaterThanOrEqual(5);
    expect(won).toBeGreaterThanOrEqual(2);
  });

  it('with a proof that misses dead positions on some paths, and a table too small, still decides right', () => {
    let missed = 0;
    for (let g = 0; g < 10; g++) {
      const { game, truth, live, reached } = graph(g);
      game.extras.deadFirst = true;
      game.missProofs = true;
      const r = dfs(game, {}, new StateTable(64 << 20));
      expect(r.outcome, `graph ${g}`).toBe(truth);
      if (r.outcome === 'solved') checkLine(game, r.moves);
      else {
        // The dead positions the proof missed were stored like live ones.
        expect(r.stats.unique).toBeGreaterThan(live);
        expect(r.stats.unique).toBeLessThanOrEqual(reached);
        missed++;
      }
      // Too small for the graph's positions (about 8,000 fit; a table held to 256 KiB holds half
      // as many, and its search forgets and searches again for millions of nodes).
      const small = dfs(game, {}, new StateTable(512 << 10));
      expect(small.outcome, `graph ${g}`).toBe(truth);
      expect(small.stats.evicted ?? 0, `graph ${g}`).toBeGreaterThan(0);
      if (small.outcome === 'solved') checkLine(game, small.moves);
      expect(game.at).toBe(0);
    }
    expect(missed).toBeGreaterThanOrEqual(5);
  });
});
