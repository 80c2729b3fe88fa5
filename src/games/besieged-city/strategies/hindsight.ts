import { SamplerStrategy, type SamplerTuning } from './sampler.js';
import type { StrategyOptions } from './strategy.js';

// The sampler's guesses and carried lines (sampler.ts), spent where a decision is close: a
// decision solves guesses one at a time and stops as soon as it is clear, so a clear decision
// costs few solves and a close one draws more guesses than the sampler ever holds.

export const HINDSIGHT_TUNING: SamplerTuning = {
  samples: 2,
  maxSamples: 10,
  agree: 2,
  lead: 3,
  giveUp: 4,
  horizon: 24,
};

export class HindsightStrategy extends SamplerStrategy {
  override readonly name: string = 'hindsight';
  constructor(seed: string, opts: StrategyOptions = {}, tuning: Partial<SamplerTuning> = {}) {
    super(seed, opts, { ...HINDSIGHT_TUNING, ...tuning }, 'hindsight');
  }
}
