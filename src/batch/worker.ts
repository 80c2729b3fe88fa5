import type { MessagePort } from 'node:worker_threads';
import { loadJob } from './jobs.js';
import type { Row } from './job.js';

// The piscina worker: runs a block of items and posts each row on the task's port the moment it
// is done, so the main thread can write it at once. Module state (a job's tables) survives from
// task to task in the same worker.

export interface Task {
  /** The URL of the job's module. */
  job: string;
  config: Record<string, unknown>;
  items: string[];
  port: MessagePort;
}

export interface RowMessage {
  item: string;
  row: Row;
}

export default async function runTask(task: Task): Promise<number> {
  const job = await loadJob(task.job);
  for (const item of task.items) {
    let row: Row;
    try {
      row = job.run(task.config, item);
    } catch (e) {
      row = {
        [job.itemColumn]: item,
        ...job.baseRow?.(task.config, item),
        outcome: 'error',
        error: String((e as Error)?.message ?? e).split('\n')[0],
      };
    }
    task.port.postMessage({ item, row } satisfies RowMessage);
  }
  task.port.close();
  return task.items.length;
}
