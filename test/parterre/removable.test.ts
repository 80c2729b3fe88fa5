import { describe, expect, it } from 'vitest';
import { solve } from '../../src/search/solve.js';
import { StateTable } from '../../src/search/table.js';
import { type PtDeal, dealFromJson, dealFromSeed, dealToJson, withVariant } from '../../src/games/parterre/deal.js';
import { formatMove, parseMove } from '../../src/games/parterre/notation.js';
import { PtPosition } from '../../src/games/parterre/position.js';
import { PT_POLICY } from '../../src/games/parterre/policy.js';
import { REMOVABLE_RULES } from '../../src/games/parterre/rules.js';
import { PtSearch } from '../../src/games/parterre/search.js';
import { packKey } from '../../src/games/parterre/key.js';
import {
  CapacitySearch,
  canonical,
  layout,
  lcg,
  legal,
  plainSolve,
  randomEndgames,
  searchMoves,
  snapshot,
} from './helpers.js';

// The variant foundations=removable (docs/rules/parterre.md, § Variants): a foundation's top card
// is available again. Its moves, its notation and files, and every proof of the search (the safe
// foundation rule, the relaxed dead test, the capacity test, the move prunings) checked against a
// plain exhaustive search under both readings.

const table = new StateTable(1 << 22);
const removable = (d: PtDeal): PtDeal => ({ ...d, rules: REMOVABLE_RULES });

describe('foundations=removable: the moves', () => {
  // Home: spades to 6, hearts to 3, all diamonds and clubs.
  const piles = [['8S', '7H'], ['9S', 'KS'], ['QS', 'JS'], ['TS'], ['KH', 'QH'], ['JH', 'TH', '9H', '8H', '7S']];
  const bouquet = ['4H', '5H', '6H'];

  it('takes the top card of a foundation onto a pile one rank higher, or an empty pile; never a card below it', () => {
    const fin = new PtPosition(layout(piles, bouquet));
    expect(legal(fin).filter((m) => m.includes('F>'))).toEqual([]);
    const pos = new PtPosition(removable(layout(piles, bouquet)));
    // 6S onto 7H and 7S; 3H onto nothing (no 4 is a top); KD, KC nowhere (no pile is empty).
    expect(legal(pos).filter((m) => m.includes('F>'))).toEqual(['6S F>p0', '6S F>p5']);
    pos.make((parseMove(pos, 'TS p3>p2') as { move: number }).move);
    expect(pos.plen[3]).toBe(0);
    expect(legal(pos).filter((m) => m.includes('F>'))).toEqual([
      '6S F>p0',
      '6S F>p3',
      '6S F>p5',
      '3H F>p3',
      'KD F>p3',
      'KC F>p3',
    ]);
  });

  it('parses and formats `7D F>p3`, and explains what it refuses', () => {
    const pos = new PtPosition(removable(layout(piles, bouquet)));
    const p = parseMove(pos, '6s f > p0');
    expect(p.ok).toBe(true);
    const m = (p as { move: number }).move;
    expect(formatMove(m)).toBe('6S F>p0');
    const before = snapshot(pos);
    pos.make(m);
    expect(pos.found[0]).toBe(5);
    expect(pos.foundTotal).toBe(34);
    expect(pos.pile(0).length).toBe(3);
    pos.unmake(m);
    expect(snapshot(pos)).toBe(before);
    const why = (text: string) => (parseMove(pos, text) as { reason: string }).reason;
    expect(why('5S F>p0')).toBe('5S is not the top card of its foundation (6S is)');
    expect(why('6S F>p1')).toBe('6S does not fit on KS in p1 (it needs a 7 of any suit)');
    expect(why('6S F>b')).toBe('cards never return to the bouquet');
    expect(why('6S p0>p1')).toMatch(/^6S is already on its foundation/);
    const fin = new PtPosition(layout(piles, bouquet));
    expect((parseMove(fin, '6S F>p0') as { reason: string }).reason).toBe(
      'cards on a foundation never leave it (variant foundations=removable lets its top card move)',
    );
  });

  it('unmake restores every observable part, and keys stay exact (random playouts)', () => {
    const rnd = lcg(17);
    const key = new Uint32Array(8);
    let fromFoundation = 0;
    for (let d = 0; d < 12; d++) {
      // Keys code undisturbed piles by reference to the deal: one map per deal.
      const byKey = new Map<string, string>();
      const pos = new PtPosition(removable(dealFromSeed(String(d))));
      const buf = new Int32Array(200);
      const stack: [number, string][] = [];
      for (let i = 0; i < 300; i++) {
        const n = pos.legalMoves(buf);
        if (n === 0) break;
        // Foundation moves first when there are any, so that foundations fill and empty often.
        const home = [];
        for (let j = 0; j < n; j++)
          if (formatMove(buf[j]).endsWith('>F') || formatMove(buf[j]).includes('F>')) home.push(buf[j]);
        const m = home.length && rnd() < 0.6 ? home[Math.floor(rnd() * home.length)] : buf[Math.floor(rnd() * n)];
        if (formatMove(m).includes('F>')) fromFoundation++;
        stack.push([m, snapshot(pos)]);
        pos.make(m);
        const k = Array.from(key.subarray(0, packKey(pos, key))).join(',');
        const c = canonical(pos);
        const seen = byKey.get(k);
        if (seen !== undefined) expect(seen).toBe(c);
        else byKey.set(k, c);
      }
      while (stack.length) {
        const [m, snap] = stack.pop()!;
        pos.unmake(m);
        expect(snapshot(pos)).toBe(snap);
      }
    }
    expect(fromFoundation).toBeGreaterThan(50);
  });

  it('records the variant in deal files and reads it back; a bad one is one line naming the field', () => {
    const d = withVariant(dealFromSeed('7'), 'foundations=removable');
    const json = dealToJson(d);
    expect(json.variant).toEqual({ foundations: 'removable' });
    expect(dealFromJson(JSON.parse(JSON.stringify(json)), 'd.json').rules?.removable).toBe(true);
    expect(dealToJson(withVariant(d, 'foundations=final')).variant).toBeUndefined();
    expect('variant' in dealToJson(dealFromSeed('7'))).toBe(false);
    expect(() => dealFromJson({ ...json, variant: { foundations: 'sometimes' } }, 'd.json')).toThrow(
      'd.json: field "variant": foundations=sometimes is not a value of that switch (use final, removable)',
    );
    expect(() => withVariant(d, 'tableau=x')).toThrow('--variant: unknown variant switch "tableau" (use foundations)');
  });

  // The study reads a final win as a removable win and a removable loss as a final loss
  // (bench/parterre-study.ts): that holds only if removable adds the takeoffs and changes nothing else.
  it('has every move of the final reading and only the takeoffs more, all along final lines (random playouts)', () => {
    const rnd = lcg(23);
    let takeoffs = 0;
    for (let d = 0; d < 12; d++) {
      const fin = new PtPosition(dealFromSeed(String(100 + d)));
      const rem = new PtPosition(removable(dealFromSeed(String(100 + d))));
      const buf = new Int32Array(200);
      for (let i = 0; i < 300; i++) {
        const moves = legal(fin);
        const more = legal(rem);
        const off = more.filter((m) => m.includes('F>'));
        takeoffs += off.length;
        expect(more.filter((m) => !m.includes('F>'))).toEqual(moves);
        const n = fin.legalMoves(buf);
        if (n === 0) break;
        const home = [];
        for (let j = 0; j < n; j++) if (formatMove(buf[j]).endsWith('>F')) home.push(buf[j]);
        const m = home.length && rnd() < 0.6 ? home[Math.floor(rnd() * home.length)] : buf[Math.floor(rnd() * n)];
        fin.make(m);
        rem.make((parseMove(rem, formatMove(m)) as { move: number }).move);
        expect(snapshot(rem)).toBe(snapshot(fin));
      }
    }
    expect(takeoffs).toBeGreaterThan(50);
  });
});

/** The full search's verdict: exhaustive depth-first with every proof and pruning (the capacity
 *  test at every node), and the 'auto' portfolio as the CLI runs it. */
function full(deal: PtDeal): [string, string] {
  const dfs = solve(new CapacitySearch(deal, true), { algorithm: 'dfs', maxNodes: 60_000, table }).outcome;
  const auto = solve(new PtSearch(deal), { maxNodes: 300_000, policy: PT_POLICY, table }).outcome;
  return [dfs, auto];
}

describe('the search under both readings against plain exhaustive search', () => {
  it('gives the verdict of a plain search on random endgames, under final and under removable', () => {
    const count = { final: { solved: 0, unsolvable: 0 }, removable: { solved: 0, unsolvable: 0 } };
    let onlyRemovable = 0;
    const agree = [0, 0];
    for (const base of randomEndgames(4, 150, 22, 30, 1)) {
      const verdicts: Record<string, string> = {};
      for (const [name, deal, budget] of [
        // Budgets that decide all but a few: more only searches those few to their end.
        ['final', base, 50_000],
        ['removable', removable(base), 50_000],
      ] as const) {
        const want = plainSolve(deal, budget, table);
        verdicts[name] = want;
        if (want === 'unknown') continue;
        const text = JSON.stringify(dealToJson(deal));
        // Never the other verdict; an unknown (the budget spent elsewhere first) is counted.
        for (const v of full(deal)) {
          expect([want, 'unknown'], text).toContain(v);
          agree[v === want ? 0 : 1]++;
        }
        // The root's own dead() verdict, capacity test included, checked directly too.
        if (new CapacitySearch(deal, true).dead()) expect(want, text).toBe('unsolvable');
        count[name][want]++;
      }
      // A line under final is a line under removable.
      if (verdicts.final === 'solved') expect(verdicts.removable).not.toBe('unsolvable');
      if (verdicts.final === 'unsolvable' && verdicts.removable === 'solved') onlyRemovable++;
    }
    // Not vacuous: both verdicts under both readings, and endgames only the removable reading wins.
    expect(count.final.solved).toBeGreaterThan(100);
    expect(count.final.unsolvable).toBeGreaterThanOrEqual(10);
    expect(count.removable.solved).toBeGreaterThan(80);
    expect(count.removable.unsolvable).toBeGreaterThanOrEqual(4);
    expect(onlyRemovable).toBeGreaterThan(0);
    expect(agree[0]).toBeGreaterThan(20 * agree[1]);
  });

  it('prunes a card off a foundation that the safe rule would send straight back', () => {
    // Home: spades to 6, hearts to 3, all diamonds and clubs: min 3, so 6S (rank 6 > 5) may come
    // off; with hearts home to 4 (min 4) it may not.
    const piles = [['8S', '7H'], ['9S', 'KS'], ['QS', 'JS'], ['TS'], ['KH', 'QH'], ['JH', 'TH', '9H', '8H', '7S']];
    const g = new PtSearch(removable(layout(piles, ['4H', '5H', '6H'])));
    expect(searchMoves(g).filter((m) => m.includes('F>'))).toEqual(['6S F>p0', '6S F>p5']);
    const h = new PtSearch(removable(layout(piles, ['5H', '6H'])));
    expect(searchMoves(h).filter((m) => m.includes('F>'))).toEqual([]);
  });

  it('streamlined at levels 0-2, takes no card off a foundation (lines of the final reading); at level 3 it does', () => {
    const piles = [['8S', '7H'], ['9S', 'KS'], ['QS', 'JS'], ['TS'], ['KH', 'QH'], ['JH', 'TH', '9H', '8H', '7S']];
    const g = new PtSearch(removable(layout(piles, ['4H', '5H', '6H'])));
    const off = () => searchMoves(g).filter((m) => m.includes('F>'));
    for (const level of [0, 1, 2]) {
      g.streamline(true, level);
      expect(off(), `level ${level}`).toEqual([]);
      g.streamline(false);
      expect(off()).toEqual(['6S F>p0', '6S F>p5']);
    }
    g.streamline(true, 3);
    expect(off()).toEqual(['6S F>p0', '6S F>p5']);
    g.streamline(false);
    expect(g.streamlineOffered(3)).toBe(true);
    // Under final, level 3 would be level 1 again: not offered.
    expect(new PtSearch(layout(piles, ['4H', '5H', '6H'])).streamlineOffered(3)).toBe(false);
  });
});
