import type { SolverSettings } from '../cli/solve.js';
import type { AutoPolicy } from '../search/policy.js';
import { solve, type SolveResult } from '../search/solve.js';
import { StateTable } from '../search/table.js';
import type { SearchGame } from '../search/types.js';
import type { Row } from '../batch/job.js';
import { readJsonFile } from '../io/json-file.js';
import {
  anyText,
  nonEmpty,
  oneOf,
  onlyWhen,
  strategyName,
  unlessError,
  wholeNumber,
  type RowSchema,
} from '../batch/schema.js';

// The CSV row of one solved deal, shared by the solver jobs of every game. A worker keeps one
// table from deal to deal (solve() gives it its part of the memory budget).

export type SolveJobConfig = SolverSettings & {
  settings: string;
  /** Items are deal files (batch --deal FILE…), not seeds. */
  dealFiles?: boolean;
};

/** The deal of a batch item: a seed, or with `dealFiles` the path of a deal JSON file. */
export function dealOfItem<D>(
  config: SolveJobConfig,
  item: string,
  fromSeed: (seed: string) => D,
  fromJson: (doc: unknown, file: string) => D,
): D {
  return config.dealFiles ? fromJson(readJsonFile(item), item) : fromSeed(item);
}

export const SOLVE_COLUMNS = [
  'game',
  'seed',
  'outcome',
  'moves',
  'nodes',
  'unique',
  'ms',
  'limit',
  'source',
  'settings',
] as const;

/** What each column of a solver batch may hold (with strategies: won_<name>, ms_<name>). */
export const SOLVE_SCHEMA: RowSchema = {
  kind: 'batch',
  columns: [
    { name: 'game', check: nonEmpty },
    { name: 'seed', check: nonEmpty },
    { name: 'outcome', check: oneOf('solved', 'unsolvable', 'unknown', 'error') },
    { name: 'moves', check: onlyWhen(['solved'], wholeNumber(1)) },
    { name: 'nodes', check: unlessError(wholeNumber()) },
    { name: 'unique', check: unlessError(wholeNumber()) },
    { name: 'ms', check: unlessError(wholeNumber()) },
    { name: 'limit', check: onlyWhen(['unknown'], oneOf('nodes', 'time', 'memory')) },
    {
      name: 'source',
      check: onlyWhen(['solved'], (v) =>
        v === 'solver' || strategyName(v, {}) === null ? null : '"solver" or the name of the strategy that won',
      ),
    },
    { name: 'settings', check: anyText },
    // A play's strategy seed, when a batch plays each deal several times (--strategy-seeds).
    { name: 'strategy_seed', check: (v) => (v === '' ? null : wholeNumber(1)(v, {})), optional: true },
  ],
  patterns: [
    { pattern: /^won_/, shown: 'won_<strategy>', check: oneOf('', 'true', 'false') },
    { pattern: /^ms_/, shown: 'ms_<strategy>', check: (v) => (v === '' ? null : wholeNumber()(v, {})) },
  ],
};

let table: StateTable | null = null;

/** `policy`: the game's search policy (its kit's searchPolicy). */
export function solveRow(
  game: string,
  seed: string,
  searchGame: SearchGame,
  policy: Partial<AutoPolicy> | undefined,
  config: SolveJobConfig,
): { row: Row; result: SolveResult } {
  table ??= new StateTable(config.memoryBytes);
  const r = solve(searchGame, { ...config, policy, table });
  const row: Row = {
    game,
    seed,
    outcome: r.outcome,
    moves: r.outcome === 'solved' ? r.moves.length : '',
    nodes: r.stats.nodes,
    unique: r.stats.unique,
    ms: Math.round(r.stats.ms),
    limit: r.outcome === 'unknown' ? r.limit : '',
    source: r.outcome === 'solved' ? 'solver' : '',
    settings: config.settings,
    ...(r.outcome === 'solved' ? { _line: r.line.join('\n') } : {}),
  };
  return { row, result: r };
}
