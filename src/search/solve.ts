import { astar } from './astar.js';
import { dfs } from './dfs.js';
import { DEFAULT_MEMORY, type Limits, type SearchResult, type SearchStats, type Limit } from './limits.js';
import { StateTable } from './table.js';
import type { SearchGame } from './types.js';

export type Algorithm = 'dfs' | 'astar' | 'best-first';

export interface SolveOptions extends Limits {
  algorithm?: Algorithm;
  /** For best-first: f = g + weight * h (Infinity: h alone). A* always uses 1. */
  weight?: number;
  /** A table to reuse between solves (a batch worker keeps one); cleared before use. */
  table?: StateTable;
}

export type SolveResult =
  | { outcome: 'solved'; moves: number[]; line: string[]; stats: SearchStats }
  | { outcome: 'unsolvable'; stats: SearchStats }
  | { outcome: 'unknown'; limit: Limit; stats: SearchStats };

/** Solves from the game's current position, which it leaves unchanged. */
export function solve(game: SearchGame, opts: SolveOptions = {}): SolveResult {
  const table = opts.table ?? new StateTable(opts.memoryBytes ?? DEFAULT_MEMORY);
  table.clear();
  const algorithm = opts.algorithm ?? 'dfs';
  let r: SearchResult;
  if (algorithm === 'dfs') r = dfs(game, opts, table);
  else if (algorithm === 'astar') r = astar(game, opts, table, 1);
  else r = astar(game, opts, table, opts.weight ?? Infinity);
  if (r.outcome !== 'solved') return r;
  return { ...r, line: notate(game, r.moves) };
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
