import { describe, expect, it } from 'vitest';
import { rngFromSeed, shuffleInPlace } from '../../src/cards/shuffle.js';
import { type PilDeal, dealFromSeed } from '../../src/games/pilstymas/deal.js';
import { playGame } from '../../src/games/pilstymas/match.js';
import { PilPosition } from '../../src/games/pilstymas/position.js';
import { EXPERT_DEEP, EXPERT_DEFAULTS, ExpertStrategy } from '../../src/games/pilstymas/strategies/expert.js';
import {
  LEAGUE_NAMES,
  STRATEGY_NAMES,
  evaluate,
  greedyMove,
  makeStrategy,
} from '../../src/games/pilstymas/strategies/index.js';
import { loadView, viewOf } from '../../src/games/pilstymas/view.js';
import { formatMove } from '../../src/games/pilstymas/notation.js';
import { build } from './helpers.js';

/** The same deal with every card hidden at the start re-dealt: each pack's face-down stock
 *  cards and hand cards (but the starter's hand card) shuffled among themselves. */
function reshuffleHidden(deal: PilDeal, seed: string): PilDeal {
  const starter = PilPosition.fromDeal(deal).turn;
  const rng = rngFromSeed(seed);
  const packs = deal.packs.map((pack, p) => {
    const out = [...pack];
    const idx = [...Array(52).keys()].filter((i) => i < 12 || (i >= 17 && !(p === starter && i === 17)));
    const cards = shuffleInPlace(
      idx.map((i) => pack[i]),
      rng,
    );
    idx.forEach((i, k) => (out[i] = cards[k]));
    return out;
  }) as [number[], number[]];
  return { packs };
}

describe('hidden information', () => {
  it('a view does not depend on the order of hidden cards', () => {
    const d1 = dealFromSeed('9'),
      d2 = reshuffleHidden(d1, 'x');
    expect(d2.packs).not.toEqual(d1.packs);
    const p1 = PilPosition.fromDeal(d1),
      p2 = PilPosition.fromDeal(d2);
    expect(viewOf(p2, p2.turn)).toEqual(viewOf(p1, p1.turn));
    expect(viewOf(p2, 1 - p2.turn)).toEqual(viewOf(p1, 1 - p1.turn));
  });

  it('every strategy makes the same first decision on deals that differ only in hidden cards', () => {
    for (const seed of ['9', '10', '11']) {
      const d1 = dealFromSeed(seed),
        d2 = reshuffleHidden(d1, `r${seed}`);
      const p1 = PilPosition.fromDeal(d1),
        p2 = PilPosition.fromDeal(d2);
      for (const name of STRATEGY_NAMES) {
        const m1 = makeStrategy(name, 's').choose(viewOf(p1, p1.turn));
        const m2 = makeStrategy(name, 's').choose(viewOf(p2, p2.turn));
        expect(formatMove(m2), `${name} on seed ${seed}`).toBe(formatMove(m1));
      }
    }
  });

  it("the hand card is in the mover's view only; the hidden set is per player and sorted", () => {
    const pos = PilPosition.fromDeal(dealFromSeed('9'));
    const me = viewOf(pos, pos.turn),
      other = viewOf(pos, 1 - pos.turn);
    expect(me.handCard).toBe(pos.handCard());
    expect(other.handCard).toBe(-1);
    expect(me.hidden[pos.turn]).toHaveLength(34 + 12);
    expect(other.hidden[pos.turn]).toHaveLength(35 + 12);
    for (const h of me.hidden) expect([...h]).toEqual([...h].sort((a, b) => a - b));
  });

  it('a determinization is consistent with the view', () => {
    const pos = PilPosition.fromDeal(dealFromSeed('12'));
    const v = viewOf(pos, pos.turn);
    const d = new PilPosition();
    loadView(d, v, rngFromSeed('d'));
    expect(viewOf(d, pos.turn)).toEqual(v);
    // The hidden cards are the view's, in some order.
    for (const p of [0, 1]) {
      const down = d.stack(2 + p).slice(0, d.down[p]);
      expect(down.every((c) => (c >= 52 ? 1 : 0) === p)).toBe(true);
    }
  });
});

describe('strategies', () => {
  it('expert-deep is the expert with its larger budgets, under its own name, and not in the default league', () => {
    const pos = PilPosition.fromDeal(dealFromSeed('14'));
    const deep = makeStrategy('expert-deep', 's');
    expect(deep.name).toBe('expert-deep');
    const same = new ExpertStrategy('s', EXPERT_DEEP);
    expect(formatMove(deep.choose(viewOf(pos, pos.turn)))).toBe(formatMove(same.choose(viewOf(pos, pos.turn))));
    expect(EXPERT_DEEP.rootNodes).toBeGreaterThan(EXPERT_DEFAULTS.rootNodes);
    expect(LEAGUE_NAMES).toEqual(['random', 'greedy', 'planner', 'ismcts', 'expert']);
  });

  it('greedy plays foundations first, then the own stock, then loads, then builds, and ends last', () => {
    const pos = build({
      hand: [['5H', 'TC'], ["2D'"]],
      stock: [['8S'], ["JC'"]],
      tab: [['AD'], ['9H'], ['JH'], [], [], [], [], []],
    });
    const buf = new Int32Array(512);
    const seq: string[] = [];
    for (let i = 0; i < 10 && pos.turn === 0; i++) {
      const m = greedyMove(pos, buf);
      seq.push(formatMove(m));
      pos.make(m);
    }
    expect(seq[0]).toBe('AD A0>F');
    expect(seq[1]).toBe('8S stock>A1'); // a pile with a card before an empty one
    expect(seq[2]).toBe('TC hand>ostock');
    expect(seq.slice(3)).toEqual(['5H hand>A0', 'pass']);
  });

  it('evaluate prefers fewer cards left to shed', () => {
    const a = build({ hand: [['5H'], ["2D'", "3D'"]], stock: [['8S'], ["JC'"]] });
    const b = build({
      hand: [
        ['5H', '6H'],
        ["2D'", "3D'"],
      ],
      stock: [['8S'], ["JC'"]],
    });
    expect(evaluate(a, 0)).toBeGreaterThan(evaluate(b, 0));
    expect(evaluate(a, 1)).toBeLessThan(evaluate(b, 1));
  });

  it('the planner takes a two-move combination greedy misses', () => {
    // 2S covers A's 3H, which fits the hearts foundation; 2S can go onto A's own 3D first
    // (a move within the own side, which greedy never makes).
    const pos = build({
      hand: [['KC'], ["2D'"]],
      stock: [['9D', '8D'], ["7H'"]],
      tab: [['3H', '2S'], ['3D'], ['QC'], ['JS'], ["QS'"], ["TS'"], ["9H'"], ["5C'"]],
      found: [0, 0, 2, 0, 0, 0, 0, 0],
    });
    const v = viewOf(pos, 0);
    expect(formatMove(makeStrategy('greedy', 's').choose(v))).toBe('end');
    // The planner's turn moves 2S off 3H (first to A1, or after making room on B2) and plays 3H.
    const planner = makeStrategy('planner', 's');
    const turn: string[] = [];
    while (pos.turn === 0) {
      const m = planner.choose(viewOf(pos, 0));
      turn.push(formatMove(m));
      pos.make(m);
    }
    expect(turn).toContain('2S A0>A1');
    expect(turn.indexOf('3H A0>F')).toBeGreaterThan(turn.indexOf('2S A0>A1'));
  });

  it("greedy clears the own tableau: onto the opponent's stock or waste (rule e), then onto the opponent's piles", () => {
    // A has no hand card; its piles hold 9D (fits B's stock top TD), 4H' (fits B's 5S) and KC
    // (which fits only an empty pile: greedy does not hand the opponent its cards there).
    const pos = build({
      hand: [[], ["KC'"]],
      stock: [[], ["TD'"]],
      tab: [['9D'], ["4H'"], ['KC'], [], ['5S'], ["QC'"], [], []],
    });
    const buf = new Int32Array(512);
    const seq: string[] = [];
    for (let i = 0; i < 5 && pos.turn === 0; i++) {
      const m = greedyMove(pos, buf);
      seq.push(formatMove(m));
      pos.make(m);
    }
    expect(seq.join(', ')).toBe('9D A0>ostock, 4H A1>B0, pass');
  });

  it('every strategy plays a whole game legally (checked by the game loop)', () => {
    const deal = dealFromSeed('21');
    for (const [a, b] of [
      ['planner', 'greedy'],
      ['ismcts', 'random'],
    ] as const) {
      const r = playGame(deal, [makeStrategy(a, '1'), makeStrategy(b, '2')], { maxTurns: 60 });
      expect(r.turns).toBeGreaterThan(0);
    }
  });
});
