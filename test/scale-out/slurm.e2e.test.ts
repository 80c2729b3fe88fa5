import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeLength, parseCsv, readCsvRows } from '../../src/batch/csv.js';
import { tempDir } from '../temp-dir.js';

// The Slurm recipe of docs/scale-out.md, run for real: one-node-slurm.sh starts a one-node
// cluster (installing Debian's slurm-wlm and munge if they are missing), the script is taken
// from the page, changed as the page's table says, and submitted as an array job over a shared
// directory. The merged shards must equal a run on this machine row for row; a cancelled task
// and a killed task, submitted again, must resume to the same rows. Where Slurm cannot be
// installed or started (not root, no apt-get) the tests are skipped with the reason, except
// under CI, where they fail. The waits follow what the jobs have done (squeue, rows in the
// CSVs), never the clock.

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/src/cli.js');
const CI = process.env.CI === 'true';
const PAGE = readFileSync(join(ROOT, 'docs/scale-out.md'), 'utf8');

/** The page's job script: the one shell block that runs the package directly. */
function documentedScript(): string {
  const blocks = [...PAGE.matchAll(/```sh\n(#!\/bin\/bash\n[\s\S]*?)```/g)]
    .map((m) => m[1])
    .filter((b) => b.includes('node dist/src/cli.js batch'));
  expect(blocks, 'docs/scale-out.md: one job script that runs node dist/src/cli.js batch').toHaveLength(1);
  return blocks[0];
}

/** The page's table of what the test's run changes: [in the script, in the test's run]. */
function documentedChanges(): [string, string][] {
  const table = PAGE.slice(PAGE.indexOf('| the script above | the test'));
  const rows = [...table.matchAll(/^\| `([^`]+)` \| `([^`]+)` \|$/gm)].map((m): [string, string] => [m[1], m[2]]);
  expect(rows.length, 'docs/scale-out.md: the table of changes').toBeGreaterThan(0);
  return rows;
}

/** The script as the test submits it: each change of the table made exactly once. */
function scriptToRun(): string {
  let script = documentedScript();
  for (const [from, to] of documentedChanges()) {
    expect(script.split(from).length - 1, `"${from}" in the page's script`).toBe(1);
    script = script.replace(from, to);
  }
  return script;
}

const SCRIPT = scriptToRun();
const SHARDS = Number(/^SHARDS=(\d+)$/m.exec(SCRIPT)?.[1]);
/** The study's words of the batch line (seeds and budget), as the local run takes them. */
const STUDY = documentedChanges()
  .find(([from]) => from.startsWith('--seeds'))![1]
  .split(' ');
const SEEDS = Number(/^1\.\.(\d+)$/.exec(STUDY[STUDY.indexOf('--seeds') + 1])?.[1]);

const dir = tempDir('patience-slurm-');

interface Cluster {
  child: ChildProcess;
  env: NodeJS.ProcessEnv;
  stderr: () => string;
}
let cluster: Cluster | null = null;
/** Why the cluster could not start here (exit code 3 of one-node-slurm.sh). */
let cannot: string | null = null;

/** Starts the cluster; resolves once it takes jobs, or with why it cannot run here. */
function startCluster(): Promise<Cluster | string> {
  return new Promise((done, fail) => {
    // The daemons and the jobs get the test's environment, with its node first on PATH.
    const env = { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}` };
    const child = spawn('bash', [join(import.meta.dirname, 'one-node-slurm.sh'), join(dir, 'cluster')], {
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '',
      err = '';
    const stderr = () => err;
    child.stdout.on('data', (d) => {
      out += d;
      const conf = /^ready SLURM_CONF=(.+)$/m.exec(out)?.[1];
      if (conf) done({ child, env: { ...env, SLURM_CONF: conf }, stderr });
    });
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => {
      if (code === 3) done(err.trim().split('\n').pop() ?? 'one-node-slurm.sh: exit code 3');
      else fail(new Error(`one-node-slurm.sh ended (exit code ${code}) before the cluster was ready:\n${err}`));
    });
  });
}

/** Closes the cluster's standard input: it cancels the jobs, stops its daemons, removes its files. */
function stopCluster(c: Cluster): Promise<void> {
  return new Promise((done, fail) => {
    if (c.child.exitCode !== null) return done();
    c.child.on('close', (code) =>
      code === 0 ? done() : fail(new Error(`the cluster stopped with exit code ${code}:\n${c.stderr()}`)),
    );
    c.child.stdin?.end();
  });
}

/** A Slurm command against the test's cluster. */
function slurm(cmd: string, args: string[], cwd = dir): string {
  return execFileSync(cmd, args, { cwd, env: cluster!.env, encoding: 'utf8' });
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `ready()` holds, looking every `every` ms. */
async function until(ready: () => boolean, every = 100): Promise<void> {
  while (!ready()) await pause(every);
}

/** Whether squeue no longer lists the job (every task of the array ended). */
const ended = (job: string) => slurm('squeue', ['-h', '-j', job, '-o', '%i']).trim() === '';
const jobEnds = (job: string) => until(() => ended(job), 200);

/** What a task wrote to its Slurm output file (its progress, summary and errors). */
const outputOf = (shared: string, job: string, k: number) => {
  const file = join(shared, `slurm-${job}_${k}.out`);
  return existsSync(file) ? readFileSync(file, 'utf8') : `(no ${file})`;
};

/** Every task of the job ended COMPLETED with exit code 0, each named with its output if not. */
function expectCompleted(shared: string, job: string, tasks: number[]): void {
  const states = taskStates(job);
  expect([...states.keys()].sort()).toEqual(tasks);
  for (const [k, s] of states)
    expect(s, `task ${k}: ${outputOf(shared, job, k)}`).toEqual({ state: 'COMPLETED', exit: '0:0' });
}

/** Waits until the CSV of a running task has a row (failing if the job ends first). */
async function firstRow(shared: string, job: string, k: number): Promise<void> {
  const csv = shardFile(shared, k);
  // The CSV is looked at every 10 ms, squeue (a process and a call) every 500 ms.
  let looks = 0;
  await until(() => rowsNow(csv) >= 1 || (++looks % 50 === 0 && ended(job)), 10);
  expect(rowsNow(csv), `task ${k} wrote no row: ${outputOf(shared, job, k)}`).toBeGreaterThan(0);
}

/** Each array task's final state and exit code ("0:0"; "0:9" killed by signal 9), by task id. */
function taskStates(job: string): Map<number, { state: string; exit: string }> {
  const out = new Map<number, { state: string; exit: string }>();
  for (const line of slurm('scontrol', ['show', 'job', '-o', job]).trim().split('\n')) {
    const field = (name: string) => new RegExp(`(?:^| )${name}=(\\S+)`).exec(line)?.[1] ?? '';
    out.set(Number(field('ArrayTaskId')), { state: field('JobState'), exit: field('ExitCode') });
  }
  return out;
}

/** Complete rows in a CSV being written (none while it is not there). */
function rowsNow(file: string): number {
  try {
    const buf = readFileSync(file);
    return Math.max(0, parseCsv(buf.subarray(0, completeLength(buf)).toString('utf8')).length - 1);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw e;
  }
}

/** The pid of the batch writing a CSV, from its lock ("pid host token"). */
function writerOf(csv: string): number {
  const lock = `${csv}.lock`;
  if (!existsSync(lock)) throw new Error(`${csv}: its batch ended before the test could stop it`);
  return Number(readFileSync(lock, 'utf8').split(' ')[0]);
}

/** A shared directory as the recipe has it: the build (dist) and the job script. */
function sharedDirectory(name: string): string {
  const shared = join(dir, name);
  mkdirSync(shared);
  symlinkSync(join(ROOT, 'dist'), join(shared, 'dist'));
  writeFileSync(join(shared, 'study.sh'), SCRIPT);
  return shared;
}

/** Submits the job script from `shared`; returns the job id. */
const submit = (shared: string, ...options: string[]) =>
  slurm('sbatch', ['--parsable', ...options, 'study.sh'], shared)
    .trim()
    .split(';')[0];

const shardFile = (shared: string, k: number) => join(shared, 'results', `shard-${k}.csv`);

/** Rows keyed by seed, without the time column: what must not depend on where a deal ran. */
function byTheSeed(rows: Record<string, string>[]): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>();
  for (const { ms: _time, ...row } of rows) {
    expect(out.has(row.seed), `seed ${row.seed} twice`).toBe(false);
    out.set(row.seed, row);
  }
  return out;
}

/** Every seed's row of the shards, merged, compared with the local run's, seed by seed. */
function expectShardsEqualLocal(shared: string): void {
  const local = byTheSeed(readCsvRows(join(dir, 'local.csv')).rows);
  const merged = byTheSeed(Array.from({ length: SHARDS }, (_, i) => readCsvRows(shardFile(shared, i + 1)).rows).flat());
  expect(merged.size).toBe(SEEDS);
  expect(local.size).toBe(SEEDS);
  for (const [seed, row] of local) expect(merged.get(seed), `seed ${seed}`).toEqual(row);
}

/** The CLI's summary as JSON, without its times. */
function summaryOf(files: string[]): Record<string, unknown> {
  const json = JSON.parse(execFileSync(process.execPath, [CLI, 'summary', ...files, '--json'], { encoding: 'utf8' }));
  const { ms: _ms, solvedMs: _solvedMs, nodesPerSecond: _rate, ...rest } = json;
  return rest;
}

describe.skipIf(!existsSync(CLI))('the Slurm recipe of docs/scale-out.md on a one-node cluster', () => {
  beforeAll(async () => {
    const started = await startCluster();
    if (typeof started === 'string') {
      cannot = started;
      if (!CI) console.warn(`Slurm tests skipped: ${cannot}`);
      return;
    }
    cluster = started;
    // The reference: the same study run on this machine.
    const args = ['batch', 'besieged-city', ...STUDY, '--workers', '2', '--out', join(dir, 'local.csv')];
    execFileSync(process.execPath, [CLI, ...args], { stdio: 'ignore' });
  });

  afterAll(async () => {
    if (cluster) await stopCluster(cluster);
  });

  /** Skips where Slurm cannot run, except under CI. */
  const needsSlurm = (skip: (note?: string) => never) => {
    if (cannot === null) return;
    if (CI) throw new Error(`Slurm is needed under CI: ${cannot}`);
    skip(cannot);
  };

  it('runs the array job; the merged shards equal a local run row for row', async ({ skip }) => {
    needsSlurm(skip);
    expect(SHARDS).toBe(4);
    expect(SCRIPT).toContain(`#SBATCH --array=1-${SHARDS}`);
    const shared = sharedDirectory('a');
    const job = submit(shared);
    await jobEnds(job);
    expectCompleted(shared, job, [1, 2, 3, 4]);
    // The task ids became the shards: shard K holds seeds K, K + N, K + 2N, …
    for (let k = 1; k <= SHARDS; k++) {
      const seeds = readCsvRows(shardFile(shared, k)).rows.map((r) => Number(r.seed));
      expect(seeds.sort((a, b) => a - b)).toEqual(Array.from({ length: SEEDS / SHARDS }, (_, i) => k + i * SHARDS));
    }
    expectShardsEqualLocal(shared);
    const shards = Array.from({ length: SHARDS }, (_, i) => shardFile(shared, i + 1));
    expect(summaryOf(shards)).toEqual(summaryOf([join(dir, 'local.csv')]));
  });

  it('a cancelled task and a killed task, submitted again, resume to the same rows', async ({ skip }) => {
    needsSlurm(skip);
    const shared = sharedDirectory('b');
    const job = submit(shared);
    const [cancelled, killed] = [shardFile(shared, 1), shardFile(shared, 2)];
    const perShard = SEEDS / SHARDS;
    // Task 1: paused once its CSV has a row (so that it cannot finish before the signal), then
    // cancelled; Slurm wakes it with SIGCONT and stops it with SIGTERM.
    await firstRow(shared, job, 1);
    process.kill(writerOf(cancelled), 'SIGSTOP');
    slurm('scancel', [`${job}_1`]);
    // Task 2: its process killed outright, as the OOM killer or a crash would.
    await firstRow(shared, job, 2);
    process.kill(writerOf(killed), 'SIGKILL');
    await jobEnds(job);
    const states = taskStates(job);
    expect(states.get(1)?.state).toBe('CANCELLED');
    expect(states.get(2)).toEqual({ state: 'FAILED', exit: '0:9' });
    for (const k of [3, 4])
      expect(states.get(k), `task ${k}: ${outputOf(shared, job, k)}`).toEqual({ state: 'COMPLETED', exit: '0:0' });
    expect(outputOf(shared, job, 1)).toMatch(/interrupted: stopping; every finished row is kept/);
    expect(existsSync(`${cancelled}.lock`)).toBe(false);
    expect(existsSync(`${killed}.lock`)).toBe(true);
    // The rows whose lines ended (a kill may tear the last one; the resume drops it).
    const kept = [cancelled, killed].map(rowsNow);
    for (const n of kept) {
      expect(n).toBeGreaterThan(0);
      expect(n).toBeLessThan(perShard);
    }

    const again = submit(shared, '--array=1,2');
    await jobEnds(again);
    expectCompleted(shared, again, [1, 2]);
    for (const [i, n] of kept.entries())
      expect(outputOf(shared, again, i + 1)).toMatch(
        new RegExp(`resumed: ${n} rows? (?:was|were) already in results/shard-${i + 1}\\.csv`),
      );
    expect(existsSync(`${killed}.lock`)).toBe(false);
    expectShardsEqualLocal(shared);
  });
});
