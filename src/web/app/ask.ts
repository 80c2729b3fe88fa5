import type { AdviceKind, GameState } from '../plugin.js';
import { $, current, ui } from './state.js';
import type { Reply, Request } from './worker.js';

// The page's side of its worker (built from an inlined bundle: a page opened from disk may not
// load a worker file): one request at a time, its progress shown as it goes; a search is
// stopped by ending the worker, as a running search cannot read a message.

declare const __WORKER_SOURCE__: string;

export type Done = Exclude<Reply, { progress: unknown }>;

let worker: Worker | null = null;
let nextId = 1;
/** The request under way. */
let running: {
  id: number;
  resolve: (r: Done) => void;
  started: number;
  what: string;
  budget: number | null;
  nodes: number;
} | null = null;
let clock: number | undefined;

/** Whether the worker is busy with a request. */
export const asking = () => running !== null;

let source: string | null = null;

/** A new worker running the worker's bundle (the advice's, and the watch's). */
export function spawnWorker(): Worker {
  source ??= URL.createObjectURL(new Blob([__WORKER_SOURCE__], { type: 'text/javascript' }));
  return new Worker(source);
}

function startWorker(): Worker {
  const w = spawnWorker();
  w.onmessage = (e: MessageEvent<Reply>) => {
    const r = e.data;
    if (!running || r.id !== running.id) return;
    if ('progress' in r) {
      running.nodes = r.progress.nodes;
      return;
    }
    finish(r);
  };
  w.onerror = (e) => {
    e.preventDefault();
    if (running) finish({ id: running.id, ok: false, error: e.message || 'the worker failed' });
  };
  return w;
}

/** Ends the request under way with its answer. */
function finish(r: Done): void {
  const p = running!;
  running = null;
  busy(null);
  p.resolve(r);
}

/** The node budget typed in the Budget box, or null for the advice's own default. */
export function typedBudget(): number | null {
  const v = Number(($('budget') as HTMLInputElement).value);
  return Number.isFinite(v) && v > 0 ? Math.floor(v) : null;
}

/** Asks the worker for advice on the game in play, or for the computer's move. */
export function ask(kind: AdviceKind | 'computer', what: string): Promise<Done> {
  if (!worker) worker = startWorker();
  if (running) stop();
  const id = nextId++;
  const s = ui.session;
  const state = gameState(s.moves.length);
  const typed = typedBudget();
  const budget = kind === 'computer' ? null : (typed ?? current().advice[kind]?.nodes ?? null);
  return new Promise((resolve) => {
    running = { id, resolve, started: performance.now(), what, budget, nodes: 0 };
    busy(what);
    const req: Request =
      kind === 'computer' ? { id, kind, state } : { id, kind, state, ...(typed !== null ? { maxNodes: typed } : {}) };
    worker!.postMessage(req);
  });
}

/** The game in play as the worker gets it, after its first `ply` moves (the pending step only
 *  after all of them). */
export function gameState(ply: number): GameState {
  const s = ui.session;
  const pending = ply === s.moves.length ? s.pending() : null;
  return {
    settings: s.settings,
    moves: s.moves.slice(0, ply).map((m) => m.text),
    ...(pending !== null ? { pending } : {}),
  };
}

/** Ends the search under way: the worker is ended (a running search cannot read a message). */
export function stop(): void {
  if (!running) return;
  worker?.terminate();
  worker = null;
  finish({ id: running.id, ok: false, error: 'stopped' });
}

/** Shows what the worker is doing, its time and nodes, or clears it (null). */
function busy(what: string | null): void {
  const b = $('busy');
  window.clearInterval(clock);
  ($('stop') as HTMLButtonElement).disabled = what === null;
  document.body.dataset.busy = what === null ? 'false' : 'true';
  if (what === null) {
    b.textContent = '';
    return;
  }
  const tick = () => {
    if (!running) return;
    const s = ((performance.now() - running.started) / 1000).toFixed(1);
    const n =
      running.budget === null
        ? ''
        : ` · ${running.nodes.toLocaleString('en')} of ${running.budget.toLocaleString('en')} nodes`;
    b.textContent = `${what}… ${s} s${n}`;
  };
  tick();
  clock = window.setInterval(tick, 200);
}
