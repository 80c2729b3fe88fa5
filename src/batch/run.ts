import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { InputError } from '../io/errors.js';
import { fileProblem, makeDirectory } from '../io/files.js';
import { CsvAppender, readCsvRows } from './csv.js';
import { columnsOf, type Row } from './job.js';
import { loadJob } from './jobs.js';
import type { RowMessage, Task } from './worker.js';

// Runs a job over many items on a piscina pool and appends one CSV row per item as it finishes.
// - Tasks carry a block of items; rows stream back one by one over a MessagePort.
// - --resume reads the CSV, skips the items already there and appends the rest.
// - An item that throws, or whose worker dies, becomes an "error" row; the batch goes on.
// - stop() (Ctrl-C) submits nothing more, ends the workers and keeps every finished row; the
//   items in flight are not written, so a resumed run does them again, and each item ends up
//   in the CSV exactly once.

export interface BatchSpec {
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
  /** Called for each finished row (progress, side outputs). */
  onRow?: (row: Row) => void;
}

export interface BatchResult {
  /** Rows written by this run. */
  written: number;
  /** Items skipped because the CSV had them already. */
  skipped: number;
  interrupted: boolean;
  file: string;
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
    let todo = [...spec.items];
    let skipped = 0;
    const exists = existsSync(spec.out);
    if (exists && !spec.resume && !spec.force)
      throw new InputError(`${spec.out}: file exists; add --resume to continue it or --force to overwrite it`);
    if (spec.resume && exists) {
      const { header, rows } = readCsvRows(spec.out);
      if (header.join(',') !== columns.join(','))
        throw new InputError(`${spec.out}: its columns (${header.join(',')}) are not this job's (${columns.join(',')}); write to another --out`);
      const done = new Set(rows.map((r) => r[job.itemColumn]));
      todo = todo.filter((x) => !done.has(x));
      skipped = spec.items.length - todo.length;
    }
    makeDirectory(dirname(spec.out), `--out ${spec.out}`);
    let csv: CsvAppender;
    try {
      csv = new CsvAppender(spec.out, columns, spec.resume && exists ? 'append' : 'new');
    } catch (e) {
      throw new InputError(`--out ${spec.out}: cannot write: ${fileProblem(e)}`);
    }
    const record = (row: Row) => {
      csv.write(row);
      spec.onRow?.(row);
    };

    let written = 0;
    spec.onStart?.(todo.length, skipped);
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
              record({ ...job.baseRow?.(spec.config, item), [job.itemColumn]: item, outcome: 'error', error: `worker died: ${String((e as Error)?.message ?? e).split('\n')[0]}` });
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
      csv.close();
      const pool = this.pool;
      this.pool = null;
      if (pool && !this.stopping) await pool.destroy();
    }
    return { written, skipped, interrupted: this.stopping, file: spec.out };
  }
}

export const runBatch = (spec: BatchSpec) => new Batch(spec).run();
