import { describe, expect, it } from 'vitest';
import { dealFromSeed } from '../../src/games/zioplys/deal.js';
import { DEFAULT_VARIANT, type Variant } from '../../src/games/zioplys/position.js';
import { simulate } from '../../src/games/zioplys/match.js';
import { parseStrategies } from '../../src/games/zioplys/strategies/index.js';
import { referencePlay } from './reference.js';

// The fast engine against the plain reference, game by game, in every variant.
const variants: [string, Variant][] = [
  ['default', DEFAULT_VARIANT],
  ['no wrap', { wrap: false, alternateColours: false }],
  ['alternate colours', { wrap: true, alternateColours: true }],
];

describe('engine agrees with the reference implementation', () => {
  for (const [name, variant] of variants) {
    for (const strat of ['rule', 'spiteful']) {
      it(`${name}, ${strat}: 2..6 players, 30 seeds each`, () => {
        let cycles = 0;
        for (let n = 2; n <= 6; n++) {
          for (let s = 1; s <= 30; s++) {
            const deal = dealFromSeed(`ref${s}`, n);
            const got = simulate(deal, { variant, strategies: parseStrategies(strat, n) });
            const want = referencePlay(deal, variant, strat === 'spiteful');
            if (want.outcome === 'loser') {
              expect({ ...got, blunders: 0, cycleLength: 0 }).toEqual({
                outcome: want.outcome,
                loser: want.loser,
                outOrder: want.outOrder,
                turns: want.turns,
                centrePlays: want.centrePlays,
                blunders: 0,
                cycleLength: 0,
              });
            } else {
              cycles++;
              expect(got.outcome).toBe('cycle');
              expect(got.cycleLength).toBe(want.cycleLength);
              // Brent's method proves the loop no earlier than the first repetition
              expect(got.turns).toBeGreaterThanOrEqual(want.firstRepeat);
              expect(got.outOrder).toEqual(want.outOrder);
            }
          }
        }
        if (variant.wrap) expect(cycles).toBe(0);
        else expect(cycles).toBeGreaterThan(0); // the cycle branch was exercised
      });
    }
  }
});
