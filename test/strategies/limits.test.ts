import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from '../cli/run.js';
import { tempDir } from '../temp-dir.js';

// A module cannot flood the user's terminal (what it prints is limited in characters and lines,
// per call and per game, by the runner and again by the referee on what it receives), and no
// strategy process outlives its run: every one dies with the run, whatever signals it traps,
// and the process of the check before a batch ends when the check is done. Waits follow what
// the processes do (/proc), never the clock.

const dir = tempDir('patience-limits-');
const fx = (name: string) => `test/strategies/fixtures/${name}.mjs`;
const play = (file: string) => run('play', 'besieged-city', '--seed', '1', '--strategy', file);

describe('a module cannot flood the terminal', () => {
  it('30,000 lines a decision (60,000 characters): dropped by the runner, a few lines shown', async () => {
    const r = await play(fx('flood/lines'));
    expect(r.code).toBe(0);
    const lines = r.err.split('\n');
    // One "dropped" note per decision, nothing of the flood itself.
    expect(lines.length).toBeLessThan(1000);
    expect(r.err).toMatch(/^lines\.mjs: \(60000 more characters of output dropped\)$/m);
  }, 60_000);

  it('a module that gets round the runner (Array.prototype.push) forfeits on the referee count', async () => {
    const r = await play(fx('flood/push'));
    expect(r.out).toMatch(/push forfeits at move 1: choose\(view\) printed more than 1000 lines or 64 KiB in one call/);
    expect(r.err.split('\n').length).toBeLessThan(10);
  }, 60_000);

  it('a module that replaces JSON.stringify adds nothing to the answers', async () => {
    const r = await play(fx('flood/stringify'));
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/stringify (won|lost)/);
    expect(r.err).not.toMatch(/flood/);
  }, 60_000);
});

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const pid of processesRunning(dir)) process.kill(pid, 'SIGKILL');
});

/** The pids of the processes whose command line names a file under `folder`, but the runs
 *  this test started. */
function processesRunning(folder: string): number[] {
  const out: number[] = [];
  const runs = new Set(children.map((c) => String(c.pid)));
  for (const p of readdirSync('/proc')) {
    if (!/^\d+$/.test(p) || runs.has(p)) continue;
    try {
      if (readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(folder)) out.push(Number(p));
    } catch {
      // ended meanwhile
    }
  }
  return out;
}

/** The process groups of those processes (a strategy's process and its guard share one). */
function groupsRunning(folder: string): Set<number> {
  const out = new Set<number>();
  for (const pid of processesRunning(folder)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      out.add(Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]));
    } catch {
      // ended meanwhile
    }
  }
  return out;
}

/** Waits until `done` holds, polling (the test's time limit bounds it). */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((r) => setTimeout(r, 50));
}

/** A copy of fixture `name` in a folder of its own under the test's folder (its processes are
 *  found by that path). */
function copyOf(name: string): { file: string; folder: string } {
  const folder = join(dir, name.replace(/\W/g, '-'));
  mkdirSync(folder, { recursive: true });
  const file = join(folder, `${name.split('/').pop()}.mjs`);
  copyFileSync(fx(name), file);
  return { file, folder };
}

function startCli(...args: string[]): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve('src/cli.ts'), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return child;
}

const ended = (c: ChildProcess) =>
  new Promise<void>((ok) => (c.exitCode !== null || c.signalCode !== null ? ok() : c.once('exit', () => ok())));

describe.skipIf(!existsSync('/proc/self/cmdline'))('no strategy process outlives its run', () => {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGKILL'] as const)
    it(`${signal} during the load check of a module that loops at import and traps signals: its process dies too`, async () => {
      const { file, folder } = copyOf(`hostile/trap-loop`);
      const sub = join(folder, signal);
      mkdirSync(sub);
      const mine = join(sub, 'trap-loop.mjs');
      copyFileSync(file, mine);
      const c = startCli(
        'batch',
        'besieged-city',
        '--seeds',
        '1',
        '--strategies',
        mine,
        '--out',
        join(dir, `${signal}.csv`),
      );
      await until(() => processesRunning(sub).length > 0);
      c.kill(signal);
      await ended(c);
      await until(() => processesRunning(sub).length === 0);
      expect(processesRunning(sub)).toEqual([]);
    }, 60_000);

  it('a stopped batch kills a decision in progress at once, and the load check does not stay for the run', async () => {
    const { file, folder } = copyOf('hangs');
    const out = join(dir, 'hangs.csv');
    const c = startCli(
      'batch',
      'besieged-city',
      '--seeds',
      '1..3',
      '--max-nodes',
      '200',
      '--workers',
      '1',
      '--decision-timeout',
      '10m',
      '--strategies',
      file,
      '--out',
      out,
    );
    let err = '';
    c.stderr!.on('data', (d) => {
      err += String(d);
    });
    // The check's process group comes first; the pool's is another, whose decision hangs (ten
    // minutes allowed). The check's must be gone while the run goes on.
    await until(() => groupsRunning(folder).size > 0);
    const [check] = groupsRunning(folder);
    await until(() => existsSync(`${out}.lock`) && [...groupsRunning(folder)].some((g) => g !== check));
    await until(() => !groupsRunning(folder).has(check));
    expect(existsSync(out) && c.exitCode === null).toBe(true);
    c.kill('SIGINT');
    await ended(c);
    expect(err).toMatch(/interrupted: stopping; every finished row is kept/);
    await until(() => processesRunning(folder).length === 0);
  }, 60_000);
});
