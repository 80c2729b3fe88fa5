import { SamplerStrategy, type SamplerTuning } from './sampler.js';
import type { StrategyOptions } from './strategy.js';

// The sampler's guesses and carried lines (sampler.ts), spent where a decision needs them: a
// decision solves guesses one at a time and stops as soon as it is clear (two won guesses whose
// lines both start with the leading move, or a lead of two votes), so a clear decision costs few
// solves; a close one draws up to four guesses. Broken lines are solved again only when the break
// is 8 moves away (a later card often repairs them differently first). Where every guess is lost
// within the budget, one fresh guess gets a search 8 times deeper, once per card turned and ten
// times a game at most, before the planner takes over: late in a game a guess is nearly the
// whole truth, and a deeper search often finds the win the small budget missed.

export const HINDSIGHT_TUNING: SamplerTuning = {
  samples: 2,
  maxSamples: 4,
  agree: 2,
  lead: 2,
  giveUp: 2,
  horizon: 8,
  rescue: 8,
  rescues: 10,
};

export class HindsightStrategy extends SamplerStrategy {
  override readonly name: string = 'hindsight';
  constructor(seed: string, opts: StrategyOptions = {}, tuning: Partial<SamplerTuning> = {}) {
    super(seed, opts, { ...HINDSIGHT_TUNING, ...tuning }, 'hindsight');
  }
}
