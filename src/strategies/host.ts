import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readFileSync, readSync, rmSync, writeSync } from 'node:fs';
import { constants as os, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { oneLine } from '../io/errors.js';
import { sandboxCommand } from './sandbox.js';

// A strategy file runs in a process of its own (sandbox.ts), and the referee talks to it
// synchronously through two named pipes opened in blocking mode: it writes a request and reads
// the answer, so a decision costs the two wake-ups of a worker thread's bridge and no more (a
// relay thread reading a libuv pipe for the referee cost two more, several times the time a move:
// bench/strategy-sandbox.ts; bench/history.md, "Strategy files in a sandbox"). A watchdog thread
// holds the time limit: if a decision outlives its deadline it kills the process, whose end of the
// pipe closes, and the referee's read returns.
// The process gets only plain data (the public view), never the engine or the referee's memory.

// The watchdog's shared words: the call in flight, the last call finished, the call it killed,
// "stop", and a counter the referee moves to wake it when a call starts (its deadline may be
// sooner than the one the watchdog sleeps toward). The end of a call wakes nobody.
const SEQ = 0,
  DONE = 1,
  KILLED = 2,
  STOP = 3,
  WAKE = 4;
const WATCHDOG_SOURCE = `
const { workerData } = require('node:worker_threads');
const { ctl, deadline, pid } = workerData;
const now = () => performance.timeOrigin + performance.now();
while (!Atomics.load(ctl, ${STOP})) {
  const wake = Atomics.load(ctl, ${WAKE});
  const seq = Atomics.load(ctl, ${SEQ});
  let left = Infinity;
  if (seq !== Atomics.load(ctl, ${DONE})) {
    left = deadline[0] - now();
    if (left <= 0) {
      Atomics.store(ctl, ${KILLED}, seq);
      try { process.kill(pid, 'SIGKILL'); } catch {}
      left = Infinity;
    }
  }
  Atomics.wait(ctl, ${WAKE}, wake, left);
}
`;

export type HostReply =
  | { ok: true; value: unknown; ms: number }
  | { ok: false; error: string; ms: number; timedOut: boolean };

// The hosts this thread started: when the thread or process ends, their processes are killed
// (the pipes' ends are process-wide, so a pool thread's ending would not close them).
const live = new Set<StrategyHost>();
let hooked = false;

/** An answer longer than this is not a move: the process is stopped. */
const MAX_ANSWER = 16 * 2 ** 20;

/** One strategy module loaded in its own process; calls block until it answers or time runs out.
 *  `label` prefixes what the module prints (console.*), which goes to stderr. */
export class StrategyHost {
  private child: ChildProcess | null = null;
  private watchdog: Worker | null = null;
  private out = -1;
  private in = -1;
  private readonly ctl = new Int32Array(new SharedArrayBuffer(20));
  private readonly deadline = new Float64Array(new SharedArrayBuffer(8));
  private seq = 0;
  private pending = '';
  private readonly chunk = Buffer.alloc(65536);
  private ended: string | null = null;
  /** The wait status, once the referee's event loop has reaped the process. */
  private status: number | null = null;

  constructor(
    path: string,
    private readonly memoryMiB: number,
    private readonly label: string,
  ) {
    const dir = mkdtempSync(join(tmpdir(), 'patience-strategy-'));
    try {
      const req = join(dir, 'req'),
        ans = join(dir, 'ans');
      execFileSync('mkfifo', ['-m', '600', req, ans], { stdio: 'ignore' });
      // Each pipe is opened at both ends without blocking (a FIFO opened read-write first lets
      // the blocking opens through), then the extra end is closed: the process holds the only
      // write end of the answers, so its end is the referee's end of file.
      const held = [openSync(req, constants.O_RDWR), openSync(ans, constants.O_RDWR)];
      const childIn = openSync(req, constants.O_RDONLY);
      this.out = openSync(req, constants.O_WRONLY);
      this.in = openSync(ans, constants.O_RDONLY);
      const childOut = openSync(ans, constants.O_WRONLY);
      for (const fd of held) closeSync(fd);
      const { command, args, cwd } = sandboxCommand(path, memoryMiB);
      this.child = spawn(command, args, { cwd, env: {}, stdio: ['ignore', 'ignore', 'ignore', childIn, childOut] });
      closeSync(childIn);
      closeSync(childOut);
      this.child.on('error', () => {});
      this.child.on('exit', (code, signal) => {
        this.status = signal ? (os.signals[signal] ?? 0) : (code ?? 0) << 8;
      });
      this.child.unref();
      if (this.child.pid === undefined) throw new Error('no process');
      this.watchdog = new Worker(WATCHDOG_SOURCE, {
        eval: true,
        // No loader flags of the referee's (tsx): the watchdog must start while the referee is
        // blocked, and a loader registering its hooks would wait for the referee's thread.
        execArgv: [],
        workerData: { ctl: this.ctl, deadline: this.deadline, pid: this.child.pid },
      });
      this.watchdog.unref();
      this.watchdog.on('error', () => {});
      live.add(this);
      if (!hooked) {
        hooked = true;
        process.once('exit', () => {
          for (const h of live) h.stop();
        });
      }
    } catch (e) {
      this.ended = `could not start its process (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`;
      this.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  get alive(): boolean {
    return this.child !== null;
  }

  /** Sends one request and waits at most `timeoutMs` for its answer. On a timeout the process
   *  is killed (a hung decision cannot be waited out), and this host is dead. */
  call(op: 'load' | 'create' | 'start' | 'choose', arg: unknown, timeoutMs: number): HostReply {
    if (!this.child)
      return { ok: false, error: this.ended ?? 'the strategy process was stopped', ms: 0, timedOut: false };
    const t0 = performance.now();
    const seq = ++this.seq;
    let line: Buffer;
    try {
      line = Buffer.from(`${JSON.stringify({ seq, op, arg })}\n`);
    } catch (e) {
      return { ok: false, error: `its view could not be sent (${(e as Error).message})`, ms: 0, timedOut: false };
    }
    this.deadline[0] = performance.timeOrigin + t0 + timeoutMs;
    Atomics.store(this.ctl, SEQ, seq);
    Atomics.add(this.ctl, WAKE, 1);
    Atomics.notify(this.ctl, WAKE);
    let r: Answer | null;
    try {
      for (let off = 0; off < line.length; ) off += writeSync(this.out, line, off);
      r = this.answer(seq);
    } catch {
      r = null;
    }
    Atomics.store(this.ctl, DONE, seq);
    const ms = performance.now() - t0;
    if (Atomics.load(this.ctl, KILLED) === seq) {
      this.stop();
      return { ok: false, error: `took longer than ${fmt(timeoutMs)}`, ms, timedOut: true };
    }
    if (r === null) {
      const error = this.ended ?? this.why();
      this.stop();
      this.ended = error;
      return { ok: false, error, ms, timedOut: false };
    }
    this.show(r.log, r.dropped);
    // What comes back is cut short: the process may write anything to its pipe.
    if (r.ok === true) return { ok: true, value: typeof r.value === 'string' ? r.value.slice(0, 100) : r.value, ms };
    return { ok: false, error: oneLine(String(r.error).slice(0, 300)), ms, timedOut: false };
  }

  /** Reads lines until the answer to `seq` (anything else the module wrote there is dropped);
   *  null at the end of the pipe. */
  private answer(seq: number): Answer | null {
    for (;;) {
      const nl = this.pending.indexOf('\n');
      if (nl >= 0) {
        const text = this.pending.slice(0, nl);
        this.pending = this.pending.slice(nl + 1);
        let a: unknown = null;
        try {
          a = JSON.parse(text);
        } catch {}
        if (a !== null && typeof a === 'object' && (a as Answer).seq === seq) return a as Answer;
        continue;
      }
      if (this.pending.length > MAX_ANSWER) {
        this.ended = 'answered with more than 16 MiB';
        return null;
      }
      const n = readSync(this.in, this.chunk);
      if (n === 0) return null;
      this.pending += this.chunk.toString('utf8', 0, n);
    }
  }

  /** Why the process ended, from its exit status (read from /proc before it is reaped). */
  private why(): string {
    const pid = this.child?.pid;
    this.child?.kill('SIGKILL');
    let status = this.status;
    for (let i = 0; i < 200 && status === null && pid !== undefined; i++) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        if (f[0] === 'Z' || f[0] === 'X') {
          status = Number(f[49]);
          break;
        }
      } catch {
        break;
      }
      Atomics.wait(this.ctl, STOP, 0, 5); // a pause
    }
    if (status === null || !Number.isFinite(status)) return 'ended its process';
    const signal = status & 127,
      code = (status >> 8) & 255;
    if (signal === 0)
      return code === 70 ? 'could not be sandboxed on this system' : `ended its process (exit code ${code})`;
    const name = SIGNALS[signal] ?? `signal ${signal}`;
    if (['SIGABRT', 'SIGTRAP', 'SIGSEGV', 'SIGILL', 'SIGBUS'].includes(name))
      return `ended its process (${name}): out of memory (--strategy-memory ${this.memoryMiB} MiB) or a crash`;
    if (name === 'SIGXFSZ') return 'ended its process (SIGXFSZ): it tried to write a file';
    return `ended its process (${name})`;
  }

  /** What the module printed, on stderr, one clean line each under its file's name. */
  private show(log: unknown, dropped: unknown): void {
    if (Array.isArray(log))
      for (const entry of log)
        for (const l of String(entry).split('\n')) process.stderr.write(`${this.label}: ${oneLine(l)}\n`);
    if (typeof dropped === 'number' && dropped > 0)
      process.stderr.write(`${this.label}: (${dropped} more characters of output dropped)\n`);
  }

  stop(): void {
    live.delete(this);
    const child = this.child;
    this.child = null;
    child?.kill('SIGKILL');
    Atomics.store(this.ctl, STOP, 1);
    Atomics.add(this.ctl, WAKE, 1);
    Atomics.notify(this.ctl, WAKE);
    this.watchdog = null;
    for (const fd of [this.out, this.in]) if (fd >= 0) closeSync(fd);
    this.out = this.in = -1;
  }
}

interface Answer {
  seq: number;
  ok?: boolean;
  value?: unknown;
  error?: unknown;
  log?: unknown;
  dropped?: unknown;
}

// The first name of each number (SIGABRT, not its alias SIGIOT).
const SIGNALS: Record<number, string> = Object.fromEntries(
  Object.entries(os.signals)
    .reverse()
    .map(([k, v]) => [v, k]),
);

const fmt = (ms: number) => (ms >= 1000 ? `${+(ms / 1000).toFixed(3)} s` : `${Math.round(ms)} ms`);
