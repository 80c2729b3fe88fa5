import { astar } from './astar.js';
import { dfs } from './dfs.js';
import { StatsSum, type Limits, type SearchResult } from './limits.js';
import type { AutoPolicy, StreamlinerRun } from './policy.js';
import type { StateTable } from './table.js';
import type { RelaxationHint, SearchExtras, SearchGame } from './types.js';

// The 'auto' search (solve()'s default): how it spends one budget on the game's extras.
//
// The streamliner, when the game offers one: searches of its restricted space on a small share
// of the budget; only a solution there counts. A game with guides runs the policy's
// streamlinerRuns inside the portfolio, once, after round 0's guided runs (Portfolio); a game
// without, one depth-first search before the rest (streamlined()).
// First pass: a portfolio of best-first runs, each a (guide, weight) pair, run in turn with a
// node budget that doubles every round. A greedy search that has not won by then is usually
// stuck in one basin, and another guide or weight leaves it (f = g + w*h; the measurements
// behind the default weights are in policy.ts). Round 0 runs the policy's firstRoundWeights;
// later rounds run its weights, the weighted pairs first (the greedy ones have already had a
// try). Every run is a real search from the position: a solution it returns is real, and a run
// whose open list runs dry has searched everything reachable (a valid "unsolvable").
// Second pass: depth-first search with the rest of the budget, exhaustive when it finishes.
// Limits apply to the sum of all passes.

/** The limits and memory settings a solve passes on to each of its searches. */
type SearchLimits = Pick<Limits, 'maxNodes' | 'timeoutMs' | 'memoryBytes' | 'whenFull' | 'poll'>;

/** The 'auto' search from the game's current position (see the header). */
export function auto(game: SearchGame, opts: SearchLimits, policy: AutoPolicy, table: StateTable): SearchResult {
  // A game with guides gets its streamlined runs inside the portfolio.
  if (game.extras?.heuristic) return new Portfolio(game, opts, policy, table).run();
  const sum = new StatsSum();
  const streamed = streamlined(game, opts, policy, table);
  if (streamed.outcome === 'solved' || stopped(streamed)) return streamed;
  sum.add(streamed.stats);
  const spentMs = performance.now() - sum.start;
  const rest = new Portfolio(
    game,
    {
      ...opts,
      maxNodes: opts.maxNodes === undefined ? undefined : opts.maxNodes - sum.nodes,
      timeoutMs: opts.timeoutMs === undefined ? undefined : opts.timeoutMs - spentMs,
    },
    policy,
    table,
  ).run();
  sum.add(rest.stats);
  return { ...rest, stats: sum.stats() };
}

/** The streamlined pass (Solvitaire's "streamliners"): a depth-first search of the game's
 *  restricted space on a small share of the budget. Restricted spaces are small, so deals that are
 *  easy but not greedy fall here in milliseconds. Only a solution counts: when the pass ends
 *  without one — exhausted or not — the result is 'unknown' and the full search follows from
 *  scratch. */
function streamlined(game: SearchGame, opts: SearchLimits, policy: AutoPolicy, table: StateTable): SearchResult {
  const share = policy.streamlinerShare;
  const none: SearchResult = { outcome: 'unknown', limit: 'nodes', stats: { nodes: 0, unique: 0, ms: 0, maxDepth: 0 } };
  if (!game.extras?.streamline || !(share > 0)) return none;
  const maxNodes = opts.maxNodes ?? Infinity,
    timeout = opts.timeoutMs ?? Infinity;
  // Without limits the pass still stops: a restricted space is finite, and its exhaustion ends it.
  const r = streamlinedRun(game, limitsOf(Math.max(1, maxNodes * share), timeout * share, opts), table);
  if (r.outcome === 'solved' || stopped(r)) return r;
  // 'unsolvable' here means only that the restricted space holds no win.
  return { outcome: 'unknown', limit: r.outcome === 'unknown' ? r.limit : 'nodes', stats: r.stats };
}

/** The limits of one search of the portfolio: `nodes` (whole) and `ms` where finite, the caller's
 *  memory settings. */
function limitsOf(nodes: number, ms: number, memory: Pick<Limits, 'memoryBytes' | 'whenFull' | 'poll'>): Limits {
  return {
    maxNodes: nodes === Infinity ? undefined : Math.floor(nodes),
    timeoutMs: ms === Infinity ? undefined : ms,
    memoryBytes: memory.memoryBytes,
    whenFull: memory.whenFull,
    poll: memory.poll,
  };
}

/** One search of the streamlined space, depth-first or best-first as `run` says (its
 *  'unsolvable' proves nothing of the game). The game has a streamliner. */
function streamlinedRun(game: SearchGame, limits: Limits, table: StateTable, run: StreamlinerRun = {}): SearchResult {
  const extras = game.extras as SearchExtras;
  extras.streamline!(true, run.level ?? 0, run.order ?? 0);
  try {
    table.clear();
    return run.weight === undefined ? dfs(game, limits, table) : astar(game, limits, table, run.weight, run.guide ?? 0);
  } finally {
    extras.streamline!(false);
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

/** What the streamlined runs showed beside their result (the hints streamlinedRuns() gives). */
interface StreamlinedHints {
  firstCut?: boolean;
  firstExhausted?: boolean;
  relaxHint?: boolean;
  relaxed?: boolean;
  early?: boolean;
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
): SearchResult & StreamlinedHints {
  const extras = game.extras as SearchExtras;
  const runs = listed.filter((r) => extras.streamlineOffered?.(r.level ?? 0) ?? true);
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
    const r = streamlinedRun(game, limitsOf(runNodes, runMs, memory), table, runs[i]);
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

/** The first pass's guided rounds told it to end (no budget left, or the memory too short). */
const FIRST_PASS_OVER = 'over';

/** The portfolio and the exhaustive pass of one 'auto' search (see the header), with what its
 *  runs have spent. Each step returns a result that ends the search, or undefined to go on. */
class Portfolio {
  private readonly sum = new StatsSum();
  private readonly start = this.sum.start;
  private readonly maxNodes: number;
  private readonly timeout: number;
  /** The first pass's budget: the policy's share of the whole (a hint may lower it). */
  private firstNodes: number;
  private firstMs: number;
  /** How many guides the game offers (0 without heuristic()). */
  private readonly guides: number;
  /** The streamlined runs' share of the budget, when the game has a streamliner and guides. */
  private readonly streamShare: number;
  /** Guided runs that ended at the memory limit: four end the first pass. */
  private memoryHits = 0;
  /** The first streamlined run was cut off by its budget, its space neither won nor exhausted. */
  private retry = false;

  constructor(
    private readonly game: SearchGame,
    private readonly opts: SearchLimits,
    private readonly policy: AutoPolicy,
    private readonly table: StateTable,
  ) {
    const extras = game.extras;
    this.maxNodes = opts.maxNodes ?? Infinity;
    this.timeout = opts.timeoutMs ?? Infinity;
    this.firstNodes = this.maxNodes * policy.firstPassShare;
    this.firstMs = this.timeout * policy.firstPassShare;
    this.guides = extras?.heuristic ? Math.max(1, extras.guideCount ?? 1) : 0;
    // The streamlined runs (streamlinedRuns()): the policy's list of searches of the restricted
    // space (default one depth-first search), right after round 0's guided runs (or before them:
    // policy.streamlinerFirst), on its share of the budget (counted in the first pass, so the
    // exhaustive pass keeps its share). Easy deals still fall to round 0's short guided runs
    // first, unless the streamliner goes first; a restricted space wins at any depth of a long
    // run, so each search runs once, not as a series of restarts. Only a solution counts:
    // 'unsolvable' there proves nothing.
    this.streamShare = extras?.streamline && this.guides > 0 ? policy.streamlinerShare : 0;
  }

  run(): SearchResult {
    return this.firstPass() ?? this.retried() ?? this.exhaustive();
  }

  private elapsed(): number {
    return performance.now() - this.start;
  }

  /** The search's result: r with the stats of every run so far. */
  private end<R extends SearchResult>(r: R): R {
    return { ...r, stats: this.sum.stats() };
  }

  /** The guided rounds, each node budget twice the last's, with the streamlined runs after
   *  round 0 (before it, policy.streamlinerFirst). */
  private firstPass(): SearchResult | undefined {
    const policy = this.policy;
    const unlimited = this.maxNodes === Infinity && this.timeout === Infinity;
    // Round 0 gives each guide the policy's firstRoundNodes, by default an eighth of the first
    // pass between 5k and 20k nodes.
    let per = policy.firstRoundNodes ?? Math.round(Math.min(20_000, Math.max(5_000, this.firstNodes / 8)));
    let streamOn = this.streamShare > 0;
    if (streamOn && policy.streamlinerFirst) {
      streamOn = false;
      const s = this.streamlinedPass();
      if (s !== undefined) return s;
    }
    for (let round = 0; this.guides > 0 && !(unlimited && round > 5); round++, per *= 2) {
      const r = this.guidedRound(round === 0 ? policy.firstRoundWeights : policy.weights, per);
      if (r === FIRST_PASS_OVER) return undefined;
      if (r !== undefined) return r;
      if (streamOn) {
        streamOn = false;
        const s = this.streamlinedPass();
        if (s !== undefined) return s;
      }
    }
    return undefined;
  }

  /** One round: a run of `per` nodes (at most what the first pass has left) on every guide at
   *  each weight. */
  private guidedRound(weights: readonly number[], per: number): SearchResult | typeof FIRST_PASS_OVER | undefined {
    for (const w of weights) {
      for (let i = 0; i < this.guides; i++) {
        const guide = this.policy.guideOrder?.[i] ?? i;
        const leftNodes = this.firstNodes - this.sum.nodes,
          leftMs = this.firstMs - this.elapsed();
        if (leftNodes < 1000 || leftMs < 1) return FIRST_PASS_OVER;
        this.table.clear();
        const r = astar(this.game, limitsOf(Math.min(per, leftNodes), leftMs, this.opts), this.table, w, guide);
        this.sum.add(r.stats);
        if (r.outcome !== 'unknown' || stopped(r)) return this.end(r);
        if (r.limit === 'memory' && ++this.memoryHits >= 4) return FIRST_PASS_OVER;
      }
    }
    return undefined;
  }

  /** The streamlined runs (streamlinedRuns()) on their share, and on their hints the relaxation
   *  and a smaller first pass. */
  private streamlinedPass(): SearchResult | undefined {
    const { policy, maxNodes, timeout } = this;
    const leftNodes = Math.min(this.firstNodes - this.sum.nodes, maxNodes * this.streamShare);
    const leftMs = Math.min(this.firstMs - this.elapsed(), timeout * this.streamShare);
    if (leftNodes < 1000 || leftMs < 1) return undefined;
    // The relaxation right after the first run when it exhausted its space (the policy's
    // earlyRelaxationShare), before the later runs. It stands in for the exhaustive pass (its
    // one use is to prove the deal lost), so the budget it takes is that pass's: the later
    // runs keep their parts, within what it left of the whole.
    const earlyShare = policy.earlyRelaxationShare ?? 0;
    const early =
      earlyShare > 0
        ? {
            run: (left: number, leftMs: number) =>
              relaxationRun(this.game, this.opts, earlyShare, this.table, left, leftMs, 'early'),
            nodes: maxNodes - this.sum.nodes,
            ms: timeout - this.elapsed(),
          }
        : undefined;
    const r = streamlinedRuns(this.game, policy.streamlinerRuns, leftNodes, leftMs, this.opts, this.table, early);
    this.sum.add(r.stats);
    if (r.outcome === 'solved' || stopped(r) || r.early) return this.end(r);
    this.retry = r.firstCut === true;
    // Every restricted space exhausted without a win: a hint (no proof) that the deal may be
    // lost, so the policy may move budget from the guided runs to the exhaustive pass.
    const xShare = policy.exhaustedFirstPassShare;
    if (r.outcome === 'unsolvable' && xShare !== undefined && xShare < policy.firstPassShare) {
      this.firstNodes = maxNodes * xShare;
      this.firstMs = timeout * xShare;
    }
    return this.relaxedOnHint(r);
  }

  /** On the hint that every restricted space was exhausted, the relaxation (a game won whenever
   *  this one is), searched to the end on its share: exhausted, it proves the position lost; its
   *  wins prove nothing. On the weaker hint (the first run exhausted, a later one cut off) its
   *  own share. Never twice: a relaxation that ran early was won or cut off, and would be again. */
  private relaxedOnHint(r: SearchResult & StreamlinedHints): SearchResult | undefined {
    const policy = this.policy;
    const relaxShare = r.relaxed
      ? 0
      : r.outcome === 'unsolvable' || r.relaxHint
        ? (policy.relaxationShare ?? 0)
        : r.firstExhausted
          ? (policy.firstExhaustedRelaxationShare ?? 0)
          : 0;
    if (!(relaxShare > 0)) return undefined;
    const relaxed = relaxationRun(
      this.game,
      this.opts,
      relaxShare,
      this.table,
      this.maxNodes - this.sum.nodes,
      this.timeout - this.elapsed(),
      r.outcome === 'unsolvable' ? 'exhausted' : 'partial',
    );
    if (!relaxed) return undefined;
    this.sum.add(relaxed.stats);
    return relaxed.outcome === 'unsolvable' || stopped(relaxed) ? this.end(relaxed) : undefined;
  }

  /** The first streamlined run again (or the policy's retry run: the same space in another
   *  order), from scratch on a larger budget, when it was cut off: a large restricted space that
   *  is not exhausted hints at a won deal whose line lies deeper in it, which the exhaustive pass
   *  rarely finds either (its own space is larger still). */
  private retried(): SearchResult | undefined {
    const policy = this.policy;
    const retryShare = policy.streamlinerRetryShare ?? 0;
    if (!this.retry || !(retryShare > 0)) return undefined;
    const leftNodes = Math.min(this.maxNodes - this.sum.nodes, this.maxNodes * retryShare);
    const leftMs = Math.min(this.timeout - this.elapsed(), this.timeout * retryShare);
    if (leftNodes < 1000 || leftMs < 1) return undefined;
    const run = policy.streamlinerRetryRun ?? policy.streamlinerRuns[0];
    const r = streamlinedRun(this.game, limitsOf(leftNodes, leftMs, this.opts), this.table, run);
    this.sum.add(r.stats);
    return r.outcome === 'solved' || stopped(r) ? this.end(r) : undefined;
  }

  /** The depth-first pass on what the budget has left. */
  private exhaustive(): SearchResult {
    const leftMs = this.timeout - this.elapsed();
    const nodes = this.sum.nodes;
    if (nodes >= this.maxNodes || leftMs <= 0)
      return { outcome: 'unknown', limit: nodes >= this.maxNodes ? 'nodes' : 'time', stats: this.sum.stats() };
    this.table.clear();
    const r = dfs(this.game, limitsOf(this.maxNodes - nodes, leftMs, this.opts), this.table);
    this.sum.add(r.stats);
    return this.end(r);
  }
}

/** The depth-first search of the game's relaxation on `share` of the budget (at most what is
 *  left), or undefined when there is none to run. */
function relaxationRun(
  game: SearchGame,
  opts: SearchLimits,
  share: number,
  table: StateTable,
  leftNodes: number,
  leftMs: number,
  hint: RelaxationHint,
): SearchResult | undefined {
  const extras = game.extras;
  if (!(share > 0) || !extras?.relaxation) return undefined;
  const maxNodes = opts.maxNodes ?? Infinity,
    timeout = opts.timeoutMs ?? Infinity;
  const nodes = Math.min(leftNodes, maxNodes * share),
    ms = Math.min(leftMs, timeout * share);
  if (nodes < 1000 || ms < 1) return undefined;
  const relaxed = extras.relaxation(hint);
  if (!relaxed) return undefined;
  table.clear();
  return dfs(relaxed, limitsOf(nodes, ms, opts), table);
}

/** The caller's poll stopped the run: no later run may start. */
const stopped = (r: SearchResult) => r.outcome === 'unknown' && r.limit === 'stopped';
