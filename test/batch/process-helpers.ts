import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { afterAll } from 'vitest';

// Real processes for the tests that race, hold, kill and starve batches: selftest batches
// (batch-process.ts), the CLI, a small disk. Every process started here is killed when the test
// file that started it ends; every wait follows what a process has done, never the clock.

const script = 'test/batch/batch-process.ts';
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

/** Starts a selftest batch process (batch-process.ts OUT FIRST..LAST [hold=ITEM] [resume]); it
 *  runs until it ends or is killed. */
export function startBatch(...args: string[]): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return child;
}

/** Runs a selftest batch process to its end: its exit code, and what it printed. */
export function runBatch(...args: string[]): { code: number | null; out: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, out: r.stdout.trim() + r.stderr };
}

/** Runs the CLI as a process of its own (`stdout`: a pipe, or an fd to write to). */
export function cli(
  args: string[],
  stdout: 'pipe' | number = 'pipe',
): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    encoding: 'utf8',
    stdio: ['ignore', stdout, 'pipe'],
  });
  return { code: r.status, out: r.stdout ?? '', err: r.stderr };
}

/** Waits until `done` holds (a process's progress on disk), polling. */
export async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((r) => setTimeout(r, 20));
}

/** Complete data rows in a CSV being written. */
export const rowsIn = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').length - 2 : 0);

/** The size of a memory page, the unit a tmpfs counts in. */
export const PAGE = Number(spawnSync('getconf', ['PAGESIZE'], { encoding: 'utf8' }).stdout.trim()) || 4096;

/** Mounts a tmpfs of `pages` pages at `mnt` (unmounted when the test file ends); false, with a
 *  warning naming `what` is skipped, where it cannot be mounted (mounting needs root or
 *  CAP_SYS_ADMIN). */
export function mountSmallDisk(mnt: string, pages: number, what: string): boolean {
  mkdirSync(mnt, { recursive: true });
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${pages * PAGE}`, 'tmpfs', mnt], { encoding: 'utf8' });
  if (r.status !== 0) {
    console.warn(`skipping ${what}: cannot mount a tmpfs here (${(r.stderr || r.error?.message || '').trim()})`);
    return false;
  }
  afterAll(() => {
    spawnSync('umount', [mnt]);
  });
  return true;
}
