import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { lastAceBuried } from '../../src/games/besieged-city/aces.js';
import { SuitPuzzleSolver } from '../../src/games/besieged-city/suit-puzzle-solver.js';
import { JUDGED_LOST, NOT_JUDGED, SuitPuzzles } from '../../src/games/besieged-city/suit-puzzles.js';
import {
  CELL_NAMES,
  CELLS,
  PILE_CAP,
  PLAY_ORDER,
  TRENCHES,
  TRENCH_NAMES,
} from '../../src/games/besieged-city/layout.js';
import { DEFAULT_RULES, TRENCH_ORDERS } from '../../src/games/besieged-city/rules.js';
import { fitsOn, setupPosition, type PositionSpec } from './setup.js';
import { solve } from '../../src/search/solve.js';
import { StateTable } from '../../src/search/table.js';
import { DEAD } from '../../src/search/types.js';
import { makeEndgame } from '../search/make-endgames.js';
import { deadOnlyWhereLost, plainlyWinnable, positionCopy, winnable } from './helpers.js';

// The suit puzzles' proof (suit-puzzles.ts): with stock and talon empty, each suit has a relaxed puzzle
// of its own (its piles, its reserve cards), and a lost puzzle makes the position lost
// (lowerBound() = DEAD).

const R = 'A23456789TJQK';
const fits = (c: string, on: string) => fitsOn(R.indexOf(c[0]), R.indexOf(on[0]));

/** A random one-suit puzzle: the spades owed from height h shuffled, then each laid on a random
 *  one of the first `min` + (up to `spread` - 1 more) trenches whose top it fits (an empty one
 *  takes any); undefined when a card fits nowhere. */
function randomSpades(rng: () => number, h: number, min: number, spread: number): Record<string, string[]> | undefined {
  const cards: string[] = [];
  for (let i = h; i < 26; i++) cards.push(`${R[PLAY_ORDER[i] - 1]}S`);
  for (let i = cards.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  const piles: Record<string, string[]> = {};
  const names = TRENCH_NAMES.slice(0, min + Math.floor(rng() * spread));
  for (const c of cards) {
    const open = names.filter((t) => !piles[t] || fits(c, piles[t][piles[t].length - 1]));
    if (open.length === 0) return undefined;
    (piles[open[Math.floor(rng() * open.length)]] ??= []).push(c);
  }
  return piles;
}

describe('Besieged City: suit puzzles', () => {
  // Spades need 2S, KS, AS (height 23); the other suits are complete; no stock, talon or reserve.
  // N0 holds AS, then 2S, then KS on top. KS can go only onto a spade Q, A or 2 top: there is
  // none, so 2S stays covered: lost. (The ace lies at the bottom, so the last-ace rule, aces.ts,
  // does not see it: this is the puzzle's verdict. The old example, AS over 2S, is now caught by
  // that rule first.)
  const lost: PositionSpec = { found: { S: 23, H: 26, D: 26, C: 26 }, trenches: { N0: ['AS', '2S', 'KS'] } };

  it('proves a lost suit puzzle DEAD, and the search says unsolvable', () => {
    expect(lastAceBuried(setupPosition(lost).pos, 15)).toBe(false);
    expect(winnable(setupPosition(lost).pos)).toBe(false);
    const g = setupPosition(lost);
    expect(g.lowerBound()).toBe(DEAD);
    expect(solve(setupPosition(lost), { algorithm: 'dfs' }).outcome).toBe('unsolvable');
    expect(solve(setupPosition(lost), { algorithm: 'astar' }).outcome).toBe('unsolvable');
  });

  it('judges a suit with reserve cards by its relaxed puzzle', () => {
    // The same pile with QS in r0c0 (spades at 22 need QS first). QS can reach F over KS (N0)
    // or from a pile of its own: either way KS is then left on 2S with no spade top to go to,
    // or covers QS: lost, and plain search agrees. (No ace buried: the puzzle's verdict.)
    const lostToo: PositionSpec = {
      found: { S: 22, H: 26, D: 26, C: 26 },
      reserve: { r0c0: 'QS' },
      trenches: { N0: ['AS', '2S', 'KS'] },
    };
    expect(lastAceBuried(setupPosition(lostToo).pos, 15)).toBe(false);
    expect(winnable(setupPosition(lostToo).pos)).toBe(false);
    expect(setupPosition(lostToo).lowerBound()).toBe(DEAD);
    // 2S on a pile of its own instead: QS over KS to F, 2S, KS, AS: won, so not DEAD.
    const won: PositionSpec = {
      found: { S: 22, H: 26, D: 26, C: 26 },
      reserve: { r0c0: 'QS' },
      trenches: { N0: ['AS'], E0: ['KS'], W0: ['2S'] },
    };
    expect(winnable(setupPosition(won).pos)).toBe(true);
    expect(setupPosition(won).lowerBound()).toBeLessThan(DEAD);
  });

  it('does not judge while the stock or talon holds cards', () => {
    const spec: PositionSpec = {
      found: { S: 22, H: 26, D: 26, C: 26 },
      stock: ['QS'],
      trenches: { N0: ['AS', '2S', 'KS'] },
    };
    expect(setupPosition(spec).lowerBound()).toBeLessThan(DEAD);
  });

  it('judges a suit whose cards have all left the stock and talon, while other suits remain there', () => {
    // The lost spades above, with hearts still owing AH, dealt from the stock or lying on the
    // talon: spades have no card there, so their puzzle is exact and lost; plain search agrees.
    for (const where of ['stock', 'talon'] as const) {
      const spec: PositionSpec = { ...lost, found: { S: 23, H: 25, D: 26, C: 26 }, [where]: ['AH'] };
      expect(winnable(setupPosition(spec).pos)).toBe(false);
      expect(setupPosition(spec).lowerBound()).toBe(DEAD);
      expect(solve(setupPosition(spec), { algorithm: 'dfs' }).outcome).toBe('unsolvable');
    }
    // A spade in the stock (QS, spades at 22) keeps spades unjudged, even behind a heart.
    const open: PositionSpec = { ...lost, found: { S: 22, H: 25, D: 26, C: 26 }, stock: ['AH', 'QS'] };
    expect(setupPosition(open).lowerBound()).toBeLessThan(DEAD);
  });

  it('says DEAD with cards in the stock or talon only where plain search finds no win', () => {
    // Stock-less random endgames with one reserve card moved to the stock or the talon: its suit
    // stays unjudged, the others are judged; plain depth-first search on the rules alone must
    // find no win wherever lowerBound() says DEAD.
    let dead = 0,
      checked = 0;
    for (let seed = 1; seed <= 300; seed++) {
      if (seed % 3 === 0) continue;
      const spec = makeEndgame(seed);
      const cells = Object.keys(spec.reserve ?? {});
      if (cells.length === 0) continue;
      const moved = spec.reserve![cells[0]];
      delete spec.reserve![cells[0]];
      spec[seed % 2 ? 'stock' : 'talon'] = [moved];
      const g = setupPosition(spec);
      if (g.lowerBound() < DEAD) continue;
      dead++;
      expect(g.pos.sp < 78 || g.pos.tlen > 0).toBe(true);
      // 200k plain nodes decide three of them (seeds 167, 176 and 275 take 13k-177k); the others
      // take over a million each.
      const w = plainlyWinnable(positionCopy(g.pos), 200_000);
      if (w !== undefined) checked++;
      expect(w, `seed ${seed}`).not.toBe(true);
    }
    expect(dead).toBeGreaterThan(5); // 11 (the old premise, stock and talon empty, judged none)
    expect(checked).toBeGreaterThanOrEqual(3); // 3 within 200k plain nodes
  });

  it('settles a small puzzle on short credit, and retries one it could not settle', () => {
    // The old credit rule searched nothing below 3000 credit nodes, so a frozen or tiny lost suit
    // could stay unjudged for a whole subtree.
    const e = new SuitPuzzles();
    const credit = e as unknown as { credit: number };
    credit.credit = 100;
    expect(e.lost(setupPosition(lost).pos, 0)).toBe(true);
    credit.credit = 0; // nothing to search with: not judged, and not cached as judged
    const other: PositionSpec = { ...lost, trenches: { E1: ['AS', '2S', 'KS'] } };
    expect(e.judge(setupPosition(other).pos, 0)).toBe(NOT_JUDGED);
    credit.credit = 12_000;
    expect(e.judge(setupPosition(other).pos, 0)).toBe(JUDGED_LOST);
  });

  it('tries a puzzle its first cap leaves open again with a larger cap, once the credit covers it', () => {
    // suit-puzzles.ts, CAPS: 64 nodes (states searched) first, then 512, then 3000, each try when the
    // puzzle is met again.
    let open = 0,
      settled = 0;
    for (let seed = 1; seed <= 200 && settled < 5; seed++) {
      const rng = seedrandom.alea(`cap${seed}`);
      const h = Math.floor(rng() * 12);
      const piles = randomSpades(rng, h, 4, 4);
      if (!piles) continue;
      const p = setupPosition({ found: { S: h, H: 26, D: 26, C: 26 }, trenches: piles });
      const e = new SuitPuzzles(),
        inside = e as unknown as { credit: number; solver: { nodes: number } };
      if (e.judge(p.pos, 0) !== NOT_JUDGED) continue;
      open++;
      expect(inside.solver.nodes, `seed ${seed}: first try`).toBe(64); // aborted when a 65th state was due
      inside.credit = 500; // + 2 for the call: still under the second cap, so no search
      inside.solver.nodes = 0;
      expect(e.judge(p.pos, 0)).toBe(NOT_JUDGED);
      expect(inside.solver.nodes, `seed ${seed}: not searched`).toBe(0);
      inside.credit = 12_000;
      const v = e.judge(p.pos, 0);
      expect(inside.solver.nodes, `seed ${seed}: second try`).toBeGreaterThan(0);
      expect(inside.solver.nodes).toBeLessThanOrEqual(512);
      if (v !== NOT_JUDGED) settled++;
    }
    expect(open).toBeGreaterThan(5);
    expect(settled).toBe(5);
  });

  it('keeps its losses when the verdict cache is full, dropping unsettled entries first', () => {
    // A small cache, filled by judging random puzzles; the lost puzzle judged first must stay
    // cached (asked again without credit, it is still lost) where emptying the cache forgot it.
    const e = new SuitPuzzles(),
      inside = e as unknown as { cache: StateTable; credit: number; solver: { cache: StateTable } };
    inside.cache = inside.solver.cache = new StateTable(1 << 19);
    expect(e.lost(setupPosition(lost).pos, 0)).toBe(true);
    let evictions = 0,
      largest = 0;
    for (let seed = 1; seed <= 6000 && evictions < 2; seed++) {
      const rng = seedrandom.alea(`full${seed}`);
      const h = Math.floor(rng() * 16);
      const piles = randomSpades(rng, h, 4, 6);
      if (!piles) continue;
      inside.credit = 12_000;
      e.judge(setupPosition({ found: { S: h, H: 26, D: 26, C: 26 }, trenches: piles }).pos, 0);
      const size = inside.cache.size;
      if (size < largest) evictions++;
      largest = size;
    }
    expect(evictions).toBe(2);
    inside.credit = 0;
    expect(e.judge(setupPosition(lost).pos, 0)).toBe(JUDGED_LOST);
  });

  it('leaves a winnable suit alone', () => {
    const spec: PositionSpec = { found: { S: 23, H: 26, D: 26, C: 26 }, trenches: { N0: ['AS', 'KS'], E0: ['2S'] } };
    expect(setupPosition(spec).lowerBound()).toBeLessThan(DEAD);
    expect(solve(setupPosition(spec), { algorithm: 'astar' }).outcome).toBe('solved');
  });

  it('calls a one-suit puzzle lost only when plain search finds no win (random piles)', () => {
    // Regression: the puzzle search once left a pile's top overwritten after backtracking (a
    // deeper move pushed onto the pile a card had left), and so called winnable puzzles lost —
    // 232 of 1268 such verdicts on this generator over 4000 seeds. Spades only, random legal piles.
    let lost = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const rng = seedrandom.alea(`b${seed}`);
      const h = 14 + Math.floor(rng() * 8);
      const piles = randomSpades(rng, h, 3, 3);
      if (!piles) continue;
      const spec: PositionSpec = { found: { S: h, H: 26, D: 26, C: 26 }, trenches: piles };
      if (!new SuitPuzzles().lost(setupPosition(spec).pos, 0)) continue;
      lost++;
      expect(winnable(setupPosition(spec).pos, 200_000), `seed ${seed}`).not.toBe(true);
    }
    expect(lost).toBeGreaterThan(30);
  });

  it('calls a puzzle with reserve cards lost only when plain search finds no win, under every trench order', () => {
    // The puzzle search leaves out moves of the card just moved, and proves components lost from
    // unfinished searches (suit-puzzle-solver.ts): both hold under every trench order. Random spade piles,
    // up to two of their tops moved to reserve cells; each puzzle gets all three caps in turn.
    let checked = 0;
    for (const trenchOrder of TRENCH_ORDERS) {
      let lost = 0;
      for (let seed = 1; seed <= 400; seed++) {
        const rng = seedrandom.alea(`r-${trenchOrder}-${seed}`);
        const h = 12 + Math.floor(rng() * 10);
        const piles = randomSpades(rng, h, 3, 4);
        if (!piles) continue;
        const reserve: Record<string, string> = {};
        for (let k = Math.floor(rng() * 3); k > 0; k--) {
          const names = Object.keys(piles),
            t = names[Math.floor(rng() * names.length)];
          reserve[CELL_NAMES[Math.floor(rng() * CELLS)]] = piles[t].pop()!;
          if (piles[t].length === 0) delete piles[t];
        }
        const spec: PositionSpec = {
          found: { S: h, H: 26, D: 26, C: 26 },
          trenches: piles,
          reserve,
          rules: { ...DEFAULT_RULES, trenchOrder },
        };
        try {
          setupPosition(spec);
        } catch {
          continue; // piles laid by the default order's fit that this order does not allow
        }
        const e = new SuitPuzzles();
        let v = NOT_JUDGED;
        for (let k = 0; k < 3 && v === NOT_JUDGED; k++) v = e.judge(setupPosition(spec).pos, 0);
        if (v !== JUDGED_LOST) continue;
        lost++;
        const w = plainlyWinnable(setupPosition(spec).pos, 300_000);
        expect(w, `${trenchOrder} seed ${seed}`).not.toBe(true);
        if (w === false) checked++;
      }
      expect(lost, trenchOrder).toBeGreaterThan(5);
    }
    expect(checked).toBeGreaterThan(150);
  });

  it("keeps the puzzle's 4-bit rank fields and its pile and cell masks equal to its ranks at every puzzle node", () => {
    // search() keeps pileWords/cellWords (the puzzle's own key) and pileMask/cellMask (which
    // trenches and cells are occupied) by hand beside ranks/len/cell; checked here against a
    // from-scratch packing at every node it keys (packKey() runs once per node), on random
    // one-suit puzzles with long piles (several words) and reserve cards.
    type Inside = {
      ranks: Int8Array;
      len: Uint8Array;
      cell: Int8Array;
      pileWords: Uint32Array;
      cellWords: Uint32Array;
      pileMask: number;
      cellMask: number;
    };
    const proto = SuitPuzzleSolver.prototype as unknown as { packKey: (this: Inside, o0: number) => number };
    const packKey = proto.packKey;
    let nodes = 0,
      longest = 0,
      withCells = 0;
    const pw = new Uint32Array(TRENCHES * 4),
      cw = new Uint32Array(2);
    proto.packKey = function (o0) {
      pw.fill(0);
      cw.fill(0);
      for (let t = 0; t < TRENCHES; t++) {
        for (let j = 0; j < this.len[t]; j++) pw[t * 4 + (j >> 3)] |= this.ranks[t * PILE_CAP + j] << (4 * (j & 7));
        longest = Math.max(longest, this.len[t]);
      }
      for (let c = 0; c < CELLS; c++) cw[c >> 3] |= this.cell[c] << (4 * (c & 7));
      let pm = 0,
        cm = 0;
      for (let t = 0; t < TRENCHES; t++) if (this.len[t] > 0) pm |= 1 << t;
      for (let c = 0; c < CELLS; c++) if (this.cell[c] !== 0) cm |= 1 << c;
      if (this.pileMask !== pm) expect(this.pileMask).toBe(pm);
      if (this.cellMask !== cm) expect(this.cellMask).toBe(cm);
      // (expect() only on a difference: it runs at every puzzle node.)
      if (this.pileWords.some((w, i) => w !== pw[i])) expect(Array.from(this.pileWords)).toEqual(Array.from(pw));
      if (this.cellWords.some((w, i) => w !== cw[i])) expect(Array.from(this.cellWords)).toEqual(Array.from(cw));
      nodes++;
      if (this.cell.some((r) => r !== 0)) withCells++;
      return packKey.call(this, o0);
    };
    try {
      for (let seed = 1; seed <= 60; seed++) {
        const rng = seedrandom.alea(`w${seed}`);
        const h = Math.floor(rng() * 20);
        const cards: string[] = [];
        for (let i = h; i < 26; i++) cards.push(`${R[PLAY_ORDER[i] - 1]}S`);
        for (let i = cards.length - 1; i > 0; i--) {
          const j = Math.floor(rng() * (i + 1));
          [cards[i], cards[j]] = [cards[j], cards[i]];
        }
        const piles: Record<string, string[]> = {},
          reserve: Record<string, string> = {};
        const names = TRENCH_NAMES.slice(0, 2 + Math.floor(rng() * 4));
        const cells = Math.floor(rng() * 4);
        for (const c of cards) {
          const open = names.filter((t) => !piles[t] || fits(c, piles[t][piles[t].length - 1]));
          if (Object.keys(reserve).length < cells || open.length === 0)
            reserve[CELL_NAMES[Object.keys(reserve).length]] = c;
          else (piles[open[Math.floor(rng() * open.length)]] ??= []).push(c);
          if (Object.keys(reserve).length === CELLS) break;
        }
        // Judged until settled: a puzzle the first try (64 nodes) leaves open is tried again
        // with larger caps (suit-puzzles.ts, CAPS).
        const e = new SuitPuzzles(),
          p = setupPosition({ found: { S: h, H: 26, D: 26, C: 26 }, reserve, trenches: piles });
        for (let k = 0; k < 3 && e.judge(p.pos, 0) === NOT_JUDGED; k++);
      }
    } finally {
      proto.packKey = packKey;
    }
    expect(nodes).toBeGreaterThan(10_000);
    expect(longest).toBeGreaterThanOrEqual(16);
    expect(withCells).toBeGreaterThan(1_000);
  });

  it('says DEAD only where plain exhaustive search finds no win (random stock-less endgames)', () => {
    let dead = 0,
      checked = 0;
    for (let seed = 1; seed <= 45; seed++) {
      if (seed % 3 === 0) continue; // those have a stock
      const spec = makeEndgame(seed);
      const r = deadOnlyWhereLost(setupPosition(spec), `eg${seed}`, 40_000);
      if (r.dead) dead++;
      if (r.checked) checked++;
    }
    expect(dead).toBeGreaterThan(3);
    expect(checked).toBeGreaterThan(3);
  });
});
