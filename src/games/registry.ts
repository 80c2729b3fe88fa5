import type { Argv, ArgumentsCamelCase } from 'yargs';

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
  /** `patience summary FILE…`: summarise CSV rows of this game. */
  summary?: (rows: Record<string, string>[], argv: Args) => void;
}

const games: GameCli[] = [];

export function registerGame(g: GameCli): void {
  if (games.some((x) => x.name === g.name)) throw new Error(`game ${g.name} registered twice`);
  games.push(g);
}

export const allGames = (): readonly GameCli[] => games;
export const findGame = (name: string): GameCli | undefined => games.find((g) => g.name === name);
