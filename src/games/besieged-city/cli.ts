import { formatCard } from '../../cards/card.js';
import { dealOfKit, solitaireCli, solveBatchCommand } from '../../solitaire/cli.js';
import { InputError } from '../../io/errors.js';
import { checkOutputFile, writeFileAtomic } from '../../io/files.js';
import { formatJson } from '../../io/json.js';
import { recordOfLine, type StopReason } from '../../solitaire/record.js';
import type { Args, GamePlugin, VerbCommand } from '../../cli/plugin.js';
import { dealFromJson } from './deal.js';
import { besiegedCity } from './kit.js';
import { parseMove } from './notation.js';
import { BcPosition } from './position.js';
import { renderPosition } from './render.js';
import { dealKeyOption, decisionTimeoutMs, decisionTimeoutOption } from '../../cli/options.js';
import { strategyMemoryMiB } from '../../cli/strategy-memory.js';
import { checkItemCount, parseCount } from '../../cli/units.js';
import {
  checkOutsideStrategyFolders,
  filesToConfig,
  Forfeit,
  loadStrategyValues,
  strategiesAsGiven,
} from '../../strategies/module.js';
import { settingWord } from '../../batch/settings.js';
import { batchDealKey } from '../../cli/batch.js';
import { makeStrategy, playGame, STRATEGIES } from './strategies/index.js';
import { strategyFor } from './strategies/file.js';

// Besieged City's CLI: the standard one-player commands, plus strategies — watch one play
// (play --strategy) or let several play every deal of a batch (batch --strategies).

const JOB = new URL('./job.js', import.meta.url);

const base = solitaireCli(besiegedCity, {
  describe: 'Besieged City (Осаждённый город), two packs',
  solveTimeout: '60s',
  batchTimeout: '10s',
  batchSeeds: '1..100',
  job: JOB,
});

/** "random,greedy,./my.mjs" -> checked names, and the strategy files by name (an unknown
 *  built-in or a file that does not load is an InputError naming it, before any game). */
function strategyList(v: unknown, option = '--strategies') {
  if (v === undefined || v === '') return { names: [], files: new Map() };
  const builtin = (x: string) => {
    const n = x.trim().toLowerCase();
    makeStrategy(n, '1');
    return n;
  };
  const r = loadStrategyValues(String(v).split(','), 'besieged-city', 1, STRATEGIES, option, builtin);
  if (new Set(r.names).size !== r.names.length) throw new InputError(`${option}: a strategy is listed twice`);
  return r;
}

function watchStrategy(argv: Args): void {
  strategyMemoryMiB(argv);
  const {
    names: [name],
    files,
  } = strategyList(argv.strategy, '--strategy');
  const timeout = decisionTimeoutMs(argv);
  const deal = dealOfKit(besiegedCity, argv);
  // The strategy's own seed is never the deal's: from that it could rebuild the stock order.
  const strategy = strategyFor(name, String(argv.strategySeed ?? '1'), files, timeout);
  const record = typeof argv.record === 'string' ? argv.record : null;
  if (record !== null) checkOutputFile(record, '--record');
  const writeRecord = (stopped?: StopReason) => {
    if (record === null) return;
    const player = `${name} (strategy seed ${String(argv.strategySeed ?? '1')})`;
    writeFileAtomic(record, `${formatJson(recordOfLine(besiegedCity, deal, line, { player, stopped }))}\n`, '--record');
    console.log(`record written to ${record}`);
  };
  const line: string[] = [];
  const pos = new BcPosition(deal);
  const u = argv.unicode === true;
  console.log(`Besieged City, deal ${deal.seed ?? '(file)'}: ${name} plays (it sees no stock order)`);
  if (argv.show) console.log(renderPosition(pos, { unicode: u }));
  const t0 = performance.now();
  let game: ReturnType<typeof playGame>;
  try {
    game = playGame(deal, strategy, {
      onMove: (move) => {
        const p = parseMove(pos, move);
        if (!p.ok) throw new Error(`${name} played an illegal move ${move}: ${p.reason}`);
        pos.make(p.move);
        line.push(move);
        console.log(`${String(pos.ply).padStart(4)}. ${move}`);
        if (argv.show) console.log(renderPosition(pos, { unicode: u }).replace(/^/gm, '      '));
      },
    });
  } catch (e) {
    if (!(e instanceof Forfeit)) throw e;
    console.log(`lost: ${e.message} (${pos.foundTotal}/104 cards on the foundations)`);
    writeRecord('forfeit');
    return;
  }
  const ms = Math.round(performance.now() - t0);
  const how = {
    won: 'won',
    stuck: 'lost: no legal move left',
    'move-cap': 'stopped at the move cap',
    resigned: 'resigned',
  }[game.reason];
  console.log(
    `${name} ${how} after ${game.moves.length} moves (${pos.foundTotal}/104 cards on the foundations, ${ms} ms)`,
  );
  writeRecord(game.reason === 'move-cap' || game.reason === 'resigned' ? game.reason : undefined);
}

/** play: a person plays, as in every one-player game, or --strategy watches a strategy play. */
const playVerb: VerbCommand = {
  example: base.verbs.play.example,
  describe: 'Play a deal in the terminal, or watch a strategy play it',
  builder: (y) =>
    decisionTimeoutOption(base.verbs.play.builder(y))
      .option('strategy', {
        type: 'string',
        describe: `watch a strategy play instead of playing yourself: ${STRATEGIES.join(', ')}, or a strategy file (./my.mjs, see docs/strategies.md)`,
      })
      .option('strategy-seed', {
        type: 'string',
        default: '1',
        describe: "seed of the strategy's own random choices",
      })
      .option('show', {
        type: 'boolean',
        default: false,
        describe: 'with --strategy: print the position after every move',
      })
      .example('$0 play besieged-city --seed 42 --strategy greedy --record greedy-42.json', 'keep its game as a record')
      .example('$0 play besieged-city --seed 42 --strategy planner --show', 'watch the planner play deal 42')
      .example('$0 play besieged-city --seed 42 --strategy ./my.mjs', 'watch your own strategy file play it'),
  handler: (argv) => (argv.strategy !== undefined ? watchStrategy(argv) : base.verbs.play.handler(argv)),
};

/** batch: the solver on every deal, and with --strategies the strategies' games beside it. */
const batchVerb: VerbCommand = {
  example: base.verbs.batch.example,
  describe: base.verbs.batch.describe,
  builder: (y) =>
    dealKeyOption(decisionTimeoutOption(base.verbs.batch.builder(y)))
      .option('strategies', {
        type: 'string',
        describe: `also let strategies play each deal: ${STRATEGIES.join(',')}, or strategy files (./my.mjs)`,
      })
      .option('strategy-seed', {
        type: 'string',
        default: '1',
        describe: "seed of the strategies' own random choices",
      })
      .option('records', {
        type: 'string',
        describe: 'with --strategies: write every game played as a record, DIR/<seed>-<strategy>.json',
      })
      .option('shortest', {
        type: 'string',
        describe:
          "N: also search each deal for its shortest solution with A* at N nodes (column shortest: its length, blank when A* did not finish; with --strategy-seeds, on the first play's row)",
      })
      .option('strategy-seeds', {
        type: 'string',
        describe:
          'K: play each deal K times, with strategy seeds 1..K (one row per play, its strategy_seed column; the summary gives each deal its share of plays won). All deals with seed 1 first, then 2, …, so a run cut short has the same number of plays of every deal',
      })
      .example(
        '$0 batch besieged-city --seeds 1..200 --strategies random,greedy,planner,sampler',
        'win rates next to solvability',
      )
      .example('$0 batch besieged-city --seeds 1..200 --strategies greedy,./my.mjs', 'benchmark your own strategy file')
      .example(
        '$0 batch besieged-city --seeds 1..100 --strategies sampler --strategy-seeds 5',
        "each deal's no-peek win share over 5 plays",
      ),
  handler: strategiesBatch,
};

/** The batch with its strategy options checked: the plain solving batch when no strategy plays
 *  (and no deal key is asked for), else one that also plays the strategies, its settings column
 *  naming them as given. */
function strategiesBatch(argv: Args): Promise<void> {
  const timeout = decisionTimeoutMs(argv);
  const memory = strategyMemoryMiB(argv);
  const { names: strategies, files } = strategyList(argv.strategies);
  const key = batchDealKey(argv, files.size > 0);
  checkOutsideStrategyFolders(argv.out, '--out', files);
  checkOutsideStrategyFolders(argv.records, '--records', files);
  checkOutsideStrategyFolders(argv.solutions, '--solutions', files);
  const shortest = argv.shortest === undefined ? 0 : parseCount(argv.shortest, '--shortest');
  const astar =
    shortest > 0 ? { config: { shortestNodes: shortest }, settings: [settingWord('shortest', shortest)] } : {};
  if (strategies.length === 0) {
    if (argv.strategySeeds !== undefined)
      throw new InputError('--strategy-seeds: name the strategies to play (--strategies)');
    if (argv.records !== undefined)
      throw new InputError('--records: records are of games played by strategies; give --strategies too');
    if (key === null) return solveBatchCommand(besiegedCity, JOB, argv, astar);
  }
  const seed = String(argv.strategySeed);
  const given = strategiesAsGiven(String(argv.strategies).split(','), strategies);
  const k = argv.strategySeeds === undefined ? 0 : parseCount(argv.strategySeeds, '--strategy-seeds');
  if (k > 0 && argv.strategySeed !== '1')
    throw new InputError('--strategy-seeds K plays strategy seeds 1..K: give it or --strategy-seed, not both');
  return solveBatchCommand(besiegedCity, JOB, argv, {
    config: {
      strategies,
      strategySeed: seed,
      ...(k > 0 ? { strategySeeds: k } : {}),
      ...(files.size
        ? { decisionTimeoutMs: timeout, strategyMemoryMiB: memory, strategyFiles: filesToConfig(files) }
        : {}),
      ...(key ? { dealKey: key } : {}),
      ...astar.config,
    },
    settings: [
      ...(astar.settings ?? []),
      ...(strategies.length
        ? [
            settingWord('strategies', given.join(',')),
            k > 0 ? settingWord('strategySeeds', k) : settingWord('strategySeed', seed),
          ]
        : []),
      ...(files.size
        ? [settingWord('decision-timeout', `${timeout}ms`), settingWord('strategy-memory', `${memory}MiB`)]
        : []),
      ...(key ? [settingWord('deal-key', key)] : []),
    ],
    // Strategy seed by strategy seed: a run cut short leaves every deal as many plays.
    ...(k > 0
      ? {
          expand: (items: string[]) => {
            checkItemCount(items.length * k, '--strategy-seeds', `plays (${k} of each of ${items.length} deals)`);
            return Array.from({ length: k }, (_, i) => items.map((x) => `${x}#${i + 1}`)).flat();
          },
        }
      : {}),
  });
}

export const besiegedCityCli: GamePlugin = {
  ...base,
  verbs: { ...base.verbs, play: playVerb, batch: batchVerb },
  show: (doc, file, argv) => {
    base.show!(doc, file, argv);
    console.log(
      `Stock (first dealt first): ${dealFromJson(doc, file)
        .stock.map((c) => formatCard(c))
        .join(' ')}`,
    );
  },
};
