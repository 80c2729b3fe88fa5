import { type Card, formatCard } from '../../cards/card.js';
import type { Rng } from '../../cards/shuffle.js';
import { CHOOSE_EXTERNAL, type ZPosition, wasteOf } from './position.js';

// The seats' strategies as the engine plays them: each seat's chooser code (which opponent's
// waste takes a card that fits several; ZPosition.dest follows it in its hot loop), how often a
// careless seat misses a legal play, and the outside chooser of strategy files.

/** Picks one of `seats` (wastes that card c fits, nearest to the right first) for seat i; c
 *  comes from the own waste top when it is the top of wastes i, else from the reserve. */
type ExternalChooser = (i: number, c: Card, seats: readonly number[]) => number;

export class Seats {
  /** Each seat's chooser code (CHOOSE_RULE, ...). */
  readonly chooser: Uint8Array;
  /** Probability that the seat misses a legal play (careless:p). */
  readonly miss: Float64Array;
  private rng: Rng | null = null;
  /** The chooser of CHOOSE_EXTERNAL seats. */
  external: ExternalChooser | null = null;
  /** True when no seat plays at random: then a repeated position proves a never-ending game. */
  deterministic = true;

  constructor(private readonly n: number) {
    this.chooser = new Uint8Array(n);
    this.miss = new Float64Array(n);
  }
  /** Per-seat strategies; `rng` drives the careless seats (required when any miss > 0). */
  set(chooser: ArrayLike<number>, miss: ArrayLike<number>, rng: Rng | null): void {
    let random = false,
      external = false;
    for (let s = 0; s < this.n; s++) {
      this.chooser[s] = chooser[s];
      this.miss[s] = miss[s];
      if (miss[s] > 0) random = true;
      if (chooser[s] === CHOOSE_EXTERNAL) external = true;
    }
    if (random && !rng) throw new Error('careless seats need a random generator');
    // An outside strategy may keep state or play at random: a repeated position proves nothing.
    this.deterministic = !random && !external;
    this.rng = rng;
  }

  /** Whether seat i misses a legal play it has now (careless seats, by the generator). */
  misses(i: number): boolean {
    return this.miss[i] > 0 && this.rng!() < this.miss[i];
  }

  /** The seat whose waste takes c, which does not fit the centre, by the outside strategy of
   *  seat i of g, or -1 when no waste takes it: of the opponents' wastes that c fits, nearest
   *  to the right first, the strategy picks one when there are several. */
  askExternal(g: ZPosition, i: number, c: Card): number {
    const seats: number[] = [];
    for (let k = 1; k < this.n; k++) {
      const j = (i - k + this.n) % this.n;
      const waste = wasteOf(g, j); // seats that are out have no waste
      if (waste.length > 0 && g.wasteFit[waste[waste.length - 1] * 52 + c]) seats.push(j);
    }
    if (seats.length <= 1) return seats.length ? seats[0] : -1;
    const d = this.external!(i, c, seats);
    if (!seats.includes(d)) throw new Error(`seat ${i}'s strategy chose a waste that ${formatCard(c)} does not fit`);
    return d;
  }
}
