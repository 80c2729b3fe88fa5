import { describe, expect, it } from 'vitest';
import { dealFromSeed } from '../../src/games/parterre/deal.js';
import type { PtPosition } from '../../src/games/parterre/position.js';
import { PtSearch } from '../../src/games/parterre/search.js';
import { dfs } from '../../src/search/dfs.js';
import { StateTable } from '../../src/search/table.js';

// packKey's bit writer against a plain one that writes the documented fields a bit at a time:
// the bouquet (16 bits), then per pile in (header, suits) order its header (13 bits), the suits
// above its last six run cards, then those six (2 bits a card, the suits' low bits first).

function referenceKey(pos: PtPosition): number[] {
  const bits: number[] = [];
  const put = (v: number, n: number) => {
    for (let b = 0; b < n; b++) bits.push((v >>> b) & 1);
  };
  put(pos.bmask, 16);
  const piles = [0, 1, 2, 3, 4, 5].sort((a, b) => pos.keyHdr[a] - pos.keyHdr[b] || pos.keySuits[a] - pos.keySuits[b]);
  for (const p of piles) {
    const r = pos.keyRun[p],
      s = pos.keySuits[p];
    put(pos.keyHdr[p], 13);
    if (r > 6) put(s >>> 12, 2 * (r - 6));
    put(r > 6 ? s & 0xfff : s, 2 * Math.min(r, 6));
  }
  const words: number[] = [];
  for (let i = 0; i < bits.length; i += 32) {
    let w = 0;
    for (let b = 0; b < 32 && i + b < bits.length; b++) w |= bits[i + b] << b;
    words.push(w >>> 0);
  }
  return words;
}

describe('packKey', () => {
  it('writes the documented fields, long runs included (every position of two searches)', () => {
    for (const seed of [84, 10]) {
      // The plain search game: the relaxation's probes would cut the search short of the keys wanted.
      const g = new PtSearch(dealFromSeed(seed));
      const key = g.key.bind(g);
      let checked = 0,
        longRuns = 0,
        veryLong = 0,
        wrong = '';
      g.key = (out: Uint32Array) => {
        const n = key(out);
        if (!wrong) {
          const got = Array.from(out.subarray(0, n));
          const want = referenceKey(g);
          if (got.join() !== want.join()) wrong = `${got} != ${want}`;
          checked++;
          if (Math.max(...g.keyRun) >= 7) longRuns++;
          if (Math.max(...g.keyRun) >= 10) veryLong++;
        }
        return n;
      };
      dfs(g, { maxNodes: 30_000, memoryBytes: 64 << 20 }, new StateTable(32 << 20));
      expect(wrong).toBe('');
      expect(checked).toBeGreaterThan(25_000);
      expect(longRuns).toBeGreaterThan(100);
      if (seed === 10) expect(veryLong).toBeGreaterThan(1000); // runs of 10 cards and more
    }
  });
});
