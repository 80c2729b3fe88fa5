import type { RowSchema } from '../batch/schema.js';

// What `summary` and `report` need of a game: its name and how it sums up its CSV rows. The CLI's
// plugin (src/cli/plugin.ts) carries it; the report layer sees nothing else of a game.

/** One computation, two outputs: `compute` gives the numbers (what `summary --json` prints and
 *  the report's tables show), `format` the text summary, `section` the report's HTML section
 *  (loaded only by `report`, which draws charts). */
// biome-ignore lint/suspicious/noExplicitAny: each game's summary has a shape of its own
export interface GameSummary<S = any> {
  /** What each CSV column of this game's rows may hold; every row is checked before counting. */
  schema: RowSchema;
  compute: (rows: Record<string, string>[]) => S;
  format: (s: S) => string;
  section: () => Promise<ReportSection<S>>;
  /** `patience difficulty`: the graded list of the rows' deals (one row per deal), for a game
   *  that measures how hard a deal is. */
  graded?: {
    /** The batch that makes rows with the measure (for the message when rows lack it). */
    made: string;
    list: (rows: Record<string, string>[]) => { columns: string[]; rows: Record<string, string | number>[] };
  };
  /** The report's comparison of the rule variants present in the rows (each variant's summary). */
  compare?: () => Promise<(groups: { variant: string; summary: S }[]) => Promise<string>>;
}

/** A game's part of the report, from its rows (for the distributions) and its summary: the HTML
 *  section, the settings the rows were made with, and the command lines that make them again. */
export type ReportSection<S> = (
  rows: Record<string, string>[],
  s: S,
) => Promise<{ html: string; settings: string[]; commands: string[] }>;

/** A game as summary and report see it. */
export interface SummarisedGame {
  name: string;
  /** A line about the game; the report titles its section with its first words. */
  describe: string;
  summary?: GameSummary;
}

/** The games summary and report may meet in a CSV (the CLI's Games is one). */
export interface GameList {
  readonly all: readonly SummarisedGame[];
  find(name: string): SummarisedGame | undefined;
}
