import { describe, expect, it } from 'vitest';
import { type PtDeal, dealFromSeed, dealToJson, withVariant } from '../../src/games/parterre/deal.js';
import { REMOVABLE_RULES } from '../../src/games/parterre/rules.js';
import { PtGame } from '../../src/games/parterre/search.js';
import { ptSearchGame, SuitRelaxation } from '../../src/games/parterre/suit-relaxation.js';
import { PT_POLICY } from '../../src/games/parterre/policy.js';
import { solve } from '../../src/search/solve.js';
import { StateTable } from '../../src/search/table.js';
import { lcg, plainSolve, randomEndgames, snapshot } from './helpers.js';

// The suit relaxation (src/games/parterre/suit-relaxation.ts): a game won whenever the real one
// is, searched to the end. Checked against plain exhaustive search of the real game (a position
// the relaxation proves lost must be lost) and of the relaxation itself (its prunings and dead
// test lose no relaxed win), on random endgames.

const table = new StateTable(1 << 22);

/** Exchanges played by the relaxed searches (the moves that make it a relaxation), and moves
 *  they played as forced (SuitRelaxation.forcedMove()). */
let exchanged = 0,
  forced = 0;

function relaxed(deal: PtDeal, bouquetLoose: boolean, plain: boolean, maxNodes: number) {
  const g = new SuitRelaxation(new PtGame(deal), bouquetLoose);
  g.plain = plain;
  g.skipRedundant = !plain;
  const make = g.make.bind(g);
  g.make = (m: number) => {
    if (m >> 16) exchanged++;
    make(m);
  };
  const force = g.forcedMove.bind(g);
  g.forcedMove = () => {
    const m = force();
    if (m >= 0) forced++;
    return m;
  };
  return solve(g, { algorithm: 'dfs', maxNodes, table }).outcome;
}

describe('the suit relaxation', () => {
  it('undoes every move exactly, exchanges included', () => {
    for (const bouquetLoose of [true, false]) {
      let exchanges = 0;
      const rnd = lcg(5);
      for (const deal of [dealFromSeed('29'), ...randomEndgames(3, 10, 24, 30, 3)]) {
        const g = new SuitRelaxation(new PtGame(deal), bouquetLoose);
        const buf = new Int32Array(g.maxMoves);
        const path: number[] = [];
        for (let step = 0; step < 1500; step++) {
          const n = g.searchMoves(buf, 0);
          if (n === 0 || (rnd() < 0.3 && path.length > 0)) {
            if (path.length === 0) break;
            g.unmake(path.pop() as number);
            continue;
          }
          const before = snapshot(g);
          for (let i = 0; i < n; i++) {
            if (buf[i] >> 16) exchanges++;
            g.make(buf[i]);
            g.unmake(buf[i]);
            expect(snapshot(g)).toBe(before);
          }
          const m = buf[Math.floor(rnd() * n)];
          g.make(m);
          path.push(m);
        }
      }
      expect(exchanges).toBeGreaterThan(10);
    }
  });

  it('never proves lost an endgame that plain search wins, and its prunings and forced moves lose no relaxed win', () => {
    const count: Record<string, number> = {};
    const tally = (k: string) => {
      count[k] = (count[k] ?? 0) + 1;
    };
    for (const deal of randomEndgames(11, 120, 20, 28, 3)) {
      const want = plainSolve(deal, 200_000, table);
      const text = JSON.stringify(dealToJson(deal));
      for (const bouquetLoose of [true, false]) {
        const got = relaxed(deal, bouquetLoose, false, 200_000);
        const plain = relaxed(deal, bouquetLoose, true, 200_000);
        if (want === 'solved') expect(got, text).not.toBe('unsolvable');
        if (got === 'unsolvable') expect(want, text).not.toBe('solved');
        if (got !== 'unknown' && plain !== 'unknown') expect(got, text).toBe(plain);
        tally(`${bouquetLoose ? 'all' : 'piles'} ${want}/${got}`);
      }
    }
    // Not vacuous: lost endgames that the relaxation proves lost, won ones, and exchanges played.
    expect(count['all unsolvable/unsolvable']).toBeGreaterThan(3);
    expect(count['piles unsolvable/unsolvable']).toBeGreaterThan(3);
    expect(count['all solved/solved']).toBeGreaterThan(50);
    expect(exchanged).toBeGreaterThan(1000);
    expect(forced).toBeGreaterThan(100);
  });

  it('never calls dead a position of a random line that plain search of the relaxation wins', () => {
    // Positions with loose cards: random lines in the relaxation from real deals (home moves
    // preferred), every tenth position checked.
    const rnd = lcg(9);
    let dead = 0,
      live = 0;
    for (let seed = 1; seed <= 6; seed++) {
      for (const bouquetLoose of [true, false]) {
        const g = new SuitRelaxation(new PtGame(dealFromSeed(String(seed))), bouquetLoose);
        const buf = new Int32Array(g.maxMoves);
        for (let step = 0; step < 300; step++) {
          const n = g.searchMoves(buf, 0);
          if (n === 0) break;
          let m = buf[Math.floor(rnd() * n)];
          for (let i = 0; i < n; i++)
            if ((buf[i] & 3) < 2 && rnd() < 0.7) {
              m = buf[i];
              break;
            }
          g.make(m);
          if (step % 10 !== 0) continue;
          const d = g.dead();
          g.plain = true;
          const r = solve(g, { algorithm: 'dfs', maxNodes: 30_000, table }).outcome;
          g.plain = false;
          if (d) expect(r, `seed ${seed} step ${step}`).not.toBe('solved');
          if (r !== 'unknown') d ? dead++ : live++;
        }
      }
    }
    expect(dead).toBeGreaterThan(100);
    expect(live).toBeGreaterThan(5);
  });

  it("decides deal 261 lost in the 'auto' search, where the exhaustive pass alone cannot", () => {
    const deal = dealFromSeed('261');
    const big = new StateTable(1 << 26);
    const alone = solve(new SuitRelaxation(new PtGame(deal)), { algorithm: 'dfs', maxNodes: 1_000_000, table: big });
    expect(alone.outcome).toBe('unsolvable');
    const r = solve(ptSearchGame(deal), { maxNodes: 5_000_000, policy: PT_POLICY, table: big });
    expect(r.outcome).toBe('unsolvable');
    expect(r.stats.nodes).toBeLessThan(1_000_000);
    // Under foundations=removable there is none (its rules would need their own proof).
    expect(ptSearchGame(withVariant(deal, 'foundations=removable')).relaxation?.()).toBeUndefined();
  });

  it('is for foundations=final only', () => {
    expect(() => new SuitRelaxation(new PtGame({ ...dealFromSeed('1'), rules: REMOVABLE_RULES }))).toThrow(
      'foundations=final only',
    );
  });
});
