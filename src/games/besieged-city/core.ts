// Besieged City's core: the rules and position, the notation, deals (from a seed or a JSON
// document), the search adapter, the built-in strategies, the player's view and the advice
// (hint, winnable: src/solitaire/advice.ts). It imports nothing from Node, so it runs in a
// browser as it runs here (test/layers/core.test.ts bundles it for one); files, the CLI, workers
// and printing are its shell (index.ts, cli.ts, job.ts, strategies/file.ts).

export { GAME, type BcDeal, type BcDealJson, dealFromSeed, dealFromJson, dealToJson, withVariant } from './deal.js';
export { type BcRules, DEFAULT_RULES, SWITCH_NAMES, formatVariant, parseVariant, switchValues } from './rules.js';
export {
  BcPosition,
  MAX_MOVES,
  FILL,
  R2T,
  S2F,
  S2TAL,
  T2F,
  T2T,
  moveCard,
  moveFrom,
  moveKind,
  moveTo,
} from './position.js';
export { CELL_NAMES, STOCK_SIZE, TRENCH_NAMES } from './layout.js';
export { formatMove, parseMove } from './notation.js';
export { renderPosition, type RenderOptions } from './render.js';
export { BcSearch } from './search.js';
export { besiegedCity } from './kit.js';
export { bcAdvisor, BC_CHANCE_NODES, BC_CHANCE_PLAYS, BC_EXACT_NODES, BC_HINT_NODES } from './advice.js';
export {
  type AdviceOptions,
  type ChanceAnswer,
  type ExactAnswer,
  type GameSoFar,
  type Hint,
  type Step,
  type Task,
  type Winnable,
  type WinnableOptions,
  hint,
  runTask,
  winnable,
} from '../../solitaire/advice.js';

export { bcBoard } from './board.js';
export { bcSeat } from './seat.js';
export { replay, solutionFromJson } from './replay.js';
export {
  BcView,
  DEAL,
  RESIGN,
  STRATEGIES,
  StrategyError,
  certificate,
  formatViewMove,
  makeStrategy,
  playGame,
  type GameResult,
  type Strategy,
  type StrategyOptions,
} from './strategies/index.js';
