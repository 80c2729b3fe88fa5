import { InputError, quote } from '../../io/errors.js';
import {
  type AdviceOptions,
  type Advisor,
  CHANCE_SAMPLES,
  CHANCE_SEED,
  type ChanceAnswer,
  chanceText,
  exactTask,
  type GameSoFar,
  type Hint,
  type Step,
  type Task,
  type Winnable,
  type WinnableOptions,
} from '../../solitaire/advice.js';
import { chanceOf } from '../../solitaire/analyse.js';
import { solve } from '../../search/solve.js';
import { type BcDeal, dealToJson } from './deal.js';
import { formatMove, parseMove } from './notation.js';
import { BcPosition, MAX_MOVES, S2F, S2TAL, T2F, moveCard, moveKind } from './position.js';
import {
  CHANCE_NAME,
  CHANCE_NODES,
  ChanceAlong,
  type ChanceFigure,
  type ChanceSettings,
  type Weighed,
  weighMoves,
} from './chance.js';
import { BC_POLICY } from './policy.js';
import { BcSearch } from './search.js';
import { PlannerStrategy } from './strategies/planner.js';
import { HINDSIGHT_TUNING, HindsightStrategy } from './strategies/hindsight.js';
import { BcView, DEAL, RESIGN } from './view.js';

// Advice at Besieged City (src/solitaire/advice.ts). The stock is face down. The chance of
// winning is the estimator `analyse` gives (chance.ts, CHANCE_NAME: the share of guesses of the
// stock, drawn from the cards not in sight, that the solver wins), walked along the game. The
// hint starts from the move of the strongest strategy that plays without peeking, `hindsight`
// (strategies/hindsight.ts), given only the player's view (a BcView copied from the position by
// observe(), as the referee gives a strategy, so the stock order is not reachable from it), and
// is the move with the best chance, by the same estimator, of the moves in question. Only
// winnable with `spoiler` runs the solver on the real position, the stock known.

/** Guesses on which a hint weighs its moves (the same for each move). */
const HINT_GUESSES = 4;
/** The most moves a hint weighs. */
const MAX_WEIGHED = 4;
/** A weighed guess's budget, in hindsight's guess budgets: at the default, the chance's own
 *  (CHANCE_NODES a guess), so that a move's figure in the hint means what the chance means. */
const WEIGH_SCALE = CHANCE_NODES / 8000;
/** The solves of one hint at most, in hindsight's guess budgets: its guesses (maxSamples), one
 *  rescue guess at `rescue` times the budget when none of them is won, and the weighing of the
 *  moves in question (weighMoves(), each guess of each move, WEIGH_SCALE each). */
const HINT_SHARES = HINDSIGHT_TUNING.maxSamples + HINDSIGHT_TUNING.rescue + HINT_GUESSES * MAX_WEIGHED * WEIGH_SCALE;
/** Default budget of a hint: hindsight's guesses at 8000 nodes each (its default), so that the
 *  hint starts from the move hindsight would play, and its weighing at the chance's budget. */
export const BC_HINT_NODES = HINT_SHARES * 8000;
/** Under this many nodes per guess the guesses' solves rarely win: the planner hints instead. */
const MIN_SAMPLE_NODES = 2000;
/** The chance's default node budget in all: room to walk a whole game from the deal with
 *  CHANCE_SAMPLES guesses (research/besieged-city/winnable-time.ts prints what a walk costs). */
export const BC_CHANCE_NODES = 40_000_000;
/** The solver's budget for a verdict where the face-down order is known: `analyse`'s default. */
const ANALYSE_NODES = 100_000;
/** The strategy that hints and plays for the chance, as the answers name it. */
const HINT_BY = 'hindsight';
/** Default budget of the exact answer (the spoiler). */
export const BC_EXACT_NODES = 2_000_000;

/** The real position after the moves made, and the player's view of it (with the history of
 *  positions met, which the player remembers). InputError names a bad move. */
function replayGame(game: GameSoFar<BcDeal>): { pos: BcPosition; view: BcView; line: number[] } {
  const pos = new BcPosition(game.deal);
  const view = new BcView();
  view.observe(pos);
  const line = game.moves.map((text, i) => {
    const p = parseMove(pos, text);
    if (!p.ok) throw new InputError(`moves[${i}] ${quote(text)} is illegal: ${p.reason}`);
    pos.make(p.move);
    view.observe(pos);
    return p.move;
  });
  if (game.dealt) {
    const buf = new Int32Array(MAX_MOVES);
    const n = pos.moves(buf);
    let fits = false;
    for (let i = 0; i < n; i++) fits ||= moveKind(buf[i]) === S2F;
    // The caller says the card was turned, so it is face up: whether it fits is no secret.
    if (!fits) throw new InputError('"dealt": no dealt card waits for its place here');
    view.observe(pos, pos.stock[pos.sp]);
  }
  return { pos, view, line };
}

/** The view's move as the player names it: "deal" turns the next stock card. */
const viewMoveText = (m: number) => (m === DEAL ? 'deal' : formatMove(m));

function hintTask(game: GameSoFar<BcDeal>, opts: AdviceOptions): Task<Hint> {
  const { pos, view } = replayGame(game);
  return {
    step(): Step<Hint> {
      const budget = opts.maxNodes ?? BC_HINT_NODES;
      const perSample = Math.floor(budget / HINT_SHARES);
      let stopped = false;
      let spent = 0;
      const poll = opts.poll
        ? (since: number) => {
            spent += since;
            stopped ||= opts.poll!(spent);
            return stopped;
          }
        : undefined;
      if (pos.won())
        return { done: true, result: { move: null, by: HINT_BY, text: 'won: no move is needed', nodes: 0, stopped } };
      const legal = view.legal();
      if (legal.length === 0)
        return { done: true, result: { move: null, by: HINT_BY, text: 'no legal move is left', nodes: 0, stopped } };
      let m: number,
        by: string,
        why: string,
        nodes = 0,
        weighed: Hint['weighed'];
      if (perSample >= MIN_SAMPLE_NODES) {
        // Without the deep solve of a guess where none is won: a hint keeps to its budget.
        const s = new HindsightStrategy(opts.seed ?? 'hint', { nodes: perSample, poll }, { deep: 0 });
        s.start();
        m = s.choose(view);
        nodes = s.solveNodes;
        const d = s.lastDecision;
        by = HINT_BY;
        why =
          legal.length === 1
            ? 'the only move'
            : d.planner
              ? `hindsight: none of ${d.samples} guessed stock orders won within the budget, so its planner's move`
              : `hindsight: the move that won ${d.votes} of ${d.samples} guessed stock orders`;
        if (legal.length > 1 && m !== RESIGN && !stopped) {
          // The hint is the move with the best chance of those in question, weighed on the same
          // guesses: hindsight's move, the others its guesses voted for, and the foundation plays.
          const moves = weighCandidates(legal, m, d.voted);
          const w = weighMoves(view, moves, {
            guesses: HINT_GUESSES,
            nodes: perSample * WEIGH_SCALE,
            budget: budget - nodes,
            seed: opts.seed ?? 'hint',
            poll,
          });
          nodes += w.nodes;
          if (!stopped) {
            const best = bestWeighed(w.weighed, m);
            m = best.move;
            why = weighedText(best, w.weighed);
            weighed = [best, ...w.weighed.filter((x) => x !== best)].map((x) => ({
              move: viewMoveText(x.move),
              won: x.won,
              of: x.of,
            }));
          }
        }
      } else {
        const p = new PlannerStrategy({ planNodes: Math.max(1, budget) });
        p.start();
        m = p.choose(view);
        by = 'planner';
        why =
          legal.length === 1 ? 'the only move' : 'planner: the best position in sight before the next card is turned';
      }
      if (m === RESIGN) {
        const text = 'no move helps in sight (the strategy would resign)';
        return { done: true, result: { move: null, by, text, nodes, stopped } };
      }
      const move = viewMoveText(m);
      const text = `hint: ${move} (${why})`;
      return { done: true, result: { move, by, text, nodes, stopped, ...(weighed ? { weighed } : {}) } };
    },
  };
}

/** The moves a hint weighs, MAX_WEIGHED at most: `chosen` (hindsight's), the foundation plays
 *  of the card it moves (a hint must not send a card away from its foundation without saying
 *  what that costs), the other moves that won a guess (most votes first), the other foundation
 *  plays, a deal, then the first legal moves. */
function weighCandidates(legal: readonly number[], chosen: number, voted: readonly [number, number][]): number[] {
  const out = [chosen];
  const add = (m: number) => {
    if (out.length < MAX_WEIGHED && !out.includes(m) && legal.includes(m)) out.push(m);
  };
  if (chosen !== DEAL) for (const m of legal) if (isHome(m) && moveCard(m) === moveCard(chosen)) add(m);
  for (const [m] of [...voted].sort((a, b) => b[1] - a[1])) add(m);
  for (const m of legal) if (isHome(m)) add(m);
  if (chosen !== DEAL) add(DEAL);
  for (const m of legal) add(m);
  return out;
}

/** The weighed move with the most guesses won; on a tie, a foundation play of the card `chosen`
 *  moves, then `chosen`, then the first weighed. */
function bestWeighed(weighed: readonly Weighed[], chosen: number): Weighed {
  const rank = (w: Weighed) =>
    w.won * 4 +
    (w.move !== chosen && chosen !== DEAL && moveCard(w.move) === moveCard(chosen) && isHome(w.move)
      ? 2
      : w.move === chosen
        ? 1
        : 0);
  let best = weighed[0];
  for (const w of weighed) if (rank(w) > rank(best)) best = w;
  return best;
}

const isHome = (m: number) => moveKind(m) === S2F || moveKind(m) === T2F;

/** Why the hint: the chance of each move weighed, the hint's first; a deal said in words. */
function weighedText(best: Weighed, weighed: readonly Weighed[]): string {
  const share = (w: Weighed) => `${viewMoveText(w.move)} ${w.won} of ${w.of}`;
  const what =
    best.move === DEAL
      ? 'turn the next stock card: no move weighed has a better chance'
      : 'the move with the best chance of those weighed';
  const order = [best, ...weighed.filter((w) => w !== best)];
  return `${what}; ${CHANCE_NAME} after each: ${order.map(share).join(', ')}`;
}

/** The chance's walks along the game kept between questions (the last game asked about: a
 *  person's, in `play` or a page's worker): the figure at every position walked, the walk at the
 *  furthest, and copies of it every MARK_EVERY positions, from which a line that leaves it (an
 *  undo, another move) goes on. Only speed: a figure is the same however it is reached. */
let kept: {
  key: string;
  line: number[];
  figures: ChanceFigure[];
  marks: ChanceAlong[];
  head: ChanceAlong | null;
} | null = null;
const MARK_EVERY = 16;

/** The walk to use for `line` under `key`, the kept one made to agree with it. */
function walkFor(key: string, deal: BcDeal, line: readonly number[], settings: ChanceSettings) {
  if (kept?.key !== key) kept = { key, line: [], figures: [], marks: [], head: null };
  const k = kept;
  let common = 0;
  while (common < line.length && common < k.line.length && line[common] === k.line[common]) common++;
  k.figures.length = Math.min(k.figures.length, common + 1);
  k.marks.length = Math.min(k.marks.length, Math.floor(common / MARK_EVERY) + 1);
  if (k.head && k.head.moves.length > common) k.head = null;
  if (!k.head) k.head = k.marks.length ? k.marks[k.marks.length - 1].copy() : new ChanceAlong(deal, settings);
  k.line = line.slice();
  return k;
}

/** The chance without peeking at the position (chance.ts: the estimator `analyse` uses, named
 *  CHANCE_NAME), walked from the deal along the moves made with the same guesses (kept between
 *  questions about the same game: see `kept`); one position per step. With a dealt card waiting
 *  for its place, a guess counts as won when either place wins it. */
function chanceTask(game: GameSoFar<BcDeal>, opts: WinnableOptions): Task<ChanceAnswer> {
  const { pos, line } = replayGame(game);
  const samples = Math.max(1, opts.samples ?? CHANCE_SAMPLES);
  const seed = opts.seed ?? CHANCE_SEED;
  const maxNodes = opts.maxNodes ?? BC_CHANCE_NODES;
  const key = `${JSON.stringify(dealToJson(game.deal))}|${samples}|${seed}`;
  let walk: ReturnType<typeof walkFor> | null = null;
  let nodes = 0,
    polled = 0,
    stopped = false;
  const poll = (since: number) => {
    polled += since;
    if (!stopped && opts.poll) stopped = opts.poll(nodes + polled);
    return stopped;
  };
  const answer = (f: ChanceFigure | null): Step<ChanceAnswer> => {
    const c = f ? chanceOf(f.wins, f.samples) : { p: 0, lo: 0, hi: 1 };
    const a = {
      estimator: CHANCE_NAME,
      won: f?.wins ?? 0,
      samples: f?.samples ?? 0,
      ...c,
      exact: f?.exact === true,
      seed,
      stopped: f === null,
      nodes,
    };
    return { done: true, result: { kind: 'chance', ...a, text: chanceText(a) } };
  };
  // The real position's verdict where the face-down order is known (so no peeking): `analyse`'s
  // budget.
  const verdict = (moves: readonly number[]) => () => {
    const g = new BcSearch(game.deal);
    for (const m of moves) g.make(m);
    const r = solve(g, { maxNodes: ANALYSE_NODES, policy: BC_POLICY });
    nodes += r.stats.nodes;
    return r.outcome === 'solved' ? 'winnable' : r.outcome === 'unsolvable' ? 'lost' : undefined;
  };
  return {
    step() {
      walk ??= walkFor(key, game.deal, line, { samples, seed });
      const w = walk;
      const head = w.head!;
      const ply = head.moves.length;
      if (w.figures.length > line.length && !game.dealt) return answer(w.figures[line.length]);
      if (stopped || nodes >= maxNodes) return answer(null);
      const before = head.nodes;
      polled = 0;
      const f = head.figure(verdict(head.moves), poll);
      if (!stopped) {
        w.figures[ply] = f;
        if (ply % MARK_EVERY === 0 && w.marks.length === ply / MARK_EVERY) w.marks.push(head.copy());
        if (ply < line.length) head.advance(line[ply], poll);
      }
      nodes += head.nodes - before;
      if (stopped) {
        // A search cut short leaves the walk untrusted from here: the positions before it stand.
        w.head = null;
        w.figures.length = Math.min(w.figures.length, ply);
        return answer(null);
      }
      if (ply < line.length)
        return { done: false, nodes, text: `${CHANCE_NAME}: position ${ply + 1} of ${line.length}` };
      if (!game.dealt) return answer(f);
      return answer(dealtFigure(head, pos, line, verdict, poll, (n) => (nodes += n)));
    },
  };
}

/** The chance with a dealt card waiting for its place: each guess won when either place wins it
 *  (the walk itself stays where it is). */
function dealtFigure(
  head: ChanceAlong,
  pos: BcPosition,
  line: readonly number[],
  verdict: (moves: readonly number[]) => () => string | undefined,
  poll: (since: number) => boolean,
  spend: (nodes: number) => void,
): ChanceFigure | null {
  const buf = new Int32Array(MAX_MOVES);
  const n = pos.moves(buf);
  const won = new Array<boolean>(head.won().length).fill(false);
  let exact = true;
  for (let i = 0; i < n; i++) {
    const m = buf[i];
    if (moveKind(m) !== S2F && moveKind(m) !== S2TAL) continue;
    const c = head.copy();
    const before = c.nodes;
    c.advance(m, poll);
    const f = c.figure(verdict([...line, m]), poll);
    spend(c.nodes - before);
    if (poll(0)) return null;
    const flags = f.exact ? won.map(() => f.wins > 0) : c.won();
    flags.forEach((x: boolean, j: number) => (won[j] ||= x));
    exact &&= f.exact === true;
  }
  return { wins: won.filter(Boolean).length, samples: won.length, ...(exact ? { exact } : {}) };
}

function exact(game: GameSoFar<BcDeal>, opts: WinnableOptions): Task<Winnable> {
  const g = new BcSearch(game.deal);
  const pos = new BcPosition(game.deal);
  game.moves.forEach((text, i) => {
    const p = parseMove(pos, text);
    if (!p.ok) throw new InputError(`moves[${i}] ${quote(text)} is illegal: ${p.reason}`);
    pos.make(p.move);
    g.make(p.move);
  });
  // A dealt card waiting for its place: the player's first move is one of its two places.
  const firsts: number[] = [];
  if (game.dealt) {
    const buf = new Int32Array(MAX_MOVES);
    const n = g.moves(buf);
    for (let i = 0; i < n; i++) if (moveKind(buf[i]) === S2F || moveKind(buf[i]) === S2TAL) firsts.push(buf[i]);
    if (firsts.length < 2) throw new InputError('"dealt": no dealt card waits for its place here');
  }
  return exactTask(g, firsts, {
    maxNodes: opts.maxNodes ?? BC_EXACT_NODES,
    poll: opts.poll,
    policy: BC_POLICY,
    line: opts.line === true,
    spoiler: true,
  });
}

export const bcAdvisor: Advisor<BcDeal> = {
  hint: (game, opts = {}) => hintTask(game, opts),
  winnable: (game, opts = {}) => (opts.spoiler ? exact(game, opts) : chanceTask(game, opts)),
};
