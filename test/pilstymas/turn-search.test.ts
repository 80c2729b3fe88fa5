import { describe, expect, it } from 'vitest';
import { dealFromSeed } from '../../src/games/pilstymas/deal.js';
import { playGame } from '../../src/games/pilstymas/game.js';
import { formatMove } from '../../src/games/pilstymas/notation.js';
import { END, PASS, PilPosition } from '../../src/games/pilstymas/position.js';
import { makeStrategy } from '../../src/games/pilstymas/strategies/index.js';
import { TurnSearch } from '../../src/games/pilstymas/strategies/turn.js';
import { build } from './helpers.js';

describe('turn search: shortest lines', () => {
  it('plays the one move that reaches the best position, not the detour the search took first', () => {
    // 5H belongs on B's 6C (a card off A's side, under the win rule). The search tries moves
    // pile by pile, so it first puts 5H on A's own 6S and finds B0 from there; then it trades
    // A's 9S for B's 8D (8D onto 9S, 9S onto the emptied B3, 8D back onto it) and fills A2
    // with the hand card.
    const pos = build({
      hand: [['KC'], ["2D'"]],
      stock: [[], ["7H'"]],
      tab: [['KD', '5H'], ['6S'], ['9S'], ['9C'], ["6C'"], ["KS'"], ["KH'"], ["8D'"]],
    });
    const search = new TurnSearch(1);
    search.run(pos, 1000);
    const found = Array.from(search.foundLine(0)).map(formatMove);
    expect(found.slice(0, 3)).toEqual(['5H A0>A1', '5H A1>B0', '8D B3>A2']);
    const line = Array.from(search.line(0));
    expect(line.map(formatMove)).toEqual(['5H A0>B0', '8D B3>A3', '9S A2>B3', 'KC hand>A2', '8D A3>B3', 'pass']);
    expect(line.length).toBeLessThan(found.length);
    // Both reach the same position.
    const end = (moves: Int32Array) => {
      for (const m of moves) pos.make(m);
      const k = pos.key();
      for (let i = moves.length - 1; i >= 0; i--) pos.unmake(moves[i]);
      return k;
    };
    expect(end(search.line(0))).toBe(end(search.foundLine(0)));
  });

  it('no turn a planner plays comes back to a position it had earlier in the same turn', () => {
    for (const seed of ['3', '8']) {
      const deal = dealFromSeed(seed);
      const r = playGame(deal, [makeStrategy('planner', `${seed}:A`), makeStrategy('planner', `${seed}:B`)], {
        record: true,
        maxTurns: 30,
      });
      const pos = PilPosition.fromDeal(deal);
      let seen = new Set<number>([pos.key()]);
      let moves = 0;
      for (const { move } of r.moves) {
        pos.make(move);
        if (move === END || move === PASS) {
          seen = new Set<number>([pos.key()]);
          continue;
        }
        expect(seen.has(pos.key()), `seed ${seed}, move ${moves}`).toBe(false);
        seen.add(pos.key());
        moves++;
      }
      expect(moves).toBeGreaterThan(100);
    }
  });
});
