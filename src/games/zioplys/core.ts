// The core of Žioplys: what runs in any JavaScript runtime, a browser page included. It imports
// nothing from Node (no files, processes, workers or printing); the shell beside it (cli.ts,
// job.ts, summary.ts, strategies/file.ts) reads and writes files, runs strategy files and
// batches, and prints.

export * from './position.js';
export * from './deal.js';
export { simulate, type SimOptions, type SimResult } from './match.js';
export { renderDeal, renderResult, variantText } from './render.js';
export {
  STRATEGY_NAMES,
  configure,
  defaultRngSeed,
  parseStrategies,
  strategiesLabel,
  type BuiltinStrategy,
  type FileSeats,
  type Strategies,
} from './strategies/index.js';
export { publicView, type ZPublicMove, type ZPublicView } from './strategies/public-view.js';
export {
  OBJECTIVES,
  parseHuntBudget,
  huntDeals,
  type HuntBudget,
  type Found,
  type Objective,
  type HuntOptions,
  type HuntReport,
} from './deal-hunt.js';
