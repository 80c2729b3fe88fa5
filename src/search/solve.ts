import { astar } from './astar.js';
import { auto } from './auto.js';
import { dfs } from './dfs.js';
import { DEFAULT_MEMORY, type Limits, type SearchResult, type SearchStats, type Limit } from './limits.js';
import { type AutoPolicy, resolvePolicy } from './policy.js';
import { StateTable } from './table.js';
import type { SearchGame } from './types.js';

/** 'auto' (the default): a portfolio of short greedy best-first runs on the game's guides, then
 *  an exhaustive depth-first pass with what is left of the budget (auto.ts). */
export type Algorithm = 'auto' | 'dfs' | 'astar' | 'best-first';

export interface SolveOptions extends Limits {
  algorithm?: Algorithm;
  /** For best-first: f = g + weight * h (Infinity: h alone). A* always uses 1. */
  weight?: number;
  /** For best-first: which of the game's guides to follow, heuristic(guide) (default 0). */
  guide?: number;
  /** For 'auto': how it spends the budget, over DEFAULT_POLICY (policy.ts). A game's overrides
   *  live in its folder (its kit's searchPolicy); the caller passes them, with its own on top. */
  policy?: Partial<AutoPolicy>;
  /** A table to reuse between solves (a batch worker keeps one); cleared before use. */
  table?: StateTable;
}

export type SolveResult =
  | { outcome: 'solved'; moves: number[]; line: string[]; stats: SearchStats }
  | { outcome: 'unsolvable'; stats: SearchStats }
  | { outcome: 'unknown'; limit: Limit; stats: SearchStats };

/** The part of the search's memory (what the game's caches leave) kept from the table for the
 *  depth-first stacks and best-first's node store: a 16th, and under a small budget up to half,
 *  4 MiB at most (a depth-first path wanders thousands of moves deep, with a few dozen moves a
 *  ply on its stack). */
const stackBytes = (searchBytes: number) => Math.floor(Math.max(searchBytes / 16, Math.min(searchBytes / 2, 4 << 20)));

/** Solves from the game's current position, which it leaves unchanged. memoryBytes bounds all
 *  the search holds: the game's caches first take their part (SearchSetup.memoryBudget()), then
 *  the table gets the rest but a share for the stacks. */
export function solve(game: SearchGame, options: SolveOptions = {}): SolveResult {
  const extras = game.extras;
  const memoryBytes = options.memoryBytes ?? DEFAULT_MEMORY;
  const searchBytes = memoryBytes - (extras?.memoryBudget?.(memoryBytes) ?? 0);
  const opts = { ...options, memoryBytes: searchBytes };
  const policy = resolvePolicy(options.policy);
  const tableBytes = searchBytes - stackBytes(searchBytes);
  const table = opts.table ?? new StateTable(tableBytes);
  table.setBudget(tableBytes);
  const algorithm = opts.algorithm ?? 'auto';
  let r: SearchResult;
  if (algorithm === 'dfs') r = dfs(game, opts, table);
  else if (algorithm === 'astar') r = astar(game, opts, table, 1);
  else if (algorithm === 'best-first') r = astar(game, opts, table, opts.weight ?? Infinity, opts.guide ?? 0);
  else r = auto(game, opts, policy, table);
  if (r.outcome !== 'solved') return r;
  const moves = extras?.expandMoves ? extras.expandMoves(r.moves) : r.moves;
  return { ...r, moves, line: notate(game, moves) };
}

/** The moves in notation, each written in the position it is played from. */
export function notate(game: SearchGame, moves: readonly number[]): string[] {
  const line = moves.map((m) => {
    const s = game.formatMove(m);
    game.make(m);
    return s;
  });
  for (let i = moves.length - 1; i >= 0; i--) game.unmake(moves[i]);
  return line;
}
