import { grown } from '../../search/grow.js';
import { SUIT } from './layout.js';
import { macroExit, MACRO } from './plateau.js';
import type { PlateauKeying } from './plateau-keying.js';
import { moveCard, type BcPosition } from './position.js';

/** Macro moves (plateau.ts) as a part of the search (search.ts): a macro move takes its suit to
 *  another arrangement of the suit's plateau, then plays the exit. The teleport must come before
 *  the exit, so the game asks enter() for the exit to make instead of telling a hook after the
 *  move; unmade() puts the arrangement back after the position has unmade the exit. */
export class MacroMoves {
  /** Undo stack: per macro move made, the member its suit left (-1: no teleport). */
  private undo = new Int32Array(1024);
  private len = 0;

  constructor(
    private readonly pos: BcPosition,
    private readonly keying: PlateauKeying,
  ) {}

  begin(): void {
    this.len = 0;
  }

  /** Before macro move m: teleports its suit to the arrangement m names; returns its exit, the
   *  single move for the position to make. */
  enter(m: number): number {
    const exit = macroExit(m),
      s = SUIT[moveCard(exit)],
      pl = this.keying.plateaus;
    const a = this.keying.memberOf(s),
      b = pl.first(pl.plateauOf(a)) + (m >>> 20);
    if (this.len === this.undo.length) this.undo = grown(this.undo, this.len + 1);
    if (a !== b) pl.teleport(this.pos, b);
    this.undo[this.len++] = a !== b ? a : -1;
    return exit;
  }

  /** After the position has unmade macro move m's exit: back to the arrangement it left. */
  unmade(): void {
    const a = this.undo[--this.len];
    if (a >= 0) this.keying.plateaus.teleport(this.pos, a);
  }

  /** The line with every macro move written out as its single moves (internal moves, then the
   *  exit), from the current position, which it leaves unchanged. */
  expand(moves: readonly number[]): number[] {
    const pos = this.pos,
      out: number[] = [];
    const play = (m: number) => {
      out.push(m);
      pos.make(m);
    };
    for (const m of moves) {
      if ((m & MACRO) === 0) {
        play(m);
        continue;
      }
      const exit = macroExit(m),
        pl = this.keying.plateaus;
      const a = pl.lookup(pos, SUIT[moveCard(exit)]);
      pl.path(a, pl.first(pl.plateauOf(a)) + (m >>> 20), (t) => pos.top(t), play);
      play(exit);
    }
    for (let i = out.length - 1; i >= 0; i--) pos.unmake(out[i]);
    return out;
  }
}
