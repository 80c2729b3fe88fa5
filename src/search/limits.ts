// Search limits and the single outcome type every solver returns. Hitting a limit is always
// "unknown", never "unsolvable": only an exhaustive search may say a deal cannot be won.

export type Limit = 'nodes' | 'time' | 'memory' | 'stopped';

/** A caller's checkpoint, polled by every search about every 128 nodes (with the clock) with the
 *  nodes generated since its last call: it may report progress, and returns true to stop the
 *  search (then unknown, limit 'stopped'). A search in a Web Worker cannot read a message while
 *  it runs, so the poll is how a stop flag (or a deadline) reaches it. */
export type Poll = (nodesSince: number) => boolean;

export interface Limits {
  /** Nodes (positions generated) at most. */
  maxNodes?: number;
  /** Wall-clock milliseconds at most. */
  timeoutMs?: number;
  /** Bytes the search may hold: its transposition table, its stacks and A*'s node store (and
   *  through solve(), the game's own caches: SearchSetup.memoryBudget()). */
  memoryBytes?: number;
  /** What depth-first search does when the table is full: 'evict' (the default) forgets the
   *  deeper half of its states and goes on (searching again what it forgot; verdicts stay exact),
   *  'stop' ends with unknown (memory). Best-first search always stops: its node store cannot
   *  forget. */
  whenFull?: WhenFull;
  /** Polled about every 128 nodes; true stops the search (Poll). */
  poll?: Poll;
}

export type WhenFull = 'evict' | 'stop';

export interface SearchStats {
  /** Positions generated (each make() of a searched move). */
  nodes: number;
  /** Distinct positions stored in the table. */
  unique: number;
  ms: number;
  /** Deepest ply reached. */
  maxDepth: number;
  /** States the table forgot to make room (whenFull 'evict'); absent when none. */
  evicted?: number;
}

export type SearchResult =
  | { outcome: 'solved'; moves: number[]; stats: SearchStats }
  | { outcome: 'unsolvable'; stats: SearchStats }
  | { outcome: 'unknown'; limit: Limit; stats: SearchStats };

export const DEFAULT_MEMORY = 1 << 30;

/** The stats of searches run in turn as one search's: nodes and evicted states add up; each
 *  search starts from a cleared table, so the states stored and the depth are the largest of
 *  any; the time runs from the sum's creation. */
export class StatsSum {
  readonly start = performance.now();
  nodes = 0;
  unique = 0;
  maxDepth = 0;
  evicted = 0;

  add(s: SearchStats): void {
    this.nodes += s.nodes;
    this.unique = Math.max(this.unique, s.unique);
    this.maxDepth = Math.max(this.maxDepth, s.maxDepth);
    this.evicted += s.evicted ?? 0;
  }

  stats(): SearchStats {
    const { nodes, unique, maxDepth, evicted } = this;
    return { nodes, unique, ms: performance.now() - this.start, maxDepth, ...(evicted > 0 ? { evicted } : {}) };
  }
}

/** Checks the node and time limits cheaply: the clock is read every 128 nodes (a read costs a
 *  fraction of a node), which keeps a timeout honoured to about a millisecond even on a slow,
 *  loaded core, where reading it every 1024 nodes let short budgets overrun by far more
 *  (bench/solve.ts prints the worst overrun: `npm run bench -- --timeout 100ms`). */
export class Budget {
  private readonly deadline: number;
  private readonly maxNodes: number;
  private readonly poll: Poll | null;
  /** Nodes at the last poll. */
  private polled = 0;
  readonly start = performance.now();
  nodes = 0;
  hit: Limit | null = null;
  private clockMask = 127;

  constructor(limits: Limits) {
    this.deadline = limits.timeoutMs !== undefined ? this.start + limits.timeoutMs : Infinity;
    this.maxNodes = limits.maxNodes ?? Infinity;
    this.poll = limits.poll ?? null;
  }

  /** Reads the clock at every node: for games whose nodes may each cost many microseconds
   *  (Macros.costlyNodes), where 128 of them could overrun a budget by far. */
  everyNode(): void {
    this.clockMask = 0;
  }

  /** Counts n nodes spent outside the search's own moves (DeadTestCalls.spending); the next tick()
   *  sees them. */
  charge(n: number): void {
    this.nodes += n;
  }

  /** Nodes left before the node limit (Infinity without one). */
  get left(): number {
    return this.maxNodes - this.nodes;
  }

  /** Counts one node; returns false when a limit is hit (and records which). */
  tick(): boolean {
    if (++this.nodes >= this.maxNodes) {
      this.hit = 'nodes';
      return false;
    }
    return (this.nodes & this.clockMask) !== 0 || this.checkpoint();
  }

  /** The clock, then the caller's poll; false when either says stop. */
  private checkpoint(): boolean {
    if (performance.now() >= this.deadline) {
      this.hit = 'time';
      return false;
    }
    if (this.poll !== null) {
      const since = this.nodes - this.polled;
      this.polled = this.nodes;
      if (this.poll(since)) {
        this.hit = 'stopped';
        return false;
      }
    }
    return true;
  }

  get ms(): number {
    return performance.now() - this.start;
  }
}
