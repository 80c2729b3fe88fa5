// The one interface between a game and the search. The search owns the stack, the table and
// the limits; the game owns the rules. Moves are integers packed by the game; keys are exact
// bit-packed positions (equal keys <=> positions equal for play), written into a Uint32Array.
//
// SearchGame is what every searched game is. What a game offers beyond that (its prunings,
// guides, macro moves, streamliner, relaxation) it offers through its capability object,
// SearchGame.extras, whose groups below each game implements as far as it has them (Besieged
// City: search.ts, Parterre: parterre/search.ts).

/** What the streamlined runs showed when the 'auto' search asks for a relaxation
 *  (Relaxation.relaxation()). */
export type RelaxationHint = 'exhausted' | 'partial' | 'early';

/** lowerBound() returns DEAD when the game has proved the position can never be won. */
export const DEAD = 0x3fffffff;

export interface SearchGame {
  /** Largest number of moves moves() (and searchMoves()) may write. A search reads it after
   *  beginSearch(), so it may depend on the search's mode. */
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
  /** A move the game has proved safe to play without trying the others (a dominance), or -1.
   *  The proof lives beside the game's implementation. */
  forcedMove?(): number;
  /** Notation of a move in the current position (for solutions and traces). */
  formatMove(m: number): string;
  /** The extras the game offers the search (SearchExtras); absent: none. A search reads it
   *  once, before its first node. It may be the game itself. */
  readonly extras?: SearchExtras;
}

/** A game's capability object: each group it offers, all members of a group optional to the
 *  search (which reads what is there). */
export interface SearchExtras
  extends Partial<SearchSetup>,
    Partial<Pruning>,
    Partial<DeadTestCalls>,
    Partial<Guides>,
    Partial<Macros>,
    Partial<Streamliner>,
    Partial<Relaxation> {}

/** How a search runs, told to the game in beginSearch(). */
export interface SearchMode {
  /** A best-first run that follows heuristic() and is rarely run to the end: a game may then
   *  skip proofs that cost more than they save there. */
  guided: boolean;
  /** Depth-first search, which needs no move counts: searchMoves() may return macro moves
   *  (Macros). */
  macros: boolean;
}

/** The game told when a search starts, and its part of the memory. */
export interface SearchSetup {
  /** Called by every search first, before it reads any other member but maxKeyWords (and the
   *  game's extras, to find this), with the search's mode; the current position is the search's
   *  root. */
  beginSearch(mode: SearchMode): void;
  /** The game's own caches (verdicts, memos) take their part of the search's memory budget.
   *  solve() calls it with the whole budget before its first search; the game sizes every cache
   *  it may fill from it and returns the bytes they hold at most, and the search keeps its table
   *  and stacks within the rest. The caches start empty there, as on a new game object, so a
   *  solve's result does not depend on the solves run on the game before it. */
  memoryBudget(bytes: number): number;
}

/** Dominance pruning: moves the search need not try (the proofs live beside the game's
 *  implementation). */
export interface Pruning {
  /** The moves the search needs to try, a subset of moves() that the game has proved enough. It
   *  may depend on the moves made since beginSearch(), never on earlier ones. Without it the
   *  search tries moves(). */
  searchMoves(out: Int32Array, offset: number): number;
  /** Optional: true only when move m, played from the current position right after `last` (the
   *  move into it), leads to a position the search meets without m (one with the same key): the
   *  position before `last` (a move back), or a child of that position by another move of the
   *  list the search had there (searchMoves(), or moves() without it, or the forced move; the
   *  game proves it in the list). Depth-first search then leaves m out unmade (dfs.ts,
   *  "Redundant moves"). Read once per search, after beginSearch(). */
  readonly redundant?: (last: number, m: number) => boolean;
}

/** How depth-first search asks dead(). */
export interface DeadTestCalls {
  /** The depth-first search asks dead() before it keys and stores a position, so a dead
   *  position is never keyed nor stored (default: the table first, so a position met again is
   *  skipped without dead()). For a game whose dead() is cheap beside key() and a table probe
   *  (its verdicts cached) and true at many positions. Either order is exact (dfs.ts). Read
   *  once per search, after beginSearch(), so it may depend on the search's mode. */
  readonly deadFirst: boolean;
  /** For a game that searches on its own inside dead() (e.g. probes of a relaxation): depth-first
   *  search sets `left` to the nodes its budget has left before each dead(), and after it adds
   *  `spent` (which the game counts, within `left - 1`) to its own count and zeroes it, so that
   *  its budget and stats pay for them and the budget is never overrun. */
  readonly spending: { left: number; spent: number };
}

/** Guides for best-first search. */
export interface Guides {
  /** A guiding estimate (smaller is nearer a win). Need not be admissible: no verdict depends on
   *  it. Without it best-first uses lowerBound(). */
  heuristic(guide: number): number;
  /** How many guides heuristic() offers (default 1): the 'auto' search runs them in turn (in the
   *  order of its policy's guideOrder: policy.ts). */
  readonly guideCount: number;
}

/** Macro moves, each standing for a sequence of moves (the game proves it complete). */
export interface Macros {
  /** With `mode.macros` true in beginSearch() (depth-first search only: it needs no move
   *  counts), searchMoves() may return macro moves; expandMoves() writes a line of them out as
   *  single moves from the current position, for notation and replay. */
  expandMoves(moves: readonly number[]): number[];
  /** True (after beginSearch()) when a node may cost many microseconds, e.g. a macro move: the
   *  search then reads the clock at every node to keep a time budget. */
  readonly costlyNodes: boolean;
}

/** A streamliner: a restricted space searched on a small share of the budget. */
export interface Streamliner {
  /** With `on` true the game restricts its searchMoves()/forcedMove() to a smaller space that is
   *  NOT proved to keep a win (e.g. every foundation move played at once). Every move is still
   *  legal, so a solution found is real; a search that fails in this mode proves nothing. In
   *  this mode key() may also merge positions that are not equal (e.g. keys without suits),
   *  which only prunes more. The 'auto' search runs it on a small share of the budget (its
   *  policy's streamlinerRuns after the portfolio's round 0 when the game has guides, else one
   *  depth-first run first), switching it off after each run. `order` picks one of the game's
   *  move orders for the run (default 0, its usual one). */
  streamline(on: boolean, level?: number, order?: number): void;
  /** Optional: whether the game offers streamliner `level` for this position's rules (default
   *  yes). The 'auto' search leaves out the policy's streamlined runs at levels not offered, as
   *  if the policy did not list them. */
  streamlineOffered?(level: number): boolean;
}

/** A relaxation: a game won whenever this one is. */
export interface Relaxation {
  /** A game that is won whenever this one is, from the current position (its proof beside the
   *  game), or undefined where the game has none. The 'auto' search searches it depth-first, once
   *  at most: exhausted, it proves this position lost; a win there proves nothing. `hint` says
   *  what the streamlined runs showed when it is asked (a game may offer its relaxation on some
   *  hints only): 'exhausted', every run exhausted its space (AutoPolicy.relaxationShare);
   *  'partial', every run but the optional ones (StreamlinerRun.optional), or the first one while
   *  a later one was cut off (firstExhaustedRelaxationShare); 'early', the first one, before the
   *  others run (earlyRelaxationShare). */
  relaxation(hint: RelaxationHint): SearchGame | undefined;
}

/** A game without extras. */
export const NO_EXTRAS: SearchExtras = {};
