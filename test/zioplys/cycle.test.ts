import { describe, expect, it } from 'vitest';
import { parseCard } from '../../src/cards/card.js';
import { dealFromSeed } from '../../src/games/zioplys/deal.js';
import { reserveOf, wasteOf, ZPosition } from '../../src/games/zioplys/position.js';
import { job } from '../../src/games/zioplys/job.js';
import { resultOf, simulate } from '../../src/games/zioplys/match.js';
import { parseStrategies } from '../../src/games/zioplys/strategies/index.js';
import { referencePlay } from './reference.js';

const cs = (s: string) => (s === '' ? [] : s.split(' ').map(parseCard));
const noWrap = { wrap: false, alternateColours: false };

describe('exact cycle detection', () => {
  it('finds the loop of a constructed position and its period', () => {
    // Without wrap a king on the centre is final. Here no card fits anywhere: each seat turns up
    // its one reserve card, then turns its two-card waste over; after 4 turns all is as before.
    const g = new ZPosition(2, noWrap);
    g.seats.set([0, 0], [0, 0], null);
    const log: string[] = [];
    g.trace = (l) => log.push(l);
    g.setPosition({ centre: parseCard('KS'), reserves: [cs('2S'), cs('5D')], wastes: [cs('9H'), cs('QC')] });
    g.play();
    expect(resultOf(g).outcome).toBe('cycle');
    expect(resultOf(g).loser).toBeNull();
    expect(g.cycleLength).toBe(4);
    expect(reserveOf(g, 0).concat(wasteOf(g, 0))).toEqual(cs('2S 9H'));
    expect(log.filter((l) => l.includes('R>')).slice(0, 4)).toEqual([
      'seat 0: 2S R>W0',
      'seat 1: 5D R>W1',
      'seat 0: 9H R>W0',
      'seat 1: QC R>W1',
    ]);
  });

  it('the period found is exact: a position on the loop recurs after exactly cycleLength turns, not before', () => {
    // As above with one card more: now cards also move between the seats before the loop closes.
    const g = new ZPosition(2, noWrap);
    g.seats.set([0, 0], [0, 0], null);
    g.setPosition({ centre: parseCard('KS'), reserves: [cs('2S 6C'), cs('5D')], wastes: [cs('9H'), cs('QC')] });
    g.play();
    expect(resultOf(g).outcome).toBe('cycle');
    expect(g.cycleLength).toBeGreaterThan(4);
    // check the period by stepping a fresh copy exactly cycleLength turns from a position on the loop
    const h = new ZPosition(2, noWrap);
    h.seats.set([0, 0], [0, 0], null);
    h.setPosition({
      centre: parseCard('KS'),
      reserves: [reserveOf(g, 0), reserveOf(g, 1)],
      wastes: [wasteOf(g, 0), wasteOf(g, 1)],
      toMove: g.toMove,
    });
    const start = JSON.stringify([reserveOf(h, 0), wasteOf(h, 0), reserveOf(h, 1), wasteOf(h, 1), h.toMove]);
    const seen: string[] = [];
    for (let t = 1; t <= g.cycleLength; t++) {
      h.step();
      seen.push(JSON.stringify([reserveOf(h, 0), wasteOf(h, 0), reserveOf(h, 1), wasteOf(h, 1), h.toMove]));
    }
    expect(seen[g.cycleLength - 1]).toBe(start);
    expect(seen.slice(0, -1)).not.toContain(start);
  });

  it('agrees with a store-every-position detector on real no-wrap deals', () => {
    let cycles = 0;
    for (let s = 1; s <= 150 && cycles < 8; s++) {
      const deal = dealFromSeed(String(s), 2);
      const ref = referencePlay(deal, noWrap);
      const got = simulate(deal, { variant: noWrap, strategies: parseStrategies('rule', 2) });
      expect(got.outcome).toBe(ref.outcome);
      if (ref.outcome === 'cycle') {
        cycles++;
        expect(got.cycleLength).toBe(ref.cycleLength);
      }
    }
    expect(cycles).toBeGreaterThan(0);
  });

  it('under the default rules no deal loops (the centre always grows): 1000 deals per player count', () => {
    for (let n = 2; n <= 6; n++) {
      for (let s = 1; s <= 1000; s++) {
        const row = job.run({ players: n }, String(s));
        expect(row.outcome).toBe('loser');
      }
    }
  });

  it('careless play is not deterministic, so it stops at the turn cap instead of detecting repeats', () => {
    const g = new ZPosition(2, noWrap);
    g.seats.set([0, 0], [0.5, 0], () => 0.9); // never actually misses
    g.loops.maxTurns = 50;
    g.setPosition({ centre: parseCard('KS'), reserves: [cs('2S'), cs('5D')], wastes: [cs('9H'), cs('QC')] });
    g.play();
    expect(resultOf(g).outcome).toBe('limit');
    expect(g.turns).toBe(50);
  });
});
