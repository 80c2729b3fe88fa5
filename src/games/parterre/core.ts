// Parterre's core: the rules and position, the notation, deals (from a seed or a JSON
// document), the search adapter, the board and the advice
// (hint, winnable: src/solitaire/advice.ts). It imports nothing from Node, so it runs in a
// browser as it runs here (test/layers/core.test.ts bundles it for one); files, the CLI and the
// batch job are its shell (index.ts, cli.ts, job.ts). All its cards are face up: the player's
// view is the position.

export { type PtDeal, dealFromSeed, dealFromJson } from './deal.js';
export { PtPosition, B2F, P2F, P2P, moveCard, moveFrom, moveKind, moveTo } from './position.js';
export { parterre } from './kit.js';
export {
  hint,
  runTask,
  winnable,
  OPEN_HINT_NODES,
  OPEN_WINNABLE_NODES,
} from '../../solitaire/advice.js';
