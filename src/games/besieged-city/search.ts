import type { SearchGame } from '../../search/types.js';
import { CELLS, DECK_SIZE } from './layout.js';
import { BC_MAX_KEY_WORDS, packKey } from './key.js';
import { formatMove } from './notation.js';
import { BcPosition, MAX_MOVES } from './position.js';

/** The Besieged City position as the search sees it. */
export class BcGame extends BcPosition implements SearchGame {
  readonly maxMoves = MAX_MOVES;
  readonly maxKeyWords = BC_MAX_KEY_WORDS;

  key(out: Uint32Array): number {
    return packKey(this, out);
  }

  /** Admissible: every card off the foundations needs a move to get there; a reserve card needs
   *  one more (rule I: reserve -> trench first), and a talon card too (it enters the reserve by
   *  a refill, which is no move, then must go reserve -> trench -> foundation). Each move lowers
   *  this bound by at most one, so it is also consistent. */
  lowerBound(): number {
    let reserve = 0;
    for (let c = 0; c < CELLS; c++) if (this.reserve[c] >= 0) reserve++;
    return DECK_SIZE - this.foundTotal + reserve + this.tlen;
  }

  formatMove(m: number): string {
    return formatMove(m);
  }
}
