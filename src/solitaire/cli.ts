import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { readCsvRows } from '../batch/csv.js';
import type { Argv } from 'yargs';
import type { Row } from '../batch/job.js';
import { SOLVE_SCHEMA } from './solve-row.js';
import { dedupe, formatSummary, summarize } from './solvability.js';
import { byDeal, type DifficultyMeasure, gradedRows } from './difficulty.js';
import { variantOfSettings } from '../batch/settings.js';
import type { Args, GamePlugin, VerbCommand } from '../cli/plugin.js';
import type { GameSummary } from '../report/section.js';
import {
  dealName,
  type DealNumbering,
  numberedSeed,
  variantNote,
  openSeat,
  replaySolution,
  verifySolution,
  type SeatAnswer,
  type Solitaire,
  type SolitairePosition,
} from './kit.js';
import { InputError } from '../io/errors.js';
import { checkOutputDirectory, checkOutputFile, makeDirectory, writeFileAtomic } from '../io/files.js';
import { isRecordDocument, recordOfLine, replayOfRecord, verifyRecord } from './record.js';
import { formatJson } from '../io/json.js';
import { readJsonFile } from '../io/json-file.js';
import { batchOptions, itemsOf, reportBatchEnd, runBatchCommand } from '../cli/batch.js';
import { parseShard, shardOf } from '../cli/units.js';
import { chooseDeal, dealFileOption, seedOption } from '../cli/options.js';
import { describeSettings, outcomeLine, solverOptions, solverSettings, statsLine } from '../cli/solve.js';
import { solveDeal } from '../lib/solve.js';
import { keyedSeed } from '../strategies/deal-key.js';

// The commands every one-player game with a solver has — deal, play, solve, batch, and show /
// verify / summary of its files — written once over the game's Solitaire kit.

type Kit<D extends { seed?: string }, P extends SolitairePosition> = Solitaire<D, P>;

export const unicodeOption = (y: Argv) =>
  y.option('unicode', { type: 'boolean', default: false, describe: 'suits as ♠♥♦♣' });

/** --<key> of each numbering the game offers (another program's deal numbers). */
const numberingOptions =
  <D extends { seed?: string }, P extends SolitairePosition>(kit: Kit<D, P>, what: 'one' | 'list') =>
  (y: Argv): Argv =>
    (kit.numberings ?? []).reduce(
      (a, n) =>
        a.option(n.key, {
          type: 'string',
          describe:
            what === 'one' ? n.describe : `${n.title} numbers instead of --seeds: 1..32000, or a list 5,9,100..200`,
        }),
      y,
    );

/** The numbering whose option was given (--pysolfc N), with its text; at most one deal source. */
function numberGiven<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Kit<D, P>,
  argv: Args,
): { numbering: DealNumbering; text: string } | undefined {
  const given = (kit.numberings ?? []).filter((n) => argv[n.key] !== undefined);
  const others = [...(argv.seed !== undefined ? ['--seed'] : []), ...(argv.deal !== undefined ? ['--deal'] : [])];
  const named = [...others, ...given.map((n) => `--${n.key}`)];
  if (given.length > 0 && named.length > 1) throw new InputError(`give one of ${named.join(', ')}, not both`);
  return given[0] && { numbering: given[0], text: String(argv[given[0].key]) };
}

/** The deal a command works on: --seed, --deal or a numbering's --<key>, under --variant when the
 *  game has variants (a deal file records its own variant, and a different --variant beside it
 *  is an error; a numbered deal is read under its numbering's variant unless --variant says
 *  otherwise). */
export function dealOfKit<D extends { seed?: string }, P extends SolitairePosition>(kit: Kit<D, P>, argv: Args): D {
  const given = numberGiven(kit, argv);
  const v = kit.variants;
  if (given) {
    const deal = kit.dealFromSeed(
      numberedSeed(given.numbering, given.numbering.parse(given.text, `--${given.numbering.key}`)),
    );
    const text = argv.variant === undefined ? given.numbering.variant?.text : String(argv.variant);
    return v && text !== undefined ? v.apply(deal, text, '--variant') : deal;
  }
  const deal = chooseDeal(argv, kit.dealFromSeed, kit.dealFromJson);
  if (!v || argv.variant === undefined) return deal;
  const varied = v.apply(deal, String(argv.variant), '--variant');
  const had = v.describe(deal);
  if (had !== 'default' && had !== v.describe(varied))
    throw new InputError(
      `--variant: the deal file ${String(argv.deal)} records variant ${had}; give no --variant, or the same`,
    );
  return varied;
}

/** --variant, for a game that has rule variants. */
const variantOption =
  <D extends { seed?: string }, P extends SolitairePosition>(kit: Kit<D, P>) =>
  (y: Argv): Argv =>
    kit.variants ? y.option('variant', { type: 'string', describe: kit.variants.help }) : y;

/** The commands of `play` (everything else typed is a move, or an unknown word). */

/** A person plays in the terminal through the game's seat (which names no face-down card): a
 *  move, a number from "moves", or a command. */
export async function playCommand<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Kit<D, P>,
  argv: Args,
): Promise<void> {
  // The terminal's prompt and the advice commands are loaded when a person plays.
  const [{ MoveMenu, readTyped, runRepl, unknownCommand }, { ADVICE_COMMANDS, adviceAnswer }] = await Promise.all([
    import('../cli/repl.js'),
    import('./play-advice.js'),
  ]);
  const PLAY_COMMANDS = ['moves', 'show', 'undo', ...ADVICE_COMMANDS, 'help', 'quit'];
  const deal = dealOfKit(kit, argv);
  const pos = kit.position(deal);
  const seat = kit.hidden ? kit.hidden.seat(pos) : openSeat(kit, pos);
  const menu = new MoveMenu<string>();
  const record = typeof argv.record === 'string' ? argv.record : null;
  if (record !== null) checkOutputFile(record, '--record');
  // The record is rewritten after every move, so a session that is killed still leaves one.
  const writeRecord = () => {
    if (record === null) return;
    const line = seat.line().map((m) => kit.formatMove(m));
    writeFileAtomic(
      record,
      `${formatJson(recordOfLine(kit, deal, line, { player: 'person', stopped: 'quit' }))}\n`,
      '--record',
    );
  };
  const show = () => {
    console.log(kit.render(pos, { unicode: argv.unicode === true }));
    for (const line of seat.status()) console.log(line);
    if (pos.won()) console.log(`Won: all ${kit.cards} cards are on the foundations.`);
    else if (seat.options().length === 0) console.log('Lost: no legal move is left. Type undo or quit.');
  };
  const answer = (a: SeatAnswer) => {
    if (!a.ok) return console.log(a.reason);
    menu.forget();
    writeRecord();
    for (const line of a.said) console.log(line);
    show();
  };
  console.log(
    `${kit.title}, ${dealName(kit, deal, String(argv.deal ?? '(file)'))}${variantNote(kit, deal)}. Type a move ${seat.howToMove}, a number from "moves", or a command: ${PLAY_COMMANDS.join(', ')}.`,
  );
  show();
  await runRepl('> ', (line) => {
    const advice = adviceAnswer(kit, deal, pos, seat, line);
    if (advice) return (advice.forEach((l) => console.log(l)), true);
    const t = readTyped(line, PLAY_COMMANDS, seat.moveWords);
    switch (t.kind) {
      case 'empty':
        return true;
      case 'unknown':
        return (console.log(unknownCommand(t.word, PLAY_COMMANDS, seat.howToMove)), true);
      case 'number': {
        const text = menu.pick(t.n);
        if (text !== undefined) answer(seat.play(text));
        return true;
      }
      case 'move':
        return (answer(seat.play(t.text)), true);
    }
    switch (t.name) {
      case 'quit':
        return false;
      case 'help':
        console.log(`a move ${seat.howToMove} | <number from moves> | ${PLAY_COMMANDS.join(' | ')}`);
        break;
      case 'show':
        show();
        break;
      case 'moves':
        menu.print(seat.options(), (m) => m);
        break;
      case 'undo':
        answer(seat.undo());
        break;
    }
    return true;
  });
  if (record !== null) {
    writeRecord();
    console.log(`record written to ${record}`);
  }
}

export function solveCommand<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Kit<D, P>,
  argv: Args,
): void {
  const deal = dealOfKit(kit, argv);
  // A solve can take its whole --timeout: it is never of a deal the user did not name.
  if (argv.seed === undefined && argv.deal === undefined && !numberGiven(kit, argv))
    throw new InputError(
      `solve ${kit.name}: name the deal: --seed N (a deal number, or a name like hello) or --deal FILE${(kit.numberings ?? []).map((n) => ` or --${n.key} N`).join('')}`,
    );
  const settings = solverSettings(argv);
  const { answer: r, document } = solveDeal(kit, deal, settings);
  if (argv.json) {
    console.log(formatJson(document));
    return;
  }
  console.log(
    `${kit.title}, ${dealName(kit, deal, String(argv.deal ?? '(file)'))}${variantNote(kit, deal)}; solver ${describeSettings(settings)}`,
  );
  console.log(`outcome: ${outcomeLine(r)}`);
  if (r.outcome === 'solved') {
    const pos = kit.position(deal);
    r.line.forEach((m, i) => {
      console.log(`${String(i + 1).padStart(4)}. ${m}`);
      if (argv.show) {
        const p = kit.parseMove(pos, m);
        if (!p.ok) throw new Error(`solution move ${i + 1} does not replay: ${p.reason}`);
        pos.make(p.move);
        console.log(kit.render(pos, { unicode: argv.unicode === true, revealStock: true }).replace(/^/gm, '      '));
      }
    });
  }
  console.log(statsLine(r));
}

/** Batch-solves seeds with the game's job (the URL of its module); `more.config` adds to the job config (e.g.
 *  strategies), `more.settings` to the settings column (words of src/batch/settings.ts: what a
 *  rerun needs, e.g. the strategies as given, paths included), `more.expand` turns the deals
 *  into the job's items (e.g. several plays of each). */
export async function solveBatchCommand<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Kit<D, P>,
  job: URL,
  argv: Args,
  more: { config?: Record<string, unknown>; settings?: string[]; expand?: (items: string[]) => string[] } = {},
): Promise<void> {
  const settings = solverSettings(argv);
  const solutions = typeof argv.solutions === 'string' ? argv.solutions : null;
  // --deal FILE…: the items are deal files, each read and checked here first, so a bad file is
  // a one-line error before any work starts.
  const files = argv.deal === undefined ? null : (argv.deal as unknown[]).map(String);
  const numbered = batchNumbers(kit, argv, files !== null);
  const variant = batchVariant(kit, argv, numbered?.numbering);
  // A keyed run (strategy files) plays the deal of the keyed seed: its solutions are of that deal.
  const key = typeof more.config?.dealKey === 'string' ? more.config.dealKey : null;
  const dealOfItem = (item: string): D =>
    files ? kit.dealFromJson(readJsonFile(item), item) : kit.dealFromSeed(keyedSeed(item, key));
  const dealOf = (item: string): D =>
    variant === 'default' ? dealOfItem(item) : kit.variants!.apply(dealOfItem(item), variant, 'variant');
  if (files) checkDealFiles(files, dealOf);
  checkResumeVariant(argv, variant);
  if (solutions !== null) checkOutputDirectory(solutions, '--solutions');
  const records = typeof argv.records === 'string' ? argv.records : null;
  if (records !== null) checkOutputDirectory(records, '--records');
  const solutionName = files ? solutionNames(files) : (item: string) => `${item}.json`;
  // The settings column records everything that shaped a row: solver limits, the variant, any extras.
  const extraText = [...(more.settings ?? [])];
  if (variant !== 'default') extraText.unshift(`variant=${variant}`);
  const r = await runBatchCommand({
    argv,
    job,
    ...(files || numbered || more.expand
      ? {
          items: (more.expand ?? ((x: string[]) => x))(
            files || numbered
              ? argv.shard === undefined
                ? (files ?? numbered!.items)
                : shardOf(files ?? numbered!.items, parseShard(argv.shard))
              : itemsOf(argv),
          ),
        }
      : {}),
    config: {
      ...settings,
      settings: [describeSettings(settings), ...extraText].join(' '),
      ...more.config,
      ...(files ? { dealFiles: true } : {}),
      ...(variant !== 'default' ? { rules: variant } : {}),
      ...(records !== null ? { records: true } : {}),
    },
    note: solvedSoFar,
    onRow: sideOutputs(kit, { records, solutions, solutionName, dealOf }),
  });
  console.log(formatSummary(summarize(r.csvRows, kit.title)));
  reportBatchEnd(r);
}

/** A batch of a numbering's deals (--pysolfc 1..32000): the items, named as its seeds. */
function batchNumbers<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Kit<D, P>,
  argv: Args,
  files: boolean,
): { numbering: DealNumbering; items: string[] } | undefined {
  const given = (kit.numberings ?? []).filter((n) => argv[n.key] !== undefined);
  if (given.length === 0) return undefined;
  const named = [...(files ? ['--deal'] : []), ...given.map((n) => `--${n.key}`)];
  if (named.length > 1) throw new InputError(`give one of ${named.join(', ')}, not both`);
  const n = given[0];
  return { numbering: n, items: n.parseList(String(argv[n.key]), `--${n.key}`).map((x) => numberedSeed(n, x)) };
}

/** The rule variant of a batch (--variant, else the numbering's): checked once here, passed to
 *  the job as text (`rules`), recorded in the settings column unless default. */
function batchVariant<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Kit<D, P>,
  argv: Args,
  numbering?: DealNumbering,
): string {
  const text = argv.variant !== undefined ? String(argv.variant) : numbering?.variant?.text;
  return kit.variants && text !== undefined
    ? kit.variants.describe(kit.variants.apply(kit.dealFromSeed('1'), text, '--variant'))
    : 'default';
}

/** --deal FILE…: at least one, none twice, and each one a deal (read here, before any work). */
function checkDealFiles(files: readonly string[], dealOf: (file: string) => unknown): void {
  if (files.length === 0) throw new InputError('--deal: name at least one deal file');
  const paths = files.map((f) => resolve(f));
  const twice = files.find((_f, i) => paths.indexOf(paths[i]) !== i);
  if (twice !== undefined) throw new InputError(`--deal: ${twice} is listed twice`);
  files.forEach(dealOf);
}

/** The progress note of a solving batch. */
const solvedSoFar = (rows: Row[]): string => {
  const solved = rows.filter((x) => x.outcome === 'solved').length;
  return rows.length ? `solved ${((100 * solved) / rows.length).toFixed(1)}% so far` : '';
};

/** What a finished row leaves beside the CSV: its players' game records under --records, one
 *  file per deal and player (DIR/<seed>-<player>.json), and its solution under --solutions. */
function sideOutputs<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Kit<D, P>,
  to: {
    records: string | null;
    solutions: string | null;
    solutionName: (item: string) => string;
    dealOf: (item: string) => D;
  },
): (row: Row) => void {
  const { records, solutions, solutionName, dealOf } = to;
  return (row) => {
    if (records && typeof row._records === 'string') {
      const base = solutionName(String(row.seed)).replace(/\.json$/, '');
      for (const [player, doc] of Object.entries(JSON.parse(row._records) as Record<string, unknown>)) {
        const file = join(records, `${base}-${player.replace(/[^A-Za-z0-9_.#+-]/g, '-')}.json`);
        makeDirectory(dirname(file), '--records');
        writeFileAtomic(file, `${formatJson(doc)}\n`, '--records');
      }
    }
    if (solutions && typeof row._line === 'string') {
      const item = String(row.seed);
      const deal = dealOf(item);
      const file = join(solutions, solutionName(item));
      makeDirectory(dirname(file), '--solutions');
      writeFileAtomic(
        file,
        `${formatJson({ game: kit.name, deal: kit.dealToJson(deal), moves: row._line.split('\n') })}\n`,
        '--solutions',
      );
    }
  };
}

/** Where --solutions puts the solution of each deal file: its path below the deepest folder
 *  that holds all the files (so d1/x.json and d2/x.json give d1/x.json and d2/x.json, not one
 *  x.json twice; files of one folder keep their plain names). Taken over every file given, not
 *  a shard's, so that every shard and resume names a file alike. */
export function solutionNames(files: readonly string[]): (item: string) => string {
  const dirs = files.map((f) => dirname(resolve(f)).split(sep));
  let common = dirs[0];
  for (const d of dirs) {
    let k = 0;
    while (k < common.length && k < d.length && common[k] === d[k]) k++;
    common = common.slice(0, k);
  }
  const root = common.join(sep) || sep;
  return (item) => `${relative(root, resolve(item)).replace(/\.json$/i, '')}.json`;
}

/** --resume appends to a CSV: its rows must have been run under the same variant. */
function checkResumeVariant(argv: Args, variant: string): void {
  const out = String(argv.out);
  if (!argv.resume || !existsSync(out)) return;
  const other = readCsvRows(out).rows.find((r) => variantOfSettings(r.settings) !== variant);
  if (other)
    throw new InputError(
      `${out}: seed ${other.seed} was run under variant ${variantOfSettings(other.settings)}, this run is ${variant}: resume with the same --variant, or write another file`,
    );
}

/** The standard CLI of a one-player game with a solver; `opts` gives its default limits, the
 *  seeds of its batch and its job's module. */
export function solitaireCli<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Kit<D, P>,
  opts: SolitaireCliOptions,
): GamePlugin & { verbs: Record<'deal' | 'play' | 'solve' | 'batch', VerbCommand> } {
  return {
    name: kit.name,
    describe: opts.describe,
    examples: fileExamplesOf(kit),
    verbs: { deal: dealVerb(kit), play: playVerb(kit), solve: solveVerb(kit, opts), batch: batchVerb(kit, opts) },
    summary: summaryOf(kit),
    ...(kit.formats ? { claims: (doc: unknown) => kit.formats!.some((f) => f.claims(doc)) } : {}),
    ...(kit.numberings
      ? {
          numberings: kit.numberings.map((x) => ({
            key: x.key,
            describe: x.describe,
            document: (text: string, argv: Args) => kit.dealToJson(dealOfKit(kit, { ...argv, [x.key]: text } as Args)),
          })),
        }
      : {}),
    show: (doc, file, argv) => {
      const deal = kit.dealFromJson(doc, file);
      console.log(`${kit.title}, ${dealName(kit, deal, file)}${variantNote(kit, deal)}`);
      console.log(kit.render(kit.position(deal), { unicode: argv.unicode === true, revealStock: true }));
    },
    analyse: async (doc, file, argv) => {
      if (!isRecordDocument(doc))
        throw new InputError(
          `${file}: not a game record (it has no "format" field); analyse reads the records that play --record and batch --records write`,
        );
      // The analyser (and the solver's advice under it) is loaded when it runs.
      const { analyseCommand } = await import('./analyse-cli.js');
      analyseCommand(kit, doc, file, argv);
    },
    verify: (doc, file) => {
      const v = isRecordDocument(doc) ? verifyRecord(kit, doc, file) : verifySolution(kit, doc, file);
      console.log(v.text);
      return v.valid ? 0 : 1;
    },
    ...(kit.board
      ? {
          replay: (doc: unknown, file: string) =>
            isRecordDocument(doc) ? replayOfRecord(kit, doc, file) : replaySolution(kit, doc, file),
        }
      : {}),
  };
}

interface SolitaireCliOptions {
  describe: string;
  solveTimeout: string;
  batchTimeout: string;
  batchSeeds: string;
  /** The URL of the game's batch job module (src/batch/jobs.ts). */
  job: URL;
}

/** The examples of show, verify, analyse and replay (where the kit draws a board). */
function fileExamplesOf<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Kit<D, P>,
): GamePlugin['examples'] {
  const n = kit.name;
  return {
    show: [
      `$0 deal ${n} --seed 42 --json > deal.json && $0 show --deal deal.json`,
      'a deal file, with its stock in order',
    ],
    verify: [
      `$0 solve ${n} --seed 42 --json > sol.json && $0 verify --solution sol.json`,
      '"valid: won in N moves", or the first illegal move',
    ],
    analyse: [
      `$0 play ${n} --seed 42 --record game.json && $0 analyse --record game.json`,
      'the verdict at every position, and the losing move',
    ],
    ...(kit.board
      ? {
          replay: [
            `$0 solve ${n} --seed 42 --json > sol.json && $0 replay --solution sol.json --out replay.html`,
            'watch a solution',
          ] as [string, string],
        }
      : {}),
  };
}

/** deal: the layout of a deal, or its JSON. */
function dealVerb<D extends { seed?: string }, P extends SolitairePosition>(kit: Kit<D, P>): VerbCommand {
  const n = kit.name;
  return {
    describe: 'Print the layout for a seed, or the deal JSON',
    example: [`$0 deal ${n} --seed 42`, 'the layout of deal 42'],
    builder: (y) =>
      numberingOptions(
        kit,
        'one',
      )(variantOption(kit)(unicodeOption(seedOption(y))))
        .option('json', {
          type: 'boolean',
          default: false,
          describe: 'print the deal JSON (the same as --format json)',
        })
        .option('format', {
          type: 'string',
          choices: ['text', 'json', ...(kit.formats ?? []).map((f) => f.name)],
          describe: `what to print: text (the layout), json (a deal file)${(kit.formats ?? []).map((f) => `, ${f.name}: ${f.describe}`).join('')}`,
        })
        .example(`$0 deal ${n} --seed 42`, 'the layout of deal 42')
        .example(`$0 deal ${n} --seed 42 --json > deal.json`, 'save it as a deal file')
        .example(
          (kit.formats ?? []).map((f) => [
            `$0 deal ${n} --seed 42 --format ${f.name} > deal.json`,
            `as a ${f.name} deal file`,
          ]),
        )
        .example((kit.numberings ?? []).map((x) => [`$0 deal ${n} --${x.key} 12345`, `the deal of ${x.title} #12345`])),
    handler: (argv) => {
      const deal = dealOfKit(kit, argv);
      const format = argv.format === undefined ? (argv.json ? 'json' : 'text') : String(argv.format);
      if (argv.json && format !== 'json') throw new InputError(`give --json or --format ${format}, not both`);
      const other = kit.formats?.find((f) => f.name === format);
      if (other) console.log(formatJson(other.write(deal)));
      else if (format === 'json') console.log(formatJson(kit.dealToJson(deal)));
      else {
        console.log(`${kit.title}, ${dealName(kit, deal)}${variantNote(kit, deal)}`);
        console.log(kit.render(kit.position(deal), { unicode: argv.unicode === true }));
      }
    },
  };
}

/** play: a person plays a deal in the terminal. */
function playVerb<D extends { seed?: string }, P extends SolitairePosition>(kit: Kit<D, P>): VerbCommand {
  const n = kit.name;
  return {
    describe: 'Play a deal in the terminal',
    example: [`$0 play ${n} --seed 42`, 'play deal 42 yourself'],
    builder: (y) =>
      numberingOptions(
        kit,
        'one',
      )(variantOption(kit)(unicodeOption(dealFileOption(seedOption(y)))))
        .option('record', {
          type: 'string',
          describe: 'write the game record here (after every move; verify and analyse read it)',
        })
        .example(`$0 play ${n} --seed 42`, 'play deal 42: type moves, "moves", "undo", "help", "quit"')
        .example(`$0 play ${n} --seed 42 --record game.json`, 'keep the game as a record'),
    handler: (argv) => playCommand(kit, argv),
  };
}

/** solve: one deal, within --timeout (the game's default: opts.solveTimeout). */
function solveVerb<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Kit<D, P>,
  opts: SolitaireCliOptions,
): VerbCommand {
  const n = kit.name;
  return {
    describe: 'Solve a deal: solved (with the solution), unsolvable, or unknown (a limit was hit)',
    example: [`$0 solve ${n} --seed 42`, 'solve deal 42'],
    builder: (y) =>
      numberingOptions(
        kit,
        'one',
      )(
        variantOption(kit)(
          unicodeOption(
            solverOptions(dealFileOption(seedOption(y, 'required, or --deal')), { timeout: opts.solveTimeout }),
          ),
        ),
      )
        .option('json', {
          type: 'boolean',
          default: false,
          describe: 'print one JSON object (verify accepts it when solved)',
        })
        .option('show', {
          type: 'boolean',
          default: false,
          describe: 'print the position after every move of the solution',
        })
        .example(`$0 solve ${n} --seed 42`, `solve deal 42 (${opts.solveTimeout} at most)`)
        .example(`$0 solve ${n} --deal deal.json --json > sol.json`, 'solve a deal file, save the solution')
        .example(`$0 solve ${n} --seed 7 --timeout 5s --memory 512MiB`, 'with limits'),
    handler: (argv) => solveCommand(kit, argv),
  };
}

/** batch: many deals solved in parallel, one CSV row each (the game's job). */
function batchVerb<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Kit<D, P>,
  opts: SolitaireCliOptions,
): VerbCommand {
  const n = kit.name;
  return {
    describe: 'Solve many seeded deals in parallel; one CSV row per deal, then a summary',
    example: [`$0 batch ${n} --seeds 1..1000 --out results.csv`, 'batch-solve 1000 deals'],
    builder: (y) =>
      numberingOptions(
        kit,
        'list',
      )(
        variantOption(kit)(
          solverOptions(
            batchOptions(y, {
              seeds: opts.batchSeeds,
              seedsWhy: `a deal may take the whole --timeout (${opts.batchTimeout})`,
              out: `results/${n}.csv`,
            }),
            { timeout: opts.batchTimeout },
          ),
        ),
      )
        .option('solutions', {
          type: 'string',
          describe:
            'also write each solution as DIR/<seed>.json (deal files: their paths below the folder that holds them all)',
        })
        .option('deal', {
          type: 'string',
          array: true,
          describe: 'solve these deal files instead of --seeds (the seed column holds the path)',
        })
        .example(
          `$0 batch ${n} --seeds 1..1000 --timeout ${opts.batchTimeout}`,
          `1000 deals, ${opts.batchTimeout} each`,
        )
        .example(
          `$0 batch ${n} --seeds 1..100000 --shard 3/8 --out shard3.csv`,
          "this machine's eighth of a large study",
        )
        .example(`$0 batch ${n} --seeds 1..1000 --resume`, 'continue an interrupted run')
        .example(
          `$0 batch --deal deals/*.json --out mine.csv`,
          'solve your own deal files (the game is read from them)',
        ),
    handler: (argv) => solveBatchCommand(kit, opts.job, argv),
  };
}

/** How summary, difficulty and report read the game's batch rows. */
function summaryOf<D extends { seed?: string }, P extends SolitairePosition>(kit: Kit<D, P>): GameSummary {
  return {
    schema: kit.difficulty
      ? {
          ...SOLVE_SCHEMA,
          columns: [...SOLVE_SCHEMA.columns, ...kit.difficulty.columns.map((c) => ({ ...c, optional: true }))],
        }
      : SOLVE_SCHEMA,
    compute: (rows) => summarize(rows, kit.title, kit.difficulty),
    ...(kit.difficulty ? { graded: { made: kit.difficulty.made, list: gradedOf(kit.name, kit.difficulty) } } : {}),
    format: formatSummary,
    section: async () => (await import('./report.js')).solitaireSection,
    compare: async () => (await import('./report.js')).variantComparison,
  };
}

/** The graded list of a game's rows (`patience difficulty`): one row per deal and variant. */
const gradedOf =
  (game: string, m: DifficultyMeasure) =>
  (rows: Record<string, string>[]): { columns: string[]; rows: Record<string, string | number>[] } =>
    gradedRows(
      game,
      m,
      byDeal(dedupe(rows).rows, (r) => `${variantOfSettings(r.settings)} ${r.seed}`),
    );
