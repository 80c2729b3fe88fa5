import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { dealFromSeed } from '../../src/games/besieged-city/deal.js';
import { MAX_MOVES } from '../../src/games/besieged-city/position.js';
import { BcSearch } from '../../src/games/besieged-city/search.js';
import { TRENCH_LINE } from '../../src/games/besieged-city/layout.js';
import { expectEachCardTwice, snapshot } from './helpers.js';

describe('Besieged City: random play', () => {
  it('keeps all 104 cards, two of each, and undo restores the exact position', () => {
    const buf = new Int32Array(MAX_MOVES);
    const key = new Uint32Array(32);
    let plies = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const g = new BcSearch(dealFromSeed(String(seed)));
      const rng = seedrandom.alea(`walk${seed}`);
      const start = snapshot(g.pos);
      const history: number[] = [];
      const snaps: string[] = [];
      for (let step = 0; step < 400; step++) {
        const n = g.moves(buf, 0);
        if (n === 0) break;
        const m = buf[Math.floor(rng() * n)];
        snaps.push(snapshot(g.pos));
        g.make(m);
        history.push(m);
        plies++;
        expectEachCardTwice(g.pos);
        // A pending gap is always a lone empty trench whose line still has a reserve card.
        if (g.pos.pending >= 0) expect(g.pos.plen[g.pos.pending]).toBe(0);
        expect(g.key(key)).toBeLessThanOrEqual(g.maxKeyWords);
      }
      while (history.length) {
        g.unmake(history.pop()!);
        expect(snapshot(g.pos)).toBe(snaps.pop());
      }
      expect(snapshot(g.pos)).toBe(start);
      expect(g.pos.ply).toBe(0);
    }
    expect(plies).toBeGreaterThan(5000);
  });
});

describe('Besieged City: key', () => {
  const keyOf = (g: BcSearch) => {
    const k = new Uint32Array(32);
    return Array.from(k.subarray(0, g.key(k))).join(',');
  };

  it('is equal exactly when the positions are equal (up to the W/E and N/S swap of a line)', () => {
    const buf = new Int32Array(MAX_MOVES);
    const seen = new Map<string, string>();
    const keyOfCanon = new Map<string, string>();
    let collisions = 0,
      splits = 0,
      checked = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const g = new BcSearch(dealFromSeed(String(seed)));
      const rng = seedrandom.alea(`key${seed}`);
      for (let step = 0; step < 300; step++) {
        const n = g.moves(buf, 0);
        if (n === 0) break;
        g.make(buf[Math.floor(rng() * n)]);
        const canon = canonicalSnapshot(g);
        const k = `${keyOf(g)}|${seed}`; // keys are per deal: the stock order is not in the key
        const prev = seen.get(k);
        if (prev !== undefined && prev !== canon) collisions++;
        seen.set(k, canon);
        const prevKey = keyOfCanon.get(`${canon}|${seed}`);
        if (prevKey !== undefined && prevKey !== k) splits++;
        keyOfCanon.set(`${canon}|${seed}`, k);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(3000);
    expect(collisions).toBe(0); // equal keys => equal positions
    expect(splits).toBe(0); // equal positions => equal keys
  });

  it('does not change when the two trenches of a line swap contents', () => {
    const g = new BcSearch(dealFromSeed('7'));
    const before = keyOf(g);
    // Swap W2 and E2 (row 2), then N1 and S1 (column 1).
    for (const [a, b] of [
      [12, 5],
      [1, 8],
    ]) {
      expect(TRENCH_LINE[a]).toBe(TRENCH_LINE[b]);
      const pa = g.pos.pile(a),
        pb = g.pos.pile(b);
      g.pos.setPile(a, pb);
      g.pos.setPile(b, pa);
    }
    expect(keyOf(g)).toBe(before);
    // Swapping piles of different lines is a different position.
    const p0 = g.pos.pile(0),
      p3 = g.pos.pile(3);
    g.pos.setPile(0, p3);
    g.pos.setPile(3, p0);
    expect(keyOf(g)).not.toBe(before);
  });
});

/** A snapshot in which each line's two piles are sorted, matching the key's canonical form. */
function canonicalSnapshot(g: BcSearch): string {
  const piles = Array.from({ length: 14 }, (_, t) => g.pos.pile(t));
  const lines = [
    [10, 3],
    [11, 4],
    [12, 5],
    [13, 6],
    [0, 7],
    [1, 8],
    [2, 9],
  ].map(([a, b]) => [JSON.stringify(piles[a]), JSON.stringify(piles[b])].sort().join('/'));
  return JSON.stringify({
    reserve: Array.from(g.pos.reserve),
    lines,
    found: Array.from(g.pos.found),
    sp: g.pos.sp,
    talon: Array.from(g.pos.talon.subarray(0, g.pos.tlen)),
    pending: g.pos.pending < 0 ? -1 : TRENCH_LINE[g.pos.pending],
  });
}
