import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseCard } from '../../src/cards/card.js';
import { dealFromSeed, dealToJson } from '../../src/games/pilstymas/deal.js';
import { playGame } from '../../src/games/pilstymas/match.js';
import { END, HAND, PASS, PilPosition, STOCK, TAB, WASTE } from '../../src/games/pilstymas/position.js';
import { makeStrategy } from '../../src/games/pilstymas/strategies/index.js';
import { build, id, legal, play, snapshot, why } from './helpers.js';

describe('deal', () => {
  it('pins the seeded deals (golden file)', () => {
    const golden = JSON.parse(readFileSync(new URL('../../data/pilstymas/golden.json', import.meta.url), 'utf8'));
    for (const seed of Object.keys(golden)) expect(dealToJson(dealFromSeed(seed))).toEqual(golden[seed]);
  });

  it('lays out stock, tableau and hand in deal order; the higher stock card starts', () => {
    const deal = dealFromSeed('7');
    const pos = PilPosition.fromDeal(deal);
    for (const p of [0, 1]) {
      const pack = deal.packs[p];
      const off = 52 * p;
      expect(pos.stack(STOCK + p)).toEqual(pack.slice(0, 13).map((c) => c + off));
      expect(pos.down[p]).toBe(12);
      for (let k = 0; k < 4; k++) expect(pos.stack(TAB + 4 * p + k)).toEqual([pack[13 + k] + off]);
      expect(pos.len[HAND + p]).toBe(35);
      expect(pos.top(HAND + p)).toBe(pack[17] + off);
      expect(pos.stack(HAND + p)[0]).toBe(pack[51] + off);
    }
    const ra = (deal.packs[0][12] % 13) + 1,
      rb = (deal.packs[1][12] % 13) + 1;
    expect(pos.turn).toBe(rb > ra ? 1 : 0);
  });

  it('breaks a tie of the stock cards in favour of A', () => {
    const deal = dealFromSeed('42'); // 6H against 6D
    expect(deal.packs[0][12] % 13).toBe(deal.packs[1][12] % 13);
    expect(PilPosition.fromDeal(deal).turn).toBe(0);
    const swapped = { packs: [deal.packs[0], [...deal.packs[1]]] as [number[], number[]] };
    const k = swapped.packs[1].indexOf(parseCard('KC'));
    [swapped.packs[1][12], swapped.packs[1][k]] = [swapped.packs[1][k], swapped.packs[1][12]];
    expect(PilPosition.fromDeal(swapped).turn).toBe(1);
  });
});

describe('moves a–h', () => {
  it('a: an ace starts a foundation, which builds up by suit; anyone builds on any foundation', () => {
    const pos = build({ hand: [['AS'], []], stock: [['3S'], ["2S'"]], tab: [['7D'], [], [], [], ["AH'"], [], [], []] });
    expect(legal(pos)).toContain('AS hand>F');
    expect(legal(pos)).toContain('AH B0>F');
    expect(why(pos, '3S stock>F')).toMatch(/does not fit a foundation/);
    play(pos, 'AS hand>F');
    expect(pos.found[0]).toBe(1);
    // B's 2S goes on A's ace on B's turn.
    pos.make(END);
    play(pos, '2S stock>F');
    expect(pos.found[0]).toBe(2);
    expect(pos.foundationFor(id('3S'))).toBe(0);
    expect(pos.foundationFor(id('4S'))).toBe(-1);
  });

  it('a: two foundations of a suit; the second ace takes the empty one', () => {
    const pos = build({ hand: [['AS', "AS'"], []], found: [3, 0] });
    expect(pos.foundationFor(id("AS'"))).toBe(1);
    play(pos, 'AS hand>F');
    expect([pos.found[0], pos.found[1]]).toEqual([3, 1]);
    expect(pos.foundationFor(id('2S'))).toBe(1);
    expect(pos.foundationFor(id('4S'))).toBe(0);
  });

  it("b/f: onto a tableau pile one rank higher and the other colour, own or the opponent's; no wrap", () => {
    const pos = build({ hand: [['6S'], []], tab: [['7H'], ['7C'], ['KD'], [], ["7D'"], [], [], []] });
    const l = legal(pos);
    expect(l).toContain('6S hand>A0');
    expect(l).toContain('6S hand>B0');
    expect(why(pos, '6S hand>A1')).toMatch(/other colour/);
    expect(why(pos, '6S hand>A2')).toMatch(/one rank lower/);
    const k = build({ hand: [['KS'], []], tab: [['AH'], [], [], [], [], [], [], []] });
    expect(why(k, 'KS hand>A0')).toMatch(/one rank lower/);
  });

  it('c: the own stock top moves, the next one is turned up; nothing goes on the own stock', () => {
    const pos = build({
      hand: [['2C'], []],
      stock: [['9H', '3C', '4D'], ["5D'"]],
      tab: [['5S'], [], [], [], [], [], [], []],
    });
    expect(pos.down[0]).toBe(2);
    play(pos, '4D stock>A0');
    expect(pos.top(STOCK)).toBe(id('3C'));
    expect(pos.down[0]).toBe(1);
    expect(why(pos, '2C hand>stock')).toMatch(/unknown place "stock"/);
    expect(legal(pos).some((m) => m.endsWith('>stock'))).toBe(false);
  });

  it('c: an empty stock stays empty', () => {
    const pos = build({ hand: [['5D'], ["4D'"]], stock: [[], []] });
    pos.make(END);
    expect(why(pos, '4D hand>ostock')).toMatch(/stock is empty/);
  });

  it('d: the hand card plays like any card; the next hand card is turned up', () => {
    const pos = build({ hand: [['9C', 'AD'], []] });
    play(pos, 'AD hand>F');
    expect(pos.handCard()).toBe(id('9C'));
    expect(pos.turn).toBe(0);
  });

  it('e: loading the opponent: same suit, one rank up or down, on the stock top or waste top', () => {
    const pos = build({
      hand: [['9D'], []],
      stock: [[], ["TD'"]],
      waste: [[], ["8D'"]],
      tab: [[], [], [], [], ["TS'"], [], [], []],
    });
    const l = legal(pos);
    expect(l).toContain('9D hand>ostock');
    expect(l).toContain('9D hand>owaste');
    const wrongSuit = build({ hand: [['9H'], []], stock: [[], ["TD'"]] });
    expect(why(wrongSuit, '9H hand>ostock')).toMatch(/same suit/);
    const twoApart = build({ hand: [['8D'], []], stock: [[], ["TD'"]] });
    expect(why(twoApart, '8D hand>ostock')).toMatch(/one rank apart/);
    const noWaste = build({ hand: [['8D'], []], stock: [[], ["TD'"]] });
    expect(why(noWaste, '8D hand>owaste')).toMatch(/waste is empty/);
  });

  it('g: an empty tableau pile takes any card', () => {
    const pos = build({ hand: [['QH'], []], tab: [['2S'], [], [], [], [], [], [], []] });
    const l = legal(pos);
    for (const p of ['A1', 'A2', 'A3', 'B0', 'B1', 'B2', 'B3']) expect(l).toContain(`QH hand>${p}`);
    expect(l).not.toContain('QH hand>A0');
  });

  it('h: one card at a time, only pile tops; the waste never moves', () => {
    const pos = build({ hand: [['2C'], []], waste: [['4H'], []], tab: [['9S', '8H'], ['9C'], [], [], [], [], [], []] });
    expect(why(pos, '9S A0>A2')).toMatch(/top of A0 is 8H/);
    expect(why(pos, '4H waste>A2')).toMatch(/unknown place "waste"/);
    play(pos, '8H A0>A1');
    expect(pos.stack(TAB + 1)).toEqual([id('9C'), id('8H')]);
    expect(pos.stack(TAB)).toEqual([id('9S')]);
  });
});

describe('the turn', () => {
  it('end puts the hand card on the own waste and passes the turn', () => {
    const pos = build({ hand: [['3C', 'KH'], ["5S'"]] });
    expect(legal(pos)).toContain('end');
    expect(legal(pos)).not.toContain('pass');
    play(pos, 'end');
    expect(pos.stack(WASTE)).toEqual([id('KH')]);
    expect(pos.turn).toBe(1);
    expect(pos.turns).toBe(1);
    expect(pos.handCard()).toBe(id("5S'"));
  });

  it('a player with no hand and no waste passes', () => {
    const pos = build({ hand: [[], ["5S'"]], stock: [['4C'], []] });
    expect(legal(pos)).toContain('pass');
    expect(why(pos, 'end')).toMatch(/pass/);
    play(pos, 'pass');
    expect(pos.turn).toBe(1);
    expect(pos.turns).toBe(1);
  });

  it('the waste turns over into a new hand, first wasted first up (at the turn start)', () => {
    const pos = build({
      hand: [['9C'], ["5S'"]],
      waste: [['2H', '3H', '4H'], []],
      tab: [['KD'], [], [], [], [], [], [], []],
    });
    play(pos, 'end'); // 9C goes on the waste; A's hand is now empty
    play(pos, 'end'); // B ends; A turns the waste over
    expect(pos.len[WASTE]).toBe(0);
    expect(pos.stack(HAND)).toEqual(['9C', '4H', '3H', '2H'].map(id));
    expect(pos.handCard()).toBe(id('2H'));
  });

  it('the waste turns over the moment the last hand card is played', () => {
    const pos = build({ hand: [['AD'], []], waste: [['7C', '8C'], []] });
    const m = play(pos, 'AD hand>F');
    expect(pos.handCard()).toBe(id('7C'));
    expect(pos.len[WASTE]).toBe(0);
    pos.unmake(m);
    expect(pos.stack(WASTE)).toEqual([id('7C'), id('8C')]);
    expect(pos.handCard()).toBe(id('AD'));
  });
});

describe('winning and the draw', () => {
  it("[D] a player wins when hand, waste, stock and own tableau piles are empty — also on the opponent's move", () => {
    // A has only the 5H on A0; B, to move, takes it onto B's 6S.
    const pos = build({ turn: 1, hand: [[], ["2C'"]], tab: [['5H'], [], [], [], ["6S'"], [], [], []] });
    expect(pos.winner).toBe(-1);
    play(pos, '5H A0>B0');
    expect(pos.winner).toBe(0);
    expect(legal(pos)).toEqual([]);
  });

  it('[D] a card of the opponent on the own pile keeps the player from winning; Russian Bank ignores piles', () => {
    const pos = build({ hand: [['AC'], ["2C'"]], tab: [["9D'"], [], [], [], [], [], [], []] });
    play(pos, 'AC hand>F');
    expect(pos.winner).toBe(-1);
    const rb = build({ rule: 'russian-bank', hand: [['AC'], ["2C'"]], tab: [["9D'"], [], [], [], [], [], [], []] });
    play(rb, 'AC hand>F');
    expect(rb.winner).toBe(0);
  });

  it('a game that reaches the turn cap is a draw', () => {
    const r = playGame(dealFromSeed('3'), [makeStrategy('random', '3'), makeStrategy('random', '3b')], { maxTurns: 7 });
    expect(r.winner).toBe(-1);
    expect(r.reason).toBe('max-turns');
    expect(r.turns).toBe(7);
  });
});

describe('engine invariants', () => {
  it('make/unmake restores the position and its key exactly', () => {
    const pos = PilPosition.fromDeal(dealFromSeed('11'));
    const strat = [makeStrategy('random', 'x'), makeStrategy('random', 'y')];
    const snap = () => snapshot(pos);
    const done: number[] = [];
    const states: string[] = [];
    const viewOf = async () => (await import('../../src/games/pilstymas/view.js')).viewOf;
    return viewOf().then((v) => {
      for (let i = 0; i < 400 && pos.winner < 0; i++) {
        states.push(snap());
        const m = strat[pos.turn].choose(v(pos, pos.turn));
        pos.make(m);
        done.push(m);
      }
      while (done.length) {
        pos.unmake(done.pop()!);
        expect(snap()).toBe(states.pop());
      }
    });
  });

  it('keeps all 104 cards under random play', async () => {
    const { viewOf } = await import('../../src/games/pilstymas/view.js');
    let checked = 0;
    for (const seed of ['1', '2', '3']) {
      const pos = PilPosition.fromDeal(dealFromSeed(seed));
      const strat = [makeStrategy('random', `${seed}a`), makeStrategy('random', `${seed}b`)];
      for (let step = 0; step < 3000 && pos.winner < 0; step++) {
        pos.make(strat[pos.turn].choose(viewOf(pos, pos.turn)));
        const copies = new Array(52).fill(0);
        const seen = new Set<number>();
        let twice = 0;
        for (let s = 0; s < 14; s++)
          for (const c of pos.stack(s)) {
            if (seen.has(c)) twice++;
            seen.add(c);
            copies[c % 52]++;
          }
        // A foundation of height h holds ranks 1..h of its suit, one card each.
        for (let slot = 0; slot < 8; slot++)
          for (let r = 1; r <= pos.found[slot]; r++) copies[(slot >> 1) * 13 + r - 1]++;
        const bad = twice > 0 || !copies.every((n) => n === 2) || seen.size + pos.foundTotal() !== 104;
        if (bad)
          expect({ seed, step, twice, copies, total: seen.size + pos.foundTotal() }).toBe('all 104 cards, each once');
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(3000);
  });

  it('never offers end and pass together, and always one of them', () => {
    const pos = PilPosition.fromDeal(dealFromSeed('5'));
    const l = legal(pos);
    expect(l.filter((m) => m === 'end' || m === 'pass')).toEqual(['end']);
    expect(pos.isLegal(PASS)).toBe(false);
    expect(pos.isLegal(END)).toBe(true);
  });
});

describe('notation', () => {
  it('every legal move prints and parses back to itself', async () => {
    const { formatMove, parseMove } = await import('../../src/games/pilstymas/notation.js');
    const { viewOf } = await import('../../src/games/pilstymas/view.js');
    const pos = PilPosition.fromDeal(dealFromSeed('31'));
    const strat = [makeStrategy('random', 'p'), makeStrategy('random', 'q')];
    const buf = new Int32Array(256);
    let n = 0;
    for (let step = 0; step < 600 && pos.winner < 0; step++) {
      const k = pos.moves(buf);
      for (let i = 0; i < k; i++) {
        const p = parseMove(pos, formatMove(buf[i]));
        if (!p.ok || p.move !== buf[i]) expect(formatMove(buf[i])).toBe('a move that parses back');
        n++;
      }
      pos.make(strat[pos.turn].choose(viewOf(pos, pos.turn)));
    }
    expect(n).toBeGreaterThan(600);
    expect(formatMove(END)).toBe('end');
    expect(formatMove(PASS)).toBe('pass');
  });
});
