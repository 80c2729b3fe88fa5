import { aiMove, type Budget, chance, type GameState, hint, winnable } from './advice.js';

// The page's worker: the solver and the strategies run here, so the page never waits on them.
// One request at a time; the page stops a search by ending the worker and starting another.

export type Request = { id: number; kind: 'hint' | 'winnable' | 'chance' | 'ai'; state: GameState; budget: Budget };
export type Reply = { id: number; ok: true; result: unknown; ms: number } | { id: number; ok: false; error: string };

const scope = self as unknown as { onmessage: (e: { data: Request }) => void; postMessage: (r: Reply) => void };

scope.onmessage = (e) => {
  const { id, kind, state, budget } = e.data;
  const t0 = performance.now();
  try {
    const result =
      kind === 'hint'
        ? hint(state, budget)
        : kind === 'winnable'
          ? winnable(state, budget)
          : kind === 'chance'
            ? chance(state, budget)
            : aiMove(state);
    scope.postMessage({ id, ok: true, result, ms: Math.round(performance.now() - t0) });
  } catch (err) {
    scope.postMessage({ id, ok: false, error: err instanceof Error ? err.message : String(err) });
  }
};
