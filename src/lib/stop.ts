import type { Poll } from '../search/limits.js';
import type { Stoppable } from './types.js';
import { StoppedError } from './errors.js';

// How a call's signal and progress reach the work: the search's poll (src/search/limits.ts),
// the checks between the moves of a game, and the pauses of the calls that return a promise.

/** The search's poll for a call: progress as nodes so far (from `start`), and a stop when the
 *  signal is aborted. Undefined when there is neither. */
export function pollOf(opts: Stoppable & { onProgress?: (p: { nodes: number }) => void }, start = 0): Poll | undefined {
  const { signal, onProgress } = opts;
  if (!signal && !onProgress) return undefined;
  let nodes = start;
  return (since) => {
    nodes += since;
    onProgress?.({ nodes });
    return signal?.aborted === true;
  };
}

/** Throws StoppedError when the signal is aborted. */
export function checkStop(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new StoppedError(signal);
}

/** Lets the event loop run (a timer, a click, an abort), at most every `sliceMs` of work: a
 *  promise-returning call pauses between its steps so that its signal can be aborted from
 *  outside, without paying a timer's delay after every short step. */
export class Pauses {
  private last = performance.now();

  constructor(private readonly sliceMs = 20) {}

  async pause(): Promise<void> {
    if (performance.now() - this.last < this.sliceMs) return;
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
    this.last = performance.now();
  }
}
