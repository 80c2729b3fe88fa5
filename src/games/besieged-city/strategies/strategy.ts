import type { Poll } from '../../../search/limits.js';
import type { BcView } from '../view.js';

/** A way of playing Besieged City without seeing the stock order. */
export interface Strategy {
  readonly name: string;
  /** Called before the first move of each game: resets per-game state and the random generator
   *  (so a game depends only on the deal, the strategy's name, seed and options). */
  start(view: BcView): void;
  /** The move to make: one of view.legal() (DEAL included), or RESIGN. */
  choose(view: BcView): number;
}

export interface StrategyOptions {
  /** sampler: stock orders sampled per decision (default 4: more guesses cost more and won no
   *  clearly more games; `npx tsx bench/strategies.ts --strategies sampler --samples N` measures each;
   *  bench/history.md, "Playing strategies beside solvability (step 5)"). */
  samples?: number;
  /** sampler, hindsight: the most guesses a close decision may draw (sampler: `samples`, a
   *  fixed pool; hindsight: 10). */
  maxSamples?: number;
  /** sampler: solver node budget per sample solve (default 8000, in runs of about 30 nodes per
   *  card left to place). Nodes, not time, so that a game is reproducible on any machine. */
  nodes?: number;
  /** planner (and the sampler's fallback): node budget of one look-ahead (default 3000). */
  planNodes?: number;
  /** planner: trench-to-trench moves allowed in one plan (default 1, which wins the most: none
   *  wins nothing, more win fewer; `npx tsx bench/strategies.ts --strategies planner --shuffles N`
   *  measures each). */
  shuffles?: number;
  /** sampler: a soft wall-clock cap per game in ms; past it the sampler plays as the planner.
   *  Off by default, because a time limit makes games depend on machine load. */
  budgetMs?: number;
  /** sampler: passed to its solver runs (src/search/limits.ts, Poll): progress, and a stop from
   *  outside (a stopped run counts as a guess not won). */
  poll?: Poll;
}
