import { replayLine, type ReplayResult } from '../../solitaire/kit.js';
import type { PtDeal } from './deal.js';
import { parterre } from './kit.js';
import type { PtPosition } from './position.js';

/** Replays moves in notation from the deal; stops at the first illegal one and says why. */
export const replay = (deal: PtDeal, moves: readonly string[]): ReplayResult<PtPosition> =>
  replayLine(parterre, deal, moves);
