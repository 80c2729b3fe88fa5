import type { Job } from './job.js';

// Every batch job by name, loaded on demand (in the main thread for its columns, in each worker
// to run it). A game adds its jobs here.

type Loader = () => Promise<Job<any>>;

export const JOBS: Record<string, Loader> = {
  'besieged-city': async () => (await import('../games/besieged-city/job.js')).job,
  zioplys: async () => (await import('../games/zioplys/job.js')).job,
  pilstymas: async () => (await import('../games/pilstymas/job.js')).job,
  parterre: async () => (await import('../games/parterre/job.js')).job,
  // A job for testing the pool itself: it can fail, crash its worker or sleep on request.
  selftest: async () => (await import('./selftest-job.js')).job,
};

const cache = new Map<string, Job<any>>();

export async function loadJob(name: string): Promise<Job<any>> {
  let j = cache.get(name);
  if (!j) {
    const loader = JOBS[name];
    if (!loader) throw new Error(`unknown batch job "${name}"`);
    j = await loader();
    cache.set(name, j);
  }
  return j;
}
