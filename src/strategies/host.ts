import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readFileSync, readSync, rmSync, writeSync } from 'node:fs';
import { constants as os, tmpdir } from 'node:os';
import { join } from 'node:path';
import { BroadcastChannel, Worker } from 'node:worker_threads';
import { oneLine } from '../io/errors.js';
import { FolderRefused, LOG_LIMITS, sandboxCommand } from './sandbox.js';

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
      try { process.kill(-pid, 'SIGKILL'); } catch {}
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

// Every thread that starts strategy processes tells the others (a batch runs them in pool
// threads): the thread that stops a run kills every group at once, where a pool thread blocked
// on a decision could do nothing before its time limit.
const CHANNEL = 'patience-lab:strategy-processes';
const groups = new Set<number>();
let channel: BroadcastChannel | null = null;
function announce(group: number, alive: boolean): void {
  if (alive) groups.add(group);
  else groups.delete(group);
  if (channel === null) {
    channel = new BroadcastChannel(CHANNEL);
    channel.unref();
    channel.onmessage = (m) => {
      const { group: g, alive: a } = (m as { data: { group: number; alive: boolean } }).data;
      if (a) groups.add(g);
      else groups.delete(g);
    };
  }
  channel.postMessage({ group, alive });
}

/** Kills every strategy process of this process (any thread's) with SIGKILL, at once: what a
 *  run that is being stopped (Ctrl-C) does, so no pool thread waits on a decision's time limit.
 *  The threads' hosts see their processes end, as after a crash. */
export function killStrategyProcesses(): void {
  for (const g of groups) killGroup(g);
}

function killGroup(group: number): void {
  try {
    process.kill(-group, 'SIGKILL');
  } catch {
    // gone already
  }
}

/** The most bytes the referee reads for one call: an answer is a move, a short error and what
 *  the module printed (LOG_LIMITS); a module that sends more forfeits. */
const MAX_CALL_BYTES = 2 ** 20;

/** One strategy module loaded in its own process; calls block until it answers or time runs out.
 *  `label` prefixes what the module prints (console.*), which goes to stderr. */
export class StrategyHost {
  private child: ChildProcess | null = null;
  private watchdog: Worker | null = null;
  private out = -1;
  private in = -1;
  /** The write end of the guard's pipe (its end of file kills the process group). */
  private guard = -1;
  /** What the module printed in the current game (since load or create): characters, lines. */
  private gameLog = { chars: 0, lines: 0 };
  /** Bytes read for the call in flight. */
  private received = 0;
  private readonly label: string;
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
    label: string,
  ) {
    // A file's name is the module author's: it is shown cleaned, like what the module prints.
    this.label = oneLine(label);
    const dir = mkdtempSync(join(tmpdir(), 'patience-strategy-'));
    try {
      const { command, args, cwd } = sandboxCommand(path, memoryMiB);
      const req = join(dir, 'req'),
        ans = join(dir, 'ans'),
        guard = join(dir, 'guard');
      execFileSync('mkfifo', ['-m', '600', req, ans, guard], { stdio: 'ignore' });
      // Each pipe is opened at both ends without blocking (a FIFO opened read-write first lets
      // the blocking opens through), then the extra end is closed: the process holds the only
      // write end of the answers, so its end is the referee's end of file, and the referee the
      // only write end of the guard's pipe. (Node opens files close-on-exec: no other child
      // inherits an end.)
      const held = [
        openSync(req, constants.O_RDWR),
        openSync(ans, constants.O_RDWR),
        openSync(guard, constants.O_RDWR),
      ];
      const childIn = openSync(req, constants.O_RDONLY);
      this.out = openSync(req, constants.O_WRONLY);
      this.in = openSync(ans, constants.O_RDONLY);
      const childOut = openSync(ans, constants.O_WRONLY);
      const guardIn = openSync(guard, constants.O_RDONLY);
      this.guard = openSync(guard, constants.O_WRONLY);
      for (const fd of held) closeSync(fd);
      this.child = spawn(command, args, {
        cwd,
        env: {},
        stdio: ['ignore', 'ignore', 'ignore', childIn, childOut, guardIn],
        // A process group of its own: the referee kills the whole group, and a Ctrl-C at the
        // terminal reaches the referee, which decides.
        detached: true,
      });
      closeSync(childIn);
      closeSync(childOut);
      closeSync(guardIn);
      this.child.on('error', () => {});
      this.child.on('exit', (code, signal) => {
        this.status = signal ? (os.signals[signal] ?? 0) : (code ?? 0) << 8;
      });
      this.child.unref();
      if (this.child.pid === undefined) throw new Error('no process');
      announce(this.child.pid, true);
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
      this.ended =
        e instanceof FolderRefused
          ? e.message
          : `could not start its process (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`;
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
    if (op === 'load' || op === 'create') this.gameLog = { chars: 0, lines: 0 };
    this.received = 0;
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
    const flood = this.show(r.log, r.dropped);
    if (flood !== null) {
      this.stop();
      this.ended = flood;
      return { ok: false, error: flood, ms, timedOut: false };
    }
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
      const n = readSync(this.in, this.chunk);
      if (n === 0) return null;
      this.received += n;
      if (this.received > MAX_CALL_BYTES) {
        this.ended = `sent more than ${MAX_CALL_BYTES / 2 ** 20} MiB in one answer`;
        return null;
      }
      this.pending += this.chunk.toString('utf8', 0, n);
    }
  }

  /** Why the process ended, from its exit status (read from /proc before it is reaped). */
  private why(): string {
    const pid = this.child?.pid;
    if (pid !== undefined) killGroup(pid);
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

  /** What the module printed, on stderr, one clean line each under its file's name; or, when it
   *  is more than the limits allow in a call or a game (LOG_LIMITS: the runner keeps to them, so
   *  only a module that got round it goes past), nothing, and why the module forfeits. */
  private show(log: unknown, dropped: unknown): string | null {
    const lines = Array.isArray(log) ? log.flatMap((entry) => String(entry).split('\n')) : [];
    const chars = lines.reduce((a, l) => a + l.length, 0);
    this.gameLog.chars += chars;
    this.gameLog.lines += lines.length;
    const over =
      lines.length > LOG_LIMITS.callLines || chars > LOG_LIMITS.call
        ? `more than ${LOG_LIMITS.callLines} lines or ${LOG_LIMITS.call / 1024} KiB in one call`
        : this.gameLog.lines > LOG_LIMITS.gameLines || this.gameLog.chars > LOG_LIMITS.game
          ? `more than ${LOG_LIMITS.gameLines} lines or ${LOG_LIMITS.game / 2 ** 20} MiB in one game`
          : null;
    if (over !== null) return `printed ${over}`;
    let text = '';
    for (const l of lines) text += `${this.label}: ${oneLine(l)}\n`;
    if (typeof dropped === 'number' && dropped > 0)
      text += `${this.label}: (${dropped} more characters of output dropped)\n`;
    if (text) process.stderr.write(text);
    return null;
  }

  stop(): void {
    live.delete(this);
    const child = this.child;
    this.child = null;
    if (child?.pid !== undefined) {
      killGroup(child.pid);
      announce(child.pid, false);
    }
    Atomics.store(this.ctl, STOP, 1);
    Atomics.add(this.ctl, WAKE, 1);
    Atomics.notify(this.ctl, WAKE);
    this.watchdog = null;
    for (const fd of [this.out, this.in, this.guard]) if (fd >= 0) closeSync(fd);
    this.out = this.in = this.guard = -1;
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
