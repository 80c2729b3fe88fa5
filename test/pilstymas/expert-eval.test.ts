import { describe, expect, it } from 'vitest';
import { EXPERT_EVAL, evaluateExpert, handPlay, stockGap } from '../../src/games/pilstymas/strategies/expert-eval.js';
import { evaluate } from '../../src/games/pilstymas/strategies/turn.js';
import { TurnSearch } from '../../src/games/pilstymas/strategies/turn-search.js';
import { formatMove } from '../../src/games/pilstymas/notation.js';
import { END, HAND, UNKNOWN } from '../../src/games/pilstymas/position.js';
import { build, play } from './helpers.js';

describe('expert evaluation', () => {
  // A's hand card is the ace of spades; B's pile B0 could take it (an empty pile).
  const spec = () =>
    build({
      hand: [['7D', 'AS'], ["2D'"]],
      stock: [['9D', '8C'], ["7H'"]],
      tab: [['QC'], ['JS'], ['TD'], ['5S'], [], ["TS'"], ["9H'"], ["5C'"]],
    });

  it("does not rate an ace put on the opponent's pile above the ace on its foundation", () => {
    const toF = spec(),
      toPile = spec();
    play(toF, 'AS hand>F');
    play(toPile, 'AS hand>B0');
    toF.make(END);
    toPile.make(END);
    // The planner's evaluation counts the ace on B's pile as B's burden …
    expect(evaluate(toPile, 0)).toBeGreaterThan(evaluate(toF, 0));
    // … but B moves next and puts it on the foundation for free.
    expect(evaluateExpert(toF, 0)).toBeGreaterThanOrEqual(evaluateExpert(toPile, 0));
  });

  it("turns the turn search from the opponent's pile to the foundation", () => {
    // As above, but B0 holds 2H', which takes the ace too, and A's stock top fits nowhere.
    const first = (search: TurnSearch) => {
      const pos = build({
        hand: [['7D', 'AS'], ["2D'"]],
        stock: [['9D', 'KD'], ["7H'"]],
        tab: [['QC'], ['JS'], ['TD'], ['5S'], ["2H'"], ["TS'"], ["9H'"], ["5C'"]],
      });
      search.run(pos, 2000);
      return formatMove(search.line(0)[0]);
    };
    expect(first(new TurnSearch(1))).toBe('AS hand>B0');
    expect(first(new TurnSearch(1, evaluateExpert))).toBe('AS hand>F');
  });

  it('restores the position and agrees on both sides', () => {
    const pos = spec();
    play(pos, 'AS hand>F');
    pos.make(END);
    const key = pos.key(),
      ply = pos.ply;
    const a = evaluateExpert(pos, 0),
      b = evaluateExpert(pos, 1);
    expect(b).toBe(-a);
    expect(pos.key()).toBe(key);
    expect(pos.ply).toBe(ply);
  });

  it('prefers fewer cards left to shed', () => {
    const a = build({ hand: [['5H'], ["2D'", "3D'"]], stock: [['8S'], ["JC'"]] });
    const b = build({
      hand: [
        ['5H', '6H'],
        ["2D'", "3D'"],
      ],
      stock: [['8S'], ["JC'"]],
    });
    expect(evaluateExpert(a, 0, EXPERT_EVAL)).toBeGreaterThan(evaluateExpert(b, 0, EXPERT_EVAL));
  });
});

describe('stock gap feature', () => {
  it('counts the ranks between a stock top and its foundation, 0 when it fits or the stock is empty', () => {
    // Spades foundations at 3 and 1 (slots 0 and 1), hearts at 0.
    const pos = build({ stock: [['2C', '7S'], ["4H'"]], found: [3, 1] });
    expect(stockGap(pos, 0)).toBe(3); // 7S needs 4S, 5S, 6S first
    expect(stockGap(pos, 1)).toBe(3); // 4H' needs AH, 2H, 3H
    const fits = build({ stock: [['4S'], ["AH'"]], found: [3, 1] });
    expect(stockGap(fits, 0)).toBe(0);
    expect(stockGap(fits, 1)).toBe(0);
    // 2S: the higher spades foundation is past it, the lower (at 1) takes it.
    const low = build({ stock: [['2S'], []], found: [3, 1] });
    expect(stockGap(low, 0)).toBe(0);
    expect(stockGap(low, 1)).toBe(0);
  });

  it('enters the score only through its weights', () => {
    const pos = build({ hand: [['5H'], ["2D'"]], stock: [['9S'], ["4H'"]], found: [3, 1] });
    const base = evaluateExpert(pos, 0);
    expect(evaluateExpert(pos, 0, { ...EXPERT_EVAL, stockGap: -1 })).toBe(base - 5);
    expect(evaluateExpert(pos, 0, { ...EXPERT_EVAL, otherStockGap: 1 })).toBe(base + 3);
  });
});

describe('hand playability feature', () => {
  it('is the share of hand and waste cards that fit a foundation, a non-empty pile or a load', () => {
    // A's hand and waste: 2S (fits the spade foundation at 1), 9H (fits TS' on B1), 6D (loads
    // onto B's waste top 7D'), KC (fits nothing: no empty pile counts) → 3 of 4.
    const pos = build({
      hand: [['KC', '2S'], ["3C'"]],
      waste: [['9H', '6D'], ["7D'"]],
      stock: [['QH'], ["8C'"]],
      tab: [['4C'], ['4D'], ['4S'], ['4H'], ["5C'"], ["TS'"], ["5H'"], []],
      found: [1, 0],
    });
    expect(handPlay(pos, 0)).toBe(3 / 4);
    // B's only card, 3C', fits the red fours on A1 and A3.
    expect(handPlay(pos, 1)).toBe(1);
    const none = build({ hand: [[], ["3C'"]] });
    expect(handPlay(none, 0)).toBe(0);
  });

  it('counts hidden cards as not playable', () => {
    const pos = build({ hand: [['2S'], []], tab: [['3H']] });
    expect(handPlay(pos, 0)).toBe(1);
    pos.pop(HAND);
    pos.push(HAND, UNKNOWN);
    expect(handPlay(pos, 0)).toBe(0);
  });
});
