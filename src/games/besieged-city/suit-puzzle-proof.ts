import { DEFAULT_MEMORY } from '../../search/limits.js';
import { grown } from '../../search/grow.js';
import { SUIT } from './layout.js';
import type { MoveHook } from './move-hook.js';
import { decoupledSuits, JUDGED_LOST, NOT_JUDGED, SuitPuzzles } from './suit-puzzles.js';
import { MACRO } from './plateau.js';
import { FILL, moveCard, moveFrom, R2T, T2T, type BcPosition } from './position.js';

/** The suit puzzles' proof (suit-puzzles.ts) as a part of the search (search.ts): the puzzles
 *  with their verdict cache, and which suits' puzzles a move may have changed. */
export class SuitPuzzleProof implements MoveHook {
  /** On for exhaustive searches (DFS, A*), off for the guided best-first runs, where they cost
   *  more time than the subtrees they cut and solved no deal sooner. Set by the game's
   *  beginSearch(). */
  on = true;
  /** The search's memory budget, of which the puzzles take suitPuzzleBytes(): set it with
   *  setBudget(). */
  private budget = DEFAULT_MEMORY;
  private puzzles: SuitPuzzles | null = null;
  /** The suits whose puzzle may differ from the parent's, or which may have just met the
   *  puzzle's premise (no card in stock or talon). A puzzle holds its suit's piles, reserve cards
   *  and foundation, so a move changes the puzzle of its card's suit, and a refill (reserve move)
   *  that of the refilled card's suit; only a deal or a refill takes a card out of the stock or
   *  the talon, so only those suits can newly meet the premise. Others keep the parent's verdict
   *  (not lost: the parent was searched). Skipping a puzzle only leaves a position unpruned, never
   *  prunes a winnable one. */
  private changed = 15;
  /** Per ply, the suits whose puzzle lost() could not judge there for lack of credit: the children
   *  judge them again (made() adds them), or a suit that no longer moves would stay unjudged below,
   *  a frozen, lost suit hidden under a whole subtree (bench/history.md,
   *  "Besieged City unsolvability, second round: stronger suit puzzles"). */
  private skippedAt = new Uint8Array(1024);

  constructor(private readonly pos: BcPosition) {}

  /** Bytes the puzzles' caches hold now. */
  get bytes(): number {
    return this.puzzles?.bytes ?? 0;
  }

  /** A new solve under a memory budget: the cache is made again to fit it when next needed. */
  setBudget(bytes: number): void {
    this.budget = bytes;
    this.puzzles = null;
  }

  begin(): void {
    this.changed = 15;
    this.skippedAt.fill(0);
  }

  made(m: number): void {
    const pos = this.pos,
      parent = pos.ply - 1;
    this.changed = 1 << SUIT[moveCard(m)];
    // A trench-to-trench move that leaves its source non-empty is undone by the move back
    // (plateau.ts, Claim 1: every pile card fits the card below it), under every trench order but
    // directional (where the way back may break a run). So the suit's puzzle after it is won
    // exactly when the parent's was, and the parent's was not judged lost (it was expanded): its
    // verdict is kept, unless the parent could not judge it. (Without this, the search's endless
    // shuffling of open suits spent the puzzles' whole credit.)
    if ((m & (MACRO | 7)) === T2T && pos.plen[moveFrom(m)] > 0 && pos.rules.trenchOrder !== 'directional')
      this.changed = 0;
    if (parent < this.skippedAt.length) this.changed |= this.skippedAt[parent];
    const kind = m & 7;
    if (kind === R2T || kind === FILL) {
      const x = pos.reserve[moveFrom(m)];
      if (x >= 0) this.changed |= 1 << SUIT[x];
    }
  }

  unmade(): void {
    this.changed = 15;
  }

  /** Whether a suit whose cards have all left the stock and the talon is a lost puzzle on its
   *  own (the proof is in suit-puzzles.ts). Only the puzzles the last move changed are looked at again
   *  (made()). */
  lost(): boolean {
    const pos = this.pos;
    const mask = this.changed === 0 ? 0 : decoupledSuits(pos) & this.changed;
    this.changed = 15;
    let skipped = 0;
    if (mask !== 0) {
      const e = (this.puzzles ??= new SuitPuzzles(this.budget));
      for (let s = 0; s < 4; s++) {
        if ((mask & (1 << s)) === 0) continue;
        const v = e.judge(pos, s);
        if (v === JUDGED_LOST) return true;
        if (v === NOT_JUDGED) skipped |= 1 << s;
      }
    }
    this.setSkipped(skipped);
    return false;
  }

  private setSkipped(mask: number): void {
    const ply = this.pos.ply;
    if (ply >= this.skippedAt.length) this.skippedAt = grown(this.skippedAt, ply + 1);
    this.skippedAt[ply] = mask;
  }
}
