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
  /** Optional: true exactly when lowerBound() would return DEAD, without computing the bound
   *  (depth-first search needs only this). */
  dead?(): boolean;
  /** Optional: the depth-first search asks dead() before it keys and stores a position, so a
   *  dead position is never keyed nor stored (default: the table first, so a position met again
   *  is skipped without dead()). For a game whose dead() is cheap beside key() and a table probe
   *  (its verdicts cached) and true at many positions. Either order is exact (dfs.ts). Read
   *  once per search, after beginSearch(), so it may depend on the search's mode. */
  readonly deadFirst?: boolean;
  /** Optional guiding estimate for best-first search (smaller is nearer a win). Need not be
   *  admissible: no verdict depends on it. Without it best-first uses lowerBound(). */
  heuristic?(variant?: number): number;
  /** How many variants heuristic() offers (default 1); the 'auto' search runs them in turn. */
  readonly heuristicVariants?: number;
  /** For 'auto': the share of the budget the best-first pass may use before the exhaustive
   *  pass, where the game knows better than the default (an option still overrides it). */
  readonly firstPassShare?: number;
  /** For 'auto': the node budget of each guided run in the first round, where the game knows
   *  better than the default (an option still overrides it). */
  readonly firstRoundNodes?: number;
  /** For 'auto': the weights of the portfolio's first round, where the game knows better than
   *  the default (greedy only, [Infinity]); later rounds run them all. */
  readonly firstRoundWeights?: readonly number[];
  /** The order in which the 'auto' search tries the variants (default 0, 1, 2, …). */
  readonly heuristicOrder?: readonly number[];
  /** Optional: the moves the search needs to try, a subset of moves() that the game has proved
   *  enough (a dominance pruning; the proof lives beside the game's implementation). It may
   *  depend on the moves made since beginSearch(), never on earlier ones. Without it the search
   *  tries moves(). */
  searchMoves?(out: Int32Array, offset: number): number;
  /** Called by every search before it starts from the current position (the root). `guided` is
   *  true for the best-first variants that follow heuristic() and are rarely run to the end: a
   *  game may then skip proofs that cost more than they save there. */
  beginSearch?(guided?: boolean, macros?: boolean): void;
  /** With `macros` true in beginSearch() (depth-first search only: it needs no move counts),
   *  searchMoves() may return macro moves, each standing for a sequence of moves (the game proves
   *  it complete); expandMoves() writes a line of them out as single moves from the current
   *  position, for notation and replay. */
  expandMoves?(moves: readonly number[]): number[];
  /** True (after beginSearch()) when a node may cost many microseconds, e.g. a macro move: the
   *  search then reads the clock at every node to keep a time budget. */
  readonly costlyNodes?: boolean;
  /** Optional streamliner: with `on` true the game restricts its searchMoves()/forcedMove() to a
   *  smaller space that is NOT proved to keep a win (e.g. every foundation move played at once).
   *  Every move is still legal, so a solution found is real; a search that fails in this mode
   *  proves nothing. In this mode key() may also merge positions that are not equal (e.g. keys
   *  without suits), which only prunes more. The 'auto' search runs it on a small share of the
   *  budget (one run after the portfolio's round 0 when the game has guides, else first),
   *  switching it off after the run. */
  streamline?(on: boolean, level?: number): void;
  /** For 'auto': the share of the budget the streamlined runs may use (default 0.1). */
  readonly streamlinerShare?: number;
  /** For 'auto': the first pass's share (see firstPassShare) once every streamlined run has
   *  exhausted its restricted space without a win, a hint that the deal may be lost (default:
   *  unchanged). A smaller share leaves more to the exhaustive pass. */
  readonly exhaustedFirstPassShare?: number;
  /** For 'auto' in a game with guides: the streamlined runs, in order, sharing the streamliner's
   *  budget (default one depth-first run at level 0). A run with a weight is a best-first search on heuristic(variant)
   *  (f = g + weight * h); `level` is passed to streamline(). With a key that merges positions
   *  which are not equal, the order of a search decides which of them stands for the rest, so
   *  runs in different orders find different wins in the same restricted space. */
  readonly streamlinerRuns?: readonly StreamlinerRun[];
  /** A move the game has proved safe to play without trying the others (a dominance), or -1.
   *  The proof lives beside the game's implementation. */
  forcedMove?(): number;
  /** Optional: the game's own caches (verdicts, memos) take their part of the search's memory
   *  budget. solve() calls it with the whole budget before it searches; the game sizes every
   *  cache it may fill from it and returns the bytes they hold at most, and the search keeps its
   *  table and stacks within the rest. */
  memoryBudget?(bytes: number): number;
  /** Notation of a move in the current position (for solutions and traces). */
  formatMove(m: number): string;
}

/** One run of the streamlined pass: depth-first without a weight, else best-first on
 *  f = g + weight * heuristic(variant). `level` selects the game's streamliner (default 0).
 *  `share`: at most this share of the streamliner's budget (default an equal part of what the
 *  runs before it left, the last run all of it). */
export interface StreamlinerRun {
  weight?: number;
  variant?: number;
  level?: number;
  share?: number;
}
