import { describe, expect, it } from 'vitest';
import { type PtDeal, dealFromSeed, dealToJson, withVariant } from '../../src/games/parterre/deal.js';
import { PILE_CAP } from '../../src/games/parterre/position.js';
import { formatMove } from '../../src/games/parterre/notation.js';
import { parseCard } from '../../src/cards/card.js';
import { REMOVABLE_RULES } from '../../src/games/parterre/rules.js';
import { PtGame } from '../../src/games/parterre/search.js';
import { ptSearchGame } from '../../src/games/parterre/relax-probe.js';
import { RESOLVE, SuitRelaxation } from '../../src/games/parterre/suit-relaxation.js';
import { PT_POLICY } from '../../src/games/parterre/policy.js';
import { solve } from '../../src/search/solve.js';
import { StateTable } from '../../src/search/table.js';
import type { RelaxationHint } from '../../src/search/types.js';
import { layout, lcg, plainSolve, randomEndgames, searchMoves, snapshot } from './helpers.js';

// The suit relaxation (src/games/parterre/suit-relaxation.ts): a game won whenever the real one
// is, searched to the end. Checked against plain exhaustive search of the real game (a position
// the relaxation proves lost must be lost) and of the relaxation itself (its prunings and dead
// test lose no relaxed win), on random endgames, under both readings.

const table = new StateTable(1 << 22);
const removable = (d: PtDeal): PtDeal => ({ ...d, rules: REMOVABLE_RULES });
/** Endgames whose piles stay within PILE_CAP under foundations=removable: a run may grow down to
 *  an ace on any card once low cards come off (a real deal's piles are at most 6 + 12 high). */
const roomy = (d: PtDeal) => d.piles.every((p) => p.every((c, i) => i + 1 + (c % 13) <= PILE_CAP));

/** Exchanges played by the relaxed searches (the moves that make it a relaxation), and moves
 *  they played as forced (SuitRelaxation.forcedMove()). */
let exchanged = 0,
  forced = 0;

function relaxed(deal: PtDeal, bouquetLoose: boolean, plain: boolean, maxNodes: number, keep?: Uint8Array, near = 0) {
  const g = new SuitRelaxation(new PtGame(deal), bouquetLoose, keep, near);
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

/** The relaxation (with `keep` or `near`) against plain search of the real game (never lost where
 *  that is won) and against its own plain search (its prunings lose no relaxed win); tallied by
 *  "real/relaxed" verdicts. */
function tallyVerdicts(count: Record<string, number>, deal: PtDeal, text: string, keep?: Uint8Array, near = 0) {
  const want = plainSolve(deal, 200_000, table);
  const got = relaxed(deal, true, false, 200_000, keep, near);
  const plain = relaxed(deal, true, true, 200_000, keep, near);
  if (want === 'solved') expect(got, text).not.toBe('unsolvable');
  if (got === 'unsolvable') expect(want, text).not.toBe('solved');
  if (got !== 'unknown' && plain !== 'unknown') expect(got, text).toBe(plain);
  const k = `${want}/${got}`;
  count[k] = (count[k] ?? 0) + 1;
}

/** Equal keys only for equal relaxed positions: g's key must not have been met with another
 *  relaxed position (`state`) in `seen`. Returns the key. */
function keyedAlike(g: SuitRelaxation, key: Uint32Array, seen: Map<string, string>, state: string, text: string) {
  const k = Array.from(key.subarray(0, g.key(key))).join(',');
  expect(seen.get(k) ?? state, text).toBe(state);
  seen.set(k, state);
  return k;
}

/** The relaxed position as suit-relaxation.ts defines it, written out: per pile its placed cards,
 *  then each card above them as itself when kept, else by rank (loose), the piles sorted; the
 *  bouquet likewise, sorted; the foundations' heights. */
function relaxedState(g: SuitRelaxation, keep: Uint8Array | ((c: number) => boolean)): string {
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

describe('the suit relaxation', () => {
  it('undoes every move exactly, exchanges and takeoffs included', () => {
    for (const [bouquetLoose, rem] of [
      [true, false],
      [false, false],
      [true, true],
      [false, true],
    ]) {
      let exchanges = 0,
        takeoffs = 0;
      const rnd = lcg(5);
      for (const base of [dealFromSeed('29'), ...randomEndgames(3, 10, 24, 30, 3)]) {
        if (rem && !roomy(base)) continue;
        const deal = rem ? removable(base) : base;
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
            if ((buf[i] & 3) === 3 && ((buf[i] >> 2) & 31) >= 16) takeoffs++;
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
      if (rem) expect(takeoffs).toBeGreaterThan(10);
      else expect(takeoffs).toBe(0);
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

  it('with kept cards (never loose): undoes every move exactly, never proves lost an endgame that plain search wins, and its prunings and forced moves lose no relaxed win', () => {
    // A random third of each endgame's cards keep their suits (bench/parterre-cegar.ts).
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
          const g = new SuitRelaxation(new PtGame(deal), true, keep);
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
      tallyVerdicts(count, deal, text, keep);
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
          const g = new SuitRelaxation(new PtGame(deal), true, undefined, near);
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
      tallyVerdicts(count, deal, text, undefined, near);
    }
    // Not vacuous: lost endgames proved lost, won ones, exchanges offered, moves undone.
    expect(count['unsolvable/unsolvable']).toBeGreaterThan(3);
    expect(count['solved/solved']).toBeGreaterThan(50);
    expect(resolved).toBeGreaterThan(100);
    expect(undone).toBeGreaterThan(500);
    expect(keyed).toBeGreaterThan(1000);
    expect(twice).toBeGreaterThan(20);
  });

  it('under foundations=removable: never proves lost an endgame that plain search wins, and its prunings lose no relaxed win', () => {
    const count: Record<string, number> = {};
    const before = exchanged;
    for (const base of randomEndgames(13, 160, 24, 32, 1)) {
      if (!roomy(base)) continue;
      const deal = removable(base);
      // Plain searches of the removable reading wander (cards come and go): smaller budgets.
      const want = plainSolve(deal, 60_000, table);
      const text = JSON.stringify(dealToJson(deal));
      const got = relaxed(deal, true, false, 60_000);
      const plain = relaxed(deal, true, true, 60_000);
      if (want === 'solved') expect(got, text).not.toBe('unsolvable');
      if (got === 'unsolvable') expect(want, text).not.toBe('solved');
      if (plain === 'unsolvable') expect(want, text).not.toBe('solved');
      if (got !== 'unknown' && plain !== 'unknown') expect(got, text).toBe(plain);
      const k = `${want}/${got}/${plain}`;
      count[k] = (count[k] ?? 0) + 1;
    }
    // Not vacuous: lost endgames proved lost by both relaxed searches, won ones, exchanges played.
    expect(count['unsolvable/unsolvable/unsolvable']).toBeGreaterThan(3);
    expect(count['solved/solved/solved']).toBeGreaterThan(50);
    expect(exchanged - before).toBeGreaterThan(1000);
  });

  it('under foundations=removable: never calls dead a position of a random line that plain search of the relaxation wins', () => {
    // As above, with takeoffs among the moves: positions with cards that came off a foundation.
    const rnd = lcg(21);
    let dead = 0,
      live = 0,
      off = 0;
    for (const base of [dealFromSeed('3'), ...randomEndgames(23, 16, 22, 34, 4)]) {
      if (!roomy(base)) continue;
      for (const bouquetLoose of [true, false]) {
        const g = new SuitRelaxation(new PtGame(removable(base)), bouquetLoose);
        const buf = new Int32Array(g.maxMoves);
        for (let step = 0; step < 200; step++) {
          const n = g.searchMoves(buf, 0);
          if (n === 0) break;
          let m = buf[Math.floor(rnd() * n)];
          for (let i = 0; i < n; i++)
            if (((buf[i] & 3) < 2 && rnd() < 0.6) || (((buf[i] >> 2) & 31) >= 16 && rnd() < 0.5)) {
              m = buf[i];
              break;
            }
          if ((m & 3) === 3 && ((m >> 2) & 31) >= 16) off++;
          g.make(m);
          if (step % 7 !== 0) continue;
          const d = g.dead();
          g.plain = true;
          const r = solve(g, { algorithm: 'dfs', maxNodes: 10_000, table }).outcome;
          g.plain = false;
          if (d) expect(r, `${JSON.stringify(dealToJson(base))} step ${step}`).not.toBe('solved');
          if (r !== 'unknown') d ? dead++ : live++;
        }
      }
    }
    expect(off).toBeGreaterThan(50);
    expect(dead).toBeGreaterThan(50);
    expect(live).toBeGreaterThan(5);
  });

  it('under foundations=removable: takes off no card of rank min or lower, takes off what PtGame leaves to its safe rule, forces nothing', () => {
    // Home: spades to 6, hearts to 4, all diamonds and clubs (min 4). PtGame keeps 6S home (its
    // safe rule covers rank min + 2); here only ranks up to min stay.
    const piles = [['8S', '7H'], ['9S', 'KS'], ['QS', 'JS'], ['TS'], ['KH', 'QH'], ['JH', 'TH', '9H', '8H', '7S']];
    const deal = removable(layout(piles, ['5H', '6H']));
    expect(searchMoves(new PtGame(deal)).filter((m) => m.includes('F>'))).toEqual([]);
    expect(searchMoves(new SuitRelaxation(new PtGame(deal))).filter((m) => m.includes('F>'))).toEqual([
      '6S F>p0',
      '6S F>p5',
    ]);
    // Spades home to 4 (min 4), 5S a placed top: 4S and 4H could land on it, but rank 4 stays home.
    const low = layout(
      [
        ['8S', '7H'],
        ['9S', 'KS'],
        ['QS', 'JS'],
        ['TS', '6S', '5S'],
        ['KH', 'QH'],
        ['JH', 'TH', '9H', '8H', '7S'],
      ],
      ['5H', '6H'],
    );
    const h = new SuitRelaxation(new PtGame(removable(low)));
    expect(Array.from(h.found)).toEqual([4, 4, 13, 13]);
    expect(searchMoves(h).filter((m) => m.includes('F>'))).toEqual([]);
    // Under final 5S goes home as forced (every foundation holds 4); under removable nothing is.
    expect(new SuitRelaxation(new PtGame(low)).forcedMove()).toBeGreaterThanOrEqual(0);
    expect(h.forcedMove()).toBe(-1);
  });

  it('under foundations=removable: after a takeoff, the card home on another suit by an exchange is not a redundant move', () => {
    // Spades home to 6, hearts to 5 (6H in the bouquet, loose), the rest home: 6S may come off.
    const g = new SuitRelaxation(
      new PtGame(
        removable(
          layout(
            [['KS', '7H'], ['QS'], ['JS'], ['TS', '9S'], ['8S', '7S'], ['KH', 'QH', 'JH', 'TH', '9H', '8H']],
            ['6H'],
          ),
        ),
      ),
    );
    g.beginSearch({ guided: false, macros: true });
    const buf = new Int32Array(g.maxMoves);
    const list = () => Array.from(buf.subarray(0, g.searchMoves(buf, 0)));
    const last = list().find((m) => formatMove(m & 0xffff) === '6S F>p0') as number;
    g.make(last);
    const after = list().filter((m) => ((m >> 10) & 63) === parseCard('6S'));
    const exchange = after.find((m) => m >> 16) as number;
    const home = after.find((m) => !(m >> 16) && formatMove(m) === '6S p0>F') as number;
    expect(exchange).toBeDefined();
    expect(home).toBeDefined();
    expect(g.redundant?.(last, home)).toBe(true); // back where it was
    expect(g.redundant?.(last, exchange)).toBe(false); // spades one lower, hearts one higher: new
  });

  it("decides deal 261 lost in the 'auto' search, where the exhaustive pass alone cannot", () => {
    const deal = dealFromSeed('261');
    const big = new StateTable(1 << 26);
    const alone = solve(new SuitRelaxation(new PtGame(deal)), { algorithm: 'dfs', maxNodes: 1_000_000, table: big });
    expect(alone.outcome).toBe('unsolvable');
    const r = solve(ptSearchGame(deal), { maxNodes: 5_000_000, policy: PT_POLICY, table: big });
    expect(r.outcome).toBe('unsolvable');
    expect(r.stats.nodes).toBeLessThan(1_000_000);
    // Under foundations=removable the relaxation follows the reading, and is offered on the
    // partial hint only (ptSearchGame()).
    const g = ptSearchGame(withVariant(deal, 'foundations=removable'));
    expect(g.relaxation?.('exhausted')).toBeUndefined();
    expect(g.relaxation?.('early')).toBeUndefined();
    expect((g.relaxation?.('partial') as SuitRelaxation | undefined)?.removable).toBe(true);
    for (const hint of ['exhausted', 'partial', 'early'] as const)
      expect(ptSearchGame(deal).relaxation?.(hint)).toBeInstanceOf(SuitRelaxation);
  });

  it("decides deal 316 lost under foundations=removable in the 'auto' search, by the relaxation run though the optional streamlined run (level 3) is cut off", () => {
    const deal = withVariant(dealFromSeed('316'), 'foundations=removable');
    const big = new StateTable(1 << 26);
    const relaxed: RelaxationHint[] = [];
    const g = ptSearchGame(deal);
    const make = g.relaxation;
    g.relaxation = (hint: RelaxationHint) => {
      const game = make?.(hint);
      if (game) relaxed.push(hint);
      return game;
    };
    const r = solve(g, { maxNodes: 5_000_000, policy: PT_POLICY, table: big });
    expect(r.outcome).toBe('unsolvable');
    expect(relaxed).toEqual(['partial']);
  });
});
