// What the batch pool runs: a Job turns one item (usually a seed) into one CSV row. Jobs are
// plain synchronous functions so that a worker can run many items per task and keep state
// (e.g. a transposition table) between them. Each game's jobs are listed in src/batch/jobs.ts.

export type Cell = string | number | boolean | null;
export type Row = Record<string, Cell>;

export interface Job<C = Record<string, unknown>> {
  /** CSV columns, in order; every row has exactly these keys. */
  readonly columns: readonly string[];
  /** The column that identifies an item (the resume key), e.g. "seed". */
  readonly itemColumn: string;
  /** Runs one item and returns its row. Must be deterministic for the same config and item. */
  run(config: C, item: string): Row;
}
