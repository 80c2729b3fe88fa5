// Besieged City's core: the rules and position, the notation, deals (from a seed or a JSON
// document), the search adapter, the built-in strategies, the player's view and the advice
// (hint, winnable: src/solitaire/advice.ts). It imports nothing from Node, so it runs in a
// browser as it runs here (test/layers/core.test.ts bundles it for one); files, the CLI, workers
// and printing are its shell (index.ts, cli.ts, job.ts, strategies/file.ts).

export { type BcDeal, dealFromSeed, dealFromJson, withVariant } from './deal.js';
export { SWITCH_NAMES, switchValues } from './rules.js';
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
export { parseMove } from './notation.js';
export { besiegedCity } from './kit.js';
export { BC_CHANCE_NODES, BC_EXACT_NODES, BC_HINT_NODES } from './advice.js';
export {
  hint,
  runTask,
  winnable,
} from '../../solitaire/advice.js';

export { bcBoard } from './board.js';
export {
  makeStrategy,
  playGame,
} from './strategies/index.js';
