import { describe, expect, it } from 'vitest';
import { dealFromSeed } from '../../src/games/besieged-city/deal.js';
import { replay } from '../../src/games/besieged-city/replay.js';
import { BcSearch } from '../../src/games/besieged-city/search.js';
import { BC_POLICY } from '../../src/games/besieged-city/policy.js';
import { solve } from '../../src/search/solve.js';
import { FULL, StateTable } from '../../src/search/table.js';
import type { SearchGame } from '../../src/search/types.js';

describe('search: seeded deals', () => {
  it('auto solves most of seeds 1..12, and every solution replays as won', () => {
    let solved = 0;
    for (let s = 1; s <= 12; s++) {
      const deal = dealFromSeed(String(s));
      const g = new BcSearch(deal);
      const r = solve(g, { maxNodes: 200_000, policy: BC_POLICY });
      expect(r.outcome).not.toBe('unsolvable'); // nothing here is proved lost
      expect(r.stats.nodes).toBeLessThanOrEqual(200_000);
      if (r.outcome !== 'solved') continue;
      solved++;
      const check = replay(deal, r.line);
      expect(check.ok && check.won, `seed ${s}`).toBe(true);
    }
    expect(solved).toBeGreaterThanOrEqual(10);
  });

  it('best-first with each guide returns only real solutions', () => {
    const deal = dealFromSeed('2');
    for (let guide = 0; guide < new BcSearch(deal).extras.guideCount; guide++) {
      const r = solve(new BcSearch(deal), { algorithm: 'best-first', guide, maxNodes: 50_000 });
      if (r.outcome === 'solved') {
        const check = replay(deal, r.line);
        expect(check.ok && check.won, `guide ${guide}`).toBe(true);
      } else expect(r.outcome).toBe('unknown');
    }
  });
});

describe('search: limits', () => {
  // Seed 1786 is one the solver does not decide quickly, so every limit is reached (auto solves
  // it with 212,858 nodes; the DFS has not at 2M, several times what this machine searches in
  // 300 ms). (Seed 98, used before, is solved with 3,989 nodes since the last-ace rule.)
  const hard = () => new BcSearch(dealFromSeed('1786'));

  it('honours a node budget exactly, in every algorithm', () => {
    for (const algorithm of ['dfs', 'astar', 'best-first', 'auto'] as const) {
      const r = solve(hard(), { algorithm, maxNodes: 30_000, policy: BC_POLICY });
      expect(r.outcome, algorithm).toBe('unknown');
      expect(r.outcome === 'unknown' && r.limit).toBe('nodes');
      expect(r.stats.nodes).toBeLessThanOrEqual(30_000);
    }
  });

  it('polls its caller every 128 nodes with the nodes since, and stops when told (no later run starts)', () => {
    for (const algorithm of ['dfs', 'astar', 'best-first', 'auto'] as const) {
      let seen = 0,
        calls = 0;
      const r = solve(hard(), {
        algorithm,
        maxNodes: 200_000,
        policy: BC_POLICY,
        poll: (since) => {
          seen += since;
          calls++;
          return seen >= 20_000;
        },
      });
      expect(r.outcome === 'unknown' && r.limit, algorithm).toBe('stopped');
      // Every node is told (but the last few of each finished run, which come with its stats).
      expect(seen, algorithm).toBeLessThanOrEqual(r.stats.nodes);
      expect(seen, algorithm).toBeGreaterThanOrEqual(20_000);
      expect(r.stats.nodes, algorithm).toBeLessThan(20_000 + 128 * 20);
      expect(calls, algorithm).toBeGreaterThan(20_000 / 128 - 20);
    }
    // A poll that never stops changes nothing.
    const plain = solve(hard(), { maxNodes: 30_000, policy: BC_POLICY });
    const polled = solve(hard(), { maxNodes: 30_000, policy: BC_POLICY, poll: () => false });
    expect({ ...polled, stats: { ...polled.stats, ms: 0 } }).toEqual({ ...plain, stats: { ...plain.stats, ms: 0 } });
  });

  it('stops at a time budget with unknown (time), never before it, auto included', () => {
    // A game with no end and no win, so that no machine, however fast, decides it within the
    // budget (seed 8311, used before, fell to auto within 300 ms on a quiet fast machine).
    const endless = (): SearchGame => {
      let x = 0;
      return {
        maxMoves: 2,
        maxKeyWords: 1,
        moves: (out, offset) => {
          out[offset] = 1;
          out[offset + 1] = 2;
          return 2;
        },
        make: (m) => {
          x += m;
        },
        unmake: (m) => {
          x -= m;
        },
        key: (out) => {
          out[0] = x;
          return 1;
        },
        won: () => false,
        lowerBound: () => 1,
        formatMove: (m) => `+${m}`,
        extras: { heuristic: () => -x, guideCount: 2 },
      };
    };
    for (const [algorithm, game] of [
      ['dfs', hard()],
      ['dfs', endless()],
      ['auto', endless()],
    ] as const) {
      const t0 = performance.now();
      const r = solve(game, { algorithm, timeoutMs: 300 });
      const wall = performance.now() - t0;
      expect(r.outcome === 'unknown' && r.limit, algorithm).toBe('time');
      // Never early: that holds on any machine. How far past the budget it stops depends on the
      // machine and its load, so the overshoot is a figure of bench/solve.ts, not a check here.
      expect(wall).toBeGreaterThanOrEqual(299);
    }
  });

  it('answers unknown (memory) when the table is full and told to stop, never a verdict', () => {
    for (const algorithm of ['dfs', 'astar', 'auto'] as const) {
      const r = solve(hard(), { algorithm, memoryBytes: 1 << 20, whenFull: 'stop', policy: BC_POLICY });
      expect(r.outcome, algorithm).toBe('unknown');
      expect(r.outcome === 'unknown' && r.limit).toBe('memory');
    }
    // Best-first search cannot forget: it stops at a full table whatever whenFull says.
    const r = solve(hard(), { algorithm: 'astar', memoryBytes: 1 << 20 });
    expect(r.outcome === 'unknown' && r.limit).toBe('memory');
  });

  it('by default evicts from a full table and searches on, to the node budget', () => {
    // 16 MiB: the budget holds the game's caches, the stacks and the table, and the table must
    // hold at least the search's path (thousands of positions deep here; 1 MiB no longer does).
    // auto's depth-first pass gets most of the nodes (at its default share its guided runs win).
    for (const algorithm of ['dfs', 'auto'] as const) {
      const r = solve(hard(), {
        algorithm,
        memoryBytes: 16 << 20,
        // The table is first full between 100k and 150k nodes, in both algorithms.
        maxNodes: 180_000,
        policy: { ...BC_POLICY, firstPassShare: 0.1 },
      });
      expect(r.outcome, algorithm).toBe('unknown');
      expect(r.outcome === 'unknown' && r.limit, algorithm).toBe('nodes');
      expect(r.stats.evicted, algorithm).toBeGreaterThan(0);
    }
  });
});

describe('search: table', () => {
  it('stores full keys: every distinct key is new once and found after', () => {
    const t = new StateTable(64 << 20);
    const key = new Uint32Array(4);
    const n = 200_000;
    for (let i = 0; i < n; i++) {
      key[0] = i;
      key[1] = i * 7;
      key[2] = 0;
      key[3] = i & 1;
      if (t.insert(key, 1 + (i % 4)) < 0 || t.found) throw new Error(`key ${i}: not new`);
    }
    expect(t.size).toBe(n);
    for (let i = 0; i < n; i++) {
      key[0] = i;
      key[1] = i * 7;
      key[2] = 0;
      key[3] = i & 1;
      t.insert(key, 1 + (i % 4));
      if (!t.found) throw new Error(`key ${i} lost`);
    }
    // [0] (length 1) is stored; [0, 0] (length 2) is a different key.
    key[0] = 0;
    key[1] = 0;
    t.insert(key, 2);
    expect(t.found).toBe(false);
  });

  it('reports FULL past its budget and keeps what it holds', () => {
    const t = new StateTable(1 << 20);
    const key = new Uint32Array(8);
    let i = 0;
    for (; ; i++) {
      key[0] = i;
      if (t.insert(key, 8) === FULL) break;
    }
    expect(i).toBeGreaterThan(1000);
    expect(t.bytes).toBeLessThanOrEqual(1 << 20);
    key[0] = 5;
    expect(t.insert(key, 8)).toBeGreaterThanOrEqual(0);
    expect(t.found).toBe(true);
  });
});
