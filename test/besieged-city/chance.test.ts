import { describe, expect, it } from 'vitest';
import { CHANCE_NAME, noPeekChance } from '../../src/games/besieged-city/chance.js';
import {
  type BcDeal,
  BcPosition,
  besiegedCity,
  dealFromSeed,
  makeStrategy,
  parseMove,
  playGame,
  runTask,
  winnable,
} from '../../src/games/besieged-city/core.js';
import { worker as bcWorker } from '../../src/games/besieged-city/page.js';
import { CHANCE_SAMPLES, CHANCE_SEED, type ChanceAnswer, chancePercent } from '../../src/solitaire/advice.js';
import { analyseLine } from '../../src/solitaire/analyse.js';
import { S2F, S2TAL, moveKind, MAX_MOVES } from '../../src/games/besieged-city/position.js';
import { formatMove } from '../../src/games/besieged-city/notation.js';

// One chance without peeking: `winnable` in `play`, the page's worker and `analyse` give the
// same estimator, under the same name, with the same figure for the same position and seed —
// whatever was asked before (the guesses are kept along the game between questions, which only
// saves work).

function greedyLine(seed: number, n: number): { deal: BcDeal; moves: string[]; line: number[] } {
  const deal = dealFromSeed(seed);
  const moves = playGame(deal, makeStrategy('greedy', 'x'), { maxMoves: n }).moves;
  const pos = new BcPosition(deal);
  const line = moves.map((t) => {
    const p = parseMove(pos, t);
    if (!p.ok) throw new Error(p.reason);
    pos.make(p.move);
    return p.move;
  });
  return { deal, moves, line };
}

const chance = (deal: BcDeal, moves: readonly string[], samples: number, seed: string, dealt = false) => {
  const a = runTask(winnable(besiegedCity, { deal, moves, dealt }, { samples, seed }));
  if (a.kind !== 'chance') throw new Error('expected a chance');
  return a;
};

/** Another game asked about: the kept walk is dropped, the next question starts from the deal. */
const forget = () => chance(dealFromSeed(99), [], 1, 'forget');

// The chance without peeking along a game keeps its guesses (common random numbers): two
// consecutive positions differ by the move and the card seen, not by a fresh draw or a fresh
// search. Greedy's first 50 moves of deal 21, the deal where the estimate jumped from 25% to
// 81% between two plain deals: with every guess solved afresh at each turned card, at 8000 nodes
// a guess, the mean change from one position to the next was 0.16 (8 guesses); now under 0.04.
describe('the chance without peeking along a game', () => {
  it('moves little from one position to the next, the same for the same seed', () => {
    const { deal, line } = greedyLine(21, 50);
    const est = noPeekChance(deal, line, { samples: 8, seed: 't' });
    expect(est).toHaveLength(line.length + 1);
    let change = 0;
    for (let k = 1; k < est.length; k++) change += Math.abs(est[k].wins - est[k - 1].wins) / 8;
    expect(change / line.length).toBeLessThan(0.04);
    expect(noPeekChance(deal, line.slice(0, 20), { samples: 8, seed: 't' })).toEqual(est.slice(0, 21));
  });
});

describe('the chance without peeking, in play and in analyse', () => {
  // Greedy's game of deal 21 to move 80: every guess won early on, 4 of 6 at moves 77 and 78.
  const { deal, moves, line } = greedyLine(21, 80);
  const analysis = analyseLine(besiegedCity, deal, line, {
    solver: { maxNodes: 20000 },
    chance: { samples: 6, seed: 's' },
  }).analysis;

  it('is the same estimator, named the same, with its sample, seed and interval', () => {
    expect(analysis.chance).toEqual({ estimator: CHANCE_NAME, samples: 6, seed: 's' });
    forget();
    for (const k of [80, 0, 77]) {
      const a = chance(deal, moves.slice(0, k), 6, 's');
      const c = analysis.positions[k].chance!;
      expect(a).toMatchObject({ estimator: CHANCE_NAME, samples: 6, seed: 's', p: c.p, lo: c.lo, hi: c.hi });
      expect(a.won / a.samples).toBeCloseTo(c.p, 4);
      expect(a.stopped).toBe(false);
      if (k === 77) expect(a.won).toBe(4);
      expect(a.text).toBe(
        `chance without peeking (${CHANCE_NAME}, seed s): ${a.won} of 6 guesses won, ${chancePercent(c)} with its 95% interval`,
      );
    }
  });

  it('does not depend on what was asked before: from the deal, after other lines, after an undo', () => {
    forget();
    const fresh = chance(deal, moves.slice(0, 78), 6, 's');
    expect(fresh.nodes).toBeGreaterThan(0);
    // Asked again: the same figure, from the walk kept (no search).
    const again = chance(deal, moves.slice(0, 78), 6, 's');
    expect(again).toEqual({ ...fresh, nodes: 0 });
    // Another line from ply 70 (a move greedy did not make), then back to greedy's.
    const pos = new BcPosition(deal);
    for (const m of line.slice(0, 70)) pos.make(m);
    const buf = new Int32Array(MAX_MOVES);
    const n = pos.moves(buf);
    const other = Array.from(buf.subarray(0, n)).find(
      (m) => m !== line[70] && moveKind(m) !== S2F && moveKind(m) !== S2TAL,
    );
    expect(other).toBeDefined();
    const aside = chance(deal, [...moves.slice(0, 70), formatMove(other!)], 6, 's');
    expect(aside.samples).toBe(6);
    const back = chance(deal, moves.slice(0, 78), 6, 's');
    expect({ ...back, nodes: 0 }).toEqual({ ...fresh, nodes: 0 });
    expect(back.nodes).toBeLessThan(fresh.nodes);
    expect(analysis.positions[78].chance).toEqual({ p: fresh.p, lo: fresh.lo, hi: fresh.hi });
  });

  it('the page asks the same advice: by default the figure `analyse` gives by default', () => {
    const k = 10;
    const byDefault = analyseLine(besiegedCity, deal, line.slice(0, k), {
      solver: { maxNodes: 20000 },
      chance: { samples: CHANCE_SAMPLES, seed: CHANCE_SEED },
    }).analysis;
    const settings = { game: 'besieged-city', seed: '21', variant: '', ai: '' };
    const page = runTask(bcWorker.advise('winnable', { settings, moves: moves.slice(0, k) }, { poll: () => false }));
    const c = byDefault.positions[k].chance!;
    expect(page).toMatchObject({
      kind: 'chance',
      estimator: byDefault.chance!.estimator,
      samples: CHANCE_SAMPLES,
      seed: CHANCE_SEED,
      p: c.p,
      lo: c.lo,
      hi: c.hi,
    });
  });
});

describe('the chance with a dealt card waiting for its place', () => {
  it('a guess counts as won when either place wins it', () => {
    // The first position of greedy's game of seed 2 where the next stock card fits its foundation.
    const { deal, moves } = greedyLine(2, 400);
    const pos = new BcPosition(deal);
    const buf = new Int32Array(MAX_MOVES);
    let k = 0;
    for (; ; k++) {
      const n = pos.moves(buf);
      if (Array.from(buf.subarray(0, n)).some((m) => moveKind(m) === S2F)) break;
      const p = parseMove(pos, moves[k]);
      if (!p.ok) throw new Error(p.reason);
      pos.make(p.move);
    }
    const before = moves.slice(0, k);
    const dealt = chance(deal, before, 6, 'd', true);
    const n = pos.moves(buf);
    const places = Array.from(buf.subarray(0, n)).filter((m) => moveKind(m) === S2F || moveKind(m) === S2TAL);
    const each = places.map((m) => chance(deal, [...before, formatMove(m)], 6, 'd').won);
    expect(places).toHaveLength(2);
    expect(dealt.won).toBeGreaterThanOrEqual(Math.max(...each));
    expect(dealt.won).toBeLessThanOrEqual(each[0] + each[1]);
    expect(dealt.estimator).toBe(CHANCE_NAME);
  });
});

describe('a chance not reached', () => {
  it('says so, without a figure, and the next question goes on', () => {
    const deal = dealFromSeed(5);
    forget();
    const stopped = runTask(
      winnable(besiegedCity, { deal, moves: [] }, { samples: 4, seed: 'x', poll: () => true }),
    ) as ChanceAnswer;
    expect(stopped).toMatchObject({ kind: 'chance', stopped: true, won: 0, samples: 0 });
    expect(stopped.text).toMatch(/^chance without peeking \(guessed stock orders won, seed x\): not reached /);
    const short = runTask(
      winnable(besiegedCity, { deal, moves: greedyLine(5, 12).moves }, { samples: 4, seed: 'x', maxNodes: 1 }),
    ) as ChanceAnswer;
    expect(short.stopped).toBe(true);
    const full = chance(deal, greedyLine(5, 12).moves, 4, 'x');
    expect(full.stopped).toBe(false);
    expect(full.samples).toBe(4);
  });
});
