import { describe, expect, it } from 'vitest';
import { dealFromSeed, withVariant } from '../../src/games/besieged-city/deal.js';
import { replay } from '../../src/games/besieged-city/replay.js';
import { certificate, makeStrategy, playGame } from '../../src/games/besieged-city/strategies/index.js';
import { STUDY_READINGS } from '../../src/games/besieged-city/rules.js';

// The strategies under every rule variant: the view carries the rules, so every move a strategy
// names is one the referee's rules engine allows under the deal's variant (the referee throws
// StrategyError otherwise), and a won game replays as won under that variant.

const VARIANTS = STUDY_READINGS.filter((v) => v !== 'default');

describe('Besieged City strategies under every variant', () => {
  it.each(VARIANTS)(
    '%s: random, greedy and a small planner play legal games; wins replay under the variant',
    (text) => {
      for (const seed of ['3', '4']) {
        const deal = withVariant(dealFromSeed(seed), text);
        for (const [name, opts] of [
          ['random', {}],
          ['greedy', {}],
          ['planner', { planNodes: 600 }],
        ] as const) {
          const game = playGame(deal, makeStrategy(name, '1', opts));
          expect(game.moves.length).toBeGreaterThan(0);
          if (text.includes('stock-to-foundation=no'))
            expect(game.moves.some((m) => m.includes('stock>F'))).toBe(false);
          const r = replay(deal, game.moves);
          expect(r.ok).toBe(true);
          if (r.ok) expect(r.won).toBe(game.won);
          if (game.won) expect(certificate(deal, game)).toEqual(game.moves);
        }
      }
    },
  );

  it('the sampler plays a legal game under the strictest combination', () => {
    const deal = withVariant(dealFromSeed('3'), 'trench-order=ordinary,stock-to-foundation=no,trench-fill=immediate');
    const game = playGame(deal, makeStrategy('sampler', '1', { samples: 2, nodes: 2000, planNodes: 600 }));
    const r = replay(deal, game.moves);
    expect(r.ok && r.won === game.won).toBe(true);
  });
});
