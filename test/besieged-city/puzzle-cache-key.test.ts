import { describe, expect, it } from 'vitest';
import { dealFromSeed, withVariant } from '../../src/games/besieged-city/deal.js';
import { SuitEndgames } from '../../src/games/besieged-city/endgame.js';
import { packPiles } from '../../src/games/besieged-city/key.js';
import { CELLS, PILE_CAP, RANK, SUIT, TRENCHES } from '../../src/games/besieged-city/layout.js';
import type { BcPosition } from '../../src/games/besieged-city/position.js';
import { BcGame } from '../../src/games/besieged-city/search.js';
import { setupPosition } from '../../src/games/besieged-city/setup.js';
import { solve } from '../../src/search/solve.js';
import { makeEndgame } from '../search/make-endgames.js';

// The suit puzzles' cache key (endgame.ts, cacheKey()) reads the suit's trenches from the
// position's per-suit mask (BcPosition.suitTrenches, kept by push/pop/reset/setPile/loadPile) and
// the cells through a lookup table. Checked here against the scan it replaced (kept below) at
// every cache lookup of real searches: plain DFS and DFS with plateaus (whose teleports rewrite
// piles through loadPile()), under several variants, from deals and from generated endgames.

/** The old cacheKey(): scan the 14 trenches and the 12 cells. */
function scanKey(p: BcPosition, s: number, key: Uint32Array): number {
  const list = new Int8Array(TRENCHES);
  let mask = 0, k = 0;
  for (let t = 0; t < TRENCHES; t++) {
    if (p.plen[t] === 0 || SUIT[p.piles[t * PILE_CAP]] !== s) continue;
    mask |= 1 << t;
    list[k++] = t;
  }
  key[0] = p.found[s] | (mask << 5);
  let lo = 0, hi = 0;
  for (let c = 0; c < CELLS; c++) {
    const x = p.reserve[c];
    if (x >= 0 && SUIT[x] === s) {
      if (c < 8) lo |= RANK[x] << (4 * c);
      else hi |= RANK[x] << (4 * (c - 8));
    }
  }
  key[1] = lo >>> 0;
  key[2] = hi;
  return packPiles(p, list, k, key, 3);
}

type Inside = { key: Uint32Array };
const proto = SuitEndgames.prototype as unknown as { cacheKey: (this: Inside, p: BcPosition, s: number) => number };

describe('Besieged City: the suit puzzles\' cache key', () => {
  it('equals a scan of the piles and cells at every lookup (deals, endgames, variants, plateaus)', () => {
    const cacheKey = proto.cacheKey;
    const want = new Uint32Array(32);
    let checked = 0, withCells = 0;
    const suits = new Set<number>();
    proto.cacheKey = function (p, s) {
      for (let u = 0; u < 4; u++) {
        let m = 0;
        for (let t = 0; t < TRENCHES; t++) if (p.plen[t] > 0 && SUIT[p.piles[t * PILE_CAP]] === u) m |= 1 << t;
        if (p.suitTrenches[u] !== m) expect(p.suitTrenches[u], `suit ${u}`).toBe(m);
      }
      const n = cacheKey.call(this, p, s);
      const w = scanKey(p, s, want);
      const got = Array.from(this.key.subarray(0, n)), exp = Array.from(want.subarray(0, w));
      if (n !== w || got.some((x, i) => x !== exp[i])) expect(got).toEqual(exp);
      checked++;
      suits.add(s);
      if (want[1] !== 0 || want[2] !== 0) withCells++;
      return n;
    };
    try {
      for (const variant of ['default', 'trench-order=ordinary,stock-to-foundation=no', 'trench-order=directional', 'trench-fill=deferred']) {
        for (const plateaus of [false, true]) {
          for (const seed of [296, 3]) {
            const g = new BcGame(withVariant(dealFromSeed(String(seed)), variant));
            g.plateaus = plateaus;
            solve(g, { algorithm: 'dfs', maxNodes: 40_000 });
          }
        }
      }
      for (let seed = 1; seed <= 60; seed++) {
        const spec = makeEndgame(seed);
        // The generator can run out of cards for a stock or talon (it then writes "??"): skip those.
        if ([...(spec.stock ?? []), ...(spec.talon ?? [])].includes('??')) continue;
        for (const plateaus of [false, true]) {
          const g = setupPosition(spec);
          g.plateaus = plateaus;
          solve(g, { algorithm: 'dfs', maxNodes: 3_000 });
        }
      }
    } finally {
      proto.cacheKey = cacheKey;
    }
    expect(checked).toBeGreaterThan(20_000);
    expect(withCells).toBeGreaterThan(1_000);
    expect(suits.size).toBe(4);
  });
});
