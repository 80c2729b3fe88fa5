import type { Task } from '../solitaire/advice.js';
import type {
  AdviceOptions,
  Analysis,
  AnalyseOptions,
  DealDocument,
  DealOptions,
  GameRecord,
  Hint,
  Player,
  PlayOptions,
  PlayResult,
  SolveOptions,
  SolveResult,
  VerifyResult,
  Winnable,
  WinnableOptions,
} from './types.js';

// A game plugs into the library through one GameLibrary object, exported as `library` from its
// folder's library.ts and named by its plugin (GamePlugin.library), as its page plugs into the
// play page. It runs on the game's core alone, so the library runs in a browser as in Node: the
// library's entries read the list of games (src/index.ts; the browser entry that src/lib/build.ts
// writes), and nothing in src/lib knows a game beyond what this object says.
//
// Every member takes the documents the command line reads and writes (a deal, a record) and
// checks them, throwing InputError naming the field at fault; a call a game does not have is
// left out.

export interface GameLibrary {
  /** The address of the module that exports this object as `library` (its import.meta.url):
   *  the browser entry's build imports it from there. */
  readonly module: string;
  /** As in files and on the command line. */
  readonly name: string;
  readonly title: string;
  readonly seats: { min: number; max: number };
  /** The built-in strategies, by name. */
  readonly strategies: readonly string[];
  /** The deal of a seed (already checked: a deal number or a name). */
  deal(seed: string, opts: DealOptions): DealDocument;
  solve?(deal: DealDocument, opts: SolveOptions): SolveResult;
  /** `moves`: a line played from the deal `doc`; without them, `doc` is a solution or a game
   *  record. */
  verify?(doc: DealDocument, moves: readonly string[] | undefined): VerifyResult;
  /** One game of the deal, a player per seat (a patience: one). */
  play?(deal: DealDocument, players: readonly Player[], opts: PlayOptions): PlayResult;
  /** The game record of a line played from the deal by `player` (a person, if not named). */
  record?(deal: DealDocument, moves: readonly string[], player: string | undefined): GameRecord;
  analyse?(record: DealDocument, opts: AnalyseOptions): Analysis;
  hint?(deal: DealDocument, moves: readonly string[], opts: AdviceOptions): Task<Hint>;
  winnable?(deal: DealDocument, moves: readonly string[], opts: WinnableOptions): Task<Winnable>;
}

/** The calls of the library that a game offers through its members (batch and tournament are the
 *  library's, over solve and play). */
export const GAME_CALLS = ['solve', 'verify', 'play', 'record', 'analyse', 'hint', 'winnable'] as const;
