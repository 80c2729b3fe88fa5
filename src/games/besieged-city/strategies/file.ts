import { FilePlayer, type StrategyFile } from '../../../strategies/module.js';
import type { Strategy } from './strategy.js';
import { makeStrategy } from './index.js';
import { ContractStrategy } from './public-view.js';

// A strategy file playing Besieged City (docs/strategies.md): its player runs the file in a
// process of its own (src/strategies/module.ts), and the contract's adapter (public-view.ts)
// gives it its views.

/** A built-in by name, or a strategy file among `files` (checked by loadStrategyFile). */
export function strategyFor(
  name: string,
  seed: string,
  files: ReadonlyMap<string, StrategyFile>,
  timeoutMs: number,
): Strategy {
  const f = files.get(name);
  return f
    ? new ContractStrategy(new FilePlayer(f, { game: 'besieged-city', seed, seat: 0, players: 1 }, timeoutMs))
    : makeStrategy(name, seed);
}
