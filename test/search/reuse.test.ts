import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { FULL, hashKey, StateTable } from '../../src/search/table.js';

// A table keeps its longest arrays across clear() and grows within them. None of that may show:
// the slots insert() gives (the layout evictLowest() samples and rebuilds), the point where it
// reports FULL and what an eviction drops must be those of a table that starts afresh.

const MiB = 1 << 20;

/** A key of `len` words for id (distinct ids, distinct keys). */
function keyOf(id: number, len: number): Uint32Array {
  const k = new Uint32Array(len);
  k[0] = id;
  for (let j = 1; j < len; j++) k[j] = (Math.imul(id, 2654435761) + j * 40503) >>> 0;
  return k;
}

/** Inserts `count` keys drawn from `space` ids (repeats included), evicting half whenever the
 *  table is full, as the depth-first search does; returns everything the table answered. */
function workload(t: StateTable, seed: string, count: number, space: number, maxLen: number): string[] {
  const rng = seedrandom(seed);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = Math.floor(rng() * space);
    const k = keyOf(id, 1 + (id % maxLen));
    let slot = t.insert(k, k.length);
    if (slot === FULL) {
      out.push(`full@${t.size}:${t.bytes}:-${t.evictLowest(0.5)}`);
      slot = t.insert(k, k.length);
    }
    if (!t.found) t.values[slot] = Math.floor(rng() * 1000);
    out.push(`${slot}${t.found ? '=' : ''}`);
  }
  out.push(`size ${t.size} bytes ${t.bytes}`);
  return out;
}

/** The first answer where two workloads differ, or 'same'. */
function firstDifference(a: string[], b: string[]): string {
  for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) return `at ${i}: ${a[i]} / ${b[i]}`;
  return 'same';
}

/** Linear probing from the hash's low bits, doubling at load 1/2 by moving the states in slot
 *  order into an empty array: the layout StateTable keeps. */
class ProbeModel {
  private hs: Uint32Array;
  private size = 0;
  constructor(slots = 1 << 14) {
    this.hs = new Uint32Array(slots);
  }
  insert(h: number): number {
    if ((this.size + 1) * 2 > this.hs.length) {
      const old = this.hs;
      this.hs = new Uint32Array(old.length * 2);
      for (const oh of old) if (oh !== 0) this.place(oh);
    }
    this.size++;
    return this.place(h);
  }
  private place(h: number): number {
    const mask = this.hs.length - 1;
    let i = h & mask;
    while (this.hs[i] !== 0) i = (i + 1) & mask;
    this.hs[i] = h;
    return i;
  }
}

describe('table: kept arrays', () => {
  it('give the slots of a plain linear-probing table, through growths in place and clears', () => {
    const t = new StateTable(256 * MiB);
    for (const [round, n] of [
      [0, 300_000], // grows through new arrays (and in place within those allocated ahead)
      [1, 300_000], // after a clear: grows within the kept arrays
      [2, 3_000],
      [3, 200_000],
    ]) {
      const model = new ProbeModel();
      t.clear();
      let wrong = 'none';
      for (let i = 0; i < n && wrong === 'none'; i++) {
        const k = keyOf(round * 1e7 + i, 1 + (i % 9));
        const slot = t.insert(k, k.length);
        const want = model.insert(hashKey(k, k.length));
        if (slot !== want || t.found) wrong = `round ${round} key ${i}: slot ${slot} (${want} wanted)`;
      }
      expect(wrong).toBe('none');
    }
  });

  it('grow in place as into new arrays, clusters that wrap around the end included', () => {
    // A cluster that runs past the last slot is rare (a few growths in ten): many small tables,
    // each growing in place eight times from 64 slots.
    let wrong = 'none';
    for (let round = 0; round < 300 && wrong === 'none'; round++) {
      const t = new StateTable(64 * MiB, 64);
      const model = new ProbeModel(64);
      for (let i = 0; i < 20_000 && wrong === 'none'; i++) {
        const k = keyOf(round * 1e6 + i, 2);
        const slot = t.insert(k, 2);
        const want = model.insert(hashKey(k, 2));
        if (slot !== want || t.found) wrong = `round ${round} key ${i}: slot ${slot} (${want} wanted)`;
      }
    }
    expect(wrong).toBe('none');
  });

  it('a table reused after larger and smaller searches answers, fills and evicts as a new one', () => {
    // (Budgets where the first searches grow past the size that clear() shrinks from; below it a
    // cleared table keeps its size, and so its layout and FULL, by design.)
    const budget = 16 * MiB;
    const fresh = workload(new StateTable(budget), 'w', 500_000, 1_000_000, 10);
    expect(fresh.some((a) => a.startsWith('full@'))).toBe(true);
    const reused = new StateTable(budget);
    workload(reused, 'big', 600_000, 600_000, 2); // short keys: many slots
    reused.clear();
    expect(firstDifference(workload(reused, 'w', 500_000, 1_000_000, 10), fresh)).toBe('same');
    workload(reused, 'long', 300_000, 300_000, 16); // longer keys: a larger arena
    reused.clear();
    expect(firstDifference(workload(reused, 'w', 500_000, 1_000_000, 10), fresh)).toBe('same');
  });

  it('a cleared table holds nothing of what it held', () => {
    const t = new StateTable(64 * MiB);
    for (let id = 0; id < 300_000; id++) t.insert(keyOf(id, 1 + (id % 5)), 1 + (id % 5));
    t.clear();
    expect(t.size).toBe(0);
    let keys = 0;
    t.forEachKey(() => keys++);
    expect(keys).toBe(0);
    const wrong: number[] = [];
    for (let id = 0; id < 300_000; id += 7) if (t.get(keyOf(id, 1 + (id % 5)), 1 + (id % 5)) !== -1) wrong.push(id);
    for (let id = 0; id < 300_000; id += 3) {
      const slot = t.insert(keyOf(id, 1 + (id % 5)), 1 + (id % 5));
      if (t.found) wrong.push(id);
      t.values[slot] = id;
    }
    for (let id = 0; id < 300_000; id++) {
      if (t.get(keyOf(id, 1 + (id % 5)), 1 + (id % 5)) !== (id % 3 === 0 ? id : -1)) wrong.push(id);
    }
    expect(wrong).toEqual([]);
  });

  it('what it keeps counts against the budget: it lets go of it rather than hold more', () => {
    const budget = 64 * MiB;
    // (The chunk keys are written into is counted whole; the arena's counted size may end in it.)
    const slack = 4 << 16;
    const t = new StateTable(budget);
    // Short keys fill the slots, long keys the arena; each search in turn runs to FULL.
    for (const [round, len] of [
      [0, 30],
      [1, 1],
      [2, 50],
      [3, 1],
      [4, 2],
    ]) {
      t.clear();
      let most = 0;
      for (let i = 0; ; i++) {
        if (t.insert(keyOf(round * 1e7 + i, len), len) === FULL) break;
        if (i % 1000 === 0) most = Math.max(most, t.heldBytes);
      }
      expect(Math.max(most, t.heldBytes)).toBeLessThanOrEqual(budget + slack);
      expect(t.bytes).toBeLessThanOrEqual(t.heldBytes);
    }
  });
});
