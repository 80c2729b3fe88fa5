import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';

// A strategy file runs in a thread of its own, and the referee talks to it synchronously: it
// posts a request and blocks on Atomics.wait with the decision's time limit. So a decision that
// never returns (a synchronous endless loop, which no in-thread check can interrupt) is cut off
// honestly: the wait times out, the thread is terminated, and the game is forfeited. The
// strategy's thread gets only plain data (the public view), never the engine.
//
// The thread's code is a string evaluated in the worker, so the same bridge works from source
// (tsx, vitest) and from dist/ with no extra file to copy. It awaits what the strategy returns,
// so create, start and choose may also be async; the time limit runs until the answer comes.

const HOST_SOURCE = `
const { workerData } = require('node:worker_threads');
const { port, flag } = workerData;
let create = null, player = null;
const text = (e) => String(e && e.stack ? String(e.stack).split('\\n')[0] : e);
function describe(v) {
  if (v === undefined) return 'undefined';
  if (v === null) return 'null';
  if (typeof v === 'object') { try { return JSON.stringify(v).slice(0, 80); } catch { return 'an object'; } }
  return typeof v + ' ' + String(v).slice(0, 80);
}
async function handle(m) {
  switch (m.op) {
    case 'load': {
      let mod;
      try { mod = await import(m.url); } catch (e) { return { ok: false, error: 'cannot load: ' + text(e) }; }
      if (typeof mod.default !== 'function')
        return { ok: false, error: mod.default === undefined ? 'no default export (expected export default function create(ctx))' : 'the default export is not a function create(ctx)' };
      create = mod.default;
      return { ok: true };
    }
    case 'create': {
      player = null;
      const p = await create(m.arg);
      if (p === null || typeof p !== 'object' || typeof p.choose !== 'function')
        return { ok: false, error: 'returned ' + describe(p) + ', not an object with choose(view)' };
      player = p;
      return { ok: true, value: typeof p.name === 'string' ? p.name : null };
    }
    case 'start':
      if (typeof player.start === 'function') await player.start(m.arg);
      return { ok: true };
    case 'choose': {
      const r = await player.choose(m.arg);
      if (typeof r === 'string') return { ok: true, value: r };
      if (r !== null && typeof r === 'object' && typeof r.notation === 'string') return { ok: true, value: r.notation };
      return { ok: false, error: 'returned ' + describe(r) + ', not a move' };
    }
  }
  return { ok: false, error: 'unknown request ' + m.op };
}
// One answer per request; the referee waits on the counter in flag[0].
let busy = false, stray = null;
function answer(r) {
  busy = false;
  port.postMessage(r);
  Atomics.add(flag, 0, 1);
  Atomics.notify(flag, 0);
}
port.on('message', async (m) => {
  busy = true;
  if (stray !== null) {
    const error = stray;
    stray = null;
    return answer({ ok: false, error });
  }
  let r;
  try { r = await handle(m); } catch (e) { r = { ok: false, error: 'threw ' + text(e) }; }
  if (busy) answer(r);
});
// An error thrown outside a call (a timer, a promise nobody awaits) is the strategy's too: it
// answers the call in flight, or the next one.
function strayError(e) {
  const error = 'threw ' + text(e) + ' (outside a call)';
  if (busy) answer({ ok: false, error });
  else stray = error;
}
process.on('uncaughtException', strayError);
process.on('unhandledRejection', strayError);
`;

export type HostReply =
  | { ok: true; value: unknown; ms: number }
  | { ok: false; error: string; ms: number; timedOut: boolean };

/** One strategy module loaded in its own thread; calls block until it answers or time runs out. */
export class StrategyHost {
  private worker: Worker | null;
  private readonly port: MessagePort;
  private readonly flag = new Int32Array(new SharedArrayBuffer(4));
  private seen = 0;

  constructor() {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = new Worker(HOST_SOURCE, {
      eval: true,
      workerData: { port: port2, flag: this.flag },
      transferList: [port2],
    });
    // The referee's process must be free to exit with a strategy thread still idle.
    this.worker.unref();
    // A thread that ends by itself (process.exit in the strategy) must not take the referee
    // down; the call in flight then runs out of time, and the next game gets a new thread.
    this.worker.on('error', () => {});
    this.worker.on('exit', () => {
      if (this.worker) this.stop();
    });
    this.port.unref();
  }

  get alive(): boolean {
    return this.worker !== null;
  }

  /** Sends one request and waits at most `timeoutMs` for its answer. On a timeout the thread
   *  is terminated (a hung decision cannot be waited out), and this host is dead. */
  call(op: 'load' | 'create' | 'start' | 'choose', arg: unknown, timeoutMs: number): HostReply {
    if (!this.worker) return { ok: false, error: 'the strategy thread was stopped', ms: 0, timedOut: false };
    const t0 = performance.now();
    try {
      this.port.postMessage({ op, arg, url: op === 'load' ? arg : undefined });
    } catch (e) {
      return { ok: false, error: `its view could not be sent (${(e as Error).message})`, ms: 0, timedOut: false };
    }
    for (;;) {
      const left = timeoutMs - (performance.now() - t0);
      if (left <= 0 || Atomics.wait(this.flag, 0, this.seen, left) === 'timed-out') {
        this.stop();
        return { ok: false, error: `took longer than ${fmt(timeoutMs)}`, ms: performance.now() - t0, timedOut: true };
      }
      const msg = receiveMessageOnPort(this.port);
      if (msg !== undefined) {
        this.seen++;
        const ms = performance.now() - t0;
        const r = msg.message as { ok: boolean; value?: unknown; error?: string };
        return r.ok ? { ok: true, value: r.value, ms } : { ok: false, error: String(r.error), ms, timedOut: false };
      }
      // The counter moved before the message could be read: look again (the thread posts the
      // message before it moves the counter, so this is brief).
    }
  }

  stop(): void {
    const w = this.worker;
    this.worker = null;
    if (w) void w.terminate();
    this.port.close();
  }
}

const fmt = (ms: number) => (ms >= 1000 ? `${+(ms / 1000).toFixed(3)} s` : `${Math.round(ms)} ms`);
