import type { Job } from './job.js';

// A job that exercises the pool's fault handling: it echoes its item, throws on the items in
// `throwOn`, kills its worker on the items in `crashOn`, sleeps `sleepMs` per item, and never
// finishes the items in `holdOn` (a batch held open, for the tests that kill it).

interface Config {
  throwOn?: string[];
  crashOn?: string[];
  sleepMs?: number;
  holdOn?: string[];
}

export const job: Job<Config> = {
  columns: ['seed', 'outcome', 'square'],
  itemColumn: 'seed',
  blockSize: 4,
  run(config, item) {
    if (config.holdOn?.includes(item)) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
    if (config.sleepMs) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, config.sleepMs);
    if (config.throwOn?.includes(item)) throw new Error(`deal ${item} failed on purpose`);
    if (config.crashOn?.includes(item)) process.exit(3);
    return { seed: item, outcome: 'ok', square: Number(item) ** 2 };
  },
};
