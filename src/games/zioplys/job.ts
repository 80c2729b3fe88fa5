import type { Job, Row } from '../../batch/job.js';
import { shuffledDeck } from '../../cards/shuffle.js';
import { InputError } from '../../io/errors.js';
import {
  anyText,
  nonEmpty,
  oneOf,
  onlyWhen,
  unlessError,
  wholeNumber,
  type CellCheck,
  type RowSchema,
} from '../../batch/schema.js';
import { checkPlayers } from './deal.js';
import { resultOf } from './match.js';
import { ZPosition } from './position.js';
import { keyedSeed } from '../../strategies/deal-key.js';
import { decisionTimeoutOf, filesFromConfig, Forfeit, setStrategyMemory } from '../../strategies/module.js';
import { seatFiles } from './strategies/file.js';
import { configure, defaultRngSeed, parseStrategies, type Strategies, strategiesLabel } from './strategies/index.js';

// The batch job: one item -> one game played out -> one CSV row. An item is "P/seed" (a player
// count and a seed, so one batch over 2..6 players has distinct resume keys) or a bare seed,
// played with config.players. Strategies and variant flags are the job's config.

interface ZJobConfig {
  /** Player count for bare-seed items. */
  players?: number | string;
  /** Comma-separated strategies, one for every seat or one per seat (default "rule"). */
  strategies?: string;
  noWrap?: boolean;
  alternateColours?: boolean;
  /** Strategy files, "name=path" (src/strategies/module.ts), named in `strategies` by name. */
  strategyFiles?: string[];
  /** The files' own random seed (never the deal's), and their limit per decision in ms. */
  strategySeed?: string;
  decisionTimeoutMs?: number;
  /** The files' memory limit in MiB (--strategy-memory). */
  strategyMemoryMiB?: number;
  /** The run's deal key: the deal of a seed is that of keyedSeed(seed, key) (src/strategies/deal-key.ts). */
  dealKey?: string;
  /** The settings column: what a rerun needs (src/batch/settings.ts). */
  settings?: string;
}

const JOB_COLUMNS = [
  'game',
  'item',
  'players',
  'seed',
  'strategies',
  'outcome',
  'loser',
  'outOrder',
  'turns',
  'centrePlays',
  'blunders',
  'cycleLength',
  'settings',
] as const;

/** A seat of the row's game: 0 .. players-1. */
const seat: CellCheck = (v, row) => wholeNumber(0, Number(row.players) - 1)(v, row);

/** What each column of a Žioplys batch CSV may hold. */
export const JOB_SCHEMA: RowSchema = {
  kind: 'batch',
  columns: [
    { name: 'game', check: nonEmpty },
    { name: 'item', check: (v) => (/^\d+\/./.test(v) ? null : 'players/seed') },
    { name: 'players', check: wholeNumber(2, 6) },
    { name: 'seed', check: nonEmpty },
    { name: 'strategies', check: nonEmpty },
    { name: 'outcome', check: oneOf('loser', 'cycle', 'limit', 'error') },
    { name: 'loser', check: onlyWhen(['loser'], seat) },
    {
      name: 'outOrder',
      check: (v, row) =>
        v === ''
          ? null
          : (v
              .split(' ')
              .map((x) => seat(x, row))
              .find((x) => x !== null) ?? null),
    },
    { name: 'turns', check: unlessError(wholeNumber()) },
    { name: 'centrePlays', check: unlessError(wholeNumber()) },
    { name: 'blunders', check: unlessError(wholeNumber()) },
    { name: 'cycleLength', check: unlessError(wholeNumber()) },
    // Absent from files written before runs recorded their settings.
    { name: 'settings', check: anyText, optional: true },
  ],
};

export const itemOf = (players: number, seed: string): string => `${players}/${seed}`;

/** Splits an item into its player count and seed. */
function parseItem(config: ZJobConfig, item: string): { players: number; seed: string } {
  const m = /^(\d+)\/(.+)$/.exec(item);
  if (m) return { players: checkPlayers(m[1], `item "${item}"`), seed: m[2] };
  if (item.length === 0) throw new InputError('empty seed');
  return { players: checkPlayers(config.players ?? 4, 'players'), seed: item };
}

interface Prepared {
  game: ZPosition;
  strategies: Strategies;
  label: string;
}

// A worker runs many items with one config: engines and parsed strategies are kept per player count.
let cacheKey = '';
const cache = new Map<number, Prepared>();

function prepare(config: ZJobConfig, players: number): Prepared {
  const key = `${config.strategies ?? 'rule'}|${config.noWrap === true}|${config.alternateColours === true}|${config.strategyFiles ?? ''}`;
  if (key !== cacheKey) {
    cache.clear();
    cacheKey = key;
  }
  let p = cache.get(players);
  if (!p) {
    const strategies = parseStrategies(config.strategies, players, filesFromConfig(config.strategyFiles));
    const game = new ZPosition(players, {
      wrap: config.noWrap !== true,
      alternateColours: config.alternateColours === true,
    });
    p = { game, strategies, label: strategiesLabel(strategies) };
    cache.set(players, p);
  }
  return p;
}

export const job: Job<ZJobConfig> = {
  columns: JOB_COLUMNS,
  itemColumn: 'item',
  blockSize: 2000,
  baseRow: (config, item) => {
    const m = /^(\d+)\/(.+)$/.exec(item);
    return {
      game: 'zioplys',
      item,
      players: m ? Number(m[1]) : Number(config.players ?? 4),
      seed: m ? m[2] : item,
      strategies: config.strategies ?? 'rule',
      settings: config.settings ?? '',
    };
  },
  run(config: ZJobConfig, item: string): Row {
    const { players, seed } = parseItem(config, item);
    const p = prepare(config, players);
    const g = p.game;
    configure(g, p.strategies, defaultRngSeed(seed));
    seatFiles(g, p.strategies.files, config.strategySeed ?? '1', decisionTimeoutOf(config.decisionTimeoutMs));
    setStrategyMemory(config.strategyMemoryMiB);
    g.dealDeck(shuffledDeck(keyedSeed(seed, config.dealKey), 1));
    let forfeit: Forfeit | null = null;
    try {
      g.play();
    } catch (e) {
      // A strategy file that breaks the contract is this game's loser; the batch goes on.
      if (!(e instanceof Forfeit)) throw e;
      forfeit = e;
    }
    const r = resultOf(g);
    const row: Row = {
      game: 'zioplys',
      item,
      players,
      seed,
      strategies: p.label,
      outcome: r.outcome,
      loser: r.loser,
      outOrder: r.outOrder.join(' '),
      turns: r.turns,
      centrePlays: r.centrePlays,
      blunders: g.blunders,
      cycleLength: g.cycleLength,
      settings: config.settings ?? '',
    };
    if (forfeit) Object.assign(row, { outcome: 'loser', loser: forfeit.seat, cycleLength: 0, error: forfeit.message });
    return row;
  },
};
