import { type Rng, rngFromSeed } from '../../../cards/shuffle.js';
import type { BcView } from '../view.js';
import type { Strategy } from './strategy.js';

/** A uniformly random legal move (DEAL is one of them, and the only one when nothing else is
 *  legal). The baseline every other strategy should beat. */
export class RandomStrategy implements Strategy {
  readonly name = 'random';
  private rng: Rng;

  constructor(private readonly seed: string) {
    this.rng = rngFromSeed(`random:${seed}`);
  }

  start(): void {
    this.rng = rngFromSeed(`random:${this.seed}`);
  }

  choose(view: BcView): number {
    const legal = view.legal();
    return legal[Math.floor(this.rng() * legal.length)];
  }
}
