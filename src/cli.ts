#!/usr/bin/env node
import { existsSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Argv } from 'yargs';
import { InputError, oneLine, quote, UserError } from './io/errors.js';
import { guardStdio, safeConsole } from './io/stdio.js';
import { Games, type Args, type GamePlugin } from './cli/plugin.js';
import { gameOf, isObject } from './io/json.js';
import { readJsonFile } from './io/json-file.js';
import { solverOptions } from './cli/solve.js';
import { nearest } from './cli/suggest.js';
import { checkSingleValues } from './cli/options.js';
import { parseCount, parseSeed } from './cli/units.js';

// The composition root: the only module of the shared layers that reads the list of games
// (src/games/index.ts); every command is derived from it. The CLI is thin: parse, dispatch to
// the game's handler, print. What the user can fix (a UserError: bad input, an output that
// cannot be written) ends in one line on stderr and exit code 2; an unexpected fault in one line
// and exit code 1 (PATIENCE_DEBUG=1 shows the stack).
//
// A command loads only what it uses (a one-off solve pays for the loading before its search):
// `patience --version` loads no game and not the parser, `patience <verb> <game> …` only that
// game's plugin (its folder, named as the game: docs/architecture.md), anything else the whole
// list; the file and CSV commands load their handlers when they run. `npx tsx bench/startup.ts`
// measures it (bench/RESULTS.md, "Start-up").

const VERB_TEXT: Record<string, string> = {
  deal: 'Print the deal for a seed (layout, or deal JSON)',
  play: 'Play a deal in the terminal, or watch a strategy play',
  solve: 'Solve a deal: solved, unsolvable or unknown',
  batch: 'Run many seeded deals in parallel and write CSV',
  simulate: 'Play a deterministic game out and print the result',
  tournament: 'Play strategies against each other',
  search: 'Search for extreme deals',
};

/** The package's folder: the nearest one above this module with a package.json. */
function packageDir(): string | undefined {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/** The page of a game's rules, as its --help names it: docs/rules/<game>.md, and where that is
 *  on this machine when the package's docs are beside the program. */
export function rulesLine(game: string): string {
  const page = `docs/rules/${game}.md`;
  const dir = packageDir();
  return dir !== undefined && existsSync(join(dir, page)) ? `rules: ${page} (${join(dir, page)})` : `rules: ${page}`;
}

/** The parser and the games the command being run needs, loaded by load(). */
let yargs: typeof import('./cli/parser.js').default;
let games: Games;

/** Loads the parser and the games `argv` needs: only the game a game verb names, when its
 *  folder holds a plugin of that name with that verb; else every listed game. Games loaded
 *  already stay (an in-process caller has them all). */
async function load(argv: readonly string[] = []): Promise<void> {
  yargs ??= (await import('./cli/parser.js')).default;
  if (games !== undefined) return;
  const [verb, name] = argv;
  if (verb !== undefined && Object.hasOwn(VERB_TEXT, verb) && name !== undefined && /^[a-z][a-z-]*$/.test(name)) {
    const one = await import(`./games/${name}/index.js`).then(
      (m: { plugin?: GamePlugin }) => m.plugin,
      (e: NodeJS.ErrnoException) => {
        if (e?.code === 'ERR_MODULE_NOT_FOUND') return undefined;
        throw e;
      },
    );
    if (one?.name === name && one.verbs[verb]) {
      games = new Games([one]);
      return;
    }
  }
  games = new Games(Object.values(await import('./games/index.js')));
}

/** The package's version, from its package.json. */
function packageVersion(): string | undefined {
  const dir = packageDir();
  const version =
    dir === undefined ? undefined : (readJsonFile(join(dir, 'package.json')) as { version?: unknown }).version;
  return typeof version === 'string' ? version : undefined;
}

/** `patience --version` alone: the package's version, as yargs prints it, nothing else loaded. */
function versionOnly(argv: readonly string[]): string | undefined {
  return argv.length === 1 && argv[0] === '--version' ? packageVersion() : undefined;
}
/** analyse's default budget per position: nodes, so that an analysis is the same on any machine. */
const ANALYSE_MAX_NODES = '100000';
/** The most guesses analyse makes per position (each one is played out from there). */
const MAX_SAMPLES = 100_000;

/** Examples that name no game (a deal file names its own). */
const VERB_EXAMPLES: Record<string, [string, string][]> = {
  solve: [['$0 solve --deal deal.json --json > sol.json', 'a deal file names its game']],
};

/** Examples given by the games, each text once (the games of one kit give the same). */
function once(examples: ([string, string] | undefined)[]): [string, string][] {
  const seen = new Set<string>();
  return examples.filter(
    (e): e is [string, string] => e !== undefined && !seen.has(e[1]) && seen.add(e[1]) !== undefined,
  );
}

/** The examples of `patience <verb> --help`: the games' own for that verb (each subcommand's
 *  help has more), then those that name no game. */
const verbExamples = (verb: string): [string, string][] => [
  ...once(games.all.map((g) => g.verbs[verb]?.example)),
  ...(VERB_EXAMPLES[verb] ?? []),
];

/** The examples of a file command (show, verify, replay), from the games. */
const fileExamples = (command: 'show' | 'verify' | 'replay' | 'analyse'): [string, string][] =>
  once(games.all.map((g) => g.examples?.[command]));

/** The game of the top-level examples: the first with a solver. */
const exampleGame = (): string => (games.all.find((g) => g.verbs.solve) ?? games.all[0])?.name ?? 'GAME';

/** Adds examples to a command's help. */
const withExamples = (y: Argv, examples: [string, string][]): Argv =>
  examples.reduce((a, [cmd, what]) => a.example(cmd, what), y);

function verbCommand(y: Argv, verb: string): Argv {
  const have = games.all.filter((g) => g.verbs[verb]);
  if (have.length === 0) return y;
  const names = have.map((g) => g.name).join(', ');
  return y.command(
    `${verb} <game>`,
    `${VERB_TEXT[verb] ?? verb} (${names})`,
    (sub) => {
      for (const g of have) {
        const v = g.verbs[verb]!;
        sub.command(g.name, v.describe, (y: Argv) => v.builder(y).epilogue(rulesLine(g.name)), v.handler);
      }
      for (const [cmd, what] of verbExamples(verb)) sub.example(cmd, what);
      return sub;
    },
    // Reached only when no game subcommand matched.
    (a: Args) => {
      throw new InputError(`${verb}: unknown game ${quote(String(a.game))} (${verb} is available for: ${names})`);
    },
  );
}

function gameOfFile(file: string): { doc: unknown; game: GamePlugin } {
  const doc = readJsonFile(file);
  // Another program's deal file names no game: the game that reads its format takes it.
  const claimed = isObject(doc) && doc.game === undefined ? games.all.find((g) => g.claims?.(doc)) : undefined;
  if (claimed) return { doc, game: claimed };
  const name = gameOf(doc, file);
  const game = games.find(name);
  if (!game) throw new InputError(`${file}: unknown game ${quote(name)} (known: ${games.names()})`);
  return { doc, game };
}

/** The value of `--deal FILE` or `--deal=FILE` in raw arguments, if any. */
function dealArgument(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--deal' && i + 1 < args.length) return args[i + 1];
    if (args[i].startsWith('--deal=')) return args[i].slice('--deal='.length);
  }
  return undefined;
}

/** The options yargs is parsing with (of the command being run, inside one): public in yargs,
 *  missing from its types. */
const optionsOf = (y: Argv) =>
  (
    y as unknown as {
      getOptions(): { key: Record<string, unknown>; boolean: string[]; array: string[]; hiddenOptions?: string[] };
    }
  ).getOptions();

/** Whether `patience <verb> <game>` takes --deal FILE (its options, read from its builder). */
function takesDealFile(verb: string, game: string): boolean {
  const v = games.find(game)?.verbs[verb];
  return v !== undefined && 'deal' in optionsOf(v.builder(yargs([]))).key;
}

/** A game verb's second word is the game. Before yargs parses (its strict mode would complain
 *  about the game's options first), an unknown game is named as such, and a verb given
 *  `--deal FILE` without a game takes the game from the file's "game" field. */
export function resolveGameArgument(args: readonly string[]): string[] {
  const [verb, second] = args;
  if (verb === undefined || !Object.hasOwn(VERB_TEXT, verb)) return [...args];
  const names = games.all.filter((g) => g.verbs[verb]).map((g) => g.name);
  if (second === undefined || second.startsWith('-')) {
    const file = dealArgument(args);
    if (args.includes('--help') || args.includes('-h')) return [...args];
    if (file === undefined) {
      const byFile = names.some((n) => takesDealFile(verb, n));
      throw new InputError(
        `${verb}: name the game, as in "patience ${verb} ${names[0]}"; ${verb} is available for: ${names.join(', ')}${byFile ? ' (or give --deal FILE: a deal file names its game)' : ''}`,
      );
    }
    const { game } = gameOfFile(file);
    if (!game.verbs[verb])
      throw new InputError(`${file}: ${verb} is not available for ${game.name} (it is for: ${names.join(', ')})`);
    return [verb, game.name, ...args.slice(1)];
  }
  if (!names.includes(second)) {
    const known = games.find(second) !== undefined;
    throw new InputError(
      known
        ? `${verb} is not available for ${second} (it is for: ${names.join(', ')})`
        : `${quote(second)} is not a game here; the games are: ${games.names()}`,
    );
  }
  return [...args];
}

/** yargs' "Unknown argument(s): a, b" with the nearest flag of the command named for each
 *  mistyped flag: `y` is the instance yargs is parsing with, so its options are the command's. */
function withSuggestions(msg: string, y: Argv, argv: readonly string[]): string {
  const opts = optionsOf(y);
  const hidden = new Set(opts.hiddenOptions ?? []);
  const flags = Object.keys(opts.key).filter((k) => k.length > 1 && !hidden.has(k));
  if (
    /^Not enough non-option arguments/.test(msg) &&
    (argv[0] === 'summary' || argv[0] === 'report' || argv[0] === 'difficulty')
  ) {
    // A mistyped flag before the files takes the first file as its value.
    const typo = argv.find((a) => a.startsWith('--') && !flags.includes(a.slice(2).replace(/=.*$/, '')));
    const near = typo && nearest(typo.slice(2).replace(/=.*$/, ''), flags);
    return (
      `${argv[0]}: name at least one CSV file, as in "patience ${argv[0]} results.csv"` +
      (typo ? ` (${typo.replace(/=.*$/, '')} is not an option here${near ? `: did you mean --${near}?` : ''})` : '')
    );
  }
  const m = /^(Unknown arguments?): (.*)$/.exec(msg);
  if (!m) return msg;
  const names = m[2].split(', ');
  // yargs lists `--max-node` twice, as typed and camel-cased.
  const kebab = (n: string) => n.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  const parts = names
    .filter((n) => n === kebab(n) || !names.includes(kebab(n)))
    .map((name) => {
      // The flag as typed (`--no-wrapp` reaches here as "wrapp"); a stray word is no flag.
      const typed = argv.find(
        (a) =>
          a === `--${name}` ||
          a.startsWith(`--${name}=`) ||
          a === `--no-${name}` ||
          a.startsWith(`--no-${name}=`) ||
          a === `-${name}`,
      );
      if (typed === undefined) return name;
      const no = typed.startsWith('--no-') && !flags.includes(`no-${name}`);
      const near = nearest(name, no ? flags.filter((f) => opts.boolean.includes(f)) : flags);
      const shown = typed.replace(/=.*$/, '');
      return near === undefined ? shown : `${shown} (did you mean --${no ? 'no-' : ''}${near}?)`;
    });
  return `${parts.length === 1 ? 'Unknown argument' : 'Unknown arguments'}: ${parts.join(', ')}`;
}

/** The file command `command`'s handler is the game's: the game the file names, which must
 *  have one. */
function gameWith<C extends 'show' | 'verify' | 'analyse' | 'replay'>(
  file: string,
  command: C,
): { doc: unknown; game: GamePlugin; handle: NonNullable<GamePlugin[C]> } {
  const { doc, game } = gameOfFile(file);
  const handle = game[command];
  if (!handle) throw new InputError(`${file}: ${command} is not available for ${game.name}`);
  return { doc, game, handle };
}

/** The parser with what every command shares: help, version, strict options, and every
 *  failure to parse as one line (an InputError, with the nearest flag for a mistyped one). */
function parser(argv: string[]): Argv {
  const y: Argv = yargs(argv)
    .scriptName('patience')
    .usage('$0 <command> [options]')
    .strict()
    .recommendCommands()
    .demandCommand(1, 'name a command (see --help)')
    .help()
    .alias('h', 'help')
    // The version this package's package.json gives (yargs' own search starts from where it is
    // installed, or, bundled, from the working directory), and English, the language of every
    // message of the program's own (and the only one the bundled parser has: parser.ts).
    .version(packageVersion() ?? 'unknown')
    .locale('en')
    .wrap(helpAsked(argv) ? Math.min(100, process.stdout.columns || 100) : null)
    .fail((msg, err) => {
      // yargs re-throws a failing option parser (coerce) as its own YError with the same
      // message: that is bad input, not a fault.
      if (err && err.name === 'YError') throw new InputError(err.message.split('\n')[0]);
      if (err) throw err;
      throw new InputError(withSuggestions(msg.split('\n')[0], y, argv));
    })
    // yargs passes the command's own parser too (its types leave it out).
    .middleware(((a: Record<string, unknown>, command: Argv) =>
      checkSingleValues(a, optionsOf(command).array)) as unknown as (a: Record<string, unknown>) => void);
  // yargs renders a command's help as it runs the command, in case the handler shows it; no
  // handler here does, so unless help was asked for that is skipped, tens of ms of a one-off
  // solve (bench/startup.ts).
  if (!helpAsked(argv)) usageOf(y).cacheHelpMessage = () => {};
  return y;
}

const helpAsked = (argv: readonly string[]) => argv.includes('--help') || argv.includes('-h');

/** yargs's help renderer (public in yargs, missing from its types). */
const usageOf = (y: Argv) =>
  (y as unknown as { getInternalMethods(): { getUsageInstance(): { cacheHelpMessage(): void } } })
    .getInternalMethods()
    .getUsageInstance();

/** Other programs' deal numbers the games take (`show --pysolfc N`), each key once. */
const numberings = () => games.all.flatMap((game) => (game.numberings ?? []).map((n) => ({ game, ...n })));

/** show --<key> N: the game whose numbering it is renders that deal. */
function showNumbered(a: Args): boolean {
  const given = numberings().filter((n) => a[n.key] !== undefined);
  if (given.length === 0) return false;
  if (given.length > 1 || a.deal !== undefined)
    throw new InputError(`show: give one of --deal${given.map((n) => `, --${n.key}`).join('')}, not both`);
  const { game, key, document } = given[0];
  const text = String(a[key]);
  game.show!(document(text, a), `--${key} ${text}`, a);
  return true;
}

/** show, verify, analyse: commands on a deal, solution or record file, which names its game. */
function gameFileCommands(y: Argv): Argv {
  return y
    .command(
      'show',
      'Render a deal file',
      (s) =>
        withExamples(
          numberings()
            .filter((n, i, all) => all.findIndex((m) => m.key === n.key) === i)
            .reduce(
              (o, n) => o.option(n.key, { type: 'string', describe: `${n.describe} (${n.game.name})` }),
              s
                .option('deal', { type: 'string', describe: 'deal JSON file (required, or a game number below)' })
                .option('variant', {
                  type: 'string',
                  describe: 'with a game number: the rule variant to read it under',
                })
                .option('unicode', { type: 'boolean', default: false, describe: 'suits as ♠♥♦♣' }),
            ),
          fileExamples('show'),
        ),
      (a: Args) => {
        if (showNumbered(a)) return;
        if (a.deal === undefined) throw new InputError('show: name the deal: --deal FILE');
        if (a.variant !== undefined)
          throw new InputError('show: --variant goes with a game number; a deal file records its own');
        const file = a.deal as string;
        const { doc, handle } = gameWith(file, 'show');
        handle(doc, file, a);
      },
    )
    .command(
      'verify',
      "Replay a solution or game record; exit 1 if a solution is not won, or a record's result is not its replay's",
      (s) =>
        withExamples(
          s.option('solution', {
            type: 'string',
            demandOption: true,
            describe: 'solution JSON file (solve --json), or a game record (play --record)',
          }),
          fileExamples('verify'),
        ),
      (a: Args) => {
        const file = a.solution as string;
        const { doc, handle } = gameWith(file, 'verify');
        process.exitCode = handle(doc, file, a);
      },
    )
    .command(
      'analyse',
      'Analyse a game record: the verdict at every position, the losing move, the chance without peeking',
      (s) => withExamples(analyseOptions(s), fileExamples('analyse')),
      async (a: Args) => {
        const file = a.record as string;
        const { doc, handle } = gameWith(file, 'analyse');
        await handle(doc, file, a);
      },
    );
}

/** The options of analyse: the record, the output, and the solver's budget per position. */
const analyseOptions = (s: Argv): Argv =>
  solverOptions(
    s
      .option('record', {
        type: 'string',
        demandOption: true,
        describe: `game record (play --record, batch --records): ${games.all
          .filter((g) => g.analyse)
          .map((g) => g.name)
          .join(', ')}`,
      })
      .option('json', { type: 'boolean', default: false, describe: 'print the analysis as JSON' })
      .option('samples', {
        type: 'string',
        default: '32',
        describe: 'guesses of the face-down cards per position, for the chance (Besieged City)',
        coerce: (v: unknown) => parseCount(v, '--samples', 1, MAX_SAMPLES),
      })
      .option('seed', {
        type: 'string',
        default: '1',
        describe: 'seed of the guesses',
        coerce: (v: unknown) => parseSeed(v),
      }),
    { maxNodes: ANALYSE_MAX_NODES, timeout: 'none', memory: '256MiB' },
  );

/** summary, difficulty: commands on batch CSVs, each row naming its game. */
function csvCommands(y: Argv): Argv {
  return y
    .command(
      'summary <files..>',
      'Summarise batch CSV files (several shards merge into one summary)',
      (s) =>
        s
          .positional('files', {
            type: 'string',
            array: true,
            default: undefined,
            describe: 'CSV files written by batch or tournament',
          })
          .option('json', { type: 'boolean', default: false, describe: 'print JSON' })
          .example(`$0 summary results/${exampleGame()}.csv`, 'counts, % solvable with its 95% interval, times')
          .example('$0 summary shard-*.csv --json', 'shards merge into one summary, as JSON'),
      async (a: Args) => (await import('./cli/summary.js')).summaryCommand(games, a.files as string[], a),
    )
    .command(
      'difficulty <files..>',
      'Grade the deals of batch CSVs by how hard they are: one row per deal, its measures and a grade',
      (s) =>
        s
          .positional('files', { type: 'string', array: true, default: undefined, describe: 'batch CSV files' })
          .option('out', { type: 'string', demandOption: true, describe: 'the graded CSV to write' })
          .option('force', { type: 'boolean', default: false, describe: 'overwrite an existing file' })
          .example('$0 difficulty plays.csv --out graded.csv', 'one row per deal: its measures and a grade')
          .epilog(
            `The rows carry a game's measure when made by: ${games.all
              .flatMap((g) => (g.summary?.graded ? [g.summary.graded.made] : []))
              .join('; ')}.`,
          ),
      async (a: Args) => (await import('./cli/difficulty.js')).difficultyCommand(games, a.files as string[], a),
    );
}

/** replay: the HTML page that plays a solution or a game record, with its analysis if given. */
function replayCommand(y: Argv): Argv {
  return y.command(
    'replay',
    'Write a self-contained HTML page that plays a solution or game record on a board',
    (s) =>
      withExamples(
        s
          .option('solution', {
            type: 'string',
            describe: `solution JSON or game record (${games.all
              .filter((g) => g.replay)
              .map((g) => g.name)
              .join(', ')})`,
          })
          .option('record', { type: 'string', describe: 'a game record (the same as --solution FILE)' })
          .option('analysis', {
            type: 'string',
            describe: "the record's analysis (analyse --json): the chance and the verdicts drawn over the moves",
          })
          .option('out', { type: 'string', default: 'replay.html', describe: 'the HTML file to write' }),
        fileExamples('replay'),
      ),
    async (a: Args) => {
      if (a.solution !== undefined && a.record !== undefined)
        throw new InputError('replay: give --solution FILE or --record FILE, not both');
      const file = (a.record ?? a.solution) as string | undefined;
      if (file === undefined) throw new InputError('replay: name the file: --solution FILE or --record FILE');
      const { doc, game, handle } = gameWith(file, 'replay');
      const { checkHtmlOut, writeHtml } = await import('./report/html.js');
      checkHtmlOut(String(a.out));
      const replay = handle(doc, file);
      const { analysisOf, replayPage } = await import('./report/replay-page.js');
      if (a.analysis !== undefined) {
        const an = String(a.analysis);
        replay.analysis = analysisOf(readJsonFile(an), an, game.name, replay);
      }
      writeHtml(String(a.out), replayPage(replay));
      console.log(`replay: ${String(a.out)}`);
    },
  );
}

/** report, web: the study page of batch and tournament CSVs, and the site that plays the games. */
function pageCommands(y: Argv): Argv {
  return y
    .command(
      'report <files..>',
      'Write one self-contained HTML page of tables and charts from batch and tournament CSVs',
      (s) =>
        s
          .positional('files', {
            type: 'string',
            array: true,
            default: undefined,
            describe: 'CSV files written by batch or tournament',
          })
          .option('out', { type: 'string', default: 'report.html', describe: 'the HTML file to write' })
          .example(`$0 report results/${exampleGame()}.csv --out report.html`, 'charts of a batch')
          .example('$0 report shard-*.csv t.csv --out study.html', 'shards merge; games get a section each'),
      async (a: Args) => (await import('./report/report.js')).reportCommand(games, a.files as string[], String(a.out)),
    )
    .command(
      'web',
      'Write the static site that plays the games in a browser (DIR/index.html; nothing fetched from elsewhere)',
      (s) =>
        s
          .option('out', { type: 'string', demandOption: true, describe: 'the directory to write into' })
          .example('$0 web --out site', 'then open site/index.html'),
      async (a: Args) => console.log(`web: ${await (await import('./web/command.js')).webCommand(String(a.out))}`),
    );
}

/** The program's commands: the game verbs (patience <verb> <game>), then the commands on files,
 *  in the order --help lists them. */
export function buildCli(argv: string[]): Argv {
  let y = parser(argv);
  for (const verb of Object.keys(VERB_TEXT)) y = verbCommand(y, verb);
  for (const c of games.all.flatMap((g) => g.commands ?? []))
    y = y.command(
      c.command,
      c.describe,
      (s: Argv) => withExamples(c.builder(s), c.example ? [c.example] : []),
      c.handler,
    );
  return pageCommands(replayCommand(csvCommands(gameFileCommands(y))))
    .example(`$0 deal ${exampleGame()} --seed 42`, 'print the layout of deal 42')
    .example(`$0 solve ${exampleGame()} --seed 42 --json > sol.json`, 'solve it and save the solution')
    .example('$0 verify --solution sol.json', 'replay a solution in the rules engine')
    .example(`$0 batch ${exampleGame()} --seeds 1..1000 --out results.csv`, 'batch-solve 1000 deals');
}

export async function main(argv: string[]): Promise<number> {
  process.exitCode = 0;
  const restoreConsole = safeConsole();
  try {
    const version = versionOnly(argv);
    if (version !== undefined) {
      console.log(version);
      return 0;
    }
    await load(argv);
    await buildCli(resolveGameArgument(argv)).parseAsync();
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (e) {
    if (e instanceof UserError) {
      process.stderr.write(`patience: ${oneLine(e.message)}\n`);
      return 2;
    }
    const err = e as Error;
    process.stderr.write(`patience: internal error: ${oneLine(String(err?.message ?? e))}\n`);
    if (process.env.PATIENCE_DEBUG) process.stderr.write(`${err?.stack}\n`);
    return 1;
  } finally {
    restoreConsole();
  }
}

// Run when executed directly (node dist/src/cli.js, tsx src/cli.ts, or the `patience` bin link).
const self = fileURLToPath(import.meta.url);
const invoked = process.argv[1]
  ? (() => {
      try {
        return realpathSync(process.argv[1]);
      } catch {
        return process.argv[1];
      }
    })()
  : '';
if (invoked === self || invoked.replace(/\.ts$/, '.js') === self.replace(/\.ts$/, '.js')) {
  // `patience solve … | head`, `> /dev/full`: a reader that stops early or a full disk is one
  // line at most, never a stack.
  guardStdio();
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
} else {
  // Imported (the tests, in-process runs): every game and the parser, so that buildCli() and
  // resolveGameArgument() may be called at once.
  await load();
}
