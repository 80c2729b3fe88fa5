import { describe, expect, it } from 'vitest';
import { type PtDeal, dealFromSeed, dealToJson } from '../../src/games/parterre/deal.js';
import { PILE_CAP } from '../../src/games/parterre/position.js';
import { REMOVABLE_RULES } from '../../src/games/parterre/rules.js';
import { PtSearch } from '../../src/games/parterre/search.js';
import { solve } from '../../src/search/solve.js';
import { StateTable } from '../../src/search/table.js';
import {
  lcg,
  plainSolve,
  randomEndgames,
  snapshot,
  deadWalks,
  undoWalks,
  withoutRedundant,
} from '../../test/parterre/helpers.js';
import { RESOLVE, SuitRelaxationModes } from './suit-relaxation-modes.js';

// The stronger suit relaxations (suit-relaxation-modes.ts) as test/parterre/suit-relaxation.test.ts
// checks the solver's: against plain exhaustive search of the real game (a position a relaxation
// proves lost must be lost) and of the relaxation itself (its prunings, forced moves, dead test and
// redundant-move rule lose no relaxed win), on random endgames.

const table = new StateTable(1 << 22);
const removable = (d: PtDeal): PtDeal => ({ ...d, rules: REMOVABLE_RULES });
/** Endgames whose piles stay within PILE_CAP under foundations=removable. */
const roomy = (d: PtDeal) => d.piles.every((p) => p.every((c, i) => i + 1 + (c % 13) <= PILE_CAP));

/** The relaxation, searched plainly while `plain` is set: every legal move and its exchanges, no
 *  dead test, no forced move. */
class Switchable extends SuitRelaxationModes {
  plain = false;
  protected override realMoves(out: Int32Array, offset: number): number {
    return this.plain ? this.legalMoves(out, offset) : super.realMoves(out, offset);
  }
  override dead(): boolean {
    return !this.plain && super.dead();
  }
  override forcedMove(): number {
    return this.plain ? -1 : super.forcedMove();
  }
}

/** Exchanges played by the relaxed searches, and moves they played as forced. */
let exchanged = 0,
  forced = 0;

function relaxed(deal: PtDeal, bouquetLoose: boolean, plain: boolean, maxNodes: number, keep?: Uint8Array, near = 0) {
  const g = new Switchable(new PtSearch(deal), bouquetLoose, keep, near);
  g.plain = plain;
  if (plain) withoutRedundant(g);
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

/** The relaxation against plain search of the real game (never lost where that is won) and
 *  against its own plain search (its prunings lose no relaxed win); tallied by "real/relaxed"
 *  verdicts. */
function tallyVerdicts(
  count: Record<string, number>,
  deal: PtDeal,
  text: string,
  bouquetLoose: boolean,
  keep?: Uint8Array,
  near = 0,
) {
  const want = plainSolve(deal, 200_000, table);
  const got = relaxed(deal, bouquetLoose, false, 200_000, keep, near);
  const plain = relaxed(deal, bouquetLoose, true, 200_000, keep, near);
  if (want === 'solved') expect(got, text).not.toBe('unsolvable');
  if (got === 'unsolvable') expect(want, text).not.toBe('solved');
  if (got !== 'unknown' && plain !== 'unknown') expect(got, text).toBe(plain);
  const k = `${want}/${got}`;
  count[k] = (count[k] ?? 0) + 1;
}

/** Equal keys only for equal relaxed positions: g's key must not have been met with another
 *  relaxed position (`state`) in `seen`. Returns the key. */
function keyedAlike(g: SuitRelaxationModes, key: Uint32Array, seen: Map<string, string>, state: string, text: string) {
  const k = Array.from(key.subarray(0, g.key(key))).join(',');
  expect(seen.get(k) ?? state, text).toBe(state);
  seen.set(k, state);
  return k;
}

/** The relaxed position as suit-relaxation.ts defines it, written out: per pile its placed cards,
 *  then each card above them as itself when kept, else by rank (loose), the piles sorted; the
 *  bouquet likewise, sorted; the foundations' heights. */
function relaxedState(g: SuitRelaxationModes, keep: Uint8Array | ((c: number) => boolean)): string {
  const placed = (g as unknown as { placed: Int8Array }).placed;
  const kept = typeof keep === 'function' ? keep : (c: number) => keep[c] === 1;
  const name = (c: number) => (kept(c) ? `${c}` : `r${c % 13}`);
  const piles = Array.from({ length: 6 }, (_, p) =>
    g
      .pile(p)
      .map((c, i) => (i < placed[p] ? `${c}` : name(c)))
      .join(' '),
  ).sort();
  return `${piles.join('|')}/${g.bouquetCards().map(name).sort().join(' ')}/${Array.from(g.found).join(',')}`;
}

describe('the suit relaxation with bouquet cards keeping their suits', () => {
  it('undoes every move exactly, exchanges and takeoffs included', () => {
    for (const rem of [false, true]) {
      const deals = [dealFromSeed('29'), ...randomEndgames(3, 10, 24, 30, 3)].filter((d) => !rem || roomy(d));
      const r = undoWalks(
        rem ? deals.map(removable) : deals,
        (deal) => new SuitRelaxationModes(new PtSearch(deal), false),
        5,
        1500,
      );
      expect(r.wrong).toBeUndefined();
      expect(r.exchanges).toBeGreaterThan(10);
      if (rem) expect(r.takeoffs).toBeGreaterThan(10);
      else expect(r.takeoffs).toBe(0);
    }
  });

  it('never proves lost an endgame that plain search wins, and its prunings and forced moves lose no relaxed win', () => {
    const count: Record<string, number> = {};
    const before = { exchanged, forced };
    for (const deal of randomEndgames(11, 120, 20, 28, 3))
      tallyVerdicts(count, deal, JSON.stringify(dealToJson(deal)), false);
    expect(count['unsolvable/unsolvable']).toBeGreaterThan(3);
    expect(count['solved/solved']).toBeGreaterThan(50);
    expect(exchanged - before.exchanged).toBeGreaterThan(400);
    expect(forced - before.forced).toBeGreaterThan(50);
  });

  it('never calls dead a position of a random line that plain search of the relaxation wins', () => {
    // Positions with loose cards: random lines in the relaxation from real deals (home moves
    // preferred), every tenth position checked.
    const rnd = lcg(9);
    const deals = [1, 2, 3, 4, 5, 6].map((s) => dealFromSeed(String(s)));
    const pick = (m: number) => (m & 3) < 2 && rnd() < 0.7;
    const r = deadWalks(deals, (deal) => new Switchable(new PtSearch(deal), false), rnd, {
      steps: 300,
      every: 10,
      maxNodes: 30_000,
      pick,
      table,
    });
    expect(r.wrong).toBeUndefined();
    expect(r.dead).toBeGreaterThan(100);
    expect(r.live).toBeGreaterThan(3);
  });

  it('under foundations=removable: never calls dead a position of a random line that plain search of the relaxation wins', () => {
    // As above, with takeoffs among the moves: positions with cards that came off a foundation.
    const rnd = lcg(21);
    const deals = [dealFromSeed('3'), ...randomEndgames(23, 16, 22, 34, 4)].filter(roomy).map(removable);
    const pick = (m: number) => ((m & 3) < 2 && rnd() < 0.6) || (((m >> 2) & 31) >= 16 && rnd() < 0.5);
    const r = deadWalks(deals, (deal) => new Switchable(new PtSearch(deal), false), rnd, {
      steps: 200,
      every: 7,
      maxNodes: 10_000,
      pick,
      table,
    });
    expect(r.wrong).toBeUndefined();
    expect(r.off).toBeGreaterThan(50);
    expect(r.dead).toBeGreaterThan(50);
    expect(r.live).toBeGreaterThan(5);
  });

  it('enters the same positions with its redundant-move rule as without it', () => {
    let fewer = 0,
      exhausted = 0;
    for (const deal of randomEndgames(39, 100, 8, 10, 2)) {
      const run = (skip: boolean) => {
        const g = new SuitRelaxationModes(new PtSearch(deal), false);
        g.won = () => false;
        g.forcedMove = () => -1;
        return solve(skip ? g : withoutRedundant(g), { algorithm: 'dfs', maxNodes: 20_000, table });
      };
      // The search with the rule only where the one without it is exhausted (else nothing is compared).
      const a = run(false);
      if (a.outcome === 'unknown') continue;
      const b = run(true);
      if (b.outcome === 'unknown') continue;
      expect(b.stats.unique, JSON.stringify(deal)).toBe(a.stats.unique);
      expect(b.stats.nodes, JSON.stringify(deal)).toBeLessThanOrEqual(a.stats.nodes);
      exhausted++;
      if (b.stats.nodes < a.stats.nodes) fewer++;
    }
    expect(exhausted).toBeGreaterThanOrEqual(20);
    expect(fewer).toBeGreaterThanOrEqual(20);
  });
});

describe('the suit relaxation with kept cards and near cards', () => {
  it('with kept cards (never loose): undoes every move exactly, never proves lost an endgame that plain search wins, and its prunings and forced moves lose no relaxed win', () => {
    // A random third of each endgame's cards keep their suits (parterre-cegar.ts).
    const rnd = lcg(31);
    const count: Record<string, number> = {};
    const before = exchanged;
    let undone = 0,
      keyed = 0;
    for (const [i, deal] of [...randomEndgames(41, 120, 20, 28, 3)].entries()) {
      const keep = new Uint8Array(52);
      for (let c = 0; c < 52; c++) if (rnd() < 1 / 3) keep[c] = 1;
      const text = `${JSON.stringify(dealToJson(deal))} keep ${[...keep.keys()].filter((c) => keep[c]).join(' ')}`;
      if (i < 30) {
        // Random walks: moves undone exactly, and equal keys only for equal relaxed positions.
        const seen = new Map<string, string>();
        for (let walk = 0; walk < 4; walk++) {
          const g = new SuitRelaxationModes(new PtSearch(deal), true, keep);
          const buf = new Int32Array(g.maxMoves);
          const key = new Uint32Array(g.maxKeyWords);
          for (let step = 0; step < 60; step++) {
            keyedAlike(g, key, seen, relaxedState(g, keep), text);
            keyed++;
            const n = g.searchMoves(buf, 0);
            if (n === 0) break;
            const snap = snapshot(g);
            for (let j = 0; j < n; j++) {
              g.make(buf[j]);
              g.unmake(buf[j]);
              expect(snapshot(g), text).toBe(snap);
              undone++;
            }
            g.make(buf[Math.floor(rnd() * n)]);
          }
        }
      }
      tallyVerdicts(count, deal, text, true, keep);
    }
    // Not vacuous: lost endgames proved lost, won ones, exchanges played, moves undone.
    expect(count['unsolvable/unsolvable']).toBeGreaterThan(3);
    expect(count['solved/solved']).toBeGreaterThan(50);
    expect(exchanged - before).toBeGreaterThan(300);
    expect(undone).toBeGreaterThan(500);
    expect(keyed).toBeGreaterThan(1000);
  });

  it('with near cards (k = 1..3): undoes every move exactly, keys only equal relaxed positions alike, never proves lost an endgame that plain search wins, and its prunings lose no relaxed win', () => {
    const rnd = lcg(57);
    const count: Record<string, number> = {};
    let resolved = 0,
      undone = 0,
      keyed = 0,
      twice = 0;
    for (const [i, deal] of [...randomEndgames(43, 120, 20, 28, 3)].entries()) {
      const near = 1 + (i % 3);
      const text = `${JSON.stringify(dealToJson(deal))} near ${near}`;
      if (i < 30) {
        // Random walks: moves undone exactly, and equal keys only for equal relaxed positions (a
        // card that has moved is written by its rank while it is far from home, else as itself).
        // Positions met twice under one key (by other cards in other places) must have the same
        // children's keys: the key is exact on the relaxed game (the forms of a home move among
        // them: without them the children differ).
        const seen = new Map<string, string>();
        const children = new Map<string, string>();
        for (let walk = 0; walk < 40; walk++) {
          const g = new SuitRelaxationModes(new PtSearch(deal), true, undefined, near);
          const far = (c: number) => (c % 13) + 1 - g.found[Math.floor(c / 13)] > near;
          const buf = new Int32Array(g.maxMoves);
          const key = new Uint32Array(g.maxKeyWords);
          const keyOf = () => Array.from(key.subarray(0, g.key(key))).join(',');
          for (let step = 0; step < (walk < 4 ? 60 : 16); step++) {
            const k = keyedAlike(
              g,
              key,
              seen,
              relaxedState(g, (c) => !far(c)),
              text,
            );
            keyed++;
            const n = g.searchMoves(buf, 0);
            if (n === 0) break;
            const snap = snapshot(g);
            const kids: string[] = [];
            for (let j = 0; j < n; j++) {
              if (buf[j] & RESOLVE) resolved++;
              g.make(buf[j]);
              kids.push(keyOf());
              g.unmake(buf[j]);
              expect(snapshot(g), text).toBe(snap);
              undone++;
            }
            const got = [...new Set(kids)].sort().join(' ');
            if (children.has(k) && snapshot(g) !== children.get(`${k}@`)) {
              expect(got, text).toBe(children.get(k));
              twice++;
            }
            children.set(k, got);
            children.set(`${k}@`, snap);
            g.make(buf[Math.floor(rnd() * n)]);
          }
        }
      }
      tallyVerdicts(count, deal, text, true, undefined, near);
    }
    // Not vacuous: lost endgames proved lost, won ones, exchanges offered, moves undone.
    expect(count['unsolvable/unsolvable']).toBeGreaterThan(3);
    expect(count['solved/solved']).toBeGreaterThan(50);
    expect(resolved).toBeGreaterThan(100);
    expect(undone).toBeGreaterThan(500);
    expect(keyed).toBeGreaterThan(1000);
    expect(twice).toBeGreaterThan(20);
  });
});
