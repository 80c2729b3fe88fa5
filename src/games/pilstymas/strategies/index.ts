import type { StrategyFile } from '../../../strategies/contract.js';
import { EXPERT_DEEP, ExpertStrategy } from './expert.js';
import { GreedyStrategy } from './greedy.js';
import { IsmctsStrategy } from './ismcts.js';
import { PlannerStrategy } from './planner.js';
import { RandomStrategy } from './random.js';
import type { Strategy } from './strategy.js';

// Playing strategies for Pilstymas, by name. Each sees only its own seat's PilView (view.ts)
// and keeps one scratch position and move buffer, so a decision allocates little; each file
// says its idea. Strategy files play through an adapter that needs Node (file.ts), so the shell
// hands it in (FileStrategyMaker) and the built-ins run anywhere.

export type { Strategy } from './strategy.js';
export { evaluate } from './turn.js';
export { greedyMove } from './greedy.js';

export const STRATEGY_NAMES = ['random', 'greedy', 'planner', 'ismcts', 'expert', 'expert-deep'] as const;
export type StrategyName = (typeof STRATEGY_NAMES)[number];
/** A tournament's players when none are named: one of each idea (expert-deep is the expert
 *  given five times the time). */
export const LEAGUE_NAMES: readonly StrategyName[] = ['random', 'greedy', 'planner', 'ismcts', 'expert'];

export function makeStrategy(name: string, seed: string): Strategy {
  switch (name) {
    case 'random':
      return new RandomStrategy(seed);
    case 'greedy':
      return new GreedyStrategy();
    case 'planner':
      return new PlannerStrategy();
    case 'ismcts':
      return new IsmctsStrategy(seed);
    case 'expert':
      return new ExpertStrategy(seed);
    case 'expert-deep':
      return new ExpertStrategy(seed, EXPERT_DEEP, 'expert-deep');
    default:
      throw new Error(`unknown strategy "${name}"`);
  }
}

/** The player of a strategy file in one seat; `seed` is the file's own. */
export type FileStrategyMaker = (file: StrategyFile, seed: string, seat: number) => Strategy;

/** A built-in by name, or a strategy file among `files`, played by `fromFile` (fileStrategies in
 *  file.ts). Built-ins keep their seeds (from the deal and seat); a file gets `strategySeed` and
 *  its seat, never the deal's seed. */
export function strategyFor(
  name: string,
  dealSeed: string,
  seat: number,
  files: ReadonlyMap<string, StrategyFile>,
  strategySeed: string,
  fromFile?: FileStrategyMaker,
): Strategy {
  const f = files.get(name);
  const s = seat === 0 ? 'A' : 'B';
  if (!f) return makeStrategy(name, `${dealSeed}:${s}`);
  if (!fromFile) throw new Error(`strategy file ${f.name}: this runtime cannot play strategy files`);
  return fromFile(f, `${strategySeed}:${s}`, seat);
}
