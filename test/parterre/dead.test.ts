import { describe, expect, it } from 'vitest';
import { solve } from '../../src/search/solve.js';
import { StateTable } from '../../src/search/table.js';
import { dealFromSeed, type PtDeal } from '../../src/games/parterre/deal.js';
import { PtSearch } from '../../src/games/parterre/search.js';
import { PT_POLICY } from '../../src/games/parterre/policy.js';
import { CapacitySearch, layout, plainSolve, randomEndgames } from './helpers.js';

// The capacity test (block() in dead-test.ts) against plain exhaustive search:
// a false "dead" would be a wrong "unsolvable", so every dead verdict met here is checked by a
// search of every legal move with no pruning at all.

const table = new StateTable(1 << 22);

const deadWith = (deal: PtDeal, capacity: boolean): boolean => new CapacitySearch(deal, capacity).dead();

describe('capacity test (dead() with the capacity test)', () => {
  it('never calls a won endgame dead: every dead verdict is confirmed by a plain exhaustive search', () => {
    let capacityOnly = 0,
      checked = 0;
    for (const deal of randomEndgames(12, 8000, 18, 31, 2)) {
      const base = deadWith(deal, false),
        cap = deadWith(deal, true);
      // The capacity test only adds verdicts.
      if (base) expect(cap).toBe(true);
      if (!cap) continue;
      if (!base) capacityOnly++;
      expect(plainSolve(deal, 500_000, table), JSON.stringify(deal)).toBe('unsolvable');
      checked++;
    }
    // Not vacuous: the generator meets positions that only the capacity test proves lost (about
    // 1 in 400 layouts).
    expect(capacityOnly).toBeGreaterThanOrEqual(10);
    expect(checked).toBeGreaterThan(capacityOnly);
  });

  it('proves a small position lost that the relaxation alone does not', () => {
    // Found by randomEndgames; a plain search exhausts it.
    const deal = layout(
      [
        ['QS', 'JS', 'KS', '8D'],
        ['JH'],
        ['QD', 'TD', 'TS'],
        ['9D', '9S', 'QH', 'KH'],
        ['TH', 'JD', 'KC'],
        ['QC', 'KD'],
      ],
      ['9H'],
    );
    expect(deadWith(deal, false)).toBe(false);
    expect(deadWith(deal, true)).toBe(true);
    expect(plainSolve(deal, 500_000, table)).toBe('unsolvable');
  });

  it('never calls a position on a winning line dead (deals and lines found without it)', () => {
    let positions = 0,
      solved = 0;
    for (const seed of ['2', '3', '12', '19', '20', '24', '26', '36', '40', '42', '45', '60']) {
      const g = new CapacitySearch(dealFromSeed(seed), true);
      const r = solve(new PtSearch(dealFromSeed(seed)), { maxNodes: 20_000, policy: PT_POLICY, table });
      if (r.outcome !== 'solved') continue;
      solved++;
      for (const m of r.moves) {
        expect(g.dead(), `seed ${seed}`).toBe(false);
        g.make(m);
        positions++;
      }
    }
    expect(solved).toBeGreaterThanOrEqual(8);
    expect(positions).toBeGreaterThan(700);
  });

  it('runs at the root of every search: deal 691, undecided by a 1M-node search, is proved lost at 0 nodes', () => {
    const g = new PtSearch(dealFromSeed('691'));
    expect(g.dead()).toBe(false); // the relaxation alone
    const r = solve(g, { maxNodes: 20_000, policy: PT_POLICY, table });
    expect(r).toMatchObject({ outcome: 'unsolvable', stats: { nodes: 0 } });
    const never = new CapacitySearch(dealFromSeed('691'), false);
    expect(solve(never, { maxNodes: 20_000, policy: PT_POLICY, table }).outcome).toBe('unknown');
    // Only the first dead() call of a search runs the test.
    g.beginSearch();
    expect(g.dead()).toBe(true);
    expect(g.dead()).toBe(false);
  });
});
