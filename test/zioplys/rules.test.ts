import { describe, expect, it } from 'vitest';
import { formatCard as fmt, parseCard } from '../../src/cards/card.js';
import { DEFAULT_VARIANT, reserveOf, type Variant, wasteOf, ZPosition } from '../../src/games/zioplys/position.js';
import { resultOf } from '../../src/games/zioplys/match.js';
import { configure, parseStrategies } from '../../src/games/zioplys/strategies/index.js';

// One test per rule of the page, each on a small constructed position. Cards not named in a
// position are taken to be on the centre.

const cs = (s: string) =>
  s === ''
    ? []
    : s.split(' ').map((x) => {
        const c = parseCard(x);
        if (c < 0) throw new Error(`bad card ${x}`);
        return c;
      });

interface Setup {
  centre: string;
  reserves: string[]; // top first
  wastes: string[]; // bottom first
  toMove?: number;
  variant?: Variant;
  strategies?: string;
}

function setup(s: Setup): { g: ZPosition; log: string[] } {
  const n = s.reserves.length;
  const g = new ZPosition(n, s.variant ?? DEFAULT_VARIANT);
  configure(g, parseStrategies(s.strategies ?? 'rule', n), 'test');
  const log: string[] = [];
  g.trace = (l) => log.push(l);
  g.setPosition({ centre: cs(s.centre)[0], reserves: s.reserves.map(cs), wastes: s.wastes.map(cs), toMove: s.toMove });
  return { g, log };
}
const pile = (g: ZPosition, seat: number) => ({
  reserve: reserveOf(g, seat)
    .map((c) => fmt(c))
    .join(' '),
  waste: wasteOf(g, seat)
    .map((c) => fmt(c))
    .join(' '),
});

describe('legal plays and priority', () => {
  it('a card that fits the centre and an opponent goes to the centre', () => {
    const { g, log } = setup({ centre: '5S', reserves: ['6H 2C', 'KC'], wastes: ['', '7D'] });
    g.step();
    expect(log).toEqual(['seat 0: 6H R>C', 'seat 0: 2C R>W0']);
    expect(fmt(g.centreTop)).toBe('6H');
    expect(g.centrePlays).toBe(1);
  });

  it('among opponents the nearest to the right (seat i-1, then i-2) comes first', () => {
    const pos = { centre: '2S', reserves: ['9H KC', '4C', '4D 5D'], wastes: ['', 'TD', '8C'] };
    const rule = setup(pos);
    rule.g.step();
    expect(rule.log[0]).toBe('seat 0: 9H R>W2');
    // spiteful loads the opponent with the fewest cards: seat 1 (2 cards) before seat 2 (3)
    const spite = setup({ ...pos, strategies: 'spiteful' });
    spite.g.step();
    expect(spite.log[0]).toBe('seat 0: 9H R>W1');
  });

  it('spiteful breaks ties by the nearest right and still puts the centre first', () => {
    const tie = setup({
      centre: '2S',
      reserves: ['9H KC', '4C', '4D'],
      wastes: ['', 'TD', '8C'],
      strategies: 'spiteful',
    });
    tie.g.step();
    expect(tie.log[0]).toBe('seat 0: 9H R>W2');
    const centre = setup({
      centre: '8S',
      reserves: ['9H KC', '4C', '4D'],
      wastes: ['', 'TD', '8C'],
      strategies: 'spiteful',
    });
    centre.g.step();
    expect(centre.log[0]).toBe('seat 0: 9H R>C');
  });

  it('opponents’ wastes take one higher or one lower, any suit; never the own waste except to end the turn', () => {
    const up = setup({ centre: '2S', reserves: ['9H', 'AC'], wastes: ['', '8C'] });
    up.g.step();
    expect(up.log[0]).toBe('seat 0: 9H R>W1');
    const down = setup({ centre: '2S', reserves: ['TH', 'AC'], wastes: ['', 'JS'] });
    down.g.step();
    expect(down.log[0]).toBe('seat 0: TH R>W1');
    // TH would go on the own 9C, but that only ends the turn
    const own = setup({ centre: '2S', reserves: ['TH 5D', 'AC'], wastes: ['9C', '2D'] });
    own.g.step();
    expect(own.log).toEqual(['seat 0: TH R>W0']);
    expect(own.g.toMove).toBe(1);
  });
});

describe('a turn', () => {
  it('step 1: the own waste top is played while it fits, before a card is turned up', () => {
    const { g, log } = setup({ centre: '4S', reserves: ['JD 2C', '3C'], wastes: ['9C 5H', 'KS'] });
    g.step();
    expect(log).toEqual(['seat 0: 5H W0>C', 'seat 0: JD R>W0']);
    expect(g.toMove).toBe(1);
    expect(g.turns).toBe(1);
  });

  it('step 2: a turned-up card that fits must be played, then step 1 again', () => {
    const { g, log } = setup({ centre: '4S', reserves: ['5C 9S', '2C'], wastes: ['6D', 'QH'] });
    g.step();
    expect(log).toEqual(['seat 0: 5C R>C', 'seat 0: 6D W0>C', 'seat 0: 9S R>W0']);
  });

  it('an unplayable card goes onto the own waste and the turn passes to the left', () => {
    const { g, log } = setup({ centre: '4S', reserves: ['9S 2D', '2C', 'JS'], wastes: ['', '', ''] });
    g.step();
    expect(log).toEqual(['seat 0: 9S R>W0']);
    expect(pile(g, 0)).toEqual({ reserve: '2D', waste: '9S' });
    expect(g.toMove).toBe(1);
  });
});

describe('reserve exhausted', () => {
  it('the waste turns over at once, first-laid card first, its top card staying up', () => {
    const { g, log } = setup({ centre: '4S', reserves: ['5C', 'KD'], wastes: ['8D JH 2S', 'QH'] });
    g.step();
    expect(log).toEqual([
      'seat 0: 5C R>C',
      'seat 0 turns its waste over: 2 cards to the reserve, 2S stays up',
      'seat 0: 8D R>W0',
    ]);
    expect(pile(g, 0)).toEqual({ reserve: 'JH', waste: '2S 8D' });
  });

  it('the top card left up is played at once where it fits (step 1)', () => {
    const { g, log } = setup({ centre: '4S', reserves: ['5C', 'KD'], wastes: ['8D JH 6S', 'QH'] });
    g.step();
    expect(log.slice(0, 3)).toEqual([
      'seat 0: 5C R>C',
      'seat 0 turns its waste over: 2 cards to the reserve, 6S stays up',
      'seat 0: 6S W0>C',
    ]);
  });

  it('when the last reserve card goes onto the own waste, the waste turns over only at the next turn', () => {
    const { g, log } = setup({ centre: '4S', reserves: ['9C', 'KD'], wastes: ['JH 2S', '7C'] });
    g.step();
    expect(pile(g, 0)).toEqual({ reserve: '', waste: 'JH 2S 9C' });
    g.step(); // seat 1: 7C and KD fit nowhere
    expect(log).toEqual(['seat 0: 9C R>W0', 'seat 1: KD R>W1']);
    g.step();
    expect(log[2]).toBe('seat 0 turns its waste over: 2 cards to the reserve, 9C stays up');
    expect(log[3]).toBe('seat 0: JH R>W0');
  });

  it('with an empty reserve and only the top card on the waste the turn passes', () => {
    const { g, log } = setup({ centre: '4S', reserves: ['', '2H'], wastes: ['9C', 'KD'] });
    expect(g.step()).toBe(true);
    expect(log).toEqual(['seat 0: no reserve card to turn up']);
    expect(g.toMove).toBe(1);
  });
});

describe('end of the game', () => {
  it('a player with no cards is out; the last player holding cards is the loser', () => {
    const { g, log } = setup({ centre: '4S', reserves: ['5C', '6H', '9D'], wastes: ['', '', 'JS'] });
    g.play();
    expect(resultOf(g)).toEqual({ outcome: 'loser', loser: 2, outOrder: [0, 1], turns: 1, centrePlays: 2 });
    expect(log).toContain('seat 2 is the žioplys');
  });

  it('seats that are out are skipped when the turn passes', () => {
    const { g } = setup({ centre: '4S', reserves: ['5C', '9D', 'JS 2H', 'QS'], wastes: ['', '', '', ''] });
    g.step(); // seat 0 goes out
    g.step(); // seat 1: 9D onto... nothing; passes to 2
    g.step(); // seat 2: JS to waste; passes to 3
    g.step(); // seat 3: QS onto JS (W2)? it fits one higher: yes, then out
    expect(g.outOrder.subarray(0, g.outCount)).toEqual(Int8Array.from([0, 3]));
    expect(g.toMove).toBe(1);
  });
});

describe('ranks and variants', () => {
  it('ranks wrap: A follows K on the centre, and A and K are one apart on a waste', () => {
    const c = setup({ centre: 'KS', reserves: ['AH 5D', '2C'], wastes: ['', '9C'] });
    c.g.step();
    expect(c.log[0]).toBe('seat 0: AH R>C');
    const w = setup({ centre: '5S', reserves: ['KH', '2C'], wastes: ['', 'AC'] });
    w.g.step();
    expect(w.log[0]).toBe('seat 0: KH R>W1');
  });

  it('--no-wrap: nothing follows a king, and A and K are not one apart', () => {
    const variant = { wrap: false, alternateColours: false };
    const c = setup({ centre: 'KS', reserves: ['AH 5D', '2C'], wastes: ['', '9C'], variant });
    c.g.step();
    expect(c.log[0]).toBe('seat 0: AH R>W0');
    const w = setup({ centre: '5S', reserves: ['KH', '2C'], wastes: ['', 'AC'], variant });
    w.g.step();
    expect(w.log[0]).toBe('seat 0: KH R>W0');
  });

  it('--centre-alternate-colours: the centre takes one higher of the other colour only', () => {
    const variant = { wrap: true, alternateColours: true };
    const same = setup({ centre: '5S', reserves: ['6C 2D', '2C'], wastes: ['', 'JD'], variant });
    same.g.step();
    expect(same.log[0]).toBe('seat 0: 6C R>W0');
    const other = setup({ centre: '5S', reserves: ['6H 2D', '2C'], wastes: ['', 'JD'], variant });
    other.g.step();
    expect(other.log[0]).toBe('seat 0: 6H R>C');
    // the colour rule is for the centre only: a waste still takes either colour
    const waste = setup({ centre: '5S', reserves: ['TC 2D', '2C'], wastes: ['', 'JC'], variant });
    waste.g.step();
    expect(waste.log[0]).toBe('seat 0: TC R>W1');
  });
});

describe('blunders', () => {
  it('a missed play: each other player from the left gives a reserve card to the bottom; empty reserves give nothing; the turn ends', () => {
    const { g, log } = setup({
      centre: '4S',
      reserves: ['5C 9D', '2H 3H', '7S', ''],
      wastes: ['', '', 'JC', 'QC'],
      strategies: 'careless:1,rule,rule,rule',
    });
    g.step();
    expect(log).toEqual([
      'seat 0: blunder! 5C R>W0 although R>C was possible',
      "seat 1 gives 2H to the bottom of seat 0's reserve",
      "seat 2 gives 7S to the bottom of seat 0's reserve",
    ]);
    expect(pile(g, 0)).toEqual({ reserve: '9D 2H 7S', waste: '5C' });
    expect(pile(g, 1).reserve).toBe('3H');
    expect(g.blunders).toBe(1);
    expect(g.toMove).toBe(1);
  });

  it('a missed waste-top play also ends the turn at once, the card staying where it is', () => {
    const { g, log } = setup({
      centre: '4S',
      reserves: ['9D', '2H'],
      wastes: ['5C', 'JC'],
      strategies: 'careless:1,rule',
    });
    g.step();
    expect(log).toEqual(['seat 0: blunder! 5C W0>C was possible', "seat 1 gives 2H to the bottom of seat 0's reserve"]);
    expect(pile(g, 0)).toEqual({ reserve: '9D 2H', waste: '5C' });
  });

  it('a giver whose reserve empties turns its waste over at once, or is out when it has no waste', () => {
    const turn = setup({
      centre: '4S',
      reserves: ['5C', '2H', 'KS'],
      wastes: ['', '8C TD', 'JC'],
      strategies: 'careless:1,rule,rule',
    });
    turn.g.step();
    expect(pile(turn.g, 1)).toEqual({ reserve: '8C', waste: 'TD' });
    const out = setup({ centre: '4S', reserves: ['5C', '2H'], wastes: ['', ''], strategies: 'careless:1,rule' });
    out.g.play();
    expect(resultOf(out.g)).toEqual({ outcome: 'loser', loser: 0, outOrder: [1], turns: 0, centrePlays: 0 });
  });

  it('careless:0 never blunders and plays exactly as the rule', () => {
    const a = setup({ centre: '4S', reserves: ['5C 9D', '2H 3H'], wastes: ['', 'JC'], strategies: 'careless:0' });
    const b = setup({ centre: '4S', reserves: ['5C 9D', '2H 3H'], wastes: ['', 'JC'] });
    a.g.play();
    b.g.play();
    expect(resultOf(a.g)).toEqual(resultOf(b.g));
    expect(a.g.blunders).toBe(0);
  });
});
