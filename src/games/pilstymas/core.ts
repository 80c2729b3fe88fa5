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
  MAX_MOVES_PER_TURN,
  playGame,
  type GameEnd,
  type GameOptions,
  type GameResult,
} from './match.js';
export { renderPosition, SEAT, type RenderOptions } from './render.js';
export {
  STRATEGY_NAMES,
  makeStrategy,
  strategyFor,
  evaluate,
  greedyMove,
  type FileStrategyMaker,
  type Strategy,
  type StrategyName,
} from './strategies/index.js';
export { EXPERT_DEFAULTS, ExpertStrategy, type ExpertOptions } from './strategies/expert.js';
export { publicView, type PilPublicMove, type PilPublicView, type PilSide } from './strategies/public-view.js';
export { pilBoard } from './board.js';
