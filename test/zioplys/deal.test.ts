import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { orderedDeck } from '../../src/cards/card.js';
import { shuffledDeck } from '../../src/cards/shuffle.js';
import { dealFromJson, dealFromSeed, dealToJson, deckOfDeal, reserveSize } from '../../src/games/zioplys/deal.js';
import { reserveOf, ZPosition } from '../../src/games/zioplys/position.js';
import { InputError } from '../../src/io/errors.js';

const golden = JSON.parse(readFileSync(new URL('../../data/zioplys/golden.json', import.meta.url), 'utf8')) as {
  deals: { seed: string; players: number }[];
};

describe('deals', () => {
  it('seeds give the pinned deals (data/zioplys/golden.json)', () => {
    expect(golden.deals.length).toBeGreaterThanOrEqual(5);
    for (const d of golden.deals) expect(dealToJson(dealFromSeed(d.seed, d.players))).toEqual(d);
  });

  it('deals one card at a time from seat 0; the 52nd card is the start; reserves list the last dealt first', () => {
    const deck = shuffledDeck('42', 1);
    const d = dealFromSeed('42', 4);
    expect(d.start).toBe(deck[51]);
    expect(d.reserves.map((r) => r.length)).toEqual([13, 13, 13, 12]);
    expect(d.reserves[0][12]).toBe(deck[0]); // first card dealt: bottom of seat 0
    expect(d.reserves[1][12]).toBe(deck[1]);
    expect(d.reserves[2][0]).toBe(deck[50]); // last card dealt: top of seat 2
    expect(deckOfDeal(d)).toEqual(deck);
    expect([2, 3, 4, 5, 6].map((n) => [...Array(n).keys()].map((s) => reserveSize(n, s)))).toEqual([
      [26, 25],
      [17, 17, 17],
      [13, 13, 13, 12],
      [11, 10, 10, 10, 10],
      [9, 9, 9, 8, 8, 8],
    ]);
  });

  it('the engine deals a deck exactly as the deal does', () => {
    for (const n of [2, 3, 5, 6]) {
      const deck = shuffledDeck(`x${n}`, 1);
      const a = new ZPosition(n),
        b = new ZPosition(n);
      a.dealDeck(deck);
      b.reset(dealFromSeed(`x${n}`, n));
      for (let s = 0; s < n; s++) expect(reserveOf(a, s)).toEqual(reserveOf(b, s));
      expect(a.centreTop).toBe(b.centreTop);
    }
  });

  it('round-trips through deal JSON', () => {
    const d = dealFromSeed('7', 3);
    expect(dealFromJson(JSON.parse(JSON.stringify(dealToJson(d))), 'f.json')).toEqual(d);
    expect([...deckOfDeal(d)].sort((a, b) => a - b)).toEqual(orderedDeck(1));
  });

  it('rejects bad deal files with a message naming the file and field or card', () => {
    const good = dealToJson(dealFromSeed('7', 2));
    const bad = (patch: object) => () => dealFromJson({ ...good, ...patch }, 'd.json');
    expect(bad({ game: 'besieged-city' })).toThrow(/d\.json: field "game" is "besieged-city"/);
    expect(bad({ players: 9 })).toThrow(/players must be an integer from 2 to 6/);
    expect(bad({ start: 'ZZ' })).toThrow(/d\.json: start: unknown card "ZZ"/);
    expect(bad({ reserves: [good.reserves[0]] })).toThrow(/"reserves" must be 2 lists/);
    expect(bad({ reserves: [good.reserves[0].slice(1), good.reserves[1]] })).toThrow(
      /reserves\[0\]: expected 26 cards, got 25/,
    );
    expect(bad({ start: good.reserves[0][0] })).toThrow(InputError);
    expect(bad({ start: good.reserves[0][0] })).toThrow(/appears 2 times/);
  });
});
