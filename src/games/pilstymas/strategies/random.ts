import { type Rng, rngFromSeed } from '../../../cards/shuffle.js';
import { MAX_MOVES, PilPosition } from '../position.js';
import { type PilView, loadView } from '../view.js';
import type { Strategy } from './strategy.js';

/** A legal move drawn at random, from a generator seeded by the strategy seed. */
export class RandomStrategy implements Strategy {
  readonly name = 'random';
  private pos = new PilPosition();
  private buf = new Int32Array(MAX_MOVES);
  private rng: Rng;
  constructor(seed: string) {
    this.rng = rngFromSeed(`random/${seed}`);
  }
  choose(view: PilView): number {
    loadView(this.pos, view);
    const n = this.pos.moves(this.buf);
    return this.buf[Math.floor(this.rng() * n)];
  }
}
