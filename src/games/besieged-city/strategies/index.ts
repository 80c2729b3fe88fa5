import { InputError, quote } from '../../../io/errors.js';
import type { BcDeal } from '../deal.js';
import { replay } from '../replay.js';
import type { GameResult } from './play.js';
import { GreedyStrategy } from './greedy.js';
import { HindsightStrategy, QuickStrategy } from './hindsight.js';
import { PlannerStrategy } from './planner.js';
import { RandomStrategy } from './random.js';
import { SamplerStrategy } from './sampler.js';
import type { Strategy, StrategyOptions } from './strategy.js';

// Playing strategies for Besieged City: they see only a BcView (no stock order) and are
// refereed by playGame(). Each file says its idea. The built-ins are part of the game's core;
// a strategy file is played through file.ts (the shell: it runs the file in a worker).

export type { Strategy, StrategyOptions } from './strategy.js';
export {
  playGame,
  type GameResult,
  StrategyError,
} from './play.js';
export { BcView, DEAL, RESIGN } from '../view.js';

export const STRATEGIES: string[] = ['random', 'greedy', 'planner', 'sampler', 'hindsight', 'quick'];

/** A fresh strategy. `seed` fixes its random choices (random, sampler); games are reproducible
 *  for the same deal, name, seed and options. Throws InputError for an unknown name. */
export function makeStrategy(name: string, seed: string, opts: StrategyOptions = {}): Strategy {
  switch (name.trim().toLowerCase()) {
    case 'random':
      return new RandomStrategy(seed);
    case 'greedy':
      return new GreedyStrategy();
    case 'planner':
      return new PlannerStrategy(opts);
    case 'sampler':
      return new SamplerStrategy(seed, opts);
    case 'hindsight':
      return new HindsightStrategy(seed, opts);
    case 'quick':
      return new QuickStrategy(seed, opts);
    default:
      throw new InputError(`unknown strategy ${quote(name)} (use ${STRATEGIES.join(', ')})`);
  }
}

/** A won game is a solution certificate: its moves, checked again by the rules engine
 *  (replay() from the deal must end won), or null when the game was not won. A batch may turn a
 *  deal the solver left 'unknown' into 'solved' with it (and should say the line came from a
 *  strategy). */
export function certificate(deal: BcDeal, game: GameResult): string[] | null {
  if (!game.won) return null;
  const r = replay(deal, game.moves);
  if (!r.ok || !r.won) throw new Error(`a won game does not replay as won (${r.ok ? 'not won' : r.reason})`);
  return game.moves;
}
