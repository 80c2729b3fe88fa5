import { type AdviceKind, adviceTask, aiMove, type GameState } from './advice.js';

// The page's worker: the advice and the Pilstymas opponent run here, so the page never waits on
// them. One request at a time, run in steps with progress posted as it goes (the nodes spent,
// at most about ten times a second); the page stops a search by ending the worker.

export type Request =
  | { id: number; kind: AdviceKind; state: GameState; maxNodes?: number }
  | { id: number; kind: 'ai'; state: GameState };
export type Reply =
  | { id: number; progress: { nodes: number; text?: string } }
  | { id: number; ok: true; result: unknown; ms: number }
  | { id: number; ok: false; error: string };

const scope = self as unknown as { onmessage: (e: { data: Request }) => void; postMessage: (r: Reply) => void };

scope.onmessage = (e) => {
  const req = e.data;
  const t0 = performance.now();
  let last = t0;
  try {
    let result: unknown;
    if (req.kind === 'ai') result = aiMove(req.state);
    else {
      const poll = (nodes: number) => {
        const now = performance.now();
        if (now - last > 100) {
          last = now;
          scope.postMessage({ id: req.id, progress: { nodes } });
        }
        return false;
      };
      const task = adviceTask(req.kind, req.state, req.maxNodes, poll);
      for (;;) {
        const s = task.step();
        if (s.done) {
          result = s.result;
          break;
        }
        scope.postMessage({ id: req.id, progress: { nodes: s.nodes, text: s.text } });
      }
    }
    scope.postMessage({ id: req.id, ok: true, result, ms: Math.round(performance.now() - t0) });
  } catch (err) {
    scope.postMessage({ id: req.id, ok: false, error: err instanceof Error ? err.message : String(err) });
  }
};
