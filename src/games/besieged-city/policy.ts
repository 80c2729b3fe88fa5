import type { AutoPolicy } from '../../search/policy.js';

// How the 'auto' search spends its budget on Besieged City, where it differs from the defaults
// (src/search/policy.ts).

export const BC_POLICY: Partial<AutoPolicy> = {
  /** The guides (GUIDES in heuristic.ts, whose indices stay stable: other code names guides by
   *  index) in the order of a greedy cover of seeds 1..200 at 5k nodes per run: first the guide
   *  that solves the most deals alone, then each time the one that adds the most. */
  guideOrder: [5, 3, 7, 6, 0, 1, 2, 4],
};
