import { describe, expect, it } from 'vitest';
import { dealFromSeed } from '../../src/games/pilstymas/deal.js';
import { playGame } from '../../src/games/pilstymas/match.js';
import { formatMove } from '../../src/games/pilstymas/notation.js';
import { rngFromSeed } from '../../src/cards/shuffle.js';
import { END, MAX_MOVES, PASS, PilPosition } from '../../src/games/pilstymas/position.js';
import { makeStrategy } from '../../src/games/pilstymas/strategies/index.js';
import { changesView } from '../../src/games/pilstymas/strategies/turn.js';
import { TurnSearch } from '../../src/games/pilstymas/strategies/turn-search.js';
import { loadView, viewOf } from '../../src/games/pilstymas/view.js';
import { build } from './helpers.js';

describe('turn search: shortest lines', () => {
  it('plays the one move that reaches the best position, not the detour the search took first', () => {
    // 5H belongs on B's 6C (a card off A's side, under the win rule). The search tries the moves
    // that shed A's cards first, so it puts 5H on B0, then back on A's own 6S and finds B0 again
    // from there; then it trades A's 9C for B's 8D (8D onto A2's 9S, 9C onto the emptied B3, 8D
    // back onto it) and fills A3 with the hand card.
    const pos = build({
      hand: [['KC'], ["2D'"]],
      stock: [[], ["7H'"]],
      tab: [['KD', '5H'], ['6S'], ['9S'], ['9C'], ["6C'"], ["KS'"], ["KH'"], ["8D'"]],
    });
    const search = new TurnSearch(1);
    search.run(pos, 1000);
    const found = Array.from(search.foundLine(0)).map(formatMove);
    expect(found.slice(0, 3)).toEqual(['5H A0>B0', '5H B0>A1', '8D B3>A2']);
    const line = Array.from(search.line(0));
    expect(line.map(formatMove)).toEqual(['5H A0>B0', '8D B3>A2', '9C A3>B3', '8D A2>B3', 'KC hand>A3', 'pass']);
    expect(line.length).toBeLessThan(found.length);
    // Both reach the same position (up to the order of a side's piles, which the search does
    // not tell apart).
    const end = (moves: Int32Array) => {
      for (const m of moves) pos.make(m);
      const k = pos.keys.symmetricKey();
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

describe('turn search: one entry for a position and its pile permutations', () => {
  /** Mid-game positions as the mover sees them (hidden cards unknown), after random play. */
  function positions(count: number): PilPosition[] {
    const out: PilPosition[] = [];
    const buf = new Int32Array(MAX_MOVES);
    for (let g = 0; out.length < count; g++) {
      const rng = rngFromSeed(`turn-sym/${g}`);
      const pos = PilPosition.fromDeal(dealFromSeed(`sym${g}`));
      const moves = 20 + Math.floor(rng() * 200);
      for (let i = 0; i < moves && pos.winner < 0; i++) {
        const n = pos.moves(buf);
        pos.make(buf[Math.floor(rng() * n)]);
      }
      if (pos.winner >= 0) continue;
      const seen = new PilPosition();
      loadView(seen, viewOf(pos, pos.turn));
      out.push(seen);
    }
    return out;
  }

  it('finds as good an end of the turn as the plain search wherever both search everything', () => {
    const budget = 5000;
    let complete = 0,
      fewer = 0;
    for (const pos of positions(100)) {
      const plain = new TurnSearch(1, undefined, false, true);
      const sym = new TurnSearch(1, undefined, false);
      plain.run(pos, budget);
      sym.run(pos, budget);
      if (plain.truncated || sym.truncated) continue;
      complete++;
      // Both searched all they could reach: the same best score (the dominance in TurnSearch's
      // comment), from at most as many positions.
      expect(sym.scores[0]).toBe(plain.scores[0]);
      expect(sym.searched).toBeLessThanOrEqual(plain.searched);
      if (sym.searched < plain.searched) fewer++;
      // The line is legal and ends where its score says.
      const line = sym.line(0);
      for (const m of line) {
        expect(pos.isLegal(m)).toBe(true);
        pos.make(m);
      }
      for (let i = line.length - 1; i >= 0; i--) pos.unmake(line[i]);
    }
    expect(complete).toBeGreaterThan(40);
    expect(fewer).toBeGreaterThan(complete / 4);
  });

  it('its shortened lines are legal and end where the found line does, up to pile order', () => {
    for (const pos of positions(60)) {
      const search = new TurnSearch(3);
      const k = search.run(pos, 300);
      for (let i = 0; i < k; i++) {
        const end = (moves: Int32Array) => {
          let j = 0;
          // Up to the first card turned up: the part the shortening replaces.
          while (j < moves.length && !changesView(pos, moves[j]) && moves[j] !== END && moves[j] !== PASS) {
            expect(pos.isLegal(moves[j])).toBe(true);
            pos.make(moves[j++]);
          }
          const key = pos.keys.symmetricKey();
          while (j > 0) pos.unmake(moves[--j]);
          return key;
        };
        expect(end(search.line(i))).toBe(end(search.foundLine(i)));
        for (const m of search.line(i)) {
          expect(pos.isLegal(m)).toBe(true);
          pos.make(m);
        }
        for (let j = search.line(i).length - 1; j >= 0; j--) pos.unmake(search.line(i)[j]);
      }
    }
  });
});
