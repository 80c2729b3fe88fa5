import { describe, expect, it } from 'vitest';
import { setupPosition, type PositionSpec } from '../../src/games/besieged-city/setup.js';
import { solve } from '../../src/search/solve.js';
import { DEAD } from '../../src/search/types.js';
import { makeEndgame } from '../search/make-endgames.js';
import { deadOnlyWhereLost, winnable } from './helpers.js';

// The suit-endgame proof (endgame.ts): with stock and talon empty, a suit with no reserve card is
// a puzzle of its own, and a lost puzzle makes the position lost (lowerBound() = DEAD).

describe('Besieged City: suit endgames', () => {
  // Spades need 2S, KS, AS (height 23); the other suits are complete; no stock, talon or reserve.
  // N0 holds AS over 2S, E0 holds KS. AS can go only onto KS (E0): then 2S goes to F, N0 stays
  // empty (no reserve card to fill it), and AS covers KS for good. KS can go only onto AS (N0):
  // then 2S is buried under both. Nothing else moves: lost.
  const lost: PositionSpec = { found: { S: 23, H: 26, D: 26, C: 26 }, trenches: { N0: ['2S', 'AS'], E0: ['KS'] } };

  it('proves a lost suit puzzle DEAD, and the search says unsolvable', () => {
    expect(winnable(setupPosition(lost))).toBe(false);
    const g = setupPosition(lost);
    expect(g.lowerBound()).toBe(DEAD);
    expect(solve(setupPosition(lost), { algorithm: 'dfs' }).outcome).toBe('unsolvable');
    expect(solve(setupPosition(lost), { algorithm: 'astar' }).outcome).toBe('unsolvable');
  });

  it('does not judge a suit that still has a reserve card (it can refill an emptied trench)', () => {
    // The same piles with 3H in the reserve: hearts are incomplete, so heights differ; spades
    // have a card in the reserve here, which takes spades out of the premise.
    const spec: PositionSpec = { found: { S: 22, H: 26, D: 26, C: 26 }, reserve: { r0c0: 'QS' }, trenches: { N0: ['2S', 'AS'], E0: ['KS'] } };
    expect(setupPosition(spec).lowerBound()).toBeLessThan(DEAD);
  });

  it('does not judge while the stock or talon holds cards', () => {
    const spec: PositionSpec = { found: { S: 22, H: 26, D: 26, C: 26 }, stock: ['QS'], trenches: { N0: ['2S', 'AS'], E0: ['KS'] } };
    expect(setupPosition(spec).lowerBound()).toBeLessThan(DEAD);
  });

  it('leaves a winnable suit alone', () => {
    const spec: PositionSpec = { found: { S: 23, H: 26, D: 26, C: 26 }, trenches: { N0: ['AS', 'KS'], E0: ['2S'] } };
    expect(setupPosition(spec).lowerBound()).toBeLessThan(DEAD);
    expect(solve(setupPosition(spec), { algorithm: 'astar' }).outcome).toBe('solved');
  });

  it('says DEAD only where plain exhaustive search finds no win (random stock-less endgames)', () => {
    let dead = 0, checked = 0;
    for (let seed = 1; seed <= 45; seed++) {
      if (seed % 3 === 0) continue; // those have a stock
      const spec = makeEndgame(seed);
      const r = deadOnlyWhereLost(setupPosition(spec), `eg${seed}`, 40_000);
      if (r.dead) dead++;
      if (r.checked) checked++;
    }
    expect(dead).toBeGreaterThan(3);
    expect(checked).toBeGreaterThan(3);
  });
});
