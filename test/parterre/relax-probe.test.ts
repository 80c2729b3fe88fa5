import { describe, expect, it } from 'vitest';
import { type PtDeal, dealFromSeed, dealToJson } from '../../src/games/parterre/deal.js';
import { FROM_FOUNDATION, PILE_CAP, type PtPosition } from '../../src/games/parterre/position.js';
import { ProbeRelaxation, type RelaxProbe } from '../../src/games/parterre/relax-probe.js';
import { REMOVABLE_RULES } from '../../src/games/parterre/rules.js';
import { PtSearch } from '../../src/games/parterre/search.js';
import { PtProbingSearch } from '../../src/games/parterre/search-game.js';
import { dfs } from '../../src/search/dfs.js';
import { StateTable } from '../../src/search/table.js';
import { lcg, plainSolve, randomEndgames } from './helpers.js';

// Relaxation probes inside the exact search (src/games/parterre/relax-probe.ts): a probe that
// exhausts the suit relaxation proves its position lost, and the relaxed states it met join a
// lost set shared by later probes, keyed independently of where the probe started.

const table = new StateTable(1 << 22);
const removable = (d: PtDeal): PtDeal => ({ ...d, rules: REMOVABLE_RULES });
/** Endgames whose piles stay within PILE_CAP under foundations=removable (as in
 *  suit-relaxation.test.ts). */
const roomy = (d: PtDeal) => d.piles.every((p) => p.every((c, i) => i + 1 + (c % 13) <= PILE_CAP));
/** Whether m takes a card off a foundation. */
const takeoff = (m: number) => (m & 3) === 3 && ((m >> 2) & 31) >= FROM_FOUNDATION;

/** The solver's game probing everywhere: from an ancestor's 5th node on, no cap on the probes'
 *  share. */
class ProbingEverywhere extends PtProbingSearch {
  protected override readonly probeFirst = 5;
  protected override readonly probeShare = 4;
  protected override readonly probeRatio = Number.POSITIVE_INFINITY;
  get relaxProbe(): RelaxProbe {
    return this.probe;
  }
}

/** The relaxed state a key must stand for: the placed cards by identity per pile (the piles as a
 *  multiset), the loose cards above them by rank, the bouquet by rank, the foundations. */
function relaxedState(g: ProbeRelaxation): string {
  const placed = (g as unknown as { placed: Int8Array }).placed;
  const piles: string[] = [];
  for (let p = 0; p < 6; p++) {
    const cards = Array.from(g.piles.subarray(p * PILE_CAP, p * PILE_CAP + g.plen[p]));
    const l = placed[p];
    piles.push(`${cards.slice(0, l).join(',')}/${cards.slice(l).map((c) => c % 13)}`);
  }
  const bouquet = g
    .bouquetCards()
    .map((c) => c % 13)
    .sort((a, b) => a - b);
  return `${piles.sort().join('|')} b${bouquet} f${Array.from(g.found)}`;
}

describe('relaxation probes', () => {
  it.each([false, true])(
    'key the relaxed state the same from whatever position the relaxation starts (removable: %s)',
    (rem) => {
      // Random relaxed lines from several anchors (the deal, and positions along real lines), the
      // states of all of them in one map: equal keys exactly when the states are equal. Under
      // foundations=removable the lines take cards off often.
      const rnd = lcg(17);
      const byKey = new Map<string, string>(),
        byState = new Map<string, string>();
      const lost = new StateTable(1 << 20);
      let shared = 0,
        off = 0;
      for (let seed = 1; seed <= 12; seed++) {
        const deal = dealFromSeed(String(seed));
        const real = new PtSearch(rem ? removable(deal) : deal);
        const rbuf = new Int32Array(real.maxMoves);
        for (let anchor = 0; anchor < 6; anchor++) {
          const g = new ProbeRelaxation(real, lost, undefined);
          const buf = new Int32Array(g.maxMoves),
            key = new Uint32Array(g.maxKeyWords);
          for (let step = 0; step < 200; step++) {
            const n = g.searchMoves(buf, 0);
            if (n === 0) break;
            let m = buf[Math.floor(rnd() * n)];
            for (let i = 0; i < n; i++)
              if (((buf[i] & 3) < 2 && rnd() < 0.5) || (takeoff(buf[i]) && rnd() < 0.3)) {
                m = buf[i];
                break;
              }
            if (takeoff(m)) off++;
            g.make(m);
            const k = Array.from(key.subarray(0, g.key(key))).join(',');
            const s = relaxedState(g);
            if (byKey.has(k)) {
              expect(byKey.get(k)).toBe(s);
              shared++;
            } else byKey.set(k, s);
            if (byState.has(s)) expect(byState.get(s)).toBe(k);
            else byState.set(s, k);
          }
          // The next anchor: a few real moves further.
          for (let t = 0; t < 8; t++) {
            const n = real.searchMoves(rbuf, 0);
            if (n === 0) break;
            real.make(rbuf[Math.floor(rnd() * n)]);
          }
        }
      }
      expect(byKey.size).toBeGreaterThan(500);
      expect(shared).toBeGreaterThan(0);
      if (rem) expect(off).toBeGreaterThan(50);
    },
  );

  it.each([false, true])(
    'reach, from the position a real line ends at with its cards loose, the state the relaxation from its start reaches by that line (removable: %s)',
    (rem) => {
      // What a probe of an ancestor starts from (PtProbingSearch.probeAt()): the relaxation anchored
      // at the root, played along the real line, keys as the relaxation anchored at the line's end
      // with the cards the line moved loose. Under foundations=removable the lines take cards off
      // (cards home at the root, and cards that went home on the line), often.
      const rnd = lcg(23);
      const lost = new StateTable(1 << 20);
      let checked = 0,
        off = 0;
      for (let seed = 1; seed <= 8; seed++) {
        const deal = dealFromSeed(String(seed));
        const real = new PtSearch(rem ? removable(deal) : deal);
        const fromRoot = new ProbeRelaxation(real, lost, undefined);
        const buf = new Int32Array(real.maxMoves),
          k1 = new Uint32Array(fromRoot.maxKeyWords),
          k2 = new Uint32Array(fromRoot.maxKeyWords);
        const moved = new Uint8Array(52);
        for (let step = 0; step < 120; step++) {
          const n = real.searchMoves(buf, 0);
          if (n === 0) break;
          let m = buf[Math.floor(rnd() * n)];
          for (let i = 0; i < n; i++) if (takeoff(buf[i]) && rnd() < 0.3) m = buf[i];
          if (takeoff(m)) off++;
          real.make(m);
          fromRoot.make(m);
          moved[(m >> 10) & 63] = 1;
          const there = new ProbeRelaxation(real, lost, undefined);
          there.loosen(moved);
          expect(relaxedState(there)).toBe(relaxedState(fromRoot));
          const a = Array.from(k1.subarray(0, fromRoot.key(k1))).join(','),
            b = Array.from(k2.subarray(0, there.key(k2))).join(',');
          expect(b).toBe(a);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(300);
      if (rem) expect(off).toBeGreaterThan(30);
    },
  );

  it('never prove lost an endgame that plain search wins, and lose no win', () => {
    let lostEndgames = 0,
      proved = 0,
      probes = 0;
    for (const deal of randomEndgames(31, 100, 22, 30, 3)) {
      // A budget that decides all but a few (more only searches those few to their end).
      const want = plainSolve(deal, 100_000, table);
      const g = new ProbingEverywhere(deal);
      table.clear();
      const got = dfs(g, { maxNodes: 3_000_000 }, table).outcome;
      const text = JSON.stringify(dealToJson(deal));
      if (want !== 'unknown') expect(got, text).toBe(want);
      if (want === 'unsolvable') lostEndgames++;
      proved += g.probeStats.exhausted + g.probeStats.hits;
      probes += g.probeStats.probes;
    }
    // Not vacuous: lost endgames, and positions that probes proved lost.
    expect(lostEndgames).toBeGreaterThan(3);
    expect(probes).toBeGreaterThan(100);
    expect(proved).toBeGreaterThan(20);
  });

  it('under foundations=removable: never prove lost a position that plain search wins, and lose no win', () => {
    // As above, the removable reading, and each proof checked on its own: the position a probe
    // proves lost (the first few of each search) searched plainly. Plain searches of this reading
    // wander (cards come and go): smaller budgets, larger endgames (smaller ones are all won).
    const check = new StateTable(1 << 20);
    const c = { lostEndgames: 0, claims: 0, confirmed: 0, probes: 0, relaxedTakeoffs: 0 };
    for (const base of randomEndgames(43, 60, 24, 34, 1)) {
      if (!roomy(base)) continue;
      const deal = removable(base);
      const want = plainSolve(deal, 60_000, table);
      const g = new ProbingEverywhere(deal);
      const probe = g.relaxProbe;
      const lostAt = probe.lostAt.bind(probe);
      let claims = 0;
      probe.lostAt = (pos: PtPosition, moved?: Uint8Array, budget?: number) => {
        const first = (probe as unknown as { relax?: ProbeRelaxation }).relax === undefined;
        const lost = lostAt(pos, moved, budget);
        const relax = (probe as unknown as { relax: ProbeRelaxation }).relax;
        if (first) {
          const make = relax.make.bind(relax);
          relax.make = (m: number) => {
            if (takeoff(m)) c.relaxedTakeoffs++;
            make(m);
          };
        }
        if (lost && claims++ < 5) {
          const at: PtDeal = { piles: Array.from({ length: 6 }, (_, p) => pos.pile(p)), bouquet: pos.bouquetCards() };
          const plain = plainSolve(removable(at), 5000, check);
          expect(plain, JSON.stringify(dealToJson(removable(at)))).not.toBe('solved');
          c.claims++;
          if (plain === 'unsolvable') c.confirmed++;
        }
        return lost;
      };
      table.clear();
      // Where plain search leaves the verdict open, only the first proofs are checked: the search
      // ends with the fifth.
      const poll = () => want === 'unknown' && claims >= 5;
      const got = dfs(g, { maxNodes: 100_000, poll }, table).outcome;
      const text = JSON.stringify(dealToJson(deal));
      if (want !== 'unknown' && got !== 'unknown') expect(got, text).toBe(want);
      if (want === 'unsolvable') c.lostEndgames++;
      c.probes += g.probeStats.probes;
    }
    // Not vacuous: lost endgames, proofs that plain search confirms, probes that took cards off.
    expect(c.lostEndgames).toBeGreaterThan(1);
    expect(c.claims).toBeGreaterThan(25);
    expect(c.confirmed).toBeGreaterThan(10);
    expect(c.probes).toBeGreaterThan(100);
    expect(c.relaxedTakeoffs).toBeGreaterThan(10_000);
  });
});
