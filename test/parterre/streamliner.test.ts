import { describe, expect, it } from 'vitest';
import { astar } from '../../src/search/astar.js';
import { dfs } from '../../src/search/dfs.js';
import { solve } from '../../src/search/solve.js';
import { StateTable } from '../../src/search/table.js';
import { dealFromSeed, withVariant } from '../../src/games/parterre/deal.js';
import { packKey, packSuitBlindKey } from '../../src/games/parterre/key.js';
import { formatMove, parseMove } from '../../src/games/parterre/notation.js';
import { MAX_MOVES } from '../../src/games/parterre/position.js';
import { replay } from '../../src/games/parterre/replay.js';
import { PtSearch } from '../../src/games/parterre/search.js';
import { searchMoves as orderedMoves } from '../../src/games/parterre/search-moves.js';
import { PT_POLICY } from '../../src/games/parterre/policy.js';
import { game, layout, lcg, searchMoves } from './helpers.js';

/** Whether the search's line, played from g's root (g is left at its end), replays as won in
 *  the rules engine from the deal of `seed`. */
function replaysWon(g: PtSearch, seed: string, moves: number[]): boolean {
  const line = moves.map((m) => {
    const s = g.formatMove(m);
    g.make(m);
    return s;
  });
  const rep = replay(dealFromSeed(seed), line);
  return rep.ok && rep.won;
}

// The streamliner (every card that fits goes home at once, positions keyed without suits): an
// unproved restriction, so only its solutions count. These tests check that its key merges
// exactly the positions that differ in suits alone, that its solutions replay in the rules
// engine, and that it never changes a verdict of the full search.

const table = new StateTable(1 << 26);

/** The search in move order `order` outside the streamliner too (the search keeps order 0 there,
 *  its runs of the streamliner pick theirs). */
class Ordered extends PtSearch {
  order = 0;
  override searchMoves(out: Int32Array, offset: number): number {
    if (this.streamlined) return super.searchMoves(out, offset);
    return orderedMoves(this, out, offset, this.removable ? this.foundationMaxR() : 13, this.order);
  }
}

/** PtSearch's own move list at g's position. */
function ownOrder(g: PtSearch): string[] {
  const buf = new Int32Array(MAX_MOVES);
  return Array.from(buf.subarray(0, PtSearch.prototype.searchMoves.call(g, buf, 0)), formatMove);
}

function play(g: PtSearch, moves: string[]): void {
  for (const text of moves) {
    const m = parseMove(g, text);
    if (!m.ok) throw new Error(`${text}: ${m.reason}`);
    g.make(m.move);
  }
}

const keyOf = (g: PtSearch, blind: boolean) => {
  const out = new Uint32Array(g.maxKeyWords);
  return Array.from(out.subarray(0, blind ? packSuitBlindKey(g, out) : packKey(g, out))).join(',');
};

describe("suit-blind key (the streamliner's)", () => {
  // Spades and hearts from the ten up in play, everything else home.
  const piles = [['KS'], ['KH'], ['JS'], ['JH'], ['TS'], ['TH']];
  const start = () =>
    game(
      piles.map((p) => [...p]),
      ['QS', 'QH'],
    );

  it('is shared by positions that differ only in which suit lies where; the exact key tells them apart', () => {
    const a = start(),
      b = start();
    play(a, ['QS b>p0', 'QH b>p1']); // KS QS | KH QH
    play(b, ['QH b>p0', 'QS b>p1']); // KS QH | KH QS
    expect(keyOf(a, false)).not.toBe(keyOf(b, false));
    expect(keyOf(a, true)).toBe(keyOf(b, true));
  });

  it('still tells apart positions whose ranks differ', () => {
    const a = start(),
      b = start(),
      c = start();
    play(a, ['QS b>p0']);
    play(b, ['QS b>p0', 'JH p3>p0']);
    play(c, ['QS b>p0', 'QH b>p1']);
    const keys = new Set([keyOf(start(), true), keyOf(a, true), keyOf(b, true), keyOf(c, true)]);
    expect(keys.size).toBe(4);
  });

  it('keeps the foundation heights apart at level 2 only', () => {
    // One jack of two sent home: the same ranks everywhere, the foundations differ.
    const deal = () => game([['KS'], ['KH'], ['KD'], ['QS'], ['QH'], ['QD']], ['JS', 'JH']);
    const a = deal(),
      b = deal();
    play(a, ['JS b>F']);
    play(b, ['JH b>F']);
    const level2 = (g: PtSearch) => {
      const out = new Uint32Array(g.maxKeyWords);
      return Array.from(out.subarray(0, packSuitBlindKey(g, out, true))).join(',');
    };
    expect(keyOf(a, true)).toBe(keyOf(b, true));
    expect(level2(a)).not.toBe(level2(b));
    const out = new Uint32Array(a.maxKeyWords);
    const key = () => Array.from(out.subarray(0, a.key(out))).join(',');
    a.streamline(true, 2);
    expect(key()).toBe(level2(a));
    a.streamline(false);
    a.streamline(true, 0);
    expect(key()).toBe(keyOf(a, true));
    a.streamline(false);
  });

  it('is used only while the streamliner is on', () => {
    const g = start();
    const out = new Uint32Array(g.maxKeyWords);
    const key = () => Array.from(out.subarray(0, g.key(out))).join(',');
    expect(key()).toBe(keyOf(g, false));
    g.streamline(true);
    expect(key()).toBe(keyOf(g, true));
    g.streamline(false);
    expect(key()).toBe(keyOf(g, false));
  });
});

describe('streamlined search', () => {
  it('finds wins that replay in the rules engine, within small node budgets', () => {
    // Deals the full portfolio needs 3.7k-1.2M nodes for (seeds 1, 2, 5 and 7 at 1M nodes).
    for (const seed of ['1', '5', '7', '12']) {
      const g = new PtSearch(dealFromSeed(seed));
      g.streamline(true);
      table.clear();
      const r = dfs(g, { maxNodes: 50_000 }, table);
      g.streamline(false);
      expect(r.outcome, `seed ${seed}`).toBe('solved');
      if (r.outcome !== 'solved') continue;
      expect(replaysWon(g, seed, r.moves), `seed ${seed}`).toBe(true);
    }
  });

  it('finds wins by best-first runs and at level 1 (safe moves only forced) that replay', () => {
    // Deals the depth-first streamlined run does not win (2187: its space exhausted in 226k nodes,
    // the suit-blind key letting the first of the merged positions stand for the rest; 2139: not
    // in 2M) and a best-first run does (21k nodes each with weight 0.5 on guide 4).
    const cases: [string, number, number][] = [
      ['2139', 0, 0.5],
      ['2187', 0, 0.5],
      ['2187', 1, 0.5],
    ];
    for (const [seed, level, w] of cases) {
      const g = new PtSearch(dealFromSeed(seed));
      g.streamline(true, level);
      table.clear();
      const r = astar(g, { maxNodes: 200_000 }, table, w, 4);
      g.streamline(false);
      expect(r.outcome, `seed ${seed} level ${level}`).toBe('solved');
      if (r.outcome !== 'solved') continue;
      expect(replaysWon(g, seed, r.moves), `seed ${seed} level ${level}`).toBe(true);
    }
  });

  it('level 1 forces only the proved safe moves; level 0 every card that fits', () => {
    // Spades and clubs home, diamonds to the four, hearts to the two: 5D fits its foundation but
    // is not safe (hearts are three ranks behind); 3H is safe.
    const g = game([
      ['KD', '5D'],
      ['KH', '4H'],
      ['QH', '3H'],
      ['QD', 'JD', 'TD', '9D'],
      ['JH', 'TH', '9H', '8H'],
      ['8D', '7D', '6D', '7H', '6H', '5H'],
    ]);
    const forced = () => g.formatMove(g.forcedMove());
    expect(forced()).toBe('3H p2>F');
    g.streamline(true, 0);
    expect(forced()).toBe('5D p0>F');
    g.streamline(false);
    g.streamline(true, 1);
    expect(forced()).toBe('3H p2>F');
    g.streamline(false);
    expect(forced()).toBe('3H p2>F');
    g.streamline(true);
    expect(forced()).toBe('5D p0>F');
  });

  it('never changes a verdict: deals proved lost stay lost, won ones replay (against the search without it)', () => {
    // 52 and 133 are proved lost by search (16,570 and 1,642 nodes); 8 and 13 at the root.
    for (const seed of ['8', '13', '52', '133', '2', '3', '12', '16']) {
      const on = solve(new PtSearch(dealFromSeed(seed)), {
        maxNodes: 100_000,
        policy: { ...PT_POLICY, streamlinerShare: 0.1 },
        table,
      });
      const off = solve(new PtSearch(dealFromSeed(seed)), {
        maxNodes: 100_000,
        policy: { ...PT_POLICY, streamlinerShare: 0 },
        table,
      });
      if (on.outcome !== 'unknown' && off.outcome !== 'unknown') expect(on.outcome, `seed ${seed}`).toBe(off.outcome);
      if (['8', '13', '52', '133'].includes(seed)) expect(on.outcome, `seed ${seed}`).toBe('unsolvable');
      if (on.outcome === 'solved') {
        const rep = replay(dealFromSeed(seed), on.line);
        expect(rep.ok && rep.won, `seed ${seed}`).toBe(true);
      }
    }
  });
});

describe("the streamliner's move order", () => {
  it('orders 1 and 2 try the same moves as order 0, only in other orders (random playouts, both readings)', () => {
    const rnd = lcg(5);
    const buf = new Int32Array(200);
    let differ = 0;
    for (const variant of ['foundations=final', 'foundations=removable']) {
      for (let d = 1; d <= 8; d++) {
        const g = new Ordered(withVariant(dealFromSeed(String(d)), variant));
        for (let i = 0; i < 120; i++) {
          g.order = 0;
          const zero = searchMoves(g);
          // Order 0 is the search's own.
          expect(zero).toEqual(ownOrder(g));
          for (const order of [1, 2]) {
            g.order = order;
            const other = searchMoves(g);
            expect([...other].sort()).toEqual([...zero].sort());
            if (other.join() !== zero.join()) differ++;
          }
          const n = g.legalMoves(buf);
          if (n === 0) break;
          g.make(buf[Math.floor(rnd() * n)]);
        }
      }
    }
    expect(differ).toBeGreaterThan(200);
  });

  it('order 1: foundation moves, then pile to pile from the shortest pile to the shortest target, then bouquet cards by rank', () => {
    // Spades from the nine, hearts from the jack, diamonds from the eight, clubs from the queen.
    const g = new Ordered(
      layout(
        [['KS', 'QH', '9D'], ['KH', '8D'], ['TS'], ['KD', 'JS'], ['KC', 'JD', '9S'], ['QC']],
        ['TD', 'QS', 'JH', 'QD'],
      ),
    );
    // Piles by (length, cards bottom up by rank then suit S H D C): p2 p5 p1 p3 p0 p4.
    const one = [
      ...['8D p1>F', '9S p4>F', 'QC p5>F', 'JH b>F'],
      ...['TS p2>p3', '8D p1>p0', '8D p1>p4', 'JS p3>p5', '9D p0>p2', '9S p4>p2'],
      ...['TD b>p3', 'JH b>p5'],
    ];
    const zero = searchMoves(g);
    expect(zero).not.toEqual(one);
    g.streamline(true, 0, 1);
    expect(searchMoves(g)).toEqual(one);
    g.streamline(false);
    expect(searchMoves(g)).toEqual(zero);
    g.order = 1;
    expect(searchMoves(g)).toEqual(one);
    // Order 2: from the longest pile (p4 p0 p3 p1 p5 p2), the highest bouquet card first.
    g.order = 2;
    expect(searchMoves(g)).toEqual([
      ...['8D p1>F', '9S p4>F', 'QC p5>F', 'JH b>F'],
      ...['9S p4>p2', '9D p0>p2', 'JS p3>p5', '8D p1>p0', '8D p1>p4', 'TS p2>p3'],
      ...['JH b>p5', 'TD b>p3'],
    ]);
  });

  it('wins 307 in the level-0 space in order 1 only, 911 in order 2 only, on the same budget, and the wins replay', () => {
    for (const [seed, budget, winner] of [
      ['307', 80_000, 1],
      ['911', 140_000, 2],
    ] as const) {
      for (const order of [0, 1, 2]) {
        const g = new PtSearch(dealFromSeed(seed));
        g.streamline(true, 0, order);
        table.clear();
        const r = dfs(g, { maxNodes: budget }, table);
        g.streamline(false);
        expect(r.outcome === 'solved', `seed ${seed} order ${order}`).toBe(order === winner);
        if (r.outcome !== 'solved') continue;
        expect(replaysWon(g, seed, r.moves), `seed ${seed}`).toBe(true);
      }
    }
  });
});
