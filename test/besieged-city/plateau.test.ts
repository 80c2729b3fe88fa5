import { describe, expect, it } from 'vitest';
import { setupPosition } from './setup.js';
import { solve } from '../../src/search/solve.js';
import { makeEndgame } from '../search/make-endgames.js';
import { BcMoveByMove, playsToWin } from './helpers.js';
import { NEIGHBOUR_MASK } from '../../src/games/besieged-city/rules.js';
import { BcSearch } from '../../src/games/besieged-city/search.js';
import { dealFromSeed } from '../../src/games/besieged-city/deal.js';
import { MACRO, type Plateaus } from '../../src/games/besieged-city/plateau.js';
import { PlateauKeying } from '../../src/games/besieged-city/plateau-keying.js';
import type { BcPosition } from '../../src/games/besieged-city/position.js';

const RANKS = 'A23456789TJQK';

// The plateau search (plateau.ts: a set of trench arrangements joined by reversible moves is one
// node, left by macro moves) against plain depth-first search on the same small problems: both
// must agree whenever both finish, every line found must replay move by move as legal and won,
// and some problems must really have plateaus of several arrangements (else the test proves
// nothing).

describe('Besieged City plateau search', () => {
  it('agrees with plain DFS on generated endgames, and its lines replay', () => {
    const tally = { solved: 0, unsolvable: 0, bigPlateaus: 0 };
    for (let seed = 1; seed <= 60; seed++) {
      const spec = makeEndgame(seed);
      let plainGame;
      try {
        plainGame = setupPosition(spec, BcMoveByMove);
      } catch {
        continue; // the generator's rare malformed problem (a card it ran out of)
      }
      const plain = solve(plainGame, { algorithm: 'dfs', maxNodes: 30_000 });
      const g = setupPosition(spec);
      const r = solve(g, { algorithm: 'dfs', maxNodes: 30_000 });
      expect(g.pos.ply, `seed ${seed}: position restored`).toBe(0);
      if (r.outcome === 'solved') expect(playsToWin(spec, r.moves), `seed ${seed}`).toBe(true);
      if (plain.outcome === 'unknown' || r.outcome === 'unknown') continue;
      expect(r.outcome, `seed ${seed}`).toBe(plain.outcome);
      tally[r.outcome]++;
      const pl = (g as unknown as { plateau: { cache: { memberCount: number; plateauCount: number } } }).plateau.cache;
      if (pl.memberCount > pl.plateauCount) tally.bigPlateaus++;
    }
    expect(tally.solved).toBeGreaterThan(10);
    expect(tally.unsolvable).toBeGreaterThan(10);
    expect(tally.bigPlateaus).toBeGreaterThan(10);
  });
});

describe('plateau search under rule variants', () => {
  // plateau.ts holds for symmetric trench orders with gaps filled at once: on under the default,
  // ordinary, play-order and stock-to-foundation=no; off (move by move) under directional and
  // trench-fill=deferred.
  it("remembers each suit's plateau lookup only while its piles are unchanged, and keys piles alike in place and loaded", () => {
    // plateau-keying.ts: memberOf() reuses a suit's last Plateaus.lookup() while the suit's stamp
    // (bumped by made() and unmade() for the moved card's suit) says its piles did not change.
    // Checked against a fresh lookup at every call, in plateau searches of generated endgames and
    // of real deals (macro moves teleport piles there); a stamp that missed a change would give a
    // stale member.
    type Keying = { cache: Plateaus; pos: BcPosition; memberStamp: Float64Array; stamp: Float64Array };
    const proto = PlateauKeying.prototype as unknown as { memberOf: (this: Keying, s: number) => number };
    const memberOf = proto.memberOf;
    let calls = 0,
      remembered = 0,
      teleports = 0;
    proto.memberOf = function (s) {
      if (this.memberStamp[s] === this.stamp[s]) remembered++;
      // (expect() only on a difference: this runs at every call, tens of thousands of them.)
      const m = memberOf.call(this, s),
        fresh = this.cache.lookup(this.pos, s);
      if (m !== fresh) expect(m).toBe(fresh);
      // lookup() keys the piles in place (packPosition()); explore() keys the loaded scratch
      // (pack()): the two must be the same key.
      const pl = this.cache as unknown as {
        key: Uint32Array;
        packPosition(p: BcPosition, s: number): number;
        loadPosition(p: BcPosition, s: number): boolean;
        pack(): number;
      };
      const len = pl.packPosition(this.pos, s),
        inPlace = Array.from(pl.key.subarray(0, len));
      if (pl.loadPosition(this.pos, s)) {
        const n = pl.pack();
        if (n !== len || inPlace.some((w, i) => w !== pl.key[i]))
          expect(Array.from(pl.key.subarray(0, n))).toEqual(inPlace);
      } else if (len !== 0) expect(len).toBe(0);
      calls++;
      return m;
    };
    const make = BcSearch.prototype.make;
    BcSearch.prototype.make = function (m: number) {
      if ((m & MACRO) !== 0 && m >>> 20 !== 0) teleports++;
      make.call(this, m);
    };
    try {
      for (let seed = 1; seed <= 30; seed++) {
        let g;
        try {
          g = setupPosition(makeEndgame(seed));
        } catch {
          continue;
        }
        solve(g, { algorithm: 'dfs', maxNodes: 5_000 });
      }
      for (const seed of ['3', '296']) solve(new BcSearch(dealFromSeed(seed)), { algorithm: 'dfs', maxNodes: 5_000 });
    } finally {
      proto.memberOf = memberOf;
      BcSearch.prototype.make = make;
    }
    expect(calls).toBeGreaterThan(10_000);
    expect(remembered).toBeGreaterThan(calls / 4);
    expect(teleports).toBeGreaterThan(100);
  });

  it('is on exactly where its proof holds', async () => {
    const { BcSearch } = await import('../../src/games/besieged-city/search.js');
    const { dealFromSeed, withVariant } = await import('../../src/games/besieged-city/deal.js');
    const cases: [string, boolean][] = [
      ['default', true],
      ['trench-order=ordinary', true],
      ['trench-order=play-order', true],
      ['stock-to-foundation=no', true],
      ['trench-order=ordinary,stock-to-foundation=no', true],
      ['trench-order=directional', false],
      ['trench-fill=deferred', false],
    ];
    for (const [v, on] of cases) {
      const g = new BcSearch(withVariant(dealFromSeed('3'), v, 'test'));
      g.extras.beginSearch({ guided: false, macros: true });
      expect(g.extras.costlyNodes, v).toBe(on);
    }
  });

  it('agrees with plain DFS under the ordinary and play-order trench orders', () => {
    for (const trenchOrder of ['ordinary', 'play-order'] as const) {
      const tally = { solved: 0, unsolvable: 0, bigPlateaus: 0 };
      for (let seed = 1; seed <= 50; seed++) {
        const spec = {
          ...makeEndgame(seed),
          rules: { trenchOrder, stockToFoundation: seed % 2 === 0, deferredFill: false },
        };
        // Only piles the order could have built (each card fits the one below it): the proof
        // rests on that, and play under the variant keeps it.
        const fits = (c: string, d: string) =>
          ((NEIGHBOUR_MASK[trenchOrder][RANKS.indexOf(d[0]) + 1] >> (RANKS.indexOf(c[0]) + 1)) & 1) === 1;
        if (!Object.values(spec.trenches ?? {}).every((p) => p.every((c, i) => i === 0 || fits(c, p[i - 1])))) continue;
        let plainGame;
        try {
          plainGame = setupPosition(spec, BcMoveByMove);
        } catch {
          continue;
        }
        const plain = solve(plainGame, { algorithm: 'dfs', maxNodes: 30_000 });
        const g = setupPosition(spec);
        const r = solve(g, { algorithm: 'dfs', maxNodes: 30_000 });
        expect(g.pos.ply).toBe(0);
        if (r.outcome === 'solved') expect(playsToWin(spec, r.moves), `${trenchOrder} seed ${seed}`).toBe(true);
        if (plain.outcome === 'unknown' || r.outcome === 'unknown') continue;
        expect(r.outcome, `${trenchOrder} seed ${seed}`).toBe(plain.outcome);
        tally[r.outcome]++;
        const pl = (g as unknown as { plateau: { cache: { memberCount: number; plateauCount: number } } }).plateau
          .cache;
        if (pl.memberCount > pl.plateauCount) tally.bigPlateaus++;
      }
      expect(tally.solved, trenchOrder).toBeGreaterThan(5);
      expect(tally.unsolvable, trenchOrder).toBeGreaterThan(5);
      expect(tally.bigPlateaus, trenchOrder).toBeGreaterThan(5);
    }
  });
});
