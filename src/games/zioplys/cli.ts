import { join } from 'node:path';
import type { Argv } from 'yargs';
import { batchDealKey, batchOptions, itemsOf, reportBatchEnd, runBatchCommand } from '../../cli/batch.js';
import {
  chooseDeal,
  dealFileOption,
  dealKeyOption,
  decisionTimeoutMs,
  seedOption,
  strategyFileOptions,
} from '../../cli/options.js';
import { strategyMemoryMiB } from '../../cli/strategy-memory.js';
import { InputError, quote } from '../../io/errors.js';
import { checkOutputDirectory, writeFileAtomic } from '../../io/files.js';
import {
  checkOutsideStrategyFolders,
  filesToConfig,
  loadStrategyValues,
  strategiesAsGiven,
  type StrategyFile,
} from '../../strategies/module.js';
import { settingWord } from '../../batch/settings.js';
import { formatJson } from '../../io/json.js';
import type { Args, GamePlugin } from '../../cli/plugin.js';
import { parsePlayerList } from './players.js';
import { checkPlayers, dealFromJson, dealFromSeed, dealToJson, GAME, type ZDeal } from './deal.js';
import type { Variant } from './position.js';
import { itemOf, JOB_SCHEMA } from './job.js';
import { renderDeal, renderResult, variantText } from './render.js';
import { type Objective, OBJECTIVES, parseHuntBudget, huntDeals } from './deal-hunt.js';
import { resultJson, simulate } from './match.js';
import { seatFiles } from './strategies/file.js';
import { defaultRngSeed, parseStrategies, STRATEGY_NAMES, strategiesLabel } from './strategies/index.js';
import { countedRows, formatSummary, summarize } from './summary.js';

const playersOption = (y: Argv, dealFile = false) =>
  y.option('players', {
    type: 'string',
    describe: `number of players, 2..6 (default 4${dealFile ? '; a deal file sets its own' : ''})`,
  });
const unicodeOption = (y: Argv) => y.option('unicode', { type: 'boolean', default: false, describe: 'suits as ♠♥♦♣' });
const variantOptions = (y: Argv) =>
  y
    .option('wrap', { type: 'boolean', default: true, describe: 'ranks wrap, K-A (--no-wrap: nothing follows a king)' })
    .option('centre-alternate-colours', {
      type: 'boolean',
      default: false,
      describe: 'the centre also alternates red and black',
    });

const variantOf = (argv: Args): Variant => ({
  wrap: argv.wrap !== false,
  alternateColours: argv.centreAlternateColours === true,
});

/** The deal of --seed or --deal; --players must agree with a deal file. */
function dealOf(argv: Args): ZDeal {
  const given = argv.players === undefined ? undefined : checkPlayers(argv.players, '--players');
  const deal = chooseDeal(argv, (seed) => dealFromSeed(seed, given ?? 4), dealFromJson);
  if (given !== undefined && given !== deal.players)
    throw new InputError(`--players ${given} disagrees with the deal file, which is for ${deal.players} players`);
  return deal;
}

/** --strategies with strategy files loaded and checked now, before any game: the text with
 *  each file's path replaced by its name, and the files by name. */
function strategyFiles(
  text: string | undefined,
  players: number,
): { text: string | undefined; files: ReadonlyMap<string, StrategyFile> } {
  if (text === undefined) return { text, files: new Map() };
  const r = loadStrategyValues(text.split(','), GAME, players, STRATEGY_NAMES, '--strategies', (v) => v);
  return { text: r.names.join(','), files: r.files };
}

function simulateVerb(argv: Args): void {
  const deal = dealOf(argv);
  const variant = variantOf(argv);
  strategyMemoryMiB(argv);
  const given = strategyFiles(argv.strategies as string | undefined, deal.players);
  const strategies = parseStrategies(given.text, deal.players, given.files);
  const rngSeed = argv.rngSeed === undefined ? defaultRngSeed(deal.seed) : String(argv.rngSeed);
  let maxTurns: number | undefined;
  if (argv.maxTurns !== undefined) {
    maxTurns = Number(argv.maxTurns);
    if (!Number.isInteger(maxTurns) || maxTurns < 1)
      throw new InputError(`--max-turns: expected a positive integer, got ${quote(String(argv.maxTurns))}`);
  }
  const show = argv.show === true;
  const lines: string[] = [];
  const r = simulate(deal, {
    variant,
    strategies,
    rngSeed,
    maxTurns,
    trace: show ? (l) => lines.push(l) : undefined,
    strategySeed: String(argv.strategySeed ?? '1'),
    decisionTimeoutMs: decisionTimeoutMs(argv),
    seatFiles,
  });
  if (argv.json) {
    if (show) process.stderr.write(`${lines.join('\n')}\n`);
    console.log(JSON.stringify(resultJson(r)));
    return;
  }
  console.log(
    `Žioplys, ${deal.players} players, deal ${deal.seed ?? String(argv.deal)}; ${variantText(variant)}; strategies ${strategiesLabel(strategies)}`,
  );
  if (show) {
    console.log(renderDeal(deal, argv.unicode === true));
    for (const l of lines) console.log(`  ${l}`);
  }
  if (r.forfeit) console.log(`Forfeit: ${r.forfeit}.`);
  console.log(renderResult(r));
}

function searchVerb(argv: Args): void {
  const players = argv.players === undefined ? 2 : checkPlayers(argv.players, '--players');
  const objective = String(argv.objective) as Objective;
  const budget = parseHuntBudget(String(argv.budget));
  const seed = argv.seed === undefined ? '1' : String(argv.seed);
  const top = Number(argv.top);
  if (!Number.isInteger(top) || top < 1)
    throw new InputError(`--top: expected a positive integer, got ${quote(String(argv.top))}`);
  const variant = variantOf(argv);
  const out = argv.out === undefined ? undefined : String(argv.out);
  if (out !== undefined) checkOutputDirectory(out, '--out');
  const rep = huntDeals({ players, variant, objective, seed, budget, top });
  console.log(`Žioplys search: ${players} players, ${variantText(variant)}, objective ${objective}, seed ${seed}`);
  console.log(
    `${rep.evaluations} games evaluated in ${(rep.elapsedMs / 1000).toFixed(1)} s, ${rep.restarts} restarts (reproduce exactly with --budget ${rep.evaluations})`,
  );
  if (rep.best.length === 0) console.log('nothing found that fits the objective');
  rep.best.forEach((f, i) => {
    const what =
      f.outcome === 'cycle'
        ? `never ends: loop of ${f.cycleLength} turns, proven after ${f.turns} turns`
        : `${f.turns} turns, ${f.centrePlays} centre plays`;
    const file = out !== undefined ? join(out, `zioplys-p${players}-${objective}-${i + 1}.json`) : undefined;
    if (file) writeFileAtomic(file, `${formatJson(dealToJson(f.deal))}\n`, '--out');
    console.log(`#${i + 1}: ${what} (found at evaluation ${f.foundAt})${file ? ` -> ${file}` : ''}`);
  });
  if (out === undefined && rep.best.length > 0) console.log(formatJson(dealToJson(rep.best[0].deal)));
}

async function batchVerb(argv: Args): Promise<void> {
  const players = parsePlayerList(String(argv.players ?? '4'));
  const seeds = itemsOf(argv); // --seeds and --shard
  const timeout = decisionTimeoutMs(argv);
  const memory = strategyMemoryMiB(argv);
  const values = argv.strategies === undefined ? 'rule' : String(argv.strategies);
  const given = strategyFiles(values, players[0]);
  const key = batchDealKey(argv, given.files.size > 0);
  checkOutsideStrategyFolders(argv.out, '--out', given.files);
  const strategies = given.text!;
  for (const p of players) parseStrategies(strategies, p, given.files); // bad strategies fail before any game
  const withFiles = given.files.size
    ? {
        strategyFiles: filesToConfig(given.files),
        strategySeed: String(argv.strategySeed ?? '1'),
        decisionTimeoutMs: timeout,
        strategyMemoryMiB: memory,
      }
    : {};
  const variant = variantOf(argv);
  const items = players.flatMap((p) => seeds.map((s) => itemOf(p, s)));
  // The settings column: the run as a command gives it (strategy files by their paths as given).
  const settings = [
    settingWord('strategies', strategiesAsGiven(values.split(','), strategies.split(',')).join(',')),
    settingWord('wrap', variant.wrap ? 'yes' : 'no'),
    settingWord('centre-alternate-colours', variant.alternateColours ? 'yes' : 'no'),
    ...(given.files.size
      ? [
          settingWord('strategy-seed', String(argv.strategySeed ?? '1')),
          settingWord('decision-timeout', `${timeout}ms`),
          settingWord('strategy-memory', `${memory}MiB`),
        ]
      : []),
    ...(key ? [settingWord('deal-key', key)] : []),
  ].join(' ');
  const r = await runBatchCommand({
    argv,
    job: new URL('./job.js', import.meta.url),
    unit: 'games',
    items,
    config: {
      strategies,
      noWrap: !variant.wrap,
      alternateColours: variant.alternateColours,
      settings,
      ...withFiles,
      ...(key ? { dealKey: key } : {}),
    },
    note: (rows) => (rows.length ? `cycles ${rows.filter((x) => x.outcome === 'cycle').length}` : ''),
  });
  console.log(formatSummary(summarize(r.csvRows)));
  reportBatchEnd(r);
}

export const zioplysCli: GamePlugin = {
  name: GAME,
  describe: 'Žioplys, a Lithuanian shedding patience for 2-6 players',
  verbs: {
    deal: {
      describe: 'Print the deal for a seed, or the deal JSON',
      example: ['$0 deal zioplys --players 3 --seed 7 --json > deal.json', 'a deal file for three players'],
      builder: (y) =>
        unicodeOption(playersOption(seedOption(y)))
          .option('json', { type: 'boolean', default: false, describe: 'print the deal JSON' })
          .example('$0 deal zioplys --players 4 --seed 42 --json > deal.json', 'save deal 42 for four players'),
      handler: (argv) => {
        const deal = dealOf(argv);
        if (argv.json) console.log(formatJson(dealToJson(deal)));
        else {
          console.log(`Žioplys, ${deal.players} players, deal ${deal.seed}`);
          console.log(renderDeal(deal, argv.unicode === true));
        }
      },
    },
    simulate: {
      describe: 'Play a deal out by the rules (or by the given strategies) and print the result',
      example: ['$0 simulate zioplys --players 4 --seed 42', 'play deal 42 out by the rules'],
      builder: (y) =>
        strategyFileOptions(variantOptions(unicodeOption(playersOption(dealFileOption(seedOption(y)), true))))
          .option('json', { type: 'boolean', default: false, describe: 'print the result JSON' })
          .option('show', { type: 'boolean', default: false, describe: 'print the play turn by turn' })
          .option('strategies', {
            type: 'string',
            describe:
              'rule | spiteful | careless:p | a strategy file ./z.mjs, one for all seats or one per seat, comma-separated (default rule)',
          })
          .option('rng-seed', {
            type: 'string',
            describe: "seed of the careless seats' misses (default: from the deal seed)",
          })
          .option('max-turns', { type: 'string', describe: 'turn cap for careless play (default 1000000)' })
          .example('$0 simulate zioplys --players 4 --seed 42 --json', 'the result JSON of deal 42')
          .example(
            '$0 simulate zioplys --seed 42 --strategies rule,careless:0.1,rule,spiteful --show',
            'mixed seats, turn by turn',
          ),
      handler: simulateVerb,
    },
    batch: {
      describe: 'Play many seeded deals (for each player count); one CSV row per game, then a summary',
      example: ['$0 batch zioplys --players 2..6 --seeds 1..100000', 'play 500,000 games out'],
      builder: (y) =>
        strategyFileOptions(
          variantOptions(
            batchOptions(dealKeyOption(y), {
              seeds: '1..1000',
              seedsWhy: 'a game takes well under a millisecond',
              out: 'results/zioplys.csv',
            }),
          ),
        )
          .option('players', { type: 'string', default: '4', describe: 'player counts: 4, 2..6 or 2,4' })
          .option('strategies', { type: 'string', describe: 'as for simulate; one name works for every player count' })
          .example('$0 batch zioplys --players 2..6 --seeds 1..100000', 'the standard batch')
          .example(
            '$0 batch zioplys --players 4 --strategies rule,careless:0.1,rule,spiteful --seeds 1..10000 --out mixed.csv',
            'mixed seats',
          )
          .example(
            '$0 batch zioplys --players 3 --strategies rule,./z.mjs,rule --seeds 1..1000 --out z.csv',
            'your own strategy file in seat 1',
          ),
      handler: batchVerb,
    },
    search: {
      describe: 'Search for extreme deals (longest game, never-ending games)',
      example: [
        '$0 search zioplys --players 2 --objective longest --budget 10m',
        'the longest 2-player game found in 10 minutes',
      ],
      builder: (y) =>
        variantOptions(playersOption(seedOption(y)))
          .option('objective', {
            choices: OBJECTIVES as unknown as string[],
            default: 'longest',
            describe: 'what to look for',
          })
          .option('budget', {
            type: 'string',
            default: '10s',
            describe: 'time (10m, 90s) or a number of games evaluated (reproducible)',
          })
          .option('top', { type: 'string', default: '5', describe: 'how many best deals to keep' })
          .option('out', {
            type: 'string',
            describe: 'directory for the best deals as deal JSON files (default: print the best one)',
          })
          .example(
            '$0 search zioplys --players 2 --objective longest --budget 10m --seed 1 --out found',
            'hunt the longest 2-player game',
          )
          .example(
            '$0 search zioplys --players 2 --no-wrap --objective cycle --budget 200000 --seed 1',
            'never-ending deals without wrap',
          ),
      handler: searchVerb,
    },
  },
  summary: {
    schema: JOB_SCHEMA,
    compute: (rows) => summarize(countedRows(rows)),
    format: formatSummary,
    section: async () => (await import('./report.js')).zioplysSection,
  },
  show: (doc, file, argv) => {
    const deal = dealFromJson(doc, file);
    console.log(`Žioplys, ${deal.players} players, deal ${deal.seed ?? file}`);
    console.log(renderDeal(deal, argv.unicode === true));
  },
};
