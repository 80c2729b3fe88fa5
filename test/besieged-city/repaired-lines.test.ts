import { describe, expect, it } from 'vitest';
import { besiegedCity } from '../../src/games/besieged-city/kit.js';
import { dealFromSeed, withVariant } from '../../src/games/besieged-city/deal.js';
import { HindsightStrategy } from '../../src/games/besieged-city/strategies/hindsight.js';
import { playGame } from '../../src/games/besieged-city/strategies/play.js';
import { formatViewMove } from '../../src/games/besieged-city/view.js';
import { replayLine } from '../../src/solitaire/kit.js';

// A guess refuted by a turned card is repaired and its old line replayed with the turned card in
// place of the guessed one. A deal that line sent to the talon must not send the turned card
// there when it could go home: that was no choice of the line's. Under directional trenches
// hindsight lost deal 4 so (strategy seed 1): the dealt A♦ went to the talon at move 59 on the
// word of two repaired lines, none voting for its foundation, and the game was lost from there
// (the solver with the stock in sight: won before that move, lost after it). The tuning is
// hindsight's of the day the game was judged, written out so that a retuned hindsight keeps
// this game.
const TUNING = {
  samples: 2,
  maxSamples: 4,
  agree: 2,
  lead: 2,
  giveUp: 2,
  horizon: 8,
  rescue: 8,
  rescues: 10,
  deep: 100_000,
  deepMax: 1_600_000,
  deepBudget: 16_000_000,
  deepTries: 1,
  loops: true,
};
describe('a repaired guess and the dealt card', () => {
  it('deal 4 under directional trenches: every dealt card that may go home is weighed, and the game is won', () => {
    const deal = withVariant(dealFromSeed(4), 'trench-order=directional');
    const s = new HindsightStrategy('1', {}, TUNING);
    const choose = s.choose.bind(s);
    const talonedAlone: string[] = [];
    s.choose = (view) => {
      const m = choose(view);
      // A dealt card that may go home, sent to the talon with no guess weighing the foundation.
      const voted = s.lastDecision.voted.map(([v]) => formatViewMove(v));
      if (view.dealt >= 0 && view.legal().length > 1 && voted.length === 1 && voted[0].endsWith('stock>talon'))
        talonedAlone.push(formatViewMove(m));
      return m;
    };
    const g = playGame(deal, s);
    expect(g.won).toBe(true);
    const r = replayLine(besiegedCity, deal, g.moves);
    expect(r.ok && r.won).toBe(true);
    expect(talonedAlone).toEqual([]);
  });
});
