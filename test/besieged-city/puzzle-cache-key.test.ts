import { describe, expect, it } from 'vitest';
import { dealFromSeed, withVariant } from '../../src/games/besieged-city/deal.js';
import { SuitPuzzles } from '../../src/games/besieged-city/suit-puzzles.js';
import { CELLS, PILE_CAP, RANK, SUIT, TRENCHES } from '../../src/games/besieged-city/layout.js';
import type { BcPosition } from '../../src/games/besieged-city/position.js';
import { BcSearch } from '../../src/games/besieged-city/search.js';
import { setupPosition } from './setup.js';
import { solve } from '../../src/search/solve.js';
import { makeEndgame } from '../search/make-endgames.js';
import { BcMoveByMove } from './helpers.js';

// The suit puzzles' cache key (suit-puzzles.ts, cacheKey()) reads the suit's trenches from the
// position's per-suit mask (BcPosition.suitTrenches) and their ranks from its 4-bit rank words
// (BcPosition.rankWords), both kept by push/pop/reset/setPile/loadPile, and the cells through a
// lookup table. It must be the very key the puzzle's own search gives the puzzle loaded from the
// position (packKey() after load()): the cache keeps verdicts of states those searches met.
// Checked here against a scan of the piles and cells, and against load() + packKey(), at every
// cache lookup of real searches: plain DFS and DFS with plateaus (whose teleports rewrite piles
// through loadPile()), under several variants, from deals and from generated endgames.

/** The key from scratch: the suit's piles and cells scanned, written as packKey() writes a
 *  puzzle (word 0 height | trench mask << 5; per pile its 4-bit ranks up to the word holding the
 *  0 past its top; the cells' two words). */
function scanKey(p: BcPosition, s: number, key: Uint32Array): number {
  let mask = 0,
    wi = 1;
  for (let t = 0; t < TRENCHES; t++) {
    const n = p.plen[t];
    if (n === 0 || SUIT[p.piles[t * PILE_CAP]] !== s) continue;
    mask |= 1 << t;
    const words = new Uint32Array((n >> 3) + 1);
    for (let j = 0; j < n; j++) words[j >> 3] |= RANK[p.piles[t * PILE_CAP + j]] << (4 * (j & 7));
    for (const w of words) key[wi++] = w;
  }
  let lo = 0,
    hi = 0;
  for (let c = 0; c < CELLS; c++) {
    const x = p.reserve[c];
    if (x >= 0 && SUIT[x] === s) {
      if (c < 8) lo |= RANK[x] << (4 * c);
      else hi |= RANK[x] << (4 * (c - 8));
    }
  }
  key[wi++] = lo >>> 0;
  key[wi++] = hi;
  key[0] = p.found[s] | (mask << 5);
  return wi;
}

type Inside = {
  key: Uint32Array;
  solver: { key: Uint32Array; load(p: BcPosition, s: number): void; packKey(o0: number): number; pileMask: number };
};
const proto = SuitPuzzles.prototype as unknown as { cacheKey: (this: Inside, p: BcPosition, s: number) => number };

describe("Besieged City: the suit puzzles' cache key", () => {
  it('equals a scan of the piles and cells at every lookup (deals, endgames, variants, plateaus)', () => {
    const cacheKey = proto.cacheKey;
    const want = new Uint32Array(32);
    let checked = 0,
      withCells = 0,
      longPiles = 0;
    const suits = new Set<number>();
    proto.cacheKey = function (p, s) {
      for (let u = 0; u < 4; u++) {
        let m = 0;
        for (let t = 0; t < TRENCHES; t++) if (p.plen[t] > 0 && SUIT[p.piles[t * PILE_CAP]] === u) m |= 1 << t;
        if (p.suitTrenches[u] !== m) expect(p.suitTrenches[u], `suit ${u}`).toBe(m);
      }
      const w = scanKey(p, s, want);
      const exp = Array.from(want.subarray(0, w));
      // The solver's own key of the puzzle its load() makes.
      const solver = this.solver;
      const pileMask = solver.pileMask;
      solver.load(p, s);
      let m = 0;
      for (let t = 0; t < TRENCHES; t++) if (p.plen[t] > 0 && SUIT[p.piles[t * PILE_CAP]] === s) m |= 1 << t;
      solver.pileMask = m;
      const own = Array.from(solver.key.subarray(0, solver.packKey(0)));
      solver.pileMask = pileMask;
      if (own.length !== w || own.some((x, i) => x !== exp[i])) expect(own).toEqual(exp);
      const n = cacheKey.call(this, p, s);
      const got = Array.from(this.key.subarray(0, n));
      if (n !== w || got.some((x, i) => x !== exp[i])) expect(got).toEqual(exp);
      checked++;
      suits.add(s);
      if (want[w - 2] !== 0 || want[w - 1] !== 0) withCells++;
      let piles = 0;
      for (let b = m; b !== 0; b &= b - 1) piles++;
      if (w - 3 > piles) longPiles++; // a pile of 8 cards or more: more than one word
      return n;
    };
    try {
      for (const variant of [
        'default',
        'trench-order=ordinary,stock-to-foundation=no',
        'trench-order=directional',
        'trench-fill=deferred',
      ]) {
        for (const plateaus of [false, true]) {
          for (const seed of [296, 3]) {
            const Game = plateaus ? BcSearch : BcMoveByMove;
            const g = new Game(withVariant(dealFromSeed(String(seed)), variant));
            solve(g, { algorithm: 'dfs', maxNodes: 40_000 });
          }
        }
      }
      for (let seed = 1; seed <= 60; seed++) {
        const spec = makeEndgame(seed);
        // The generator can run out of cards for a stock or talon (it then writes "??"): skip those.
        if ([...(spec.stock ?? []), ...(spec.talon ?? [])].includes('??')) continue;
        for (const plateaus of [false, true]) {
          const g = setupPosition(spec, plateaus ? BcSearch : BcMoveByMove);
          solve(g, { algorithm: 'dfs', maxNodes: 3_000 });
        }
      }
    } finally {
      proto.cacheKey = cacheKey;
    }
    expect(checked).toBeGreaterThan(20_000);
    expect(withCells).toBeGreaterThan(1_000);
    expect(longPiles).toBeGreaterThan(1_000);
    expect(suits.size).toBe(4);
  });
});
