// bench/parterre.ts (its arguments and environment) on the solver's game with the switches of
// past experiments set (knobs.ts):
//
//   PT_GUIDES=0,4   the guides the portfolio runs, in order (the policy's guideOrder, and as many
//                   guides)
//   PT_SCALE=8      the scale of guides 0 and 4
//   PT_ORDER=1      the move order of the searches outside the streamliner (search-moves.ts)
//   PT_NOSHUF=1     the stronger streamliner: no pile-to-pile move between bases of equal rank
//   PT_BLIND=0      the streamliner with exact keys (default: suit-blind keys)
//
//   PT_GUIDES=0 PT_SCALE=6 npx tsx research/parterre/parterre-knobs.ts 200 1000
import { benchParterre } from '../../bench/parterre.js';
import { PtKnobs } from './knobs.js';

const env = process.env;
const guideOrder = env.PT_GUIDES ? env.PT_GUIDES.split(',').map(Number) : undefined;
benchParterre(
  (deal) => {
    const game = new PtKnobs(deal);
    if (guideOrder) game.guideCount = guideOrder.length;
    if (env.PT_SCALE) game.guideScale = Number(env.PT_SCALE);
    if (env.PT_ORDER) game.moveOrder = Number(env.PT_ORDER);
    if (env.PT_NOSHUF) game.noShuffle = env.PT_NOSHUF === '1';
    if (env.PT_BLIND) game.suitBlind = env.PT_BLIND !== '0';
    return game;
  },
  { guideOrder },
);
