import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { dfs } from '../../src/search/dfs.js';
import { solve } from '../../src/search/solve.js';
import { StateTable } from '../../src/search/table.js';
import { Graph } from './graph-game.js';

// The replacement policy for a full table (StateTable.evictLowest, dfs's whenFull 'evict'):
// forgetting states may cost a search time, never a verdict.

describe('table: evictLowest', () => {
  it('keeps about the given share, the states of largest value, each with its value, across chunks', () => {
    const rng = seedrandom('evict');
    const t = new StateTable(256 << 20);
    const n = 150_000;
    const keys: Uint32Array[] = [];
    const value = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const k = new Uint32Array(1 + Math.floor(rng() * 12)); // 1..12 words: ~1M words, 16 chunks
      k[0] = i;
      for (let j = 1; j < k.length; j++) k[j] = Math.floor(rng() * 2 ** 32);
      keys.push(k);
      const slot = t.insert(k, k.length);
      expect(t.found).toBe(false);
      value[i] = Math.floor(rng() * 1_000_000) - 500_000;
      t.values[slot] = value[i];
    }
    for (const share of [0.5, 0.25]) {
      const before = t.size;
      const dropped = t.evictLowest(share);
      expect(t.size).toBe(before - dropped);
      expect(t.size / before).toBeGreaterThan(share - 0.02);
      expect(t.size / before).toBeLessThan(share + 0.02);
      // Kept: exactly the states above some threshold, with their values.
      let minKept = Infinity,
        maxDropped = -Infinity,
        present = 0;
      for (let i = 0; i < n; i++) {
        const v = t.get(keys[i], keys[i].length);
        if (v === -1) {
          maxDropped = Math.max(maxDropped, value[i]);
          value[i] = -1e9; // gone: stays gone in the next round
        } else {
          present++;
          expect(v).toBe(value[i]);
          minKept = Math.min(minKept, v);
        }
      }
      expect(present).toBe(t.size);
      expect(maxDropped).toBeLessThan(minKept);
    }
    // The table goes on working: new keys are new, old kept ones are found.
    const k = new Uint32Array([n + 1, 7, 7]);
    t.insert(k, 3);
    expect(t.found).toBe(false);
    t.insert(k, 3);
    expect(t.found).toBe(true);
  });

  it('makes room in a table that reports FULL', () => {
    const t = new StateTable(1 << 20);
    const key = new Uint32Array(8);
    let i = 0;
    for (; ; i++) {
      key[0] = i;
      const slot = t.insert(key, 8);
      if (slot < 0) break;
      t.values[slot] = i;
    }
    expect(t.evictLowest(0.5)).toBeGreaterThan(i / 3);
    key[0] = i;
    expect(t.insert(key, 8)).toBeGreaterThanOrEqual(0);
    key[0] = i - 1; // the newest of the old ones, kept
    expect(t.get(key, 8)).toBe(i - 1);
    key[0] = 0;
    expect(t.get(key, 8)).toBe(-1);
  });

  it('after clear(), which empties the slots by their tags alone, finds, grows and evicts only what came since', () => {
    // A table cleared without shrinking keeps its old hashes and offsets in the emptied slots;
    // only the tags say what is stored. Refilled with other keys (half of them old), through a
    // growth and an eviction, it must still answer exactly.
    const rng = seedrandom('clear');
    const t = new StateTable(64 << 20, 1 << 12);
    const mk = (id: number) => {
      const k = new Uint32Array(1 + (id % 7));
      k[0] = id;
      for (let j = 1; j < k.length; j++) k[j] = (id * 2654435761 + j) >>> 0;
      return k;
    };
    for (let id = 0; id < 1500; id++) t.insert(mk(id), 1 + (id % 7));
    t.clear();
    expect(t.size).toBe(0);
    const value = new Map<number, number>();
    for (let i = 0; i < 6000; i++) {
      const id = i % 2 === 0 ? i / 2 : 10_000 + i; // ids 0..2999 (old 0..1499 among them) and new ones
      const k = mk(id);
      const slot = t.insert(k, k.length);
      expect(t.found).toBe(false);
      value.set(id, Math.floor(rng() * 1000));
      t.values[slot] = value.get(id)!;
    }
    for (const id of [3000, 5000, 10_002]) expect(t.get(mk(id), mk(id).length)).toBe(-1);
    const dropped = t.evictLowest(0.5);
    expect(t.size).toBe(6000 - dropped);
    let present = 0;
    for (const [id, v] of value) {
      const got = t.get(mk(id), mk(id).length);
      if (got !== -1) {
        present++;
        expect(got).toBe(v);
      }
    }
    expect(present).toBe(t.size);
  });
});

describe('dfs: a full table with eviction', () => {
  it('decides as the unbounded search does, on graphs larger than the table', () => {
    let lost = 0,
      won = 0,
      evictedRuns = 0,
      searchedAgain = 0;
    for (let g = 0; g < 10; g++) {
      // 16,000 states, ~12,000 reachable; the smallest table holds 8,192.
      const game = new Graph(20, 800, `graph ${g}`);
      const seen = game.reachable();
      const first = game.succ[0][0],
        last = game.succ[0][2];
      if (g % 2 === 0) {
        // A live goal that cannot be reached: the search must exhaust all it can reach.
        for (let s = game.succ.length - 1; s > 0 && game.goal < 0; s--) if (!game.deadAt[s] && !seen[s]) game.goal = s;
      } else if (!game.deadAt[last] && last !== first && last !== (first ^ 1)) {
        // The root's last move wins, so the search first exhausts what its first move reaches.
        game.goal = last;
      }
      const big = dfs(game, {}, new StateTable(64 << 20));
      const r = dfs(game, {}, new StateTable(512 << 10));
      const truth = game.goal >= 0 && seen[game.goal] ? 'solved' : 'unsolvable';
      expect(big.outcome, `graph ${g}`).toBe(truth);
      expect(big.stats.evicted).toBeUndefined();
      expect(r.outcome, `graph ${g}`).toBe(truth);
      if (r.outcome === 'solved') {
        won++;
        let at = 0;
        for (const m of r.moves) {
          expect(game.succ[at]).toContain(m);
          expect(game.deadAt[at]).toBe(0);
          at = m;
        }
        expect(at).toBe(game.goal);
      } else lost++;
      if ((r.stats.evicted ?? 0) > 0) evictedRuns++;
      if (r.stats.nodes > big.stats.nodes) searchedAgain++;
      expect(game.at).toBe(0); // the search leaves the root as it found it
    }
    expect(lost).toBeGreaterThanOrEqual(5);
    expect(won).toBeGreaterThanOrEqual(2);
    expect(evictedRuns).toBeGreaterThanOrEqual(7);
    expect(searchedAgain).toBeGreaterThanOrEqual(1); // what was forgotten was met again
  });

  it('stops at a full table with unknown (memory) when told to', () => {
    const game = new Graph(20, 800, 'graph 0');
    const r = solve(game, { algorithm: 'dfs', memoryBytes: 512 << 10, whenFull: 'stop' });
    expect(r.outcome === 'unknown' && r.limit).toBe('memory');
    expect(r.stats.evicted).toBeUndefined();
  });
});
