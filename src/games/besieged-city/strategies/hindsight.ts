import { SamplerStrategy, type SamplerTuning } from './sampler.js';
import type { StrategyOptions } from './strategy.js';

// The sampler's guesses and carried lines (sampler.ts), spent where a decision needs them: a
// decision solves guesses one at a time and stops as soon as it is clear (two won guesses whose
// lines both start with the leading move, or a lead of two votes), so a clear decision costs few
// solves; a close one draws up to four guesses. Broken lines are solved again only when the break
// is 8 moves away (a later card often repairs them differently first). Where every guess is lost
// within the budget, one fresh guess gets a search 8 times deeper, once per card turned and ten
// times a game at most, before the planner takes over: late in a game a guess is nearly the
// whole truth, and a deeper search often finds the win the small budget missed. Where that too
// fails, one guess is solved by the full solver (100,000 nodes, four times more at each new
// position while it ends unknown, up to 1,600,000; 16M a game in all) before the planner decides: the planner made
// 24 of the 27 mistakes judged in the deals hindsight lost (docs/playing.md). Solved lines are
// cleared of loops, and routed around the positions met before, so that they can be followed.

export const HINDSIGHT_TUNING: SamplerTuning = {
  samples: 2,
  maxSamples: 4,
  agree: 2,
  lead: 2,
  giveUp: 2,
  horizon: 8,
  rescue: 8,
  rescues: 10,
  deep: 100_000,
  deepMax: 1_600_000,
  deepBudget: 16_000_000,
  deepTries: 1,
  loops: true,
};

export class HindsightStrategy extends SamplerStrategy {
  override readonly name: string = 'hindsight';
  constructor(seed: string, opts: StrategyOptions = {}, tuning: Partial<SamplerTuning> = {}) {
    super(seed, opts, { ...HINDSIGHT_TUNING, ...tuning }, 'hindsight');
  }
}

// `quick`: hindsight that takes one won guess's word. A decision stops at the first won guess
// when no other won guess disagrees, so the player mostly follows one guess's carried line and
// solves again only where that line breaks or the guesses it still carries disagree (then, as in
// hindsight, up to four guesses until one move leads by two). Most of hindsight's solves are
// second opinions on a move the first guess already chose; without them a game costs a fraction
// of hindsight's solver nodes. Each solve gets 12000 nodes instead of 8000: fewer guesses fail
// within the budget, for about the same nodes a game, a failed guess being the dearest solve.
// Where every guess is lost it makes hindsight's deep solve, on a small budget (100,000 nodes
// growing to 400,000, 1M a game): the deals quick lost were mostly won by a deep solve of well
// under 400,000 nodes, and a bigger budget is mostly spent on the deals lost anyway, which cost
// most of a larger budget's CPU. No rescue solve: the deep solve does its work, for fewer nodes.
// Lines are tidied of loops as in hindsight. (bench/compare-players.ts plays it beside the
// sampler: `--new quick`; bench/history.md, "Besieged City: `quick`".)

const QUICK_TUNING: SamplerTuning = {
  ...HINDSIGHT_TUNING,
  agree: 1,
  nodes: 12000,
  rescue: 0,
  deepMax: 400_000,
  deepBudget: 1_000_000,
};

export class QuickStrategy extends SamplerStrategy {
  override readonly name: string = 'quick';
  constructor(seed: string, opts: StrategyOptions = {}, tuning: Partial<SamplerTuning> = {}) {
    super(seed, opts, { ...QUICK_TUNING, ...tuning }, 'quick');
  }
}
