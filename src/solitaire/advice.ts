import { InputError, quote } from '../io/errors.js';
import type { Limit } from '../search/limits.js';
import type { AutoPolicy } from '../search/policy.js';
import { solve } from '../search/solve.js';
import { StateTable } from '../search/table.js';
import { DEAD, type SearchGame } from '../search/types.js';
import type { Solitaire, SolitairePosition } from './kit.js';

// Advice to a person playing a one-player game: a hint (one move) and whether the position can
// still be won. Node-free, so it runs in a browser's Web Worker as in the terminal's `play`.
//
// Everything runs as a Task: step() does a bounded piece of work and returns, so a worker can
// yield between steps (to read a stop message: a running search cannot), report progress, and
// give up. Inside a step the caller's poll is called about every 128 solver nodes with the nodes
// so far; it may post progress, and returns true to stop at once (e.g. a SharedArrayBuffer flag,
// where the page is cross-origin isolated). Budgets are solver nodes, so answers do not depend
// on the machine or its load.
//
// A game whose cards are all face up is advised here from its kit (the solver, and its guiding
// heuristic); a game with face-down cards brings its own Advisor (kit.hidden.advisor), which must never
// read a face-down card unless asked for a spoiler.

/** A game in progress: the deal and the moves made, as a record lists them. */
export interface GameSoFar<D> {
  deal: D;
  /** The moves made from the deal, in notation. */
  moves: readonly string[];
  /** Games with a face-down stock: the next stock card was turned (the player's "deal"), fits
   *  its foundation, and waits for its place. */
  dealt?: boolean;
}

export interface AdviceOptions {
  /** Solver nodes at most: the budget (deterministic). Each game has its default. */
  maxNodes?: number;
  /** Called about every 128 solver nodes with the nodes spent so far on this task; true stops
   *  (the answer then says it was stopped). */
  poll?: (nodes: number) => boolean;
  /** Seed of the advice's own random choices (guessed stock orders), never a deal's seed; the
   *  chance's default is CHANCE_SEED, `analyse`'s. */
  seed?: string;
}

export interface WinnableOptions extends AdviceOptions {
  /** When solved, the winning line from the position (in notation). */
  line?: boolean;
  /** A game with face-down cards: the solver's exact answer with every card known, a spoiler,
   *  instead of the chance of winning without peeking. */
  spoiler?: boolean;
  /** A game with face-down cards: guesses of them the chance is estimated on (default
   *  CHANCE_SAMPLES). */
  samples?: number;
}

export interface Hint {
  /** The move as the player types it (notation, or a word such as "deal"); null when no move is
   *  left. */
  move: string | null;
  /** What chose it: "solver", "heuristic", or a strategy's name. */
  by: string;
  /** One line for people, e.g. `hint: 7D b>p3 (the first move of a winning line of 64 moves)`. */
  text: string;
  /** Solver nodes spent. */
  nodes: number;
  /** The poll stopped the search: the move is the best found before. */
  stopped: boolean;
  /** A game with face-down cards: the moves weighed, each with its chance without peeking (of
   *  `of` guesses of the face-down cards, the same for every move, `won` were won after it); the
   *  hint is one with the most. */
  weighed?: { move: string; won: number; of: number }[];
}

/** Exact: the solver's verdict on the position. */
export interface ExactAnswer {
  kind: 'exact';
  /** lost: an exhaustive search found no winning line. */
  verdict: 'solved' | 'lost' | 'unknown';
  /** Why unknown: the node budget, the memory budget, or a stop. */
  limit?: Limit;
  /** When solved and asked for: the winning line from the position. */
  line?: string[];
  /** The answer looked at face-down cards. */
  spoiler: boolean;
  nodes: number;
  text: string;
}

/** The chance of winning without peeking, the game's one estimator of it (the same `analyse`
 *  gives at every position of a record, under the same name): of `samples` guesses of the
 *  face-down cards, drawn from those not in sight (seeded by `seed`), the share won from the
 *  position. Along a game the guesses are common to every position (the game's estimator says
 *  how), so the figure at a position depends only on the deal, the moves made and the settings:
 *  the same however often, and in whatever order, positions are asked about. */
export interface ChanceAnswer {
  kind: 'chance';
  /** The estimator's name, as every answer and `analyse` show it. */
  estimator: string;
  /** Guesses won, of `samples`; both 0 when the figure was not reached (stopped, or the node
   *  budget ran out first). */
  won: number;
  samples: number;
  /** The share won and its 95% Wilson interval (rounded as `analyse` rounds them). */
  p: number;
  lo: number;
  hi: number;
  /** The face-down order is known (no card left, or copies of one): the share is the solver's
   *  verdict, 0 or 1. */
  exact: boolean;
  seed: string;
  /** No figure: stopped, or the node budget ran out before the position was reached. */
  stopped: boolean;
  nodes: number;
  text: string;
}

export type Winnable = ExactAnswer | ChanceAnswer;

export type Step<R> = { done: false; nodes: number; text: string } | { done: true; result: R };

/** Work in bounded steps: step() until done. */
export interface Task<R> {
  step(): Step<R>;
}

/** Runs a task to its end (the terminal, tests). */
export function runTask<R>(task: Task<R>): R {
  for (;;) {
    const s = task.step();
    if (s.done) return s.result;
  }
}

/** A game with face-down cards brings its own advice (see the top of this file). */
export interface Advisor<D> {
  hint(game: GameSoFar<D>, opts?: AdviceOptions): Task<Hint>;
  winnable(game: GameSoFar<D>, opts?: WinnableOptions): Task<Winnable>;
}

type Kit<D extends { seed?: string }, P extends SolitairePosition> = Solitaire<D, P>;

/** One move: from the solver's winning line when it finds one within the budget, else the move
 *  the game's guiding heuristic likes best. */
export function hint<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Kit<D, P>,
  game: GameSoFar<D>,
  opts: AdviceOptions = {},
): Task<Hint> {
  return kit.hidden ? kit.hidden.advisor.hint(game, opts) : openHint(kit, game, opts);
}

/** Whether the position can still be won: exact where every card is face up. */
export function winnable<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Kit<D, P>,
  game: GameSoFar<D>,
  opts: WinnableOptions = {},
): Task<Winnable> {
  return kit.hidden ? kit.hidden.advisor.winnable(game, opts) : openWinnable(kit, game, opts);
}

/** The chance without peeking's guesses and seed by default: `analyse`'s, so that a position's
 *  figure is the same in `play`, on the page and in an analysis. */
export const CHANCE_SAMPLES = 32;
export const CHANCE_SEED = '1';

/** Default node budgets of the open games' advice: a few seconds at most in a page. */
export const OPEN_HINT_NODES = 200_000;
export const OPEN_WINNABLE_NODES = 2_000_000;
/** The search's memory in advice: a page's worker should not hold a gigabyte. */
export const ADVICE_MEMORY = 256 << 20;

/** The kit's search game and position after the moves made; InputError names a bad move. */
export function replayGame<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Kit<D, P>,
  game: GameSoFar<D>,
): { search: SearchGame; pos: P } {
  if (game.dealt) throw new InputError(`${kit.title} has no face-down stock: "dealt" does not apply`);
  const pos = kit.position(game.deal);
  const search = kit.searchGame(game.deal);
  game.moves.forEach((text, i) => {
    const p = kit.parseMove(pos, text);
    if (!p.ok) throw new InputError(`moves[${i}] ${quote(text)} is illegal: ${p.reason}`);
    pos.make(p.move);
    search.make(p.move);
  });
  return { search, pos };
}

function openHint<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Kit<D, P>,
  game: GameSoFar<D>,
  opts: AdviceOptions,
): Task<Hint> {
  const { search } = replayGame(kit, game);
  const exact = exactTask(search, [], {
    maxNodes: opts.maxNodes ?? OPEN_HINT_NODES,
    poll: opts.poll,
    policy: kit.searchPolicy,
    line: true,
    spoiler: false,
  });
  return {
    step() {
      const s = exact.step();
      if (!s.done) return s;
      const r = s.result;
      const stopped = r.limit === 'stopped';
      if (search.won())
        return done({ move: null, by: 'solver', text: 'won: no move is needed', nodes: r.nodes, stopped });
      if (r.verdict === 'solved' && r.line && r.line.length > 0) {
        const move = r.line[0];
        const text = `hint: ${move} (the first move of a winning line of ${r.line.length} moves)`;
        return done({ move, by: 'solver', text, nodes: r.nodes, stopped });
      }
      const m = heuristicMove(search);
      const why =
        r.verdict === 'lost'
          ? 'the position is lost (exhaustive search); the move the heuristic likes best'
          : `no winning line found in ${r.nodes.toLocaleString('en-US')} nodes${stopped ? ' (stopped)' : ''}; the move the heuristic likes best`;
      if (m < 0) return done({ move: null, by: 'heuristic', text: 'no legal move is left', nodes: r.nodes, stopped });
      const move = search.formatMove(m);
      return done({ move, by: 'heuristic', text: `hint: ${move} (${why})`, nodes: r.nodes, stopped });
    },
  };
}

function openWinnable<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Kit<D, P>,
  game: GameSoFar<D>,
  opts: WinnableOptions,
): Task<Winnable> {
  const { search } = replayGame(kit, game);
  return exactTask(search, [], {
    maxNodes: opts.maxNodes ?? OPEN_WINNABLE_NODES,
    poll: opts.poll,
    policy: kit.searchPolicy,
    line: opts.line === true,
    spoiler: false,
  });
}

const done = <R>(result: R): Step<R> => ({ done: true, result });

/** The legal move whose position the game's guide rates best (a win first, a position proved
 *  lost last), or -1 when there is none. */
export function heuristicMove(g: SearchGame): number {
  const buf = new Int32Array(g.maxMoves);
  const n = g.moves(buf, 0);
  const extras = g.extras;
  let best = -1,
    bestScore = Infinity;
  for (let i = 0; i < n; i++) {
    const m = buf[i];
    g.make(m);
    const bound = g.lowerBound();
    const score = g.won() ? -1 : bound >= DEAD ? DEAD : extras?.heuristic ? extras.heuristic(0) : bound;
    g.unmake(m);
    if (score < bestScore || best < 0) (best = m), (bestScore = score);
  }
  return best;
}

export interface ExactOptions {
  maxNodes: number;
  poll?: (nodes: number) => boolean;
  policy?: Partial<AutoPolicy>;
  /** Keep the winning line in the answer. */
  line: boolean;
  /** The search sees face-down cards. */
  spoiler: boolean;
}

/** The node budgets of a search run in slices: each a fresh search, four times the one before,
 *  the last the whole budget (so the answer is that of one search at the budget; the earlier
 *  slices cost at most a third more, and answer easy positions at once). */
export function slices(maxNodes: number, first = 50_000): number[] {
  const out: number[] = [];
  for (let n = first; n < maxNodes; n *= 4) out.push(n);
  out.push(maxNodes);
  return out;
}

/** The solver's verdict on the game's position, in slices (one per step). `firsts`: the moves
 *  the player must choose among first (e.g. the places of a dealt card); empty: any. The
 *  position is won if one of them wins, lost if every one is lost. */
export function exactTask(g: SearchGame, firsts: readonly number[], opts: ExactOptions): Task<ExactAnswer> {
  const roots = firsts.length > 0 ? firsts : [-1];
  const table = new StateTable(ADVICE_MEMORY / 2);
  let root = 0,
    slice = 0,
    spent = 0,
    lost = 0;
  let plan = slices(Math.max(1, Math.floor(opts.maxNodes / roots.length)));
  let limit: Limit | undefined;
  let stop = false;
  let polled = 0;
  const poll = opts.poll
    ? (since: number) => {
        if (stop) return true;
        polled += since;
        stop = opts.poll!(spent + polled);
        return stop;
      }
    : undefined;
  const answer = (verdict: ExactAnswer['verdict'], line?: string[]): Step<ExactAnswer> =>
    done({
      kind: 'exact',
      verdict,
      ...(verdict === 'unknown' ? { limit } : {}),
      ...(line && opts.line ? { line } : {}),
      spoiler: opts.spoiler,
      nodes: spent,
      text: exactText(verdict, limit, spent, line, opts.spoiler),
    });
  return {
    step() {
      if (g.won()) return answer('solved', []);
      const first = roots[root];
      if (first >= 0) g.make(first);
      polled = 0;
      const r = solve(g, {
        maxNodes: plan[slice],
        memoryBytes: ADVICE_MEMORY,
        policy: opts.policy,
        poll,
        table,
      });
      if (first >= 0) g.unmake(first);
      spent += r.stats.nodes;
      if (r.outcome === 'solved') {
        // r.line was written with `first` made: it follows it as is.
        const line = first >= 0 ? [g.formatMove(first), ...r.line] : r.line;
        return answer('solved', line);
      }
      let next = false;
      if (r.outcome === 'unsolvable') {
        lost++;
        next = true;
      } else if (r.limit === 'nodes' && slice + 1 < plan.length) {
        slice++;
      } else {
        if (limit === undefined || r.limit === 'stopped') limit = r.limit;
        if (r.limit === 'stopped') return answer('unknown');
        next = true;
      }
      if (next) {
        root++;
        slice = 0;
        if (root >= roots.length) return answer(lost === roots.length ? 'lost' : 'unknown');
        plan = slices(Math.max(1, Math.floor(opts.maxNodes / roots.length)));
      }
      return { done: false, nodes: spent, text: `searching: ${spent.toLocaleString('en-US')} nodes` };
    },
  };
}

function exactText(
  verdict: ExactAnswer['verdict'],
  limit: Limit | undefined,
  nodes: number,
  line: string[] | undefined,
  spoiler: boolean,
): string {
  const n = `${nodes.toLocaleString('en-US')} nodes`;
  const head = spoiler ? 'SPOILER, with the stock known: ' : '';
  if (verdict === 'solved')
    return `${head}winnable: the solver found a winning line of ${line?.length ?? 0} move${line?.length === 1 ? '' : 's'} (${n})`;
  if (verdict === 'lost') return `${head}lost: no winning line exists (exhaustive search, ${n})`;
  const why = limit === 'stopped' ? 'stopped' : limit === 'memory' ? 'memory budget full' : 'node budget reached';
  return `${head}unknown: no winning line found and none ruled out (${why}, ${n})`;
}

/** A share as `analyse` prints it, "84% (68%..93%)" (the share padded to `width`). */
export function chancePercent(c: { p: number; lo: number; hi: number }, width = 0): string {
  const pct = (x: number) => `${(100 * x).toFixed(0)}%`;
  return `${pct(c.p).padStart(width)} (${pct(c.lo)}..${pct(c.hi)})`;
}

/** The chance answer's line: the estimator named, its sample and seed, the share with its 95%
 *  interval. */
export function chanceText(a: Omit<ChanceAnswer, 'kind' | 'text'>): string {
  const head = `chance without peeking (${a.estimator}, seed ${a.seed})`;
  if (a.stopped)
    return `${head}: not reached (${a.nodes.toLocaleString('en-US')} nodes; stopped, or the node budget ran out: ask again to go on)`;
  if (a.exact)
    return `${head}: ${chancePercent(a)}, exact: every card still face down is known (the solver's verdict, for each of ${a.samples} guesses)`;
  return `${head}: ${a.won} of ${a.samples} guesses won, ${chancePercent(a)} with its 95% interval`;
}
