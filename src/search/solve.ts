import { astar } from './astar.js';
import { dfs } from './dfs.js';
import { DEFAULT_MEMORY, StatsSum, type Limits, type SearchResult, type SearchStats, type Limit } from './limits.js';
import { type AutoPolicy, resolvePolicy, type StreamlinerRun } from './policy.js';
import { StateTable } from './table.js';
import type { RelaxationHint, SearchGame } from './types.js';

/** 'auto' (the default): a portfolio of short greedy best-first runs on the game's guides, then
 *  an exhaustive depth-first pass with what is left of the budget (see auto() below). */
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
  const policy = resolvePolicy(options.policy);
  const tableBytes = search - stackBytes(search);
  const table = opts.table ?? new StateTable(tableBytes);
  table.setBudget(tableBytes);
  const algorithm = opts.algorithm ?? 'auto';
  let r: SearchResult;
  if (algorithm === 'dfs') r = dfs(game, opts, table);
  else if (algorithm === 'astar') r = astar(game, opts, table, 1);
  else if (algorithm === 'best-first') r = astar(game, opts, table, opts.weight ?? Infinity, opts.guide ?? 0);
  else r = auto(game, opts, policy, table);
  if (r.outcome !== 'solved') return r;
  const moves = game.expandMoves ? game.expandMoves(r.moves) : r.moves;
  return { ...r, moves, line: notate(game, moves) };
}

/** The streamliner, when the game offers one: searches of its restricted space on a small share
 *  of the budget; only a solution there counts. A game with guides runs the policy's
 *  streamlinerRuns inside the portfolio, once, after round 0's guided runs (see portfolio()); a
 *  game without, one depth-first search before the rest (see streamlined()).
 *  First pass: a portfolio of best-first runs, each a (guide, weight) pair, run in turn with a
 *  node budget that doubles every round. A greedy search that has not won by then is usually
 *  stuck in one basin, and another guide or weight leaves it (f = g + w*h; the measurements
 *  behind the default weights are in policy.ts). Round 0 runs the policy's firstRoundWeights;
 *  later rounds run its weights, the weighted pairs first (the greedy ones have already had a
 *  try). Every run is a real search from the position: a solution it returns is real, and a run
 *  whose open list runs dry has searched everything reachable (a valid "unsolvable").
 *  Second pass: depth-first search with the rest of the budget, exhaustive when it finishes.
 *  Limits apply to the sum of all passes. */
function auto(game: SearchGame, opts: SolveOptions, policy: AutoPolicy, table: StateTable): SearchResult {
  // A game with guides gets its streamlined runs inside the portfolio (see portfolio()).
  if (game.heuristic) return portfolio(game, opts, policy, table);
  const sum = new StatsSum();
  const streamed = streamlined(game, opts, policy, table);
  if (streamed.outcome === 'solved' || stopped(streamed)) return streamed;
  sum.add(streamed.stats);
  const spentMs = performance.now() - sum.start;
  const rest = portfolio(
    game,
    {
      ...opts,
      maxNodes: opts.maxNodes === undefined ? undefined : opts.maxNodes - sum.nodes,
      timeoutMs: opts.timeoutMs === undefined ? undefined : opts.timeoutMs - spentMs,
    },
    policy,
    table,
  );
  sum.add(rest.stats);
  return { ...rest, stats: sum.stats() };
}

/** The streamlined pass (Solvitaire's "streamliners"): a depth-first search of the game's
 *  restricted space on a small share of the budget. Restricted spaces are small, so deals that are
 *  easy but not greedy fall here in milliseconds. Only a solution counts: when the pass ends
 *  without one — exhausted or not — the result is 'unknown' and the full search follows from
 *  scratch. */
function streamlined(game: SearchGame, opts: SolveOptions, policy: AutoPolicy, table: StateTable): SearchResult {
  const share = policy.streamlinerShare;
  const none: SearchResult = { outcome: 'unknown', limit: 'nodes', stats: { nodes: 0, unique: 0, ms: 0, maxDepth: 0 } };
  if (!game.streamline || !(share > 0)) return none;
  const maxNodes = opts.maxNodes ?? Infinity,
    timeout = opts.timeoutMs ?? Infinity;
  // Without limits the pass still stops: a restricted space is finite, and its exhaustion ends it.
  const r = streamlinedRun(game, budget(Math.max(1, maxNodes * share), timeout * share, opts), table);
  if (r.outcome === 'solved' || stopped(r)) return r;
  // 'unsolvable' here means only that the restricted space holds no win.
  return { outcome: 'unknown', limit: r.outcome === 'unknown' ? r.limit : 'nodes', stats: r.stats };
}

/** The limits of one search of the portfolio: `nodes` (whole) and `ms` where finite, the caller's
 *  memory settings. */
function budget(nodes: number, ms: number, memory: Pick<Limits, 'memoryBytes' | 'whenFull' | 'poll'>): Limits {
  return {
    maxNodes: nodes === Infinity ? undefined : Math.floor(nodes),
    timeoutMs: ms === Infinity ? undefined : ms,
    memoryBytes: memory.memoryBytes,
    whenFull: memory.whenFull,
    poll: memory.poll,
  };
}

/** One search of the streamlined space, depth-first or best-first as `run` says (its
 *  'unsolvable' proves nothing of the game). */
function streamlinedRun(game: SearchGame, limits: Limits, table: StateTable, run: StreamlinerRun = {}): SearchResult {
  game.streamline!(true, run.level ?? 0, run.order ?? 0);
  try {
    table.clear();
    return run.weight === undefined ? dfs(game, limits, table) : astar(game, limits, table, run.weight, run.guide ?? 0);
  } finally {
    game.streamline!(false);
  }
}

/** A relaxation for the streamlined runs to search early (streamlinedRuns()): `run` searches it
 *  within the nodes and ms left of the whole budget; `nodes` and `ms` are what is left of it when
 *  the runs start. */
interface EarlyRelaxation {
  run: (leftNodes: number, leftMs: number) => SearchResult | undefined;
  nodes: number;
  ms: number;
}

/** The streamlined runs in order (those at levels the game offers) on at most `nodes` nodes and
 *  `ms` ms in all: each gets its share of the whole, else an equal part of what the runs before
 *  it left (a restricted space is often exhausted in a fraction of its part, which then goes to
 *  the runs after it). Stops at the first win.
 *  `early`, when given, runs once the first run has exhausted its space, before the others. What
 *  it spends is not the streamliner's: the later runs keep their parts, within what it left of the
 *  whole budget (`early.nodes`, `early.ms`). When it proves the position lost (or was stopped)
 *  the runs end with its result (`early` set); `relaxed` says that it ran. */
function streamlinedRuns(
  game: SearchGame,
  listed: readonly StreamlinerRun[],
  nodes: number,
  ms: number,
  memory: Pick<Limits, 'memoryBytes' | 'whenFull' | 'poll'>,
  table: StateTable,
  early?: EarlyRelaxation,
): SearchResult & {
  firstCut?: boolean;
  firstExhausted?: boolean;
  relaxHint?: boolean;
  relaxed?: boolean;
  early?: boolean;
} {
  const runs = listed.filter((r) => game.streamlineOffered?.(r.level ?? 0) ?? true);
  const sum = new StatsSum();
  // Runs not optional whose spaces are not (yet) exhausted.
  let exhausted = 0,
    required = runs.filter((r) => !r.optional).length,
    firstCut = false,
    firstExhausted = false;
  let last: SearchResult = { outcome: 'unknown', limit: 'nodes', stats: { nodes: 0, unique: 0, ms: 0, maxDepth: 0 } };
  let relaxed = false,
    asideNodes = 0,
    asideMs = 0;
  const wholeNodes = early?.nodes ?? Infinity,
    wholeMs = early?.ms ?? Infinity;
  for (let i = 0; i < runs.length; i++) {
    const elapsed = performance.now() - sum.start;
    const leftNodes = Math.min(nodes - (sum.nodes - asideNodes), wholeNodes - sum.nodes),
      leftMs = Math.min(ms - (elapsed - asideMs), wholeMs - elapsed);
    if (leftNodes < 1000 || leftMs < 1) break;
    const share = runs[i].share;
    const runNodes = share === undefined ? leftNodes / (runs.length - i) : Math.min(leftNodes, nodes * share);
    const runMs = share === undefined ? leftMs / (runs.length - i) : Math.min(leftMs, ms * share);
    const r = streamlinedRun(game, budget(runNodes, runMs, memory), table, runs[i]);
    sum.add(r.stats);
    last = r;
    if (i === 0) {
      firstCut = r.outcome === 'unknown' && (r.limit === 'nodes' || r.limit === 'time');
      firstExhausted = r.outcome === 'unsolvable';
    }
    if (r.outcome === 'solved' || stopped(r)) break;
    if (r.outcome === 'unsolvable') {
      exhausted++;
      if (!runs[i].optional) required--;
    }
    if (i === 0 && firstExhausted && early) {
      const e = early.run(wholeNodes - sum.nodes, wholeMs - (performance.now() - sum.start));
      if (e) {
        relaxed = true;
        sum.add(e.stats);
        asideNodes = e.stats.nodes;
        asideMs = e.stats.ms;
        if (e.outcome === 'unsolvable' || stopped(e)) return { ...e, stats: sum.stats(), early: true, relaxed };
      }
    }
  }
  const stats = sum.stats();
  if (last.outcome === 'solved') return { ...last, stats };
  // Every run exhausted its space: 'unsolvable' here proves nothing of the game (the caller reads
  // it as a hint only).
  if (exhausted === runs.length) return { outcome: 'unsolvable', stats, relaxed };
  // Every run but optional ones exhausted: the same hint for the relaxation only.
  const relaxHint = required === 0 && exhausted > 0 && !stopped(last);
  return {
    outcome: 'unknown',
    limit: last.outcome === 'unknown' ? last.limit : 'nodes',
    stats,
    firstCut,
    firstExhausted: firstExhausted && !stopped(last),
    relaxHint,
    relaxed,
  };
}

function portfolio(game: SearchGame, opts: SolveOptions, policy: AutoPolicy, table: StateTable): SearchResult {
  const sum = new StatsSum(),
    start = sum.start;
  const maxNodes = opts.maxNodes ?? Infinity,
    timeout = opts.timeoutMs ?? Infinity;
  const share = policy.firstPassShare;
  const guides = game.heuristic ? Math.max(1, game.heuristicVariants ?? 1) : 0;
  let firstNodes = maxNodes * share,
    firstMs = timeout * share;
  const unlimited = maxNodes === Infinity && timeout === Infinity;
  // Round 0 gives each guide the policy's firstRoundNodes, by default an eighth of the first
  // pass between 5k and 20k nodes.
  let per = policy.firstRoundNodes ?? Math.round(Math.min(20_000, Math.max(5_000, firstNodes / 8)));
  let memoryHits = 0;
  // The streamlined runs (when the game has a streamliner and guides; streamlinedRuns()): the
  // policy's list of searches of the restricted space (default one depth-first search), right after
  // round 0's guided runs, on its share of the budget (counted in the first pass, so the
  // exhaustive pass keeps its share). Easy deals still fall to round 0's short guided runs first;
  // a restricted space wins at any depth of a long run, so each search runs once, not as a series
  // of restarts. Only a solution counts: 'unsolvable' there proves nothing.
  const streamShare = game.streamline && guides > 0 ? policy.streamlinerShare : 0;
  let streamOn = streamShare > 0;
  // The first streamlined run was cut off by its budget, its space neither won nor exhausted.
  let retry = false;
  first: for (let round = 0; guides > 0 && !(unlimited && round > 5); round++, per *= 2) {
    const weights = round === 0 ? policy.firstRoundWeights : policy.weights;
    for (const w of weights) {
      for (let i = 0; i < guides; i++) {
        const guide = policy.guideOrder?.[i] ?? i;
        const leftNodes = firstNodes - sum.nodes,
          leftMs = firstMs - (performance.now() - start);
        if (leftNodes < 1000 || leftMs < 1) break first;
        table.clear();
        const r = astar(game, budget(Math.min(per, leftNodes), leftMs, opts), table, w, guide);
        sum.add(r.stats);
        if (r.outcome !== 'unknown' || stopped(r)) return { ...r, stats: sum.stats() };
        if (r.limit === 'memory' && ++memoryHits >= 4) break first;
      }
    }
    if (streamOn) {
      streamOn = false;
      const leftNodes = Math.min(firstNodes - sum.nodes, maxNodes * streamShare);
      const leftMs = Math.min(firstMs - (performance.now() - start), timeout * streamShare);
      if (leftNodes >= 1000 && leftMs >= 1) {
        // The relaxation right after the first run when it exhausted its space (the policy's
        // earlyRelaxationShare), before the later runs. It stands in for the exhaustive pass (its
        // one use is to prove the deal lost), so the budget it takes is that pass's: the later
        // runs keep their parts, within what it left of the whole.
        const earlyShare = policy.earlyRelaxationShare ?? 0;
        const early =
          earlyShare > 0
            ? {
                run: (left: number, leftMs: number) =>
                  relaxationRun(game, opts, earlyShare, table, left, leftMs, 'early'),
                nodes: maxNodes - sum.nodes,
                ms: timeout - (performance.now() - start),
              }
            : undefined;
        const r = streamlinedRuns(game, policy.streamlinerRuns, leftNodes, leftMs, opts, table, early);
        sum.add(r.stats);
        if (r.outcome === 'solved' || stopped(r) || r.early) return { ...r, stats: sum.stats() };
        retry = r.firstCut === true;
        // Every restricted space exhausted without a win: a hint (no proof) that the deal may be
        // lost, so the policy may move budget from the guided runs to the exhaustive pass.
        const xShare = policy.exhaustedFirstPassShare;
        if (r.outcome === 'unsolvable' && xShare !== undefined && xShare < share) {
          firstNodes = maxNodes * xShare;
          firstMs = timeout * xShare;
        }
        // On the same hint, the relaxation (a game won whenever this one is), searched to the end
        // on its share: exhausted, it proves the position lost; its wins prove nothing.
        // On the weaker hint (the first run exhausted, a later one cut off) its own share. Never
        // twice: a relaxation that ran early was won or cut off, and would be again.
        const relaxShare = r.relaxed
          ? 0
          : r.outcome === 'unsolvable' || r.relaxHint
            ? (policy.relaxationShare ?? 0)
            : r.firstExhausted
              ? (policy.firstExhaustedRelaxationShare ?? 0)
              : 0;
        if (relaxShare > 0) {
          const left = timeout - (performance.now() - start);
          const relaxed = relaxationRun(
            game,
            opts,
            relaxShare,
            table,
            maxNodes - sum.nodes,
            left,
            r.outcome === 'unsolvable' ? 'exhausted' : 'partial',
          );
          if (relaxed) {
            sum.add(relaxed.stats);
            if (relaxed.outcome === 'unsolvable' || stopped(relaxed)) return { ...relaxed, stats: sum.stats() };
          }
        }
      }
    }
  }
  // The first streamlined run again (or the policy's retry run: the same space in another order),
  // from scratch on a larger budget, when it was cut off: a
  // large restricted space that is not exhausted hints at a won deal whose line lies deeper in
  // it, which the exhaustive pass rarely finds either (its own space is larger still).
  const retryShare = policy.streamlinerRetryShare ?? 0;
  if (retry && retryShare > 0) {
    const leftNodes = Math.min(maxNodes - sum.nodes, maxNodes * retryShare);
    const leftMs = Math.min(timeout - (performance.now() - start), timeout * retryShare);
    if (leftNodes >= 1000 && leftMs >= 1) {
      const run = policy.streamlinerRetryRun ?? policy.streamlinerRuns[0];
      const r = streamlinedRun(game, budget(leftNodes, leftMs, opts), table, run);
      sum.add(r.stats);
      if (r.outcome === 'solved' || stopped(r)) return { ...r, stats: sum.stats() };
    }
  }
  const leftMs = timeout - (performance.now() - start);
  const nodes = sum.nodes;
  if (nodes >= maxNodes || leftMs <= 0)
    return { outcome: 'unknown', limit: nodes >= maxNodes ? 'nodes' : 'time', stats: sum.stats() };
  table.clear();
  const r = dfs(game, budget(maxNodes - nodes, leftMs, opts), table);
  sum.add(r.stats);
  return { ...r, stats: sum.stats() };
}

/** The depth-first search of the game's relaxation on `share` of the budget (at most what is
 *  left), or undefined when there is none to run. */
function relaxationRun(
  game: SearchGame,
  opts: SolveOptions,
  share: number,
  table: StateTable,
  leftNodes: number,
  leftMs: number,
  hint: RelaxationHint,
): SearchResult | undefined {
  if (!(share > 0) || !game.relaxation) return undefined;
  const maxNodes = opts.maxNodes ?? Infinity,
    timeout = opts.timeoutMs ?? Infinity;
  const nodes = Math.min(leftNodes, maxNodes * share),
    ms = Math.min(leftMs, timeout * share);
  if (nodes < 1000 || ms < 1) return undefined;
  const relaxed = game.relaxation(hint);
  if (!relaxed) return undefined;
  table.clear();
  return dfs(relaxed, budget(nodes, ms, opts), table);
}

/** The caller's poll stopped the run: no later run may start. */
const stopped = (r: SearchResult) => r.outcome === 'unknown' && r.limit === 'stopped';

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
