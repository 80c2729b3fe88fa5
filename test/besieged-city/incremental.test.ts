import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { dealFromSeed, withVariant } from '../../src/games/besieged-city/deal.js';
import { bcHeuristic, Guide, GUIDES } from '../../src/games/besieged-city/heuristic.js';
import { packKey } from '../../src/games/besieged-city/key.js';
import { PILE_CAP, TRENCHES } from '../../src/games/besieged-city/layout.js';
import { hashFromScratch, MAX_MOVES, T2T } from '../../src/games/besieged-city/position.js';
import { BcGame } from '../../src/games/besieged-city/search.js';
import { setupPosition } from '../../src/games/besieged-city/setup.js';
import { solve } from '../../src/search/solve.js';

// The search's incremental state (position.ts: the key hash and the card places; heuristic.ts:
// the guide) must equal what a from-scratch computation gives, after any sequence of make and
// unmake, under the default reading and every variant; and equal keys must give equal hashes.

const VARIANTS = [
  'default', 'trench-order=directional', 'trench-order=ordinary', 'trench-order=play-order',
  'stock-to-foundation=no', 'trench-fill=deferred', 'trench-order=directional,trench-fill=deferred,stock-to-foundation=no',
];

/** What differs between the incremental state and a from-scratch computation (empty: nothing):
 *  the key hash, every guide (each through its own Guide, whose caches live across the calls,
 *  and through the game's own, which switches weights at every call), and the pile places of
 *  every card. */
function mismatches(g: BcGame, guides: Guide[], where: string): string[] {
  const out: string[] = [];
  if (g.hash() !== hashFromScratch(g)) out.push(`${where}: hash`);
  for (let v = 0; v < GUIDES.length; v++) {
    const want = bcHeuristic(g, GUIDES[v]), a = guides[v].value(g, GUIDES[v]), b = g.heuristic(v);
    if (a !== want || b !== want) out.push(`${where}: guide ${v} ${a}, ${b} != ${want}`);
  }
  const want: number[][] = Array.from({ length: 52 }, () => []);
  for (let t = 0; t < TRENCHES; t++) for (let j = 0; j < g.plen[t]; j++) want[g.piles[t * PILE_CAP + j]].push(t * PILE_CAP + j);
  for (let c = 0; c < 52; c++) {
    const got = Array.from(g.cardAt.subarray(4 * c, 4 * c + 4)).filter((x) => x >= 0).sort((a, b) => a - b);
    if (got.join() !== want[c].sort((a, b) => a - b).join()) out.push(`${where}: places of card ${c}`);
  }
  return out;
}

describe('incremental key hash and guide', () => {
  it.each(VARIANTS)('%s: equal to the from-scratch ones after random make/unmake sequences', (text) => {
    const buf = new Int32Array(MAX_MOVES);
    const key = new Uint32Array(32);
    let checked = 0, backtracks = 0;
    const wrong: string[] = [];
    for (let seed = 1; seed <= 4; seed++) {
      const g = new BcGame(withVariant(dealFromSeed(String(seed)), text));
      g.beginSearch();
      const guides = GUIDES.map(() => new Guide());
      const rng = seedrandom.alea(`incremental ${text} ${seed}`);
      const line: number[] = [];
      // One key -> hash map per deal: equal keys must hash equally (canonical line pairs).
      const hashOf = new Map<string, number>();
      for (let step = 0; step < 300; step++) {
        // A few actions between two checks (as a best-first search jumps between nodes): the
        // caches must notice every change, not only single moves.
        for (let action = 1 + Math.floor(rng() * 4); action > 0; action--) {
          if (line.length > 0 && rng() < 0.3) {
            // Undo a few moves: the state must come back too.
            for (let k = 1 + Math.floor(rng() * 4); k > 0 && line.length > 0; k--) g.unmake(line.pop()!);
            backtracks++;
          } else {
            const n = g.moves(buf, 0);
            if (n === 0) break;
            const moves = Array.from(buf.subarray(0, n));
            // Prefer trench-to-trench moves: they reshape piles, which the hash and guide follow.
            const tt = moves.filter((m) => (m & 7) === T2T);
            const m = tt.length && rng() < 0.5 ? tt[Math.floor(rng() * tt.length)] : moves[Math.floor(rng() * n)];
            g.make(m);
            line.push(m);
          }
        }
        const where = `${text} seed ${seed} step ${step}`;
        wrong.push(...mismatches(g, guides, where));
        const k = Array.from(key.subarray(0, packKey(g, key))).join(',');
        const h = g.hash();
        if ((hashOf.get(k) ?? h) !== h) wrong.push(`${where}: equal keys, different hashes`);
        hashOf.set(k, h);
        checked++;
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
    expect(backtracks).toBeGreaterThan(150);
  });

  it.each(VARIANTS)('%s: equal to the from-scratch ones at every node of best-first searches', (text) => {
    // The searches' own order of make/unmake (A* jumps between nodes through their common
    // ancestor), every guide: each value the search reads is checked, and the search follows the
    // from-scratch one, so a stale cache shows as a mismatch here and not as a changed search.
    const wrong: string[] = [];
    let calls = 0;
    class Checked extends BcGame {
      override heuristic(v = 0): number {
        const a = super.heuristic(v), b = bcHeuristic(this, GUIDES[v]);
        if (a !== b) wrong.push(`guide ${v} at ply ${this.ply}: ${a} != ${b}`);
        calls++;
        return b;
      }
      override keyHash(): number | undefined {
        const h = super.keyHash();
        if (h !== undefined && h !== hashFromScratch(this)) wrong.push(`hash at ply ${this.ply}`);
        return h;
      }
    }
    for (const seed of [4, 11, 26]) {
      for (let v = 0; v < GUIDES.length; v++) {
        const g = new Checked(withVariant(dealFromSeed(String(seed)), text));
        solve(g, { algorithm: 'best-first', variant: v, maxNodes: 3500 });
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(calls).toBeGreaterThan(5000);
  });

  it('the two piles of a line may swap: same key, same hash; a real difference changes the hash', () => {
    const spec = {
      reserve: { r0c0: '5S', r1c1: 'KH' },
      trenches: { W0: ['3S', '4S'], E0: ['9D'], N0: ['QC', 'KC'], S0: ['2H'] },
      found: { S: 1 },
      stock: ['7S', '8S'],
      talon: ['JD'],
    };
    const a = setupPosition(spec);
    const b = setupPosition({ ...spec, trenches: { E0: ['3S', '4S'], W0: ['9D'], S0: ['QC', 'KC'], N0: ['2H'] } });
    const c = setupPosition({ ...spec, trenches: { ...spec.trenches, E0: ['9H'] } });
    const ka = new Uint32Array(32), kb = new Uint32Array(32);
    const la = packKey(a, ka), lb = packKey(b, kb);
    expect(Array.from(kb.subarray(0, lb))).toEqual(Array.from(ka.subarray(0, la)));
    expect(b.hash()).toBe(a.hash());
    expect(a.hash()).toBe(hashFromScratch(a));
    expect(c.hash()).not.toBe(a.hash());
  });

  it('stays right when the plateau search reloads piles (loadPile) and after resync()', () => {
    const g = new BcGame(dealFromSeed('7'));
    const buf = new Int32Array(MAX_MOVES);
    const rng = seedrandom.alea('reload');
    for (let step = 0; step < 60; step++) {
      const n = g.moves(buf, 0);
      if (n === 0) break;
      g.make(buf[Math.floor(rng() * n)]);
    }
    // Swap two piles' contents through loadPile, as a plateau teleport does (the guides' caches
    // filled before).
    const guides = GUIDES.map(() => new Guide());
    expect(mismatches(g, guides, 'before loadPile')).toEqual([]);
    const t0 = 10, t1 = 3;
    const p0 = Int8Array.from(g.pile(t0)), p1 = Int8Array.from(g.pile(t1));
    g.loadPile(t0, p1, 0, p1.length);
    g.loadPile(t1, p0, 0, p0.length);
    expect(mismatches(g, guides, 'after loadPile')).toEqual([]);
    const before = g.hash();
    g.reserve[0] = g.reserve[0] < 0 ? 0 : -1; // a direct write, as setup code does
    g.resync();
    expect(g.hash()).toBe(hashFromScratch(g));
    expect(g.hash()).not.toBe(before);
  });
});
