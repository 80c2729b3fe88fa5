import type { Algorithm } from '../search/solve.js';
import type { Limit, WhenFull } from '../search/limits.js';
import type { StrategyContext, PublicMove } from '../strategies/contract.js';
import type { Hint, Winnable } from '../solitaire/advice.js';
import type { Analysis as PositionsAnalysis } from '../solitaire/analyse.js';

// The library's types: the documents it takes and gives (the same JSON the command line reads
// and writes), the options of its calls, and the strategy contract (docs/strategies.md) for a
// program's own strategy objects. Plain data throughout: a result can be JSON.stringify'd, and
// a document the command line wrote can be JSON.parse'd and handed in.

export type { StrategyContext, PublicMove, Hint, Winnable };
export type { ExactAnswer, ChanceAnswer } from '../solitaire/advice.js';
export type { Limit, WhenFull } from '../search/limits.js';
export type { Algorithm } from '../search/solve.js';
export type { AnalysedPosition, Verdict, Chance } from '../solitaire/analyse.js';

/** A deal, as `patience deal GAME --seed N --json` prints it and deal files hold it: the game's
 *  name, the seed it was dealt from (absent for a deal made by hand), and the game's own fields
 *  (the cards, in the game's notation, and its rule variant, where it has one). */
export interface DealDocument {
  game: string;
  seed?: string;
  [field: string]: unknown;
}

/** How a deal is made: under a rule variant (`name=value,…`, as `--variant` takes it; games with
 *  variants), for a number of players (games for several). */
export interface DealOptions {
  variant?: string;
  players?: number;
}

/** What everything long takes: a way to stop it, and to hear how far it got. */
export interface Stoppable {
  /** Stops the work when aborted. The work looks at it at its checkpoints (every ~128 search
   *  nodes, every move of a game, between the deals of a batch): a call that runs without a
   *  pause (solve, play, analyse) can only see an abort made during it by your own code (e.g. in
   *  onProgress); the calls that return a promise pause between their steps, so an abort from a
   *  timer or a button reaches them too. */
  signal?: AbortSignal;
}

/** The search's budget and settings. Every limit that is reached makes the answer "unknown",
 *  never "unsolvable": only an exhaustive search says a deal cannot be won. */
export interface SolveOptions extends Stoppable {
  /** 'auto' (the default: guided best-first runs, then an exhaustive depth-first pass), 'dfs',
   *  'astar' (shortest solutions) or 'best-first'. */
  algorithm?: Algorithm;
  /** The shortest solution: A* (the same as algorithm 'astar'). */
  optimal?: boolean;
  /** best-first: f = g + weight·h (default: h alone). At least 1. */
  weight?: number;
  /** Search nodes at most (default 10,000,000): the budget that gives the same answer on any
   *  machine. */
  maxNodes?: number;
  /** Milliseconds at most (default: none). */
  timeoutMs?: number;
  /** Bytes the search may hold: its table, stacks and the game's caches (default 1 GiB, as the
   *  command line's; the table grows into it only as it needs). */
  memoryBytes?: number;
  /** When the table is full: 'evict' (the default) forgets states and goes on, 'stop' answers
   *  unknown (limit 'memory'). */
  whenFull?: WhenFull;
  /** Called about every 128 nodes with the nodes so far. */
  onProgress?: (progress: { nodes: number }) => void;
}

/** The search's statistics, as `solve --json` gives them. */
export interface SolveStats {
  nodes: number;
  unique: number;
  ms: number;
  maxDepth: number;
  evicted?: number;
}

/** What the search found, as `patience solve --json` prints it: `patience verify --solution`
 *  and {@link verify} read it as it is. */
export type SolveResult = {
  game: string;
  deal: DealDocument;
  stats: SolveStats;
  /** The settings, as the command line writes them (e.g. "auto max-nodes=1000000 memory=1024MiB"). */
  solver: string;
} & (
  | { outcome: 'solved' /** The winning line, in the game's notation. */; moves: string[]; limit?: undefined }
  | { outcome: 'unsolvable'; moves?: undefined; limit?: undefined }
  | { outcome: 'unknown' /** The limit that was reached. */; limit: Limit; moves?: undefined }
);

/** Whether a line of moves, a solution or a game record stands. */
export interface VerifyResult {
  /** A line or a solution: every move legal and the game won. A record: its stated result is
   *  what its replay gives. */
  valid: boolean;
  /** The replay ends won (a record of several players: someone won). */
  won: boolean;
  /** The moves replayed. */
  moves: number;
  /** The first move that could not be made, when there is one (a line or a solution). */
  illegal?: { index: number; move: string; reason: string };
  /** One line, as `patience verify` prints it. */
  text: string;
}

/** A game record, as `patience play --record` and `batch --records` write it and {@link play}
 *  returns it: `patience verify`, `analyse` and `replay` read it. */
export interface GameRecord {
  format: 'patience-record';
  version: 1;
  game: string;
  deal: DealDocument;
  moves: { move: string; player?: number; turned?: string }[];
  result: { outcome: string; [field: string]: unknown };
  [field: string]: unknown;
}

/** A public view: what one seat may see when it is to move (docs/strategies.md lists each
 *  game's fields). `moves` lists every legal move. */
export interface PublicView {
  game: string;
  moves: PublicMove[];
  [field: string]: unknown;
}

/** A strategy of your own, under the contract of strategy files (docs/strategies.md), run in
 *  this process: choose() answers with one of view.moves or its notation, synchronously. A
 *  strategy that throws, or answers with something not offered, forfeits the game (it is lost,
 *  with the reason in the result's `forfeit`; the exception is the Forfeit's `cause`). */
export interface UserStrategy {
  /** 1–40 letters, digits or _.+-; not a built-in's name. Default "user". */
  name?: string;
  /** Called once before the first decision of each game. */
  start?(view: PublicView): void;
  choose(view: PublicView): PublicMove | string;
}

/** The default export of a strategy file: called once per game and seat. */
export type StrategyFactory = (ctx: StrategyContext) => UserStrategy;

/** A player: a built-in strategy by name (see {@link games}), your own strategy object, or a
 *  strategy file's `create` function. */
export type Player = string | UserStrategy | StrategyFactory;

export interface PlayOptions extends Stoppable {
  /** The seed of the strategies' own random choices (default "1"); never the deal's. */
  strategySeed?: string;
  /** A patience: moves at most (default 1000); then the game is unfinished (move-cap). */
  maxMoves?: number;
  /** A game of several players: turns at most before it is a draw (Pilstymas, default 1000;
   *  Žioplys' careless play, default 1,000,000). */
  maxTurns?: number;
  /** The game's own rules (Pilstymas: `win=cleared|russian-bank`; Žioplys:
   *  `wrap=yes|no,centre-alternate-colours=no|yes`). A patience's variant is its deal's. */
  rules?: string;
}

/** How one game went. */
export interface PlayResult {
  game: string;
  seed?: string;
  /** Each seat's player, by name. */
  players: string[];
  /** The game's own word for the end: a patience "won", "lost" (no move left) or "unfinished";
   *  Pilstymas "win" or "draw"; Žioplys "loser", "cycle" (it never ends) or "limit". */
  outcome: string;
  /** Why, where the outcome alone does not say (e.g. "move-cap", "resigned", "repetition"). */
  reason?: string;
  /** Per seat: 1 a win, 0 a loss, 0.5 neither (a draw, a game that never ends). */
  scores: number[];
  /** Moves made (a patience), or turns played. */
  moves: number;
  /** A strategy broke the contract and lost: what it did. */
  forfeit?: string;
  /** The game record, for games that have records (verify and analyse read it). */
  record?: GameRecord;
  /** The game's own result, for games without records, as its command line prints it
   *  (Žioplys: `simulate --json`: the loser, the order the others went out, the turns). */
  result?: Record<string, unknown>;
}

/** The analysis of a patience's record, as `patience analyse --json` prints it. */
export type { PositionsAnalysis };

/** The analysis of a record of two players (Pilstymas), as `patience analyse --json` prints it:
 *  the expert's evaluation after every turn, and the turn where the game turned. */
export interface TurnsAnalysis {
  game: string;
  deal: object;
  turns: { turn: number; player: 'A' | 'B'; moves: string[]; eval: number }[];
  winner: 'A' | 'B' | null;
  turningTurn: number | null;
}

export type Analysis = PositionsAnalysis | TurnsAnalysis;

export interface AnalyseOptions extends Stoppable {
  /** Search nodes at most per position (default 100,000, as `patience analyse`). */
  maxNodes?: number;
  /** Bytes each position's search may hold (default 256 MiB). */
  memoryBytes?: number;
  /** Guesses of the face-down cards per position, for the chance of a player who cannot see
   *  them (games with face-down cards; default 32). */
  samples?: number;
  /** Seed of those guesses (default "1"). */
  seed?: string;
}

/** A game in progress: its deal and the moves made, for advice. */
export interface AdviceOptions extends Stoppable {
  /** Search nodes at most: the budget (each game has its default). */
  maxNodes?: number;
  /** Seed of the advice's own random choices (guesses of face-down cards). */
  seed?: string;
  /** A game with a face-down stock: the next card was turned ("deal") and waits for its place. */
  dealt?: boolean;
  /** Called between steps and about every 128 nodes with the nodes spent so far. */
  onProgress?: (progress: { nodes: number }) => void;
}

export interface WinnableOptions extends AdviceOptions {
  /** When winnable, the winning line from the position. */
  line?: boolean;
  /** A game with face-down cards: the solver's exact answer with them known (a spoiler), not the
   *  chance of winning without peeking. */
  spoiler?: boolean;
  /** A game with face-down cards: guesses of them for the chance (default 32, as `analyse`). */
  samples?: number;
}

/** A game as the library plays it: its name, title and what it offers. */
export interface GameInfo {
  name: string;
  title: string;
  /** How many players sit at a deal. */
  seats: { min: number; max: number };
  /** The built-in strategies, by name (empty when none plays the game). */
  strategies: string[];
  /** The calls this game has: deal always, and solve, verify, play, analyse, hint, winnable,
   *  batch, tournament as the game offers them (record: a game record of a line). */
  calls: string[];
}

export interface BatchOptions extends Stoppable {
  /** The deals: seeds (deal numbers or names), or "1..10,42" as `--seeds` takes them. */
  seeds: readonly (string | number)[] | string;
  /** The deals' rule variant and players (DealOptions). */
  variant?: string;
  players?: number;
  /** A game with a solver: each deal's search (default: the solver's defaults); false: none. */
  solve?: Omit<SolveOptions, 'signal' | 'onProgress'> | false;
  /** A patience: strategies that each play every deal. A game of several players: one player
   *  per seat, who play every deal together. */
  strategies?: readonly Player[];
  /** How each game is played (PlayOptions). */
  play?: Omit<PlayOptions, 'signal'>;
  /** Called as each deal is done, in order. */
  onItem?: (item: BatchItem) => void;
}

/** One deal of a batch. */
export interface BatchItem {
  seed: string;
  deal: DealDocument;
  /** The search's answer, when the batch searched. */
  solve?: SolveResult;
  /** Each strategy's game (a patience), or the deal's one game (several players). */
  plays: PlayResult[];
}

export interface BatchResult {
  items: BatchItem[];
  /** The signal stopped the batch: `items` holds the deals done before it. */
  stopped: boolean;
}

export interface TournamentOptions extends Stoppable {
  /** Two or more players; every two of them meet. */
  players: readonly Player[];
  /** The deals each pairing plays, each once in either seat order (as --seeds). */
  seeds: readonly (string | number)[] | string;
  /** How each game is played (PlayOptions). */
  play?: Omit<PlayOptions, 'signal'>;
  /** Called as each game is done, in order. */
  onGame?: (game: PlayResult) => void;
}

export interface Standing {
  player: string;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  /** Wins plus half the draws, over the games: the share of points. */
  score: number;
}

export interface TournamentResult {
  games: PlayResult[];
  /** Best first. */
  standings: Standing[];
  /** The signal stopped the tournament: `games` holds the games done before it. */
  stopped: boolean;
}
