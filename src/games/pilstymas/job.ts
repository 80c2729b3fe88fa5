import type { Job, Row } from '../../batch/job.js';
import { formatJson } from '../../io/json.js';
import {
  anyText,
  nonEmpty,
  oneOf,
  strategyName,
  unlessError,
  wholeNumber,
  type CellCheck,
  type RowSchema,
} from '../../batch/schema.js';
import { dealFromSeed, GAME } from './deal.js';
import { DEFAULT_MAX_TURNS, type GameResult, playGame } from './match.js';
import { type Strategy, strategyFor } from './strategies/index.js';
import { PilPosition, type WinRule } from './position.js';
import { recordToJson } from './replay.js';
import { keyedSeed } from '../../strategies/deal-key.js';
import { decisionTimeoutOf, filesFromConfig, Forfeit, setStrategyMemory } from '../../strategies/module.js';
import { FileStrategy, fileStrategies } from './strategies/file.js';

// The tournament job: one item is one game, "seatA:seatB:seed". Every pairing plays each seed
// twice with the seats swapped (mirrored deals), so the items come in pairs (see itemsFor).

export interface PilJobConfig {
  maxTurns?: number;
  rule?: WinRule;
  /** Put the game record JSON in the row's `_record` side output. */
  records?: boolean;
  /** Strategy files, "name=path" (src/strategies/module.ts), named in the items by name. */
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
  'seed',
  'seatA',
  'seatB',
  'outcome',
  'winner',
  'winnerStrategy',
  'turns',
  'reason',
  'starter',
  'settings',
] as const;

/** A strategy in both seats of a tournament plays as two players, "planner#1" and "planner#2":
 *  the strategy a player name stands for. */
export const strategyOfPlayer = (player: string): string => player.replace(/#\d+$/, '');

/** Player names for a tournament's strategies: a strategy listed more than once is numbered,
 *  each time it is listed (planner,planner -> planner#1, planner#2). */
export function playerNames(strategies: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return strategies.map((s) => {
    if (strategies.indexOf(s) === strategies.lastIndexOf(s)) return s;
    const k = (seen.get(s) ?? 0) + 1;
    seen.set(s, k);
    return `${s}#${k}`;
  });
}

/** By outcome: a win names seat A or B, a draw says "draw", an error row leaves it empty. */
const byOutcome =
  (win: CellCheck, draw: CellCheck): CellCheck =>
  (v, row) =>
    row.outcome === 'win'
      ? win(v, row)
      : row.outcome === 'draw'
        ? draw(v, row)
        : v === ''
          ? null
          : 'empty in an error row';

/** What each column of a tournament CSV may hold. */
export const JOB_SCHEMA: RowSchema = {
  kind: 'tournament',
  columns: [
    { name: 'game', check: nonEmpty },
    { name: 'item', check: (v) => (/^[^:]+:[^:]+:.+$/.test(v) ? null : 'seatA:seatB:seed') },
    { name: 'seed', check: nonEmpty },
    { name: 'seatA', check: strategyName },
    { name: 'seatB', check: strategyName },
    { name: 'outcome', check: oneOf('win', 'draw', 'error') },
    { name: 'winner', check: byOutcome(oneOf('A', 'B'), oneOf('draw')) },
    {
      name: 'winnerStrategy',
      check: byOutcome(
        (v, row) =>
          v === (row.winner === 'A' ? row.seatA : row.seatB) ? null : `the winner's strategy (seat ${row.winner})`,
        oneOf(''),
      ),
    },
    // A forfeit before the forfeiting file's first turn has no turn count.
    {
      name: 'turns',
      check: (v, row) => (row.reason === 'forfeit' && v === '' ? null : unlessError(wholeNumber())(v, row)),
    },
    { name: 'reason', check: byOutcome(oneOf('win', 'forfeit'), oneOf('max-turns', 'repetition')) },
    { name: 'starter', check: unlessError(oneOf('A', 'B')) },
    // Absent from files written before runs recorded their settings.
    { name: 'settings', check: anyText, optional: true },
  ],
};

export function parseItem(item: string): { a: string; b: string; seed: string } {
  // Names: the built-ins', or a strategy file's (letters, digits, _.+-; no colon), "#k" after a
  // strategy that plays itself.
  const m = /^([A-Za-z0-9_.+-]+(?:#\d+)?):([A-Za-z0-9_.+-]+(?:#\d+)?):(.+)$/.exec(item);
  if (!m) throw new Error(`bad tournament item "${item}" (expected seatA:seatB:seed)`);
  return { a: m[1], b: m[2], seed: m[3] };
}

/** Every unordered pair of distinct players, each seed in both seat orders. */
export function itemsFor(players: readonly string[], seeds: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < players.length; i++)
    for (let j = i + 1; j < players.length; j++)
      for (const s of seeds) out.push(`${players[i]}:${players[j]}:${s}`, `${players[j]}:${players[i]}:${s}`);
  return out;
}

export function runGameItem(config: PilJobConfig, item: string): Row {
  const { a, b, seed } = parseItem(item);
  const maxTurns = config.maxTurns ?? DEFAULT_MAX_TURNS;
  const rule = config.rule ?? 'cleared';
  const deal = dealFromSeed(keyedSeed(seed, config.dealKey));
  setStrategyMemory(config.strategyMemoryMiB);
  // Strategy seeds depend on the deal and the seat, not on who the opponent is.
  const files = filesFromConfig(config.strategyFiles);
  const timeout = decisionTimeoutOf(config.decisionTimeoutMs);
  const players = [a, b].map((name, seat) =>
    strategyFor(strategyOfPlayer(name), seed, seat, files, config.strategySeed ?? '1', fileStrategies(timeout)),
  ) as [Strategy, Strategy];
  const settings = config.settings ?? '';
  let r: GameResult;
  try {
    r = playGame(deal, players, { maxTurns, rule, record: config.records === true });
  } catch (e) {
    // A strategy file that breaks the contract loses this game, and nothing else happens.
    if (!(e instanceof Forfeit)) throw e;
    const loser = players[e.seat];
    return {
      game: GAME,
      item,
      seed,
      seatA: a,
      seatB: b,
      outcome: 'win',
      winner: e.seat === 0 ? 'B' : 'A',
      winnerStrategy: e.seat === 0 ? b : a,
      turns: loser instanceof FileStrategy ? loser.turns : '',
      reason: 'forfeit',
      starter: PilPosition.fromDeal(deal, rule).turn === 0 ? 'A' : 'B',
      settings,
      error: e.message,
    };
  }
  const row: Row = {
    game: GAME,
    item,
    seed,
    seatA: a,
    seatB: b,
    outcome: r.winner >= 0 ? 'win' : 'draw',
    winner: r.winner === 0 ? 'A' : r.winner === 1 ? 'B' : 'draw',
    winnerStrategy: r.winner === 0 ? a : r.winner === 1 ? b : '',
    turns: r.turns,
    reason: r.reason,
    starter: r.starter === 0 ? 'A' : 'B',
    settings,
  };
  if (config.records) row._record = formatJson(recordToJson(deal, r, rule, maxTurns, [a, b]));
  return row;
}

export const job: Job<PilJobConfig> = {
  columns: JOB_COLUMNS,
  itemColumn: 'item',
  blockSize: 2,
  run: runGameItem,
  baseRow: (config, item): Row => {
    try {
      const { a, b, seed } = parseItem(item);
      return { game: GAME, item, seed, seatA: a, seatB: b, settings: config.settings ?? '' };
    } catch {
      return { game: GAME, item, settings: config.settings ?? '' };
    }
  },
};
