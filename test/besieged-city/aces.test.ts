import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { lastAceBuried, RESTLESS } from '../../src/games/besieged-city/aces.js';
import { SuitPuzzles } from '../../src/games/besieged-city/suit-puzzles.js';
import { RANK } from '../../src/games/besieged-city/layout.js';
import { NEIGHBOUR_MASK } from '../../src/games/besieged-city/rules.js';
import { MAX_MOVES, T2T } from '../../src/games/besieged-city/position.js';
import type { BcSearch } from '../../src/games/besieged-city/search.js';
import { setupPosition, type PositionSpec } from './setup.js';
import { solve } from '../../src/search/solve.js';
import { DEAD } from '../../src/search/types.js';
import { makeEndgame } from '../search/make-endgames.js';
import { plainlyWinnable, positionCopy, winnable } from './helpers.js';

// The last-ace rule (aces.ts): a suit whose every ace left lies above another card in a trench
// can never finish, so lowerBound() says DEAD there.

describe('Besieged City: the last ace', () => {
  // Spades need 2S, KS, AS (height 23). AS lies on KS in N0; 2S alone in E0. 2S goes to F; then
  // KS is needed, under AS, and AS can go only onto a 2 or a K of spades: none is a top. Lost.
  const buried: PositionSpec = { found: { S: 23, H: 26, D: 26, C: 26 }, trenches: { N0: ['KS', 'AS'], E0: ['2S'] } };

  it('calls a buried last ace DEAD, where plain search finds no win', () => {
    const g = setupPosition(buried);
    expect(lastAceBuried(g.pos, 15)).toBe(true);
    expect(g.lowerBound()).toBe(DEAD);
    expect(winnable(setupPosition(buried).pos)).toBe(false);
    expect(solve(setupPosition(buried), { algorithm: 'dfs' }).outcome).toBe('unsolvable');
    // The same cards with the ace at a pile's bottom: won (2S, then KS from E0, then AS).
    const bottom: PositionSpec = { found: { S: 23, H: 26, D: 26, C: 26 }, trenches: { N0: ['AS'], E0: ['2S', 'KS'] } };
    const w = setupPosition(bottom);
    expect(lastAceBuried(w.pos, 15)).toBe(false);
    expect(w.lowerBound()).toBeLessThan(DEAD);
    expect(solve(setupPosition(bottom), { algorithm: 'dfs' }).outcome).toBe('solved');
  });

  it('needs every ace left buried: one of two is not enough, and a reserve or stock ace is free', () => {
    // Spades at 0: both aces owed. One buried in N0, the other on the stock: not proved lost.
    const one: PositionSpec = { found: { S: 0 }, trenches: { N0: ['2S', 'AS'] }, stock: ['AS'] };
    expect(lastAceBuried(setupPosition(one).pos, 15)).toBe(false);
    const both: PositionSpec = { found: { S: 0 }, trenches: { N0: ['2S', 'AS'], E0: ['KS', 'AS'] } };
    expect(lastAceBuried(setupPosition(both).pos, 15)).toBe(true);
    // One ace on the foundation: the one left, in the reserve, can still fill a trench as a bottom.
    const reserve: PositionSpec = {
      found: { S: 23, H: 26, D: 26, C: 26 },
      reserve: { r0c0: 'AS' },
      trenches: { N0: ['KS'], E0: ['2S'] },
    };
    expect(lastAceBuried(setupPosition(reserve).pos, 15)).toBe(false);
    // Only the suits in the mask are looked at.
    expect(lastAceBuried(setupPosition(buried).pos, 0b1110)).toBe(false);
  });

  it('says DEAD only where plain exhaustive search finds no win (random play from generated endgames)', () => {
    // Random lines from generated endgames (stock-less and with a short stock), ace moves
    // preferred so that aces get buried; at every position the rule calls lost, plain depth-first
    // search on the rules alone (no bound, no pruning) must find no win.
    let dead = 0,
      checked = 0;
    for (let seed = 1; seed <= 120; seed++) {
      const spec = makeEndgame(seed);
      // The generator can run out of cards for a stock or talon (it then writes "??"): skip those.
      if ([...(spec.stock ?? []), ...(spec.talon ?? [])].includes('??')) continue;
      const g = setupPosition(spec);
      const r = deadAlongRandomLine(g, `aces${seed}`, RESTLESS.either);
      if (r === undefined) continue;
      dead++;
      if (r) checked++;
    }
    expect(dead).toBeGreaterThan(40); // 91 on seeds 1..120
    expect(checked).toBeGreaterThan(20); // 40 of them within 20k plain nodes
  });

  it('knows which ranks must end alone under each trench order', () => {
    // The default, directional and play-order tables: only the ace (it ends the play order).
    // Ordinary order: the king as well, which lies only on a queen, and both queens come first.
    expect(RESTLESS.either).toBe(1 << 1);
    expect(RESTLESS.directional).toBe(1 << 1);
    expect(RESTLESS['play-order']).toBe(1 << 1);
    expect(RESTLESS.ordinary).toBe((1 << 1) | (1 << 13));
  });

  it('under ordinary order, says DEAD on a buried last king only where plain search finds no win', () => {
    // Random lines from generated endgames whose piles ordinary order could have built, moves of
    // aces and kings preferred; wherever the rule calls a position lost, plain depth-first search
    // must find no win. Some of those must be lost through a king alone (the generalisation).
    const R = ' A23456789TJQK';
    const fits = (c: string, d: string) => ((NEIGHBOUR_MASK.ordinary[R.indexOf(d[0])] >> R.indexOf(c[0])) & 1) === 1;
    let _dead = 0,
      kings = 0,
      checked = 0;
    for (let seed = 1; seed <= 400 && kings < 8; seed++) {
      const spec = {
        ...makeEndgame(seed),
        rules: { trenchOrder: 'ordinary' as const, stockToFoundation: true, deferredFill: false },
      };
      if ([...(spec.stock ?? []), ...(spec.talon ?? [])].includes('??')) continue;
      if (!Object.values(spec.trenches ?? {}).every((p) => p.every((c, i) => i === 0 || fits(c, p[i - 1])))) continue;
      const g = setupPosition(spec);
      const r = deadAlongRandomLine(g, `kings${seed}`, RESTLESS.ordinary);
      if (r === undefined) continue;
      _dead++;
      if (!lastAceBuried(g.pos, 15)) kings++;
      if (r) checked++;
    }
    expect(kings).toBeGreaterThan(2); // 8 of 27 dead positions (all 27 exhausted by plain search)
    expect(checked).toBeGreaterThan(5);
  });

  it('settles a suit puzzle with a buried last ace without searching it', () => {
    // Seed 296's endgame, reduced to diamonds: at 17 they owe 5 T 4 J 3 Q 2 K A, and AD lies on
    // KD. (The last spade, AS, goes first and lets 5D fill N0.) The puzzle search alone needed
    // 5,316 nodes to call the diamonds lost, over its 3000-node cap.
    const diamonds = (s1: string[]): PositionSpec => ({
      found: { S: 25, H: 26, D: 17, C: 26 },
      reserve: { r1c0: '5D' },
      trenches: { N0: ['AS'], N1: ['QD'], S1: s1, W3: ['4D', '3D', 'JD', 'TD'] },
    });
    const lost = diamonds(['KD', 'AD', '2D']);
    expect(new SuitPuzzles().lost(setupPosition(lost).pos, 2)).toBe(true);
    expect(setupPosition(lost).lowerBound()).toBe(DEAD);
    expect(plainlyWinnable(positionCopy(setupPosition(lost).pos))).toBe(false);
    // AD at S1's bottom instead: won, and neither the rule nor the puzzle says otherwise.
    const won = diamonds(['AD', 'KD', '2D']);
    expect(new SuitPuzzles().lost(setupPosition(won).pos, 2)).toBe(false);
    expect(setupPosition(won).lowerBound()).toBeLessThan(DEAD);
    expect(plainlyWinnable(positionCopy(setupPosition(won).pos))).toBe(true);
  });
});

/** Plays a random line of up to 12 moves from g, moves of the restless ranks' cards (not to the
 *  foundation) preferred so that they get buried, trench-to-trench moves played half as often.
 *  At the first position the rule calls lost (left on g), plain depth-first search on the rules
 *  alone must find no win: returns whether it could exhaust it. undefined: none called lost. */
function deadAlongRandomLine(g: BcSearch, rngSeed: string, restless: number): boolean | undefined {
  const buf = new Int32Array(MAX_MOVES);
  const rng = seedrandom.alea(rngSeed);
  for (let step = 0; step < 12; step++) {
    if (lastAceBuried(g.pos, 15, restless)) {
      const w = plainlyWinnable(positionCopy(g.pos), 20_000);
      expect(w, `${rngSeed} step ${step}`).not.toBe(true);
      return w !== undefined;
    }
    const n = g.moves(buf, 0);
    if (n === 0) break;
    const moves = Array.from(buf.subarray(0, n));
    const ends = moves.filter((m) => ((restless >> RANK[(m >> 13) & 63]) & 1) === 1 && (m & 7) !== 0);
    const pool = ends.length > 0 && rng() < 0.8 ? ends : moves.filter((m) => (m & 7) !== T2T || rng() < 0.5);
    const pick = pool.length > 0 ? pool : moves;
    g.make(pick[Math.floor(rng() * pick.length)]);
  }
  return undefined;
}
