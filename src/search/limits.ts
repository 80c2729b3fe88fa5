// Search limits and the single outcome type every solver returns. Hitting a limit is always
// "unknown", never "unsolvable": only an exhaustive search may say a deal cannot be won.

export type Limit = 'nodes' | 'time' | 'memory';

export interface Limits {
  /** Nodes (positions generated) at most. */
  maxNodes?: number;
  /** Wall-clock milliseconds at most. */
  timeoutMs?: number;
  /** Bytes for the transposition table (and A*'s node store). */
  memoryBytes?: number;
}

export interface SearchStats {
  /** Positions generated (each make() of a searched move). */
  nodes: number;
  /** Distinct positions stored in the table. */
  unique: number;
  ms: number;
  /** Deepest ply reached. */
  maxDepth: number;
}

export type SearchResult =
  | { outcome: 'solved'; moves: number[]; stats: SearchStats }
  | { outcome: 'unsolvable'; stats: SearchStats }
  | { outcome: 'unknown'; limit: Limit; stats: SearchStats };

export const DEFAULT_MEMORY = 1 << 30;

/** Checks the node and time limits cheaply: the clock is read every 1024 nodes, which keeps a
 *  timeout honoured to well under a millisecond at millions of nodes per second. */
export class Budget {
  private readonly deadline: number;
  private readonly maxNodes: number;
  readonly start = performance.now();
  nodes = 0;
  hit: Limit | null = null;

  constructor(limits: Limits) {
    this.deadline = limits.timeoutMs !== undefined ? this.start + limits.timeoutMs : Infinity;
    this.maxNodes = limits.maxNodes ?? Infinity;
  }

  /** Counts one node; returns false when a limit is hit (and records which). */
  tick(): boolean {
    if (++this.nodes >= this.maxNodes) {
      this.hit = 'nodes';
      return false;
    }
    if ((this.nodes & 1023) === 0 && performance.now() >= this.deadline) {
      this.hit = 'time';
      return false;
    }
    return true;
  }

  get ms(): number {
    return performance.now() - this.start;
  }
}
