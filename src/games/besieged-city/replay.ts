import { replayLine, type ReplayResult } from '../../solitaire/kit.js';
import type { BcDeal } from './deal.js';
import { besiegedCity } from './kit.js';
import type { BcPosition } from './position.js';

/** Replays moves in notation from the deal; stops at the first illegal one and says why. */
export const replay = (deal: BcDeal, moves: readonly string[]): ReplayResult<BcPosition> =>
  replayLine(besiegedCity, deal, moves);
