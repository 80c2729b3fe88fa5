import { join } from 'node:path';
import type { Argv } from 'yargs';
import type { Row } from '../../batch/job.js';
import { batchDealKey, reportBatchEnd, runBatchCommand } from '../../cli/batch.js';
import { formatCard } from '../../cards/card.js';
import { MoveMenu, readTyped, runRepl, unknownCommand } from '../../cli/repl.js';
import {
  chooseDeal,
  dealFileOption,
  dealKeyOption,
  decisionTimeoutMs,
  seedOption,
  strategyFileOptions,
} from '../../cli/options.js';
import { strategyMemoryMiB } from '../../cli/strategy-memory.js';
import { parseCount, parseSeeds } from '../../cli/units.js';
import { InputError, quote } from '../../io/errors.js';
import { checkOutputDirectory, checkOutputFile, writeFileAtomic } from '../../io/files.js';
import { formatJson } from '../../io/json.js';
import type { Args, GamePlugin } from '../../cli/plugin.js';
import { type PilDeal, dealFromJson, dealFromSeed, dealToJson, GAME } from './deal.js';
import { DEFAULT_MAX_TURNS } from './match.js';
import { itemsFor, JOB_SCHEMA, playerNames, type PilJobConfig } from './job.js';
import { settingWord } from '../../batch/settings.js';
import { formatMove, parseMove } from './notation.js';
import { END, MAX_MOVES, PASS, PilPosition, type WinRule } from './position.js';
import { renderPosition, SEAT } from './render.js';
import { REPETITION_LIMIT, RepetitionTable } from './repetition.js';
import { analysePilstymas } from './analyse.js';
import { recordFromJson, recordToJson, replayRecord, verifyRecord } from './replay.js';
import { LEAGUE_NAMES, STRATEGY_NAMES, type Strategy, strategyFor } from './strategies/index.js';
import { fileStrategies } from './strategies/file.js';
import {
  checkOutsideStrategyFolders,
  filesToConfig,
  Forfeit,
  loadStrategyValues,
  strategiesAsGiven,
} from '../../strategies/module.js';
import { countedRows, formatSummary, summarize } from './summary.js';
import { viewOf } from './view.js';

const unicodeOption = (y: Argv) => y.option('unicode', { type: 'boolean', default: false, describe: 'suits as ♠♥♦♣' });
const ruleOptions = (y: Argv) =>
  strategyFileOptions(y)
    .option('win', {
      type: 'string',
      default: 'cleared',
      describe:
        'win rule: cleared (hand, waste, stock and own tableau empty) or russian-bank (hand, waste and stock empty)',
    })
    .option('max-turns', {
      type: 'string',
      default: String(DEFAULT_MAX_TURNS),
      describe: 'a game with no winner after this many turns is a draw',
    });

const dealOf = (argv: Args): PilDeal => chooseDeal(argv, dealFromSeed, dealFromJson);

function ruleOf(argv: Args): WinRule {
  const w = String(argv.win ?? 'cleared');
  if (w !== 'cleared' && w !== 'russian-bank')
    throw new InputError(`--win: ${quote(w)} is not a win rule (cleared, russian-bank)`);
  return w;
}

const maxTurnsOf = (argv: Args) => parseCount(argv.maxTurns ?? DEFAULT_MAX_TURNS, '--max-turns');

function strategyName(text: unknown, option: string): string {
  const s = String(text).trim();
  if (!(STRATEGY_NAMES as readonly string[]).includes(s))
    throw new InputError(
      `${option}: unknown strategy ${quote(s)} (known: ${STRATEGY_NAMES.join(', ')}, or a strategy file ./bot.mjs)`,
    );
  return s;
}

/** Built-in names and strategy files (loaded and checked now, before any game) -> names. */
const strategyNames = (values: string[], option: string) =>
  loadStrategyValues(values, GAME, 2, STRATEGY_NAMES, option, (v) => strategyName(v, option));

/** The commands of `play` (everything else typed is a move, or an unknown word). */
const PLAY_COMMANDS = ['moves', 'show', 'help', 'quit'];
const HOW_TO_MOVE = 'in notation (e.g. "7S hand>B2", "QD stock>owaste", "AS A1>F"), "end" or "pass"';

function legalMoves(pos: PilPosition): number[] {
  const buf = new Int32Array(MAX_MOVES);
  return Array.from(buf.subarray(0, pos.moves(buf)));
}

async function play(argv: Args): Promise<void> {
  const deal = dealOf(argv);
  const rule = ruleOf(argv);
  const maxTurns = maxTurnsOf(argv);
  strategyMemoryMiB(argv);
  const {
    names: [aiName],
    files,
  } = strategyNames([String(argv.ai)], '--ai');
  const record = typeof argv.record === 'string' ? argv.record : null;
  if (record !== null) checkOutputFile(record, '--record');
  const ai = strategyFor(
    aiName,
    deal.seed ?? 'file',
    1,
    files,
    String(argv.strategySeed ?? '1'),
    fileStrategies(decisionTimeoutMs(argv)),
  );
  const game = new TerminalGame(deal, rule, maxTurns, ai, argv.unicode === true, record);
  console.log(`Pilstymas, deal ${deal.seed ?? '(file)'}: you are A, ${ai.name} is B. ${SEAT[game.pos.turn]} starts.`);
  console.log(`Type a move ${HOW_TO_MOVE}, a number from "moves", or a command: ${PLAY_COMMANDS.join(', ')}.`);
  game.aiTurn();
  game.show();
  if (game.over()) return game.finish();
  await runRepl('> ', (line) => game.typed(line));
}

/** A game of `play`: the person at seat A types, the AI plays seat B. */
class TerminalGame {
  readonly pos: PilPosition;
  /** The moves made, for the record. */
  private readonly log: { player: number; move: number }[] = [];
  private readonly reps = new RepetitionTable();
  private repeated: boolean;
  /** The AI (a strategy file) broke the contract: the person has won. */
  private forfeited = false;
  private readonly menu = new MoveMenu<number>();

  constructor(
    private readonly deal: PilDeal,
    private readonly rule: WinRule,
    private readonly maxTurns: number,
    private readonly ai: Strategy,
    private readonly unicode: boolean,
    /** Where the game record goes when the game ends, or null. */
    private readonly record: string | null,
  ) {
    this.pos = PilPosition.fromDeal(deal, rule);
    this.repeated = this.reps.add(this.pos) >= REPETITION_LIMIT;
  }

  over(): boolean {
    const pos = this.pos;
    return this.forfeited || pos.winner >= 0 || pos.turns >= this.maxTurns || this.repeated;
  }

  show(): void {
    console.log(renderPosition(this.pos, { unicode: this.unicode, seat: 0 }));
  }

  private made(player: number, m: number): void {
    this.pos.make(m);
    this.log.push({ player, move: m });
    if (m === END || m === PASS) this.repeated = this.reps.add(this.pos) >= REPETITION_LIMIT;
  }

  /** The AI's moves while it is to move. */
  aiTurn(): void {
    const pos = this.pos,
      ai = this.ai;
    while (!this.over() && pos.turn === 1) {
      let m: number;
      try {
        m = ai.choose(viewOf(pos, 1));
      } catch (e) {
        if (!(e instanceof Forfeit)) throw e;
        console.log(`${e.message}. You win.`);
        this.forfeited = true;
        return;
      }
      if (!pos.isLegal(m)) throw new Error(`${ai.name} chose an illegal move`);
      console.log(`B (${ai.name}): ${formatMove(m)}`);
      this.made(1, m);
    }
  }

  /** Says how the game ended, and writes the record if asked to. */
  finish(): void {
    const pos = this.pos;
    if (this.forfeited) return;
    if (pos.winner >= 0) console.log(pos.winner === 0 ? 'You win!' : `${this.ai.name} wins.`);
    else if (this.repeated)
      console.log(`Draw by repetition: the same position came round a third time after ${pos.turns} turns.`);
    else console.log(`Draw: ${this.maxTurns} turns without a winner.`);
    if (this.record !== null) {
      const reason = pos.winner >= 0 ? 'win' : this.repeated ? 'repetition' : 'max-turns';
      const r = { winner: pos.winner, turns: pos.turns, reason, starter: 0, moves: this.log, forcedEnds: 0 } as const;
      const doc = recordToJson(this.deal, r, this.rule, this.maxTurns, ['person', this.ai.name]);
      writeFileAtomic(this.record, `${formatJson(doc)}\n`, '--record');
      console.log(`record written to ${this.record}`);
    }
  }

  /** A line typed at the prompt; false once the game is over or the person quits. */
  typed(line: string): boolean {
    const pos = this.pos;
    const t = readTyped(line, PLAY_COMMANDS, ['end', 'pass']);
    let move: number | undefined;
    switch (t.kind) {
      case 'empty':
        return true;
      case 'unknown':
        return (console.log(unknownCommand(t.word, PLAY_COMMANDS, HOW_TO_MOVE)), true);
      case 'number':
        move = this.menu.pick(t.n);
        break;
      case 'move': {
        const p = parseMove(pos, t.text);
        if (p.ok) move = p.move;
        else console.log(`illegal: ${p.reason}`);
        break;
      }
      case 'command':
        if (t.name === 'quit') return false;
        if (t.name === 'help')
          console.log(`a move ${HOW_TO_MOVE} | <number from moves> | ${PLAY_COMMANDS.join(' | ')}`);
        if (t.name === 'show') this.show();
        if (t.name === 'moves') this.menu.print(legalMoves(pos), formatMove);
        return true;
    }
    if (move === undefined) return true;
    this.made(0, move);
    this.menu.forget();
    console.log(`played ${formatMove(move)}`);
    if ((move === END || move === PASS) && !this.over()) this.aiTurn();
    this.show();
    if (this.over()) {
      this.finish();
      return false;
    }
    return true;
  }
}

async function tournament(argv: Args): Promise<void> {
  const timeout = decisionTimeoutMs(argv);
  const memory = strategyMemoryMiB(argv);
  const values = String(argv.players).split(',');
  const { names: strategies, files } = strategyNames(values, '--players');
  const key = batchDealKey(argv, files.size > 0);
  checkOutsideStrategyFolders(argv.out, '--out', files);
  checkOutsideStrategyFolders(argv.records, '--records', files);
  if (strategies.length < 2) throw new InputError('--players: name at least two strategies');
  // A strategy listed twice plays itself: two players, planner#1 and planner#2.
  const players = playerNames(strategies);
  const games = parseCount(argv.games, '--games');
  const seeds = argv.seeds !== undefined ? parseSeeds(argv.seeds) : parseSeeds(`1..${Math.ceil(games / 2)}`);
  const items = itemsFor(players, seeds);
  const rule = ruleOf(argv),
    maxTurns = maxTurnsOf(argv);
  // The settings column: the run as a command gives it (strategy files by their paths as given).
  const settings = [
    settingWord('players', strategiesAsGiven(values, strategies).join(',')),
    settingWord('win', rule),
    settingWord('max-turns', maxTurns),
    ...(files.size
      ? [
          settingWord('strategy-seed', String(argv.strategySeed ?? '1')),
          settingWord('decision-timeout', `${timeout}ms`),
          settingWord('strategy-memory', `${memory}MiB`),
        ]
      : []),
    ...(key ? [settingWord('deal-key', key)] : []),
  ].join(' ');
  const config: PilJobConfig = { maxTurns, rule, records: typeof argv.records === 'string', settings };
  if (files.size)
    Object.assign(config, {
      strategyFiles: filesToConfig(files),
      strategySeed: String(argv.strategySeed ?? '1'),
      decisionTimeoutMs: timeout,
      strategyMemoryMiB: memory,
    });
  if (key) config.dealKey = key;
  const records = typeof argv.records === 'string' ? argv.records : null;
  if (records !== null) checkOutputDirectory(records, '--records');
  const onRecord = (row: Row) => {
    if (records && typeof row._record === 'string')
      writeFileAtomic(join(records, `${String(row.item).replace(/:/g, '-')}.json`), `${row._record}\n`, '--records');
  };
  const r = await runBatchCommand({
    argv,
    job: new URL('./job.js', import.meta.url),
    label: 'tournament',
    unit: 'games',
    items,
    config: config as Record<string, unknown>,
    note: (rows) => (rows.length ? `draws ${rows.filter((x) => x.outcome === 'draw').length}` : ''),
    onRow: onRecord,
  });
  console.log(formatSummary(summarize(r.csvRows, players)));
  reportBatchEnd(r, records ? `; records -> ${records}/` : '');
}

export const pilstymasCli: GamePlugin = {
  name: GAME,
  describe: 'Pilstymas, a two-player patience of the Russian Bank family',
  examples: {
    verify: ['$0 play pilstymas --seed 1 --record game.json && $0 verify --solution game.json', 'replay a game record'],
    analyse: ['$0 analyse --record game.json', "the expert's evaluation after every turn, and where the game turned"],
  },
  verbs: {
    deal: {
      describe: 'Print the layout for a seed, or the deal JSON',
      builder: (y) =>
        unicodeOption(seedOption(y))
          .option('json', { type: 'boolean', default: false, describe: 'print the deal JSON' })
          .example('$0 deal pilstymas --seed 42', 'the layout of deal 42')
          .example('$0 deal pilstymas --seed 42 --json > deal.json', 'save it as a deal file'),
      handler: (argv) => {
        const deal = dealOf(argv);
        if (argv.json) console.log(formatJson(dealToJson(deal)));
        else {
          console.log(`Pilstymas, deal ${deal.seed}`);
          console.log(renderPosition(PilPosition.fromDeal(deal), { unicode: argv.unicode === true }));
        }
      },
    },
    play: {
      describe: 'Play seat A against an AI in the terminal',
      example: ['$0 play pilstymas --seed 1 --ai planner', 'play seat A against the planner'],
      builder: (y) =>
        ruleOptions(unicodeOption(dealFileOption(seedOption(y))))
          .option('ai', {
            type: 'string',
            default: 'greedy',
            describe: `the opponent: ${STRATEGY_NAMES.join(', ')}, or a strategy file (./bot.mjs)`,
          })
          .option('record', { type: 'string', describe: 'write the game record JSON here when the game ends' })
          .example('$0 play pilstymas --seed 42 --ai planner', 'play deal 42 against the planner'),
      handler: play,
    },
    tournament: {
      describe: 'Play strategies against each other on mirrored deals',
      example: [
        '$0 tournament pilstymas --players greedy,planner --games 200',
        'greedy against the planner, 200 games',
      ],
      builder: (y) =>
        dealKeyOption(ruleOptions(y))
          .option('players', {
            type: 'string',
            default: LEAGUE_NAMES.join(','),
            describe: `strategies, comma-separated (${STRATEGY_NAMES.join(', ')}, or strategy files ./bot.mjs)`,
          })
          .option('games', {
            type: 'string',
            default: '100',
            describe: 'games per pairing (seeds 1..games/2, each in both seat orders)',
          })
          .option('seeds', { type: 'string', describe: 'the seeds instead of --games (each plays both seat orders)' })
          .option('workers', { type: 'string', describe: 'worker threads (default: the number of cores)' })
          .option('out', {
            type: 'string',
            default: 'pilstymas-tournament.csv',
            describe: 'CSV file, one row per game',
          })
          .option('records', { type: 'string', describe: 'also write every game record JSON into this directory' })
          .option('resume', { type: 'boolean', default: false, describe: 'skip games already in the CSV' })
          .option('retry-errors', {
            type: 'boolean',
            default: false,
            describe: 'with --resume: play the games whose rows are errors again',
          })
          .option('force', { type: 'boolean', default: false, describe: 'overwrite an existing CSV' })
          .example(
            '$0 tournament pilstymas --players random,greedy,planner,ismcts --games 10000 --workers 2 --out t.csv',
            '',
          )
          .example(
            '$0 tournament pilstymas --players planner,./bot.mjs --games 200',
            'your own strategy file against the planner',
          ),
      handler: tournament,
    },
  },
  show: (doc, file, argv) => {
    const deal = dealFromJson(doc, file);
    console.log(`Pilstymas, deal ${deal.seed ?? file}`);
    console.log(renderPosition(PilPosition.fromDeal(deal), { unicode: argv.unicode === true, reveal: true }));
    for (const p of [0, 1])
      console.log(`Pack ${SEAT[p]} in deal order: ${deal.packs[p].map((c) => formatCard(c)).join(' ')}`);
  },
  verify: (doc, file) => {
    const rec = recordFromJson(doc, file);
    const r = verifyRecord(rec);
    // A move that cannot be made makes the file bad input, as a torn or misnamed one.
    if (!r.ok && r.illegal) throw new InputError(`${file}: ${r.message}`);
    console.log(r.ok ? r.message : `invalid: ${r.message}`);
    return r.ok ? 0 : 1;
  },
  replay: (doc, file) => replayRecord(recordFromJson(doc, file), file),
  analyse: (doc, file, argv) => {
    const rec = recordFromJson(doc, file);
    const v = verifyRecord(rec);
    if (!v.ok && v.illegal) throw new InputError(`${file}: ${v.message}`);
    const a = analysePilstymas(rec, dealToJson(rec.deal));
    if (argv.json) return console.log(formatJson(a));
    const who = rec.players ? `: ${rec.players[0]} (A) against ${rec.players[1]} (B)` : '';
    console.log(
      `Pilstymas, deal ${rec.deal.seed ?? file}${who}; ${v.ok ? v.message.replace(/^valid: /, '') : v.message}`,
    );
    console.log("eval: the expert's score after each turn, as the player who moved sees the position, for that player");
    const score = (e: number) => (Math.abs(e) >= 1e6 ? (e > 0 ? 'won' : 'lost') : e.toFixed(1));
    for (const t of a.turns)
      console.log(
        `${String(t.turn).padStart(4)}. ${t.player} ${score(t.eval).padStart(7)}  ${t.moves.join(', ')}${t.turn === a.turningTurn ? `  <- the game turned: ${a.winner} ahead from here on` : ''}`,
      );
    if (a.turningTurn !== null)
      console.log(`The game turned at turn ${a.turningTurn}: from then on ${a.winner} was ahead in every evaluation.`);
    else
      console.log(
        a.winner === null
          ? 'A draw: no turning point.'
          : `${a.winner} won, but was behind in the evaluation of the last turn.`,
      );
  },
  summary: {
    schema: JOB_SCHEMA,
    compute: (rows) => summarize(countedRows(rows), STRATEGY_NAMES),
    format: formatSummary,
    section: async () => (await import('./report.js')).pilstymasSection,
  },
};
