import { existsSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { stringify } from 'csv-stringify/sync';
import { InputError, NoSpaceError, OutputError, UserError } from '../io/errors.js';
import { fileProblem, makeDirectory, writeFileAtomic } from '../io/files.js';
import { CsvAppender } from './csv-appender.js';
import { dropUnfinishedTail, readCsvRows } from './csv.js';
import { checkOneName, FileLock } from './lock.js';
import { columnsOf, itemOfRow, type Row } from './job.js';
import { loadJob } from './jobs.js';
import type { RowMessage, Task } from './worker.js';

// Runs a job over many items on a piscina pool and appends one CSV row per item as it finishes.
// - Tasks carry a block of items; rows stream back one by one over a MessagePort.
// - One run at a time writes a CSV (its lock, lock.ts).
// - --resume reads the CSV, skips the items already there and appends the rest (a torn last
//   row is dropped first, and its item runs again); with retryErrors the error rows go too.
// - A row that cannot be written (a full disk) stops the batch with one line; the CSV ends
//   with its last complete row, and a resume finishes the set.
// - An item that throws, or whose worker dies, becomes an "error" row; the batch goes on.
// - stop() (Ctrl-C) submits nothing more, ends the workers and keeps every finished row; the
//   items in flight are not written, so a resumed run does them again, and each item ends up
//   in the CSV exactly once.

export interface BatchSpec {
  /** The URL of the job's module (src/batch/jobs.ts). */
  job: string;
  config: Record<string, unknown>;
  items: readonly string[];
  out: string;
  resume?: boolean;
  /** Overwrite an existing CSV (without it, an existing file is an error unless resuming). */
  force?: boolean;
  workers?: number;
  /** Called once the CSV has been read: how many items will run, how many were done before. */
  onStart?: (todo: number, skipped: number) => void;
  /** With resume: run again the items whose rows are errors (their rows are replaced). */
  retryErrors?: boolean;
  /** Called for each finished row (progress, side outputs), before it is written to the CSV. */
  onRow?: (row: Row) => void;
}

export interface BatchResult {
  /** Rows written by this run. */
  written: number;
  /** Items skipped because the CSV had them already. */
  skipped: number;
  /** Error rows (Job.failed) of these items left in the CSV by resume without retryErrors. */
  errorsKept: number;
  /** Items whose error rows resume with retryErrors dropped to run them again. */
  retried: number;
  interrupted: boolean;
  file: string;
}

/** The one line a batch stopped by a full disk ends with. */
const stopped = (e: NoSpaceError, rows: number, out: string) =>
  new OutputError(
    `${e.message}: ${rows} row${rows === 1 ? '' : 's'} kept${e.file === out ? '' : ` in ${out}`}; free space and run again with --resume`,
  );

/** Replaces the CSV by its header and `rows` (written beside it, then renamed over it). */
const rewriteCsv = (file: string, columns: readonly string[], rows: readonly Record<string, string>[]): void =>
  writeFileAtomic(file, stringify([columns as string[], ...rows.map((r) => columns.map((c) => r[c] ?? ''))]), '--out');

/** Where the worker lives: next to this module, compiled (.js) or as source under tsx (.ts). */
function workerLocation(): { filename: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) return { filename: here.replace(/run\.ts$/, 'worker-tsx.mjs'), execArgv: [] };
  return { filename: here.replace(/run\.js$/, 'worker.js'), execArgv: [] };
}

/** The one line of an existing CSV that the run may neither resume nor overwrite. */
const fileExists = (out: string) => `${out}: file exists; add --resume to continue it or --force to overwrite it`;

/** A failure to open the CSV, as the one line the batch ends with (a fault other than the file
 *  system's stays as it is). */
function openFailure(e: unknown, out: string): unknown {
  if (e instanceof NoSpaceError) return stopped(e, 0, out);
  if ((e as NodeJS.ErrnoException).code === 'EEXIST') return new InputError(fileExists(out));
  if (e instanceof UserError || (e as NodeJS.ErrnoException).code === undefined) return e;
  return new OutputError(`--out ${out}: cannot write: ${fileProblem(e)}`);
}

type LoadedJob = Awaited<ReturnType<typeof loadJob>>;

/** The CSV opened for this run, and what of the items it already held. */
interface Opened {
  csv: CsvAppender;
  /** The items still to run. */
  todo: string[];
  skipped: number;
  errorsKept: number;
  retried: number;
}

export class Batch {
  private pool: Piscina | null = null;
  private stopping = false;

  constructor(readonly spec: BatchSpec) {}

  stop(): void {
    this.stopping = true;
    void this.pool?.destroy();
  }

  async run(): Promise<BatchResult> {
    const { spec } = this;
    const job = await loadJob(spec.job);
    const columns = [...columnsOf(job, spec.config), 'error'];
    makeDirectory(dirname(spec.out), `--out ${spec.out}`);
    // Everything from here to the last row is this run's alone: the file is read, cut and
    // written under its lock.
    const lock = FileLock.acquire(spec.out);
    let opened: Opened;
    try {
      opened = this.open(job, columns);
    } catch (e) {
      lock.release();
      throw openFailure(e, spec.out);
    }
    const { csv, todo } = opened;
    // A row that cannot be written (a full disk) stops the batch: nothing after it is written,
    // and run() ends with the error once the workers are down.
    let written = 0;
    let failure: unknown = null;
    const record = (row: Row) => {
      written++;
      if (failure !== null) return;
      try {
        // Side outputs first: a row in the CSV has its side outputs written.
        spec.onRow?.(row);
        csv.write(row);
      } catch (e) {
        failure = e instanceof NoSpaceError ? stopped(e, csv.rows, spec.out) : e;
        this.stop();
      }
    };
    spec.onStart?.(todo.length, opened.skipped);
    let interrupted = false;
    try {
      if (todo.length > 0) await this.runOnPool(job, todo, record);
    } finally {
      interrupted = this.stopping;
      csv.close();
      lock.release();
      const pool = this.pool;
      this.pool = null;
      if (pool && !this.stopping) await pool.destroy();
    }
    if (failure !== null) throw failure;
    const { skipped, errorsKept, retried } = opened;
    return { written, skipped, errorsKept, retried, interrupted, file: spec.out };
  }

  /** Opens the CSV (its lock held): a new file, an existing one overwritten (force), or one
   *  resumed, whose rows are kept and whose items are not run again. */
  private open(job: LoadedJob, columns: string[]): Opened {
    const { spec } = this;
    const exists = existsSync(spec.out);
    if (exists && !spec.resume && !spec.force) throw new InputError(fileExists(spec.out));
    const resumed = spec.resume && exists ? this.resume(job, columns) : null;
    if (resumed === null) {
      const csv = new CsvAppender(spec.out, columns, exists ? 'overwrite' : 'new');
      return { csv, todo: [...spec.items], skipped: 0, errorsKept: 0, retried: 0 };
    }
    const { kept, ...rest } = resumed;
    return { csv: new CsvAppender(spec.out, columns, 'append', kept), ...rest };
  }

  /** What a CSV to resume holds: its complete rows (`kept`, after dropping the error rows of
   *  these items with retryErrors), and the items still to run; null when it holds no row yet. */
  private resume(job: LoadedJob, columns: string[]): (Omit<Opened, 'csv'> & { kept: number }) | null {
    const { spec } = this;
    checkOneName(spec.out);
    // Only rows whose line ended are done; a torn last row is dropped and its item runs again.
    dropUnfinishedTail(spec.out);
    if (statSync(spec.out).size === 0) return null;
    const { header, rows } = readCsvRows(spec.out);
    if (header.join(',') !== columns.join(','))
      throw new InputError(
        `${spec.out}: its columns (${header.join(',')}) are not this job's (${columns.join(',')}); write to another --out`,
      );
    const isError = (r: Record<string, string>) => (job.failed ? job.failed(r) : r.outcome === 'error');
    const wanted = new Set(spec.items);
    const failed = rows.filter((r) => wanted.has(itemOfRow(job, r)) && isError(r));
    let kept = rows,
      errorsKept = 0,
      retried = 0;
    if (spec.retryErrors && failed.length > 0) {
      const drop = new Set(failed);
      kept = rows.filter((r) => !drop.has(r));
      rewriteCsv(spec.out, columns, kept);
      retried = new Set(failed.map((r) => itemOfRow(job, r))).size;
    } else errorsKept = failed.length;
    const done = new Set(kept.map((r) => itemOfRow(job, r)));
    const todo = spec.items.filter((x) => !done.has(x));
    return { todo, kept: kept.length, skipped: spec.items.length - todo.length, errorsKept, retried };
  }

  /** Runs the items on a pool of workers, in blocks, until all are done or stop() is called;
   *  each row goes to `record` as it comes. */
  private async runOnPool(job: LoadedJob, todo: string[], record: (row: Row) => void): Promise<void> {
    const workers = Math.max(1, Math.min(this.spec.workers ?? availableParallelism(), todo.length));
    const { filename, execArgv } = workerLocation();
    this.pool = new Piscina({ filename, execArgv, minThreads: workers, maxThreads: workers, idleTimeout: 60_000 });
    // Blocks small enough that every worker gets several, so the run ends evenly.
    const block = Math.max(1, Math.min(job.blockSize ?? 8, Math.ceil(todo.length / (workers * 8))));
    const blocks: string[][] = [];
    for (let i = 0; i < todo.length; i += block) blocks.push(todo.slice(i, i + block));
    let next = 0;
    const lane = async () => {
      while (!this.stopping && next < blocks.length) await this.runBlock(job, blocks[next++], record);
    };
    await Promise.all(Array.from({ length: workers * 2 }, lane));
  }

  /** Runs one block on a worker, its rows streamed back over a port; if the worker dies, the
   *  items it had not reported become error rows. */
  private async runBlock(job: LoadedJob, items: string[], record: (row: Row) => void): Promise<void> {
    const { spec } = this;
    const { port1, port2 } = new MessageChannel();
    const pending = new Set(items);
    port1.on('message', (m: RowMessage) => {
      if (!pending.delete(m.item) || this.stopping) return;
      record(m.row);
    });
    try {
      await this.pool!.run({ job: spec.job, config: spec.config, items, port: port2 } satisfies Task, {
        transferList: [port2 as never],
      });
      // Rows posted before the task returned may still be on their way.
      for (let i = 0; i < 100 && pending.size > 0; i++) await new Promise((r) => setTimeout(r, 5));
    } catch (e) {
      if (this.stopping) return;
      await new Promise((r) => setTimeout(r, 20));
      // The worker died: the items it had not reported are recorded as errors.
      for (const item of pending) {
        record({
          [job.itemColumn]: item,
          ...job.baseRow?.(spec.config, item),
          outcome: 'error',
          error: `worker died: ${String((e as Error)?.message ?? e).split('\n')[0]}`,
        });
      }
      pending.clear();
    } finally {
      port1.close();
    }
  }
}
