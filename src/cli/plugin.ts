import type { Argv, ArgumentsCamelCase } from 'yargs';
import type { RowSchema } from '../batch/schema.js';

// Every game plugs into the CLI through one GameCli entry: `verbs` become subcommands
// `patience <verb> <game>` (deal, play, solve, batch, simulate, tournament, search …) with
// their own options and --help; `files` handle documents whose "game" field names the game
// (show a deal, verify a solution or record, summarise a CSV).

export type Args = ArgumentsCamelCase<{ [key: string]: unknown }>;

export interface VerbCommand {
  describe: string;
  builder: (y: Argv) => Argv;
  handler: (argv: Args) => void | Promise<void>;
}

export interface GameCli {
  name: string;
  describe: string;
  verbs: Partial<Record<string, VerbCommand>>;
  /** `patience show --deal FILE`: render a deal document. */
  show?: (doc: unknown, file: string, argv: Args) => void;
  /** `patience verify --solution FILE`: replay; returns the exit code (0 valid, 1 not). */
  verify?: (doc: unknown, file: string, argv: Args) => number;
  /** `patience summary FILE…` and `patience report FILE…`: the CSV rows of this game. */
  summary?: GameSummary;
  /** `patience replay --solution FILE`: the positions of a solution or game record, for the
   *  replay page. */
  replay?: (doc: unknown, file: string) => Replay;
}

/** One computation, two outputs: `compute` gives the numbers (what `summary --json` prints and
 *  the report's tables show), `format` the text summary, `section` the report's HTML section
 *  (loaded only by `report`, which draws charts). */
export interface GameSummary<S = any> {
  /** What each CSV column of this game's rows may hold; every row is checked before counting. */
  schema: RowSchema;
  compute: (rows: Record<string, string>[]) => S;
  format: (s: S) => string;
  section: () => Promise<ReportSection<S>>;
  /** The report's comparison of the rule variants present in the rows (each variant's summary). */
  compare?: () => Promise<(groups: { variant: string; summary: S }[]) => Promise<string>>;
}

/** A game's part of the report, from its rows (for the distributions) and its summary: the HTML
 *  section, the settings the rows were made with, and the command lines that make them again. */
export type ReportSection<S> = (rows: Record<string, string>[], s: S) => Promise<{ html: string; settings: string[]; commands: string[] }>;

/** A game played out for the replay page: a layout of named piles and the cards on each pile
 *  before the first move and after every move (bottom card first; "??" is a face-down card). */
export interface Replay {
  title: string;
  /** Lines under the title: the deal, the result. */
  notes: string[];
  /** Piles placed on a grid of cells; `fan` is the direction the pile spreads. */
  layout: { columns: number; rows: number; piles: ReplayPile[] };
  moves: { text: string; player?: string }[];
  /** frames[k]: the position after k moves (frames.length = moves.length + 1). */
  frames: Record<string, string[]>[];
}

/** How a game draws a position on the replay page: the layout, and the cards on each pile. */
export interface Board<P> {
  layout: Replay['layout'];
  cards: (pos: P) => Record<string, string[]>;
}

export interface ReplayPile {
  id: string;
  label: string;
  row: number;
  column: number;
  fan: 'none' | 'up' | 'down' | 'left' | 'right';
  /** Cells the pile spans to its right (default 1). */
  span?: number;
}

const games: GameCli[] = [];

export function registerGame(g: GameCli): void {
  if (games.some((x) => x.name === g.name)) throw new Error(`game ${g.name} registered twice`);
  games.push(g);
}

export const allGames = (): readonly GameCli[] => games;
export const findGame = (name: string): GameCli | undefined => games.find((g) => g.name === name);
