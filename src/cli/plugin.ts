import type { Argv, ArgumentsCamelCase } from 'yargs';
import type { Replay } from '../cards/board.js';
import type { GameSummary } from '../report/section.js';
import type { GameLibrary } from '../lib/game.js';

// A game plugs into the program through one GamePlugin object, exported from its folder's
// index.ts and listed in src/games/index.ts: `verbs` become subcommands `patience <verb> <game>`
// (deal, play, solve, batch, simulate, tournament, search …) with their own options and --help;
// the file handlers take documents whose "game" field names the game (show a deal, verify a
// solution or record, replay it, summarise and report a CSV). A verb that runs a batch names its
// job by module address (src/batch/jobs.ts), so no shared layer imports a game.

export type Args = ArgumentsCamelCase<{ [key: string]: unknown }>;

export interface VerbCommand {
  describe: string;
  builder: (y: Argv) => Argv;
  handler: (argv: Args) => void | Promise<void>;
  /** The example `patience <verb> --help` shows for this game, if any (once per text after
   *  the command, as for `examples`). */
  example?: [command: string, what: string];
}

export interface GamePlugin {
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
  /** `patience analyse --record FILE`: the analysis of a game record (printed, or as JSON). */
  analyse?: (doc: unknown, file: string, argv: Args) => void | Promise<void>;
  /** The play page (`patience web`): the address of the module that exports the game's
   *  PagePlugin as `page` (src/web/plugin.ts), browser-safe; the page's build bundles it
   *  (src/web/build.ts), so the page never imports this shell. */
  page?: URL;
  /** A document without a "game" field that this game reads: another program's deal file. */
  claims?: (doc: unknown) => boolean;
  /** Other programs' numberings of the game's deals: `patience show --<key> N` renders the
   *  deal document `document` gives (read under `argv.variant` when given). */
  numberings?: readonly { key: string; describe: string; document(text: string, argv: Args): unknown }[];
  /** Commands of the game's own beside the verbs (`patience <command>`), e.g. one that answers a
   *  question about another program's deal; `command` is its usage as yargs reads it. */
  commands?: readonly (VerbCommand & { command: string })[];
  /** The library (`import … from 'patience-lab'`): the game's GameLibrary (src/lib/game.ts),
   *  exported as `library` from its library.ts, which runs on the core alone; the library's
   *  entries read it from here (src/index.ts, and src/lib/build.ts for the browser entry). */
  library?: GameLibrary;
  /** Examples for the --help of the file commands (`show`, `verify`, `replay`); an example
   *  another game already gave (the same text after the command) is shown once. */
  examples?: Partial<Record<'show' | 'verify' | 'replay' | 'analyse', [command: string, what: string]>>;
}

/** The games the program knows, as the composition root (src/cli.ts) hands them to the shared
 *  commands: the plugins src/games/index.ts exports, in the order of their names. */
export class Games {
  readonly all: readonly GamePlugin[];

  constructor(plugins: Iterable<GamePlugin>) {
    this.all = [...plugins].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    this.all.forEach((g, i) => {
      if (i > 0 && this.all[i - 1].name === g.name) throw new Error(`game ${g.name} listed twice`);
    });
  }

  find(name: string): GamePlugin | undefined {
    return this.all.find((g) => g.name === name);
  }

  names(): string {
    return this.all.map((g) => g.name).join(', ');
  }
}
