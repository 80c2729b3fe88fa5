// What the batch pool runs: a Job turns one item (usually a seed) into one CSV row. Jobs are
// plain synchronous functions so that a worker can run many items per task and keep state
// (e.g. a transposition table) between them. A job is addressed by its module (src/batch/jobs.ts).

export type Cell = string | number | boolean | null;
export type Row = Record<string, Cell>;

export interface Job<C = Record<string, unknown>> {
  /** CSV columns, in order (fixed, or fixed by the config); every row has these keys. */
  readonly columns: readonly string[] | ((config: C) => readonly string[]);
  /** The column that identifies an item (the resume key), e.g. "seed". Every job also has an
   *  "outcome" column, which holds "error" when an item failed (the pool adds an "error" column
   *  with the message). */
  readonly itemColumn: string;
  /** The item a row read back from the CSV was made for, when the item column alone does not
   *  say it (several rows per seed, e.g. one per strategy seed); default: row[itemColumn]. */
  itemOf?(row: Readonly<Record<string, string>>): string;
  /** Items per pool task: large for jobs of microseconds, small for jobs of seconds. */
  readonly blockSize?: number;
  /** Runs one item and returns its row. Must be deterministic for the same config and item
   *  (timeouts aside). Keys starting with "_" are side output, not CSV columns (e.g. "_line"). */
  run(config: C, item: string): Row;
  /** The columns known without running the item (e.g. game, settings), for its error row. */
  baseRow?(config: C, item: string): Row;
  /** Whether a row read back from the CSV records a failure that running the item again may
   *  mend (resume --retry-errors); default: its outcome is "error". */
  failed?(row: Readonly<Record<string, string>>): boolean;
}

export const columnsOf = <C>(job: Job<C>, config: C): readonly string[] =>
  typeof job.columns === 'function' ? job.columns(config) : job.columns;

/** The item of a row read back from the CSV (Job.itemOf, else its item column). */
export const itemOfRow = <C>(job: Job<C>, row: Readonly<Record<string, string>>): string =>
  job.itemOf ? job.itemOf(row) : row[job.itemColumn];
