// The one interface by which the search's parts keep their books on the line played (search.ts):
// each part reads the position through a field and is told of every move after the position has
// made it and after the position has unmade it. The game calls each part directly, as a field of
// its own class, so every call site sees one class.

/** A part of the search that keeps books on the moves played. A macro move (plateau.ts) comes
 *  as itself, its MACRO bit and member index included: its low bits are those of its exit. */
export interface MoveHook {
  /** A search starts from the current position: forget what was kept for the last one. */
  begin(): void;
  /** The position has just made m. */
  made(m: number): void;
  /** The position has just unmade m. */
  unmade(m: number): void;
}
