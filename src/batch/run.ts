import { existsSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { stringify } from 'csv-stringify/sync';
import { InputError, NoSpaceError, OutputError, UserError } from '../io/errors.js';
import { fileProblem, makeDirectory, rethrowWrite } from '../io/files.js';
import { CsvAppender, dropUnfinishedTail, readCsvRows } from './csv.js';
import { FileLock } from './lock.js';
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
function rewriteCsv(file: string, columns: readonly string[], rows: readonly Record<string, string>[]): void {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, stringify([columns as string[], ...rows.map((r) => columns.map((c) => r[c] ?? ''))]));
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    rethrowWrite(e, tmp);
  }
}

/** Where the worker lives: next to this module, compiled (.js) or as source under tsx (.ts). */
function workerLocation(): { filename: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) return { filename: here.replace(/run\.ts$/, 'worker-tsx.mjs'), execArgv: [] };
  return { filename: here.replace(/run\.js$/, 'worker.js'), execArgv: [] };
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
    const isError = (r: Record<string, string>) => (job.failed ? job.failed(r) : r.outcome === 'error');
    let todo = [...spec.items];
    let skipped = 0,
      errorsKept = 0,
      retried = 0;
    makeDirectory(dirname(spec.out), `--out ${spec.out}`);
    // Everything from here to the last row is this run's alone: the file is read, cut and
    // written under its lock.
    const lock = FileLock.acquire(spec.out);
    let csv: CsvAppender;
    try {
      const exists = existsSync(spec.out);
      if (exists && !spec.resume && !spec.force)
        throw new InputError(`${spec.out}: file exists; add --resume to continue it or --force to overwrite it`);
      let mode: 'new' | 'overwrite' | 'append' = exists ? 'overwrite' : 'new';
      let kept = 0;
      if (spec.resume && exists) {
        // Only rows whose line ended are done; a torn last row is dropped and its item runs again.
        dropUnfinishedTail(spec.out);
        if (statSync(spec.out).size > 0) {
          const { header, rows } = readCsvRows(spec.out);
          if (header.join(',') !== columns.join(','))
            throw new InputError(
              `${spec.out}: its columns (${header.join(',')}) are not this job's (${columns.join(',')}); write to another --out`,
            );
          const wanted = new Set(spec.items);
          const failed = rows.filter((r) => wanted.has(itemOfRow(job, r)) && isError(r));
          if (spec.retryErrors && failed.length > 0) {
            const drop = new Set(failed);
            const keep = rows.filter((r) => !drop.has(r));
            rewriteCsv(spec.out, columns, keep);
            retried = new Set(failed.map((r) => itemOfRow(job, r))).size;
            rows.length = 0;
            rows.push(...keep);
          } else errorsKept = failed.length;
          const done = new Set(rows.map((r) => itemOfRow(job, r)));
          todo = todo.filter((x) => !done.has(x));
          skipped = spec.items.length - todo.length;
          mode = 'append';
          kept = rows.length;
        }
      }
      csv = new CsvAppender(spec.out, columns, mode, kept);
    } catch (e) {
      lock.release();
      if (e instanceof NoSpaceError) throw stopped(e, 0, spec.out);
      if ((e as NodeJS.ErrnoException).code === 'EEXIST')
        throw new InputError(`${spec.out}: file exists; add --resume to continue it or --force to overwrite it`);
      if (e instanceof UserError || (e as NodeJS.ErrnoException).code === undefined) throw e;
      throw new OutputError(`--out ${spec.out}: cannot write: ${fileProblem(e)}`);
    }
    // A row that cannot be written (a full disk) stops the batch: nothing after it is written,
    // and run() ends with the error once the workers are down.
    let failure: unknown = null;
    const record = (row: Row) => {
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

    let written = 0;
    spec.onStart?.(todo.length, skipped);
    let interrupted = false;
    try {
      if (todo.length > 0) {
        const workers = Math.max(1, Math.min(spec.workers ?? availableParallelism(), todo.length));
        const { filename, execArgv } = workerLocation();
        this.pool = new Piscina({ filename, execArgv, minThreads: workers, maxThreads: workers, idleTimeout: 60_000 });
        // Blocks small enough that every worker gets several, so the run ends evenly.
        const block = Math.max(1, Math.min(job.blockSize ?? 8, Math.ceil(todo.length / (workers * 8))));
        const blocks: string[][] = [];
        for (let i = 0; i < todo.length; i += block) blocks.push(todo.slice(i, i + block));
        let next = 0;
        const runBlock = async (items: string[]): Promise<void> => {
          const { port1, port2 } = new MessageChannel();
          const pending = new Set(items);
          port1.on('message', (m: RowMessage) => {
            if (!pending.delete(m.item) || this.stopping) return;
            written++;
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
              written++;
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
        };
        const lane = async () => {
          while (!this.stopping && next < blocks.length) await runBlock(blocks[next++]);
        };
        await Promise.all(Array.from({ length: workers * 2 }, lane));
      }
    } finally {
      interrupted = this.stopping;
      csv.close();
      lock.release();
      const pool = this.pool;
      this.pool = null;
      if (pool && !this.stopping) await pool.destroy();
    }
    if (failure !== null) throw failure;
    return { written, skipped, errorsKept, retried, interrupted, file: spec.out };
  }
}
