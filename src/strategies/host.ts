import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { oneLine } from '../io/errors.js';
import { sandboxCommand } from './sandbox.js';

// A strategy file runs in a process of its own (sandbox.ts), and the referee talks to it
// synchronously: it posts a request and blocks on Atomics.wait with the decision's time limit.
// A relay thread owns the process and its pipe (the referee's thread is blocked while it waits,
// so it cannot read a pipe itself): it writes the request, reads the answer and wakes the
// referee. A decision that never returns is cut off honestly: the wait times out, the relay
// kills the process, and the game is forfeited. The process gets only plain data (the public
// view), never the engine, and nothing of the referee's memory.
//
// The relay's code is a string evaluated in the worker, so the same bridge works from source
// (tsx, vitest) and from dist/ with no extra file to copy.

const RELAY_SOURCE = `
const { workerData } = require('node:worker_threads');
const { spawn } = require('node:child_process');
const { port, flag, command, args, cwd, memoryMiB } = workerData;
// An answer longer than this is not a move: the process is stopped.
const MAX = 16 * 1024 * 1024;
let child = null, sock = null, buf = '', waiting = -1, ended = null;
function reply(r) {
  port.postMessage(r);
  Atomics.add(flag, 0, 1);
  Atomics.notify(flag, 0);
}
function fail(error) {
  if (waiting < 0) return;
  waiting = -1;
  reply({ ok: false, error });
}
function why(code, signal) {
  if (signal === 'SIGABRT' || signal === 'SIGTRAP' || signal === 'SIGSEGV' || signal === 'SIGILL' || signal === 'SIGBUS' || code === 134)
    return 'ended its process (' + (signal || 'code ' + code) + '): out of memory (--strategy-memory ' + memoryMiB + ' MiB) or a crash';
  if (signal === 'SIGXFSZ') return 'ended its process (SIGXFSZ): it tried to write a file';
  if (signal) return 'ended its process (' + signal + ')';
  if (code === 70) return 'could not be sandboxed on this system';
  return 'ended its process (exit code ' + code + ')';
}
try {
  child = spawn(command, args, { cwd, env: {}, stdio: ['ignore', 'ignore', 'ignore', 'pipe'] });
} catch (e) {
  ended = 'could not start its process (' + (e && e.code ? e.code : 'error') + ')';
}
if (child) {
  child.on('error', (e) => { ended = 'could not start its process (' + (e && e.code ? e.code : 'error') + ')'; fail(ended); });
  // 'close', not 'exit': an answer written just before the end is read first.
  child.on('close', (code, signal) => { if (ended === null) ended = why(code, signal); fail(ended); });
  sock = child.stdio[3];
  sock.setEncoding('utf8');
  sock.on('error', () => {});
  sock.on('data', (d) => {
    buf += d;
    let nl;
    while ((nl = buf.indexOf('\\n')) >= 0) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      let r = null;
      try { r = JSON.parse(line); } catch {}
      // Anything but the answer awaited (the module may write to fd 3 itself) is dropped.
      if (r === null || typeof r !== 'object' || r.seq !== waiting || waiting < 0) continue;
      waiting = -1;
      reply({ ok: r.ok === true, value: r.value, error: r.error, log: r.log, dropped: r.dropped });
    }
    if (buf.length > MAX) {
      buf = '';
      ended = 'answered with more than 16 MiB';
      child.kill('SIGKILL');
      fail(ended);
    }
  });
}
port.on('message', (m) => {
  if (m.op === 'kill' || m.op === 'stop') {
    if (child) child.kill('SIGKILL');
    if (ended === null) ended = 'was stopped';
    if (m.op === 'kill') reply({ ok: true });
    else process.exit(0);
    return;
  }
  if (ended !== null) return reply({ ok: false, error: ended });
  waiting = m.seq;
  sock.write(m.line);
});
`;

export type HostReply =
  | { ok: true; value: unknown; ms: number }
  | { ok: false; error: string; ms: number; timedOut: boolean };

/** How long a killed process's relay may take to confirm (a safety net: it answers at once). */
const KILL_WAIT_MS = 10_000;

/** One strategy module loaded in its own process; calls block until it answers or time runs out.
 *  `label` prefixes what the module prints (console.*), which goes to stderr. */
export class StrategyHost {
  private worker: Worker | null;
  private readonly port: MessagePort;
  private readonly flag = new Int32Array(new SharedArrayBuffer(4));
  private seen = 0;
  private seq = 0;

  constructor(
    path: string,
    memoryMiB: number,
    private readonly label: string,
  ) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = new Worker(RELAY_SOURCE, {
      eval: true,
      workerData: { port: port2, flag: this.flag, memoryMiB, ...sandboxCommand(path, memoryMiB) },
      transferList: [port2],
    });
    // The referee's process must be free to exit with a strategy idle.
    this.worker.unref();
    this.worker.on('error', () => {});
    this.worker.on('exit', () => {
      if (this.worker) this.stop();
    });
    this.port.unref();
  }

  get alive(): boolean {
    return this.worker !== null;
  }

  /** Sends one request and waits at most `timeoutMs` for its answer. On a timeout the process
   *  is killed (a hung decision cannot be waited out), and this host is dead. */
  call(op: 'load' | 'create' | 'start' | 'choose', arg: unknown, timeoutMs: number): HostReply {
    if (!this.worker) return { ok: false, error: 'the strategy process was stopped', ms: 0, timedOut: false };
    const t0 = performance.now();
    const seq = ++this.seq;
    let line: string;
    try {
      line = `${JSON.stringify({ seq, op, arg })}\n`;
    } catch (e) {
      return { ok: false, error: `its view could not be sent (${(e as Error).message})`, ms: 0, timedOut: false };
    }
    this.port.postMessage({ seq, line });
    const r = this.wait(timeoutMs, t0);
    if (r === null) {
      this.kill();
      return { ok: false, error: `took longer than ${fmt(timeoutMs)}`, ms: performance.now() - t0, timedOut: true };
    }
    const ms = performance.now() - t0;
    this.show(r.log, r.dropped);
    // What comes back is cut short: the process may write anything to its pipe.
    if (r.ok) return { ok: true, value: typeof r.value === 'string' ? r.value.slice(0, 100) : r.value, ms };
    this.stopIfEnded(r.error);
    return { ok: false, error: oneLine(String(r.error).slice(0, 300)), ms, timedOut: false };
  }

  private wait(timeoutMs: number, t0: number): RelayReply | null {
    for (;;) {
      const left = timeoutMs - (performance.now() - t0);
      if (left <= 0 || Atomics.wait(this.flag, 0, this.seen, left) === 'timed-out') return null;
      const msg = receiveMessageOnPort(this.port);
      if (msg !== undefined) {
        this.seen++;
        return msg.message as RelayReply;
      }
      // The counter moved before the message could be read: look again (the relay posts the
      // message before it moves the counter, so this is brief).
    }
  }

  private kill(): void {
    if (!this.worker) return;
    this.port.postMessage({ op: 'kill' });
    this.wait(KILL_WAIT_MS, performance.now());
    this.stop();
  }

  /** After its process ended, a host is dead; the next game gets a new one. */
  private stopIfEnded(error: unknown): void {
    if (
      typeof error === 'string' &&
      /^(ended its process|could not start|could not be sandboxed|answered with more)/.test(error)
    )
      this.stop();
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
    const w = this.worker;
    this.worker = null;
    // The relay kills the process and ends itself, which closes the port.
    if (w) this.port.postMessage({ op: 'stop' });
  }
}

interface RelayReply {
  ok: boolean;
  value?: unknown;
  error?: string;
  log?: unknown;
  dropped?: unknown;
}

const fmt = (ms: number) => (ms >= 1000 ? `${+(ms / 1000).toFixed(3)} s` : `${Math.round(ms)} ms`);
