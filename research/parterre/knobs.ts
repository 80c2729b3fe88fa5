import type { PtDeal } from '../../src/games/parterre/deal.js';
import { packKey } from '../../src/games/parterre/key.js';
import { P2P, PILE_CAP } from '../../src/games/parterre/position.js';
import { searchMoves } from '../../src/games/parterre/search-moves.js';
import { PtProbingSearch } from '../../src/games/parterre/search-game.js';
import type { RelaxationHint, SearchGame, SearchMode } from '../../src/search/types.js';

// The solver's Parterre search game (src/games/parterre/search-game.ts) with the switches of
// past experiments, for the probes here and bench/parterre.ts's runs of them (parterre-knobs.ts).
// Left at their defaults they change nothing: the game searches as ptSearchGame()'s does.

export class PtKnobs extends PtProbingSearch {
  /** How many guides the 'auto' portfolio runs (heuristic(guide), in its policy's guideOrder). */
  override guideCount = 2;
  /** The scale of guides 0 and 4 (L + R, and L + R plus D): the solver's is 8. */
  guideScale = 8;
  /** The move order of the searches outside the streamliner (search-moves.ts: 0, 1, 2). */
  moveOrder = 0;
  /** A stronger streamliner: also no pile-to-pile move between two bases of equal rank (unless
   *  the card exposed goes home); bench/history.md, "Solvitaire's ideas, each measured on its
   *  own". */
  noShuffle = false;
  /** The streamliner keys positions without suits (false: with exact keys). */
  suitBlind = true;
  /** foundations=removable: whether the guided best-first runs take cards off the foundations
   *  (the exhaustive passes always do). */
  guidedFoundationMoves = true;
  /** The capacity test in every dead() (dead-test.ts), not only in each search's first. */
  capacityTest = false;
  /** The capacity test in each search's first dead() (the solver's). */
  capacityAtRoot = true;
  /** Depth-first search leaves out the moves redundant() finds (false: the plain search). */
  skipRedundant = true;
  /** Relaxation probes in the exhaustive passes (false: the plain PtSearch, which also keeps its
   *  whole memory budget for the search). */
  probes = true;
  /** The suit relaxation offered to 'auto' (false: none, as the plain PtSearch). */
  relaxed = true;

  private guided = false;
  private atRoot = false;
  private runOrder = 0;

  override streamline(on: boolean, level = 0, order = 0): void {
    this.runOrder = order;
    super.streamline(on, level, order);
  }

  override beginSearch(mode?: SearchMode): void {
    super.beginSearch(mode);
    this.guided = mode?.guided === true;
    this.atRoot = true;
    if (!this.skipRedundant) this.redundant = undefined;
  }

  override key(out: Uint32Array): number {
    return this.streamlined && !this.suitBlind ? packKey(this, out) : super.key(out);
  }

  override heuristic(guide = 0): number {
    const h = super.heuristic(guide);
    if (this.guideScale === 8 || (guide !== 0 && guide < 4)) return h;
    // Guides 0 and 4 are 8 (L + R), plus 2D for guide 4.
    const lr = guide === 0 ? h / 8 : super.heuristic(0) / 8;
    return this.guideScale * lr + (h - 8 * lr);
  }

  override searchMoves(out: Int32Array, offset: number): number {
    const takeoffs = this.removable && (this.guidedFoundationMoves || !this.guided);
    const n = searchMoves(
      this,
      out,
      offset,
      takeoffs ? this.foundationMaxR() : 13,
      this.streamlined ? this.runOrder : this.moveOrder,
    );
    return this.streamlined && this.noShuffle ? this.withoutShuffles(out, offset, n) : n;
  }

  /** out[offset..offset + n) less the moves of a pile's top onto another pile from a base of its
   *  rank + 1 whose card does not go home (noShuffle); returns how many are left. */
  private withoutShuffles(out: Int32Array, offset: number, n: number): number {
    let k = offset;
    for (let i = offset; i < offset + n; i++) {
      const m = out[i],
        p = (m >> 2) & 31,
        len = this.plen[p];
      if ((m & 3) === P2P && len > 1) {
        const w = this.piles[p * PILE_CAP + len - 2],
          wr = (w % 13) + 1;
        if (wr === (((m >> 10) & 63) % 13) + 2 && this.found[(w / 13) | 0] !== wr - 1) continue;
      }
      out[k++] = m;
    }
    return k - offset;
  }

  override dead(): boolean {
    const capacity = this.capacityTest || (this.atRoot && this.capacityAtRoot);
    this.atRoot = false;
    if (this.deadTest.lost(capacity, this.finalLines())) return true;
    return this.probes && this.probedLost();
  }

  override memoryBudget(bytes: number): number {
    return this.probes ? super.memoryBudget(bytes) : 0;
  }

  override relaxation(hint: RelaxationHint): SearchGame | undefined {
    return this.relaxed ? super.relaxation(hint) : undefined;
  }
}

/** PtKnobs as the plain PtSearch: no probes, no relaxation (its switches still apply). */
export function plainKnobs(deal: PtDeal): PtKnobs {
  const g = new PtKnobs(deal);
  g.probes = false;
  g.relaxed = false;
  return g;
}
