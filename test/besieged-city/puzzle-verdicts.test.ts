import { describe, expect, it } from 'vitest';
import { dealFromSeed, withVariant } from '../../src/games/besieged-city/deal.js';
import { JUDGED_LOST, NOT_JUDGED, SuitPuzzles } from '../../src/games/besieged-city/suit-puzzles.js';
import { CELL_NAMES, CELLS, TRENCH_NAMES } from '../../src/games/besieged-city/layout.js';

import type { BcRules } from '../../src/games/besieged-city/rules.js';
import { setupPosition, type PositionSpec } from './setup.js';
import type { StateTable } from '../../src/search/table.js';
import { solve } from '../../src/search/solve.js';
import { BcMoveByMove, plainlyWinnable } from './helpers.js';

// The suit puzzles share what they learn (suit-puzzles.ts): a lost search caches every state it met as
// lost, a won one the states of its winning line as solvable, any search the first states of the
// lost components it finished (Tarjan, search()), and every search reads those
// verdicts where it meets such a state. Checked here on the cache real searches leave behind:
// every state cached as settled gets the same verdict from a fresh puzzle search that knows
// nothing else, and the lost ones are lost by plain search of the game's own rules.

/** The cache's values (suit-puzzle-solver.ts): SOLVABLE 3, LOST 5; the others are not settled. */
const SOLVABLE = 3,
  LOST = 5;
const R = 'A23456789TJQK';

/** The one-suit position (spades; the other suits complete) of a puzzle key as cacheKey() writes
 *  it: word 0 height | trench mask << 5; per trench of the mask, 4-bit ranks in words up to the
 *  one holding a 0 field; then the cells' two words. */
function decode(key: Uint32Array, len: number): PositionSpec {
  const h = key[0] & 31,
    mask = key[0] >>> 5;
  const trenches: Record<string, string[]> = {},
    reserve: Record<string, string> = {};
  let wi = 1;
  for (let t = 0; t < 14; t++) {
    if (((mask >> t) & 1) === 0) continue;
    const pile: string[] = [];
    for (;;) {
      const w = key[wi++];
      let j = 0;
      for (; j < 8 && ((w >>> (4 * j)) & 15) !== 0; j++) pile.push(`${R[((w >>> (4 * j)) & 15) - 1]}S`);
      if (j < 8) break;
    }
    trenches[TRENCH_NAMES[t]] = pile;
  }
  for (let c = 0; c < CELLS; c++) {
    const r = (key[wi + (c >> 3)] >>> (4 * (c & 7))) & 15;
    if (r !== 0) reserve[CELL_NAMES[c]] = `${R[r - 1]}S`;
  }
  expect(wi + 2).toBe(len);
  return { found: { S: h, H: 26, D: 26, C: 26 }, reserve, trenches };
}

/** A fresh puzzle search's verdict on suit 0 of the position, with every cap tried in turn:
 *  SOLVABLE, LOST, or 0 when even the largest cap does not settle it. */
function freshVerdict(spec: PositionSpec): number {
  const e = new SuitPuzzles(),
    p = setupPosition(spec);
  let v = NOT_JUDGED;
  for (let k = 0; k < 3 && v === NOT_JUDGED; k++) v = e.judge(p.pos, 0);
  if (v === JUDGED_LOST) return LOST;
  return e.solvedCount > 0 ? SOLVABLE : 0;
}

describe('Besieged City: what the suit puzzles learn from each other', () => {
  it('caches only verdicts a fresh search confirms, and lost ones are lost by plain search', () => {
    // Each state with the rules its verdict was found under (the cache holds one trench order's).
    const entries: { key: Uint32Array; value: number; rules: BcRules }[] = [];
    let salvaged = 0; // lost states proved by searches that were not lost (components)
    for (const [seed, variant] of [
      [296, 'default'],
      [3, 'trench-order=ordinary,stock-to-foundation=no'],
      [296, 'trench-order=directional'],
    ] as const) {
      const g = new BcMoveByMove(withVariant(dealFromSeed(String(seed)), variant));
      solve(g, { algorithm: 'dfs', maxNodes: 60_000 });
      const puzzles = (
        g as unknown as { suitPuzzles: { puzzles: { cache: StateTable; salvagedCount: number } | null } }
      ).suitPuzzles.puzzles;
      expect(puzzles, `seed ${seed}: puzzles judged`).not.toBeNull();
      salvaged += puzzles!.salvagedCount;
      const cache = puzzles!.cache;
      let k = 0;
      cache.forEachKey((words, from, len) => {
        const key = words.slice(from, from + len);
        const value = cache.get(key, len);
        // Every lost state, every 10th solvable one (for the test's time).
        if (value === LOST || (value === SOLVABLE && k++ % 10 === 0)) entries.push({ key, value, rules: g.pos.rules });
      });
    }
    const tally = { solvable: 0, lost: 0, unsettled: 0, plain: 0 };
    for (const { key, value, rules } of entries) {
      const spec = { ...decode(key, key.length), rules };
      const fresh = freshVerdict(spec);
      if (fresh === 0) {
        tally.unsettled++;
        continue;
      }
      if (fresh !== value) expect(fresh, JSON.stringify(spec)).toBe(value);
      if (value === SOLVABLE) tally.solvable++;
      else {
        tally.lost++;
        // The relaxation's premise: a lost puzzle leaves the position lost (the game also has
        // rule IV's due fills, which only restrict it).
        const cards = Object.values(spec.trenches ?? {}).flat().length + Object.keys(spec.reserve ?? {}).length;
        if (cards <= 12 && tally.plain < 60) {
          const w = plainlyWinnable(setupPosition(spec).pos, 200_000);
          if (w === true) expect(w, JSON.stringify(spec)).not.toBe(true);
          tally.plain++;
        }
      }
    }
    expect(tally.solvable).toBeGreaterThan(200);
    expect(tally.lost).toBeGreaterThan(200);
    expect(tally.plain).toBeGreaterThan(20);
    expect(salvaged).toBeGreaterThan(100);
    expect(tally.unsettled).toBeLessThan(tally.solvable + tally.lost);
  });
});
