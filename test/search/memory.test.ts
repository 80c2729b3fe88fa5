import { describe, expect, it } from 'vitest';
import { dealFromSeed } from '../../src/games/besieged-city/deal.js';
import { BcSearch } from '../../src/games/besieged-city/search.js';
import { BC_POLICY } from '../../src/games/besieged-city/policy.js';
import { dfs } from '../../src/search/dfs.js';
import { solve } from '../../src/search/solve.js';
import { StateTable } from '../../src/search/table.js';
import type { SearchGame } from '../../src/search/types.js';

// --memory bounds the whole search, not only its table: the game's caches (Besieged City's suit
// puzzles and plateau memo) are sized from it, and the table and the depth-first stacks share
// the rest. (What the process takes beyond that, Node itself, is measured in the README.)

const MiB = 1 << 20;

describe('the memory budget covers the whole search', () => {
  it.each([
    ['dfs', 2 * MiB, '502'],
    ['dfs', 16 * MiB, '502'],
    ['dfs', 64 * MiB, '1786'],
    ['auto', 8 * MiB, '1786'],
  ] as const)('%s at %d bytes, seed %s: the table and the caches stay within it', (algorithm, budget, seed) => {
    const game = new BcSearch(dealFromSeed(seed));
    const table = new StateTable(budget);
    const r = solve(game, { algorithm, memoryBytes: budget, maxNodes: 150_000, policy: BC_POLICY, table });
    const held = game.cacheBytes; // (before memoryBudget(), which starts the caches afresh)
    const caches = game.extras.memoryBudget(budget);
    expect(held).toBeGreaterThan(0); // the puzzles and plateaus were used
    expect(held).toBeLessThanOrEqual(caches);
    expect(table.bytes + caches).toBeLessThanOrEqual(budget);
    expect(table.memoryBytes + caches).toBeLessThan(budget); // room left for the stacks
    if (r.outcome === 'unknown') expect(['nodes', 'memory']).toContain(r.limit);
  });

  it('the caches take a part of the budget that grows with it, a third at most', () => {
    const game = new BcSearch(dealFromSeed('1'));
    for (const budget of [MiB, 64 * MiB, 1024 * MiB, 8192 * MiB]) {
      const part = game.extras.memoryBudget(budget);
      expect(part).toBeGreaterThan(budget / 5);
      expect(part).toBeLessThan(budget / 3);
    }
  });

  it('the depth-first stacks count too: moves that do not fit the budget end in unknown (memory)', () => {
    // A game three moves from a win whose move lists may hold 4M moves: each ply's room on the
    // stack is 16 MiB, past a 4 MiB budget (the game writes one move a ply).
    let depth = 0;
    const wide: SearchGame = {
      maxMoves: 1 << 22,
      maxKeyWords: 1,
      moves: (out, offset) => ((out[offset] = 1), 1),
      make: () => void depth++,
      unmake: () => void depth--,
      key: (out) => ((out[0] = depth), 1),
      won: () => depth === 3,
      lowerBound: () => 3 - depth,
      formatMove: () => 'step',
    };
    const small = dfs(wide, { memoryBytes: 4 * MiB }, new StateTable(MiB));
    expect(small.outcome === 'unknown' && small.limit).toBe('memory');
    expect(depth).toBe(0); // the game is back at its root
    const large = dfs(wide, { memoryBytes: 256 * MiB }, new StateTable(MiB));
    expect(large.outcome).toBe('solved');
  });

  it('a small table starts small: it never holds more than its budget', () => {
    for (const budget of [4096, 64 << 10, MiB]) {
      const t = new StateTable(budget);
      expect(t.bytes).toBeLessThanOrEqual(budget);
      const key = new Uint32Array(8);
      for (let i = 0; ; i++) {
        key[0] = i;
        if (t.insert(key, 8) < 0) break;
      }
      expect(t.size).toBeGreaterThan(0);
      expect(t.bytes).toBeLessThanOrEqual(budget);
    }
  });
});
