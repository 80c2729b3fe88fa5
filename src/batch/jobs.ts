import type { Job } from './job.js';

// A batch job is addressed by the URL of the module that exports it as `job`: the main thread
// loads it for its columns, each worker to run it. A game's batch verb gives its own
// (new URL('./job.js', import.meta.url)), so this layer knows no game. From source (tsx,
// vitest) the address ends in .js and the loader finds the .ts beside it.

/** A job for testing the pool itself: it can fail, crash its worker or sleep on request. */
export const SELFTEST_JOB = new URL('./selftest-job.js', import.meta.url).href;

// A job's config is its own; the pool only passes it through.
// biome-ignore lint/suspicious/noExplicitAny: the pool holds jobs of every config
const cache = new Map<string, Job<any>>();

// biome-ignore lint/suspicious/noExplicitAny: the pool holds jobs of every config
export async function loadJob(module: string): Promise<Job<any>> {
  let j = cache.get(module);
  if (!j) {
    // biome-ignore lint/suspicious/noExplicitAny: the pool holds jobs of every config
    j = ((await import(module)) as { job?: Job<any> }).job;
    if (!j) throw new Error(`batch job module ${module} exports no job`);
    cache.set(module, j);
  }
  return j;
}
