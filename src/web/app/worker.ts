import type { Advice, AdviceKind, GameState, PageWorker } from '../plugin.js';

// The page's worker: the advice and the computer's moves run here, so the page never waits on
// them. One request at a time, run in steps with progress posted as it goes (the nodes spent,
// at most about ten times a second); the page stops a search by ending the worker. It serves
// the games it is started with (build.ts writes the call), through their PageWorkers.

export type Request =
  | { id: number; kind: AdviceKind; state: GameState; maxNodes?: number }
  | { id: number; kind: 'computer'; state: GameState };
export type Reply =
  | { id: number; progress: { nodes: number; text?: string } }
  | { id: number; ok: true; result: unknown; ms: number }
  | { id: number; ok: false; error: string };

const scope = self as unknown as { onmessage: (e: { data: Request }) => void; postMessage: (r: Reply) => void };

export function serveWorker(games: readonly PageWorker[]): void {
  scope.onmessage = (e) => {
    const req = e.data;
    const t0 = performance.now();
    try {
      const name = req.state.settings.game;
      const game = games.find((g) => g.name === name);
      if (!game) throw new Error(`unknown game "${name}"`);
      let result: unknown;
      if (req.kind === 'computer') {
        if (!game.computerMove) throw new Error(`${name} has no computer player`);
        result = game.computerMove(req.state);
      } else result = advise(game, req.kind, req.state, req.id, req.maxNodes);
      scope.postMessage({ id: req.id, ok: true, result, ms: Math.round(performance.now() - t0) });
    } catch (err) {
      scope.postMessage({ id: req.id, ok: false, error: err instanceof Error ? err.message : String(err) });
    }
  };
}

/** Runs the advice to its end, posting progress between steps and from the search's poll. */
function advise(game: PageWorker, kind: AdviceKind, state: GameState, id: number, maxNodes?: number): Advice {
  let last = performance.now();
  const poll = (nodes: number) => {
    const now = performance.now();
    if (now - last > 100) {
      last = now;
      scope.postMessage({ id, progress: { nodes } });
    }
    return false;
  };
  const task = game.advise(kind, state, { maxNodes, poll });
  for (;;) {
    const s = task.step();
    if (s.done) return s.result;
    scope.postMessage({ id, progress: { nodes: s.nodes, text: s.text } });
  }
}
