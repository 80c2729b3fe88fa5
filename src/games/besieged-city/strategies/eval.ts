import { estimate } from '../heuristic.js';
import type { BcPosition } from '../position.js';

// The planner's score of a position as a player sees it: smaller is better. It is the solver's
// estimate (heuristic.ts) with the stock never looked at, so the same code scores positions
// built from a view with no stock order at all.
//
//   - every card off the foundations costs `found` (progress dominates);
//   - per suit, the next `look.length` cards its foundation needs cost what it takes to reach the
//     cheapest visible copy: a trench top 1, +2 per card above it, a reserve card 3, a talon card
//     4 + 2 per card above it; a card with no copy in sight costs `unseen` (it is in the stock);
//   - a pile card lying above a card of its suit that is needed earlier is a blocker;
//   - each talon card is a burden (it comes back only through a reserve cell, last in first out).

export interface EvalWeights {
  found: number;
  look: number[];
  unseen: number;
  blocker: number;
  talon: number;
}

export const DEFAULT_EVAL: EvalWeights = { found: 60, look: [8, 4, 2, 1], unseen: 12, blocker: 3, talon: 1 };

export function evaluate(p: BcPosition, w: EvalWeights = DEFAULT_EVAL): number {
  return estimate(p, w, false);
}

export { needDistance } from '../heuristic.js';
