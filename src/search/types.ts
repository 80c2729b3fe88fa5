// The one interface between a game and the search. The search owns the stack, the table and
// the limits; the game owns the rules. Moves are integers packed by the game; keys are exact
// bit-packed positions (equal keys <=> positions equal for play), written into a Uint32Array.

/** lowerBound() returns DEAD when the game has proved the position can never be won. */
export const DEAD = 0x3fffffff;

export interface SearchGame {
  /** Largest number of moves moves() may write. */
  readonly maxMoves: number;
  /** Largest number of 32-bit words key() may write. */
  readonly maxKeyWords: number;
  /** Writes the legal moves to out[offset..], best first; returns how many. No allocation. */
  moves(out: Int32Array, offset: number): number;
  make(m: number): void;
  /** Undoes m, which must be the last move made. */
  unmake(m: number): void;
  /** Writes the exact packed key of the position to out[0..]; returns the number of words. */
  key(out: Uint32Array): number;
  won(): boolean;
  /** Admissible: the game cannot be won in fewer moves (0 when won); DEAD when proved lost. */
  lowerBound(): number;
  /** A move the game has proved safe to play without trying the others (a dominance), or -1.
   *  The proof lives beside the game's implementation. */
  forcedMove?(): number;
  /** Notation of a move in the current position (for solutions and traces). */
  formatMove(m: number): string;
}
