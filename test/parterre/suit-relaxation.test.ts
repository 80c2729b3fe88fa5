import { describe, expect, it } from 'vitest';
import { type PtDeal, dealFromSeed, dealToJson, withVariant } from '../../src/games/parterre/deal.js';
import { PILE_CAP } from '../../src/games/parterre/position.js';
import { formatMove } from '../../src/games/parterre/notation.js';
import { parseCard } from '../../src/cards/card.js';
import { REMOVABLE_RULES } from '../../src/games/parterre/rules.js';
import { PtSearch } from '../../src/games/parterre/search.js';
import { PtProbingSearch, ptSearchGame } from '../../src/games/parterre/search-game.js';
import { SuitRelaxation } from '../../src/games/parterre/suit-relaxation.js';
import { PT_POLICY } from '../../src/games/parterre/policy.js';
import { solve } from '../../src/search/solve.js';
import { StateTable } from '../../src/search/table.js';
import type { RelaxationHint } from '../../src/search/types.js';
import {
  layout,
  lcg,
  plainSolve,
  randomEndgames,
  searchMoves,
  deadWalks,
  undoWalks,
  withoutRedundant,
} from './helpers.js';

// The suit relaxation (src/games/parterre/suit-relaxation.ts): a game won whenever the real one
// is, searched to the end. Checked against plain exhaustive search of the real game (a position
// the relaxation proves lost must be lost) and of the relaxation itself (its prunings and dead
// test lose no relaxed win), on random endgames, under both readings. The stronger relaxations
// of research/parterre/suit-relaxation-modes.ts are checked beside them, in research.

const table = new StateTable(1 << 22);
const removable = (d: PtDeal): PtDeal => ({ ...d, rules: REMOVABLE_RULES });
/** Endgames whose piles stay within PILE_CAP under foundations=removable: a run may grow down to
 *  an ace on any card once low cards come off (a real deal's piles are at most 6 + 12 high). */
const roomy = (d: PtDeal) => d.piles.every((p) => p.every((c, i) => i + 1 + (c % 13) <= PILE_CAP));

/** Exchanges played by the relaxed searches (the moves that make it a relaxation), and moves
 *  they played as forced (SuitRelaxation.forcedMove()). */
let exchanged = 0,
  forced = 0;

/** The relaxation, searched plainly while `plain` is set: every legal move and the exchanges, no
 *  dead test, no forced move. */
class Switchable extends SuitRelaxation {
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

/** The relaxation's verdict, searched with its prunings or plainly (then without the redundant
 *  rule too), counting its exchanges and forced moves. */
function relaxed(deal: PtDeal, plain: boolean, maxNodes: number) {
  const g = new Switchable(new PtSearch(deal));
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

describe('the suit relaxation', () => {
  it('undoes every move exactly, exchanges and takeoffs included', () => {
    for (const rem of [false, true]) {
      const deals = [dealFromSeed('29'), ...randomEndgames(3, 10, 24, 30, 3)].filter((d) => !rem || roomy(d));
      const r = undoWalks(
        rem ? deals.map(removable) : deals,
        (deal) => new SuitRelaxation(new PtSearch(deal)),
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
    const tally = (k: string) => {
      count[k] = (count[k] ?? 0) + 1;
    };
    for (const deal of randomEndgames(11, 120, 20, 28, 3)) {
      const want = plainSolve(deal, 200_000, table);
      const text = JSON.stringify(dealToJson(deal));
      const got = relaxed(deal, false, 200_000);
      const plain = relaxed(deal, true, 200_000);
      if (want === 'solved') expect(got, text).not.toBe('unsolvable');
      if (got === 'unsolvable') expect(want, text).not.toBe('solved');
      if (got !== 'unknown' && plain !== 'unknown') expect(got, text).toBe(plain);
      tally(`${want}/${got}`);
    }
    // Not vacuous: lost endgames that the relaxation proves lost, won ones, and exchanges played.
    expect(count['unsolvable/unsolvable']).toBeGreaterThan(3);
    expect(count['solved/solved']).toBeGreaterThan(50);
    expect(exchanged).toBeGreaterThan(550);
    expect(forced).toBeGreaterThan(50);
  });

  it('never calls dead a position of a random line that plain search of the relaxation wins', () => {
    // Positions with loose cards: random lines in the relaxation from real deals (home moves
    // preferred), every tenth position checked.
    const rnd = lcg(9);
    const deals = [1, 2, 3, 4, 5, 6].map((s) => dealFromSeed(String(s)));
    const pick = (m: number) => (m & 3) < 2 && rnd() < 0.7;
    const r = deadWalks(deals, (deal) => new Switchable(new PtSearch(deal)), rnd, {
      steps: 300,
      every: 10,
      maxNodes: 30_000,
      pick,
      table,
    });
    expect(r.wrong).toBeUndefined();
    expect(r.dead).toBeGreaterThan(100);
    expect(r.live).toBeGreaterThan(5);
  });

  it('under foundations=removable: never proves lost an endgame that plain search wins, and its prunings lose no relaxed win', () => {
    const count: Record<string, number> = {};
    const before = exchanged;
    for (const base of randomEndgames(13, 160, 24, 32, 1)) {
      if (!roomy(base)) continue;
      const deal = removable(base);
      // Plain searches of the removable reading wander (cards come and go): smaller budgets; the
      // real game's decides all but a few of the endgames its 60k nodes decided in half of them.
      const want = plainSolve(deal, 30_000, table);
      const text = JSON.stringify(dealToJson(deal));
      const got = relaxed(deal, false, 60_000);
      const plain = relaxed(deal, true, 60_000);
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
    const deals = [dealFromSeed('3'), ...randomEndgames(23, 16, 22, 34, 4)].filter(roomy).map(removable);
    const pick = (m: number) => ((m & 3) < 2 && rnd() < 0.6) || (((m >> 2) & 31) >= 16 && rnd() < 0.5);
    const r = deadWalks(deals, (deal) => new Switchable(new PtSearch(deal)), rnd, {
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

  it('under foundations=removable: takes off no card of rank min or lower, takes off what PtSearch leaves to its safe rule, forces nothing', () => {
    // Home: spades to 6, hearts to 4, all diamonds and clubs (min 4). PtSearch keeps 6S home (its
    // safe rule covers rank min + 2); here only ranks up to min stay.
    const piles = [['8S', '7H'], ['9S', 'KS'], ['QS', 'JS'], ['TS'], ['KH', 'QH'], ['JH', 'TH', '9H', '8H', '7S']];
    const deal = removable(layout(piles, ['5H', '6H']));
    expect(searchMoves(new PtSearch(deal)).filter((m) => m.includes('F>'))).toEqual([]);
    expect(searchMoves(new SuitRelaxation(new PtSearch(deal))).filter((m) => m.includes('F>'))).toEqual([
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
    const h = new SuitRelaxation(new PtSearch(removable(low)));
    expect(Array.from(h.found)).toEqual([4, 4, 13, 13]);
    expect(searchMoves(h).filter((m) => m.includes('F>'))).toEqual([]);
    // Under final 5S goes home as forced (every foundation holds 4); under removable nothing is.
    expect(new SuitRelaxation(new PtSearch(low)).forcedMove()).toBeGreaterThanOrEqual(0);
    expect(h.forcedMove()).toBe(-1);
  });

  it('under foundations=removable: after a takeoff, the card home on another suit by an exchange is not a redundant move', () => {
    // Spades home to 6, hearts to 5 (6H in the bouquet, loose), the rest home: 6S may come off.
    const g = new SuitRelaxation(
      new PtSearch(
        removable(
          layout(
            [['KS', '7H'], ['QS'], ['JS'], ['TS', '9S'], ['8S', '7S'], ['KH', 'QH', 'JH', 'TH', '9H', '8H']],
            ['6H'],
          ),
        ),
      ),
    );
    g.beginSearch();
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
    const alone = solve(new SuitRelaxation(new PtSearch(deal)), { algorithm: 'dfs', maxNodes: 1_000_000, table: big });
    expect(alone.outcome).toBe('unsolvable');
    const r = solve(ptSearchGame(deal), { maxNodes: 5_000_000, policy: PT_POLICY, table: big });
    expect(r.outcome).toBe('unsolvable');
    expect(r.stats.nodes).toBeLessThan(1_000_000);
    // Under foundations=removable the relaxation follows the reading, and is offered on the
    // partial hint only (ptSearchGame()).
    const g = ptSearchGame(withVariant(deal, 'foundations=removable'));
    expect(g.relaxation('exhausted')).toBeUndefined();
    expect(g.relaxation('early')).toBeUndefined();
    expect((g.relaxation('partial') as SuitRelaxation | undefined)?.removable).toBe(true);
    for (const hint of ['exhausted', 'partial', 'early'] as const)
      expect(ptSearchGame(deal).relaxation(hint)).toBeInstanceOf(SuitRelaxation);
  });

  it("decides deal 316 lost under foundations=removable in the 'auto' search, by the relaxation run though the optional streamlined run (level 3) is cut off", () => {
    const deal = withVariant(dealFromSeed('316'), 'foundations=removable');
    const big = new StateTable(1 << 26);
    const relaxed: RelaxationHint[] = [];
    /** The solver's game, noting the hints it offers its relaxation on. */
    class Noting extends PtProbingSearch {
      override relaxation(hint: RelaxationHint) {
        const game = super.relaxation(hint);
        if (game) relaxed.push(hint);
        return game;
      }
    }
    const r = solve(new Noting(deal), { maxNodes: 5_000_000, policy: PT_POLICY, table: big });
    expect(r.outcome).toBe('unsolvable');
    expect(relaxed).toEqual(['partial']);
  });
});
