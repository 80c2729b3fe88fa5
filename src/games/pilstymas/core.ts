// The core of Pilstymas: what runs in any JavaScript runtime, a browser page included. It
// imports nothing from Node (no files, processes, workers or printing); the shell beside it
// (cli.ts, job.ts, replay.ts, summary.ts, strategies/file.ts) reads and writes files, runs
// strategy files and batches, and prints.

export * from './position.js';
export * from './notation.js';
export * from './deal.js';
export * from './view.js';
export * from './repetition.js';
export {
  DEFAULT_MAX_TURNS,
  type GameResult,
} from './match.js';
export {
  STRATEGY_NAMES,
  makeStrategy,
  type Strategy,
  type StrategyName,
} from './strategies/index.js';
export { EXPERT_DEFAULTS } from './strategies/expert.js';
export { pilBoard } from './board.js';
