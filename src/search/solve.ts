import { astar } from './astar.js';
import { dfs } from './dfs.js';
import { DEFAULT_MEMORY, type Limits, type SearchResult, type SearchStats, type Limit } from './limits.js';
import { StateTable } from './table.js';
import type { SearchGame, StreamlinerRun } from './types.js';

/** 'auto' (the default): a portfolio of short greedy best-first runs on the game's guides, then
 *  an exhaustive depth-first pass with what is left of the budget (see auto() below). */
export type Algorithm = 'auto' | 'dfs' | 'astar' | 'best-first';

export interface SolveOptions extends Limits {
  algorithm?: Algorithm;
  /** For best-first: f = g + weight * h (Infinity: h alone). A* always uses 1. */
  weight?: number;
  /** For best-first: which variant of the game's guiding heuristic to follow (default 0). */
  variant?: number;
  /** For 'auto': the share of the node and time budget the best-first portfolio may use before
   *  the exhaustive pass (default 0.75). */
  firstPassShare?: number;
  /** For 'auto': the node budget of each guided run in the portfolio's first round (it doubles
   *  every round); default the game's firstRoundNodes, else an eighth of the first pass within
   *  5k..20k. */
  firstRoundNodes?: number;
  /** For 'auto': the weights of the portfolio's first round (default the game's
   *  firstRoundWeights, else greedy only: [Infinity]). */
  firstRoundWeights?: readonly number[];
  /** For 'auto': the share of the budget for the streamlined pass when the game has one (default
   *  the game's streamlinerShare, else 0.1; 0 skips it). */
  streamlinerShare?: number;
  /** For 'auto': the first pass's share once every streamlined run has exhausted its space
   *  without a win (default the game's exhaustedFirstPassShare, else unchanged). */
  exhaustedFirstPassShare?: number;
  /** A table to reuse between solves (a batch worker keeps one); cleared before use. */
  table?: StateTable;
}

export type SolveResult =
  | { outcome: 'solved'; moves: number[]; line: string[]; stats: SearchStats }
  | { outcome: 'unsolvable'; stats: SearchStats }
  | { outcome: 'unknown'; limit: Limit; stats: SearchStats };

/** The part of the search's memory (what the game's caches leave) kept from the table for the
 *  depth-first stacks and best-first's node store: a 16th, and under a small budget up to half,
 *  4 MiB at most (a depth-first path wanders thousands of moves deep: a Besieged City search
 *  goes 10,000 deep, with a few dozen moves a ply on its stack). */
const stackBytes = (search: number) => Math.floor(Math.max(search / 16, Math.min(search / 2, 4 << 20)));

/** Solves from the game's current position, which it leaves unchanged. memoryBytes bounds all
 *  the search holds: the game's caches first take their part (SearchGame.memoryBudget()), then
 *  the table gets the rest but a share for the stacks. */
export function solve(game: SearchGame, options: SolveOptions = {}): SolveResult {
  const budget = options.memoryBytes ?? DEFAULT_MEMORY;
  const search = budget - (game.memoryBudget?.(budget) ?? 0);
  const opts = { ...options, memoryBytes: search };
  const tableBytes = search - stackBytes(search);
  const table = opts.table ?? new StateTable(tableBytes);
  table.setBudget(tableBytes);
  const algorithm = opts.algorithm ?? 'auto';
  let r: SearchResult;
  if (algorithm === 'dfs') r = dfs(game, opts, table);
  else if (algorithm === 'astar') r = astar(game, opts, table, 1);
  else if (algorithm === 'best-first') r = astar(game, opts, table, opts.weight ?? Infinity, opts.variant ?? 0);
  else r = auto(game, opts, table);
  if (r.outcome !== 'solved') return r;
  const moves = game.expandMoves ? game.expandMoves(r.moves) : r.moves;
  return { ...r, moves, line: notate(game, moves) };
}

/** The streamliner, when the game offers one: searches of its restricted space on a small share
 *  of the budget; only a solution there counts. A game with guides runs its streamlinerRuns
 *  (default one depth-first search) inside the portfolio, once, after round 0's guided runs (see
 *  portfolio()); a game without, one depth-first search before the rest (see streamlined()).
 *  First pass: a portfolio of best-first runs, each a (guide variant, weight) pair, run in turn
 *  with a node budget that doubles every round (from 5k-20k: see below). A greedy search that has not won
 *  by then is usually stuck in one basin, and another guide or weight leaves it (measured on
 *  Besieged City: one guide alone solves two thirds of seeds 1..60 at 50k nodes; the 8 greedy
 *  guides together 98.5% of seeds 1..400 at 200k nodes per deal; weighted runs, f = g + w*h,
 *  solve half of the rest). Round 0 runs the greedy guides only; later rounds run the weighted
 *  pairs first (the greedy ones have already had a try). Every run is a real search from the
 *  position: a solution it returns is real, and a run whose open list runs dry has searched
 *  everything reachable (a valid "unsolvable").
 *  Second pass: depth-first search with the rest of the budget, exhaustive when it finishes.
 *  Limits apply to the sum of all passes. */
const PORTFOLIO_WEIGHTS = [0.5, 0.2, 3, Infinity];

function auto(game: SearchGame, opts: SolveOptions, table: StateTable): SearchResult {
  // A game with guides gets its streamlined run inside the portfolio (see portfolio()).
  if (game.heuristic) return portfolio(game, opts, table);
  const start = performance.now();
  const streamed = streamlined(game, opts, table);
  if (streamed.outcome === 'solved') return streamed;
  const spentNodes = streamed.stats.nodes, spentMs = performance.now() - start;
  const rest = portfolio(game, {
    ...opts,
    maxNodes: opts.maxNodes === undefined ? undefined : opts.maxNodes - spentNodes,
    timeoutMs: opts.timeoutMs === undefined ? undefined : opts.timeoutMs - spentMs,
  }, table);
  const s = rest.stats;
  return {
    ...rest,
    stats: {
      nodes: s.nodes + spentNodes,
      unique: Math.max(s.unique, streamed.stats.unique),
      ms: performance.now() - start,
      maxDepth: Math.max(s.maxDepth, streamed.stats.maxDepth),
      ...(s.evicted || streamed.stats.evicted ? { evicted: (s.evicted ?? 0) + (streamed.stats.evicted ?? 0) } : {}),
    },
  };
}

/** The streamlined pass (Solvitaire's "streamliners"): a depth-first search of the game's
 *  restricted space on a small share of the budget. Restricted spaces are small, so deals that are
 *  easy but not greedy fall here in milliseconds. Only a solution counts: when the pass ends
 *  without one — exhausted or not — the result is 'unknown' and the full search follows from
 *  scratch. */
function streamlined(game: SearchGame, opts: SolveOptions, table: StateTable): SearchResult {
  const share = opts.streamlinerShare ?? game.streamlinerShare ?? 0.1;
  const none: SearchResult = { outcome: 'unknown', limit: 'nodes', stats: { nodes: 0, unique: 0, ms: 0, maxDepth: 0 } };
  if (!game.streamline || !(share > 0)) return none;
  const maxNodes = opts.maxNodes ?? Infinity, timeout = opts.timeoutMs ?? Infinity;
  // Without limits the pass still stops: a restricted space is finite, and its exhaustion ends it.
  const r = streamlinedRun(game, {
    maxNodes: maxNodes === Infinity ? undefined : Math.max(1, Math.floor(maxNodes * share)),
    timeoutMs: timeout === Infinity ? undefined : timeout * share,
    memoryBytes: opts.memoryBytes,
    whenFull: opts.whenFull,
  }, table);
  if (r.outcome === 'solved') return r;
  // 'unsolvable' here means only that the restricted space holds no win.
  return { outcome: 'unknown', limit: r.outcome === 'unknown' ? r.limit : 'nodes', stats: r.stats };
}

/** One search of the streamlined space, depth-first or best-first as `run` says (its
 *  'unsolvable' proves nothing of the game). */
function streamlinedRun(game: SearchGame, limits: Limits, table: StateTable, run: StreamlinerRun = {}): SearchResult {
  game.streamline!(true, run.level ?? 0);
  try {
    table.clear();
    return run.weight === undefined ? dfs(game, limits, table) : astar(game, limits, table, run.weight, run.variant ?? 0);
  } finally {
    game.streamline!(false);
  }
}

const ONE_DFS: readonly StreamlinerRun[] = [{}];

/** The streamlined runs in order on at most `nodes` nodes and `ms` ms in all: each gets its share
 *  of the whole, else an equal part of what the runs before it left (a restricted space is often
 *  exhausted in a fraction of its part, which then goes to the runs after it). Stops at the first
 *  win. */
function streamlinedRuns(
  game: SearchGame, runs: readonly StreamlinerRun[], nodes: number, ms: number,
  memory: Pick<Limits, 'memoryBytes' | 'whenFull'>, table: StateTable,
): SearchResult {
  const start = performance.now();
  let spent = 0, unique = 0, maxDepth = 0, exhausted = 0, evicted = 0;
  let last: SearchResult = { outcome: 'unknown', limit: 'nodes', stats: { nodes: 0, unique: 0, ms: 0, maxDepth: 0 } };
  for (let i = 0; i < runs.length; i++) {
    const leftNodes = nodes - spent, leftMs = ms - (performance.now() - start);
    if (leftNodes < 1000 || leftMs < 1) break;
    const share = runs[i].share;
    const runNodes = share === undefined ? leftNodes / (runs.length - i) : Math.min(leftNodes, nodes * share);
    const runMs = share === undefined ? leftMs / (runs.length - i) : Math.min(leftMs, ms * share);
    const r = streamlinedRun(game, {
      maxNodes: runNodes === Infinity ? undefined : Math.floor(runNodes),
      timeoutMs: runMs === Infinity ? undefined : runMs,
      memoryBytes: memory.memoryBytes,
      whenFull: memory.whenFull,
    }, table, runs[i]);
    spent += r.stats.nodes;
    unique = Math.max(unique, r.stats.unique);
    maxDepth = Math.max(maxDepth, r.stats.maxDepth);
    evicted += r.stats.evicted ?? 0;
    last = r;
    if (r.outcome === 'solved') break;
    if (r.outcome === 'unsolvable') exhausted++;
  }
  const stats = { nodes: spent, unique, ms: performance.now() - start, maxDepth, ...(evicted > 0 ? { evicted } : {}) };
  if (last.outcome === 'solved') return { ...last, stats };
  // Every run exhausted its space: 'unsolvable' here proves nothing of the game (the caller reads
  // it as a hint only).
  if (exhausted === runs.length) return { outcome: 'unsolvable', stats };
  return { outcome: 'unknown', limit: last.outcome === 'unknown' ? last.limit : 'nodes', stats };
}

function portfolio(game: SearchGame, opts: SolveOptions, table: StateTable): SearchResult {
  const start = performance.now();
  const maxNodes = opts.maxNodes ?? Infinity, timeout = opts.timeoutMs ?? Infinity;
  const share = opts.firstPassShare ?? game.firstPassShare ?? 0.75;
  const variants = game.heuristic ? Math.max(1, game.heuristicVariants ?? 1) : 0;
  let nodes = 0, unique = 0, maxDepth = 0, evicted = 0;
  const stats = (): SearchStats => ({ nodes, unique, ms: performance.now() - start, maxDepth, ...(evicted > 0 ? { evicted } : {}) });
  const add = (s: SearchStats) => {
    nodes += s.nodes;
    unique = Math.max(unique, s.unique);
    maxDepth = Math.max(maxDepth, s.maxDepth);
    evicted += s.evicted ?? 0;
  };
  let firstNodes = maxNodes * share, firstMs = timeout * share;
  const unlimited = maxNodes === Infinity && timeout === Infinity;
  // Round 0 gives each greedy guide an eighth of the first pass, between 5k and 20k nodes (most
  // wins take a few thousand nodes; a small budget is better spread over more guides).
  // A game (or an option) may fix round 0's budget instead.
  const start0 = opts.firstRoundNodes ?? game.firstRoundNodes;
  let per = start0 ?? Math.round(Math.min(20_000, Math.max(5_000, firstNodes / 8)));
  let memoryHits = 0;
  const firstWeights = opts.firstRoundWeights ?? game.firstRoundWeights ?? [Infinity];
  // The streamlined runs (when the game has a streamliner and guides; streamlinedRuns()): the
  // game's list of searches of the restricted space (default one depth-first search), right after
  // round 0's guided runs, on its share of the budget (counted in the first pass, so the
  // exhaustive pass keeps its share). Easy deals still fall to round 0's short guided runs first;
  // a restricted space wins at any depth of a long run, so each search runs once, not as a series
  // of restarts. Only a solution counts: 'unsolvable' there proves nothing.
  const streamShare = game.streamline && variants > 0 ? opts.streamlinerShare ?? game.streamlinerShare ?? 0.1 : 0;
  let streamOn = streamShare > 0;
  first: for (let round = 0; variants > 0 && !(unlimited && round > 5); round++, per *= 2) {
    const weights = round === 0 ? firstWeights : PORTFOLIO_WEIGHTS;
    for (const w of weights) {
      for (let i = 0; i < variants; i++) {
        const v = game.heuristicOrder?.[i] ?? i;
        const leftNodes = firstNodes - nodes, leftMs = firstMs - (performance.now() - start);
        if (leftNodes < 1000 || leftMs < 1) break first;
        table.clear();
        const r = astar(game, {
          maxNodes: Math.floor(Math.min(per, leftNodes)),
          timeoutMs: leftMs === Infinity ? undefined : leftMs,
          memoryBytes: opts.memoryBytes,
        }, table, w, v);
        add(r.stats);
        if (r.outcome !== 'unknown') return { ...r, stats: stats() };
        if (r.limit === 'memory' && ++memoryHits >= 4) break first;
      }
    }
    if (streamOn) {
      streamOn = false;
      const leftNodes = Math.min(firstNodes - nodes, maxNodes * streamShare);
      const leftMs = Math.min(firstMs - (performance.now() - start), timeout * streamShare);
      if (leftNodes >= 1000 && leftMs >= 1) {
        const r = streamlinedRuns(game, game.streamlinerRuns ?? ONE_DFS, leftNodes, leftMs,
          { memoryBytes: opts.memoryBytes, whenFull: opts.whenFull }, table);
        add(r.stats);
        if (r.outcome === 'solved') return { ...r, stats: stats() };
        // Every restricted space exhausted without a win: a hint (no proof) that the deal may be
        // lost, so the game may move budget from the guided runs to the exhaustive pass.
        const xShare = opts.exhaustedFirstPassShare ?? game.exhaustedFirstPassShare;
        if (r.outcome === 'unsolvable' && xShare !== undefined && xShare < share) {
          firstNodes = maxNodes * xShare;
          firstMs = timeout * xShare;
        }
      }
    }
  }
  const leftMs = timeout - (performance.now() - start);
  if (nodes >= maxNodes || leftMs <= 0) return { outcome: 'unknown', limit: nodes >= maxNodes ? 'nodes' : 'time', stats: stats() };
  table.clear();
  const r = dfs(game, {
    maxNodes: maxNodes === Infinity ? undefined : maxNodes - nodes,
    timeoutMs: timeout === Infinity ? undefined : leftMs,
    memoryBytes: opts.memoryBytes,
    whenFull: opts.whenFull,
  }, table);
  add(r.stats);
  return { ...r, stats: stats() };
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
