import { describe, expect, it } from 'vitest';
import { dealFromSeed } from '../../src/games/pilstymas/deal.js';
import { ExpertStrategy } from '../../src/games/pilstymas/strategies/expert.js';
import { playGame } from '../../src/games/pilstymas/match.js';
import { formatMove } from '../../src/games/pilstymas/notation.js';
import { END } from '../../src/games/pilstymas/position.js';
import { makeStrategy } from '../../src/games/pilstymas/strategies/index.js';
import { TurnMemory } from '../../src/games/pilstymas/strategies/turn.js';
import { TurnSearch } from '../../src/games/pilstymas/strategies/turn-search.js';
import { build } from './helpers.js';

const small = { candidates: 3, samples: 2, rootNodes: 500, replyNodes: 100 };

describe('expert', () => {
  it('plays whole games legally on both seats, and the same seed gives the same game', () => {
    const deal = dealFromSeed('33');
    const play = () =>
      playGame(deal, [new ExpertStrategy('33:A', small), makeStrategy('planner', '33:B')], {
        record: true,
        maxTurns: 30,
      });
    const r1 = play(),
      r2 = play();
    expect(r1.turns).toBeGreaterThan(0);
    expect(r2.moves).toEqual(r1.moves);
    const r3 = playGame(deal, [makeStrategy('greedy', '33:A'), new ExpertStrategy('33:B', small)], { maxTurns: 30 });
    expect(r3.turns).toBeGreaterThan(0);
  });

  it('with greedy playouts, still plays legal reproducible games, and the playouts change its choices', () => {
    const deal = dealFromSeed('33');
    const play = (opts: object) =>
      playGame(deal, [new ExpertStrategy('33:A', { ...small, ...opts }), makeStrategy('planner', '33:B')], {
        record: true,
        maxTurns: 30,
      });
    const r1 = play({ playoutWeight: 20 }),
      r2 = play({ playoutWeight: 20 });
    expect(r1.turns).toBeGreaterThan(0);
    expect(r2.moves).toEqual(r1.moves);
    expect(play({}).moves).not.toEqual(r1.moves);
  });

  it('is registered by name', () => {
    expect(makeStrategy('expert', 's').name).toBe('expert');
  });
});

describe('turn search memory', () => {
  it('a turn that would end where an earlier turn ended is scored lower, so another line is tried', () => {
    // Ending at once scores best; moving 5H onto 6S first leaves an empty pile (to the
    // opponent, or filled with the hand card KC, which then has to be shed from the pile).
    const pos = build({
      hand: [['KC'], ["2D'"]],
      stock: [[], ["7H'"]],
      tab: [['5H'], ['6S'], ['2C'], ['2S'], ["KS'"], ["KH'"], ["KD'"], ["KC'"]],
    });
    const search = new TurnSearch(2);
    const memory = new TurnMemory();
    search.run(pos, 1000, memory);
    expect(Array.from(search.line(0)).map(formatMove)).toEqual(['end']);
    const second = Array.from(search.line(1)).map(formatMove);
    expect(second[0]).toBe('5H A0>A1');
    expect(search.scores[0]).toBeGreaterThan(search.scores[1]);
    pos.make(END);
    memory.add(pos);
    pos.unmake(END);
    search.run(pos, 1000, memory);
    expect(Array.from(search.line(0)).map(formatMove)).toEqual(second);
  });
});
