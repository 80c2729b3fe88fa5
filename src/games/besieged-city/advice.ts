import { rngFromSeed, shuffleInPlace } from '../../cards/shuffle.js';
import { InputError, quote } from '../../io/errors.js';
import {
  type AdviceOptions,
  type Advisor,
  CHANCE_PLAYS,
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
import { wilson } from '../../batch/stats.js';
import type { BcDeal } from './deal.js';
import { formatMove, parseMove } from './notation.js';
import { BcPosition, MAX_MOVES, S2F, S2TAL, T2F, moveCard, moveKind } from './position.js';
import { CHANCE_NAME, type Weighed, weighMoves } from './chance.js';
import { BC_POLICY } from './policy.js';
import { BcSearch } from './search.js';
import { PlannerStrategy } from './strategies/planner.js';
import { playFrom } from './strategies/play.js';
import { HINDSIGHT_TUNING, HindsightStrategy } from './strategies/hindsight.js';
import type { Strategy } from './strategies/strategy.js';
import { BcView, DEAL, RESIGN } from './view.js';

// Advice at Besieged City (src/solitaire/advice.ts). The stock is face down, so the hint and the
// chance of winning come from the strongest strategy that plays without peeking, `hindsight`
// (strategies/hindsight.ts: the sampler's guesses of the stock order, spent by need), given only
// the player's view: a BcView copied from the position by observe(), as the referee gives a
// strategy, so the stock order is not reachable from it. Only winnable with `spoiler` runs the
// solver on the real position, the stock known.

/** Guesses on which a hint weighs its moves (the same for each move). */
const HINT_GUESSES = 4;
/** The most moves a hint weighs. */
const MAX_WEIGHED = 4;
/** The solves of one hint at most, in guess budgets: hindsight's guesses (maxSamples), one
 *  rescue guess at `rescue` times the budget when none of them is won, and the weighing of the
 *  moves in question (weighMoves(), each guess of each move). */
const HINT_SHARES = HINDSIGHT_TUNING.maxSamples + HINDSIGHT_TUNING.rescue + HINT_GUESSES * MAX_WEIGHED;
/** Default budget of a hint: hindsight's guesses at 8000 nodes each (its default), so that the
 *  hint is the move hindsight would play. */
export const BC_HINT_NODES = HINT_SHARES * 8000;
/** Under this many nodes per guess the guesses' solves rarely win: the planner hints instead. */
const MIN_SAMPLE_NODES = 2000;
/** Default plays of the chance estimate, and its default node budget in all: room for that many
 *  hindsight games from the deal (bench/compare-players.ts prints hindsight's solver nodes a
 *  game, `--new hindsight`). */
export const BC_CHANCE_PLAYS = CHANCE_PLAYS;
export const BC_CHANCE_NODES = 40_000_000;
/** The strategy that hints and plays for the chance, as the answers name it. */
const HINT_BY = 'hindsight';
const CHANCE_BY = 'the hindsight player';
/** Default budget of the exact answer (the spoiler). */
export const BC_EXACT_NODES = 2_000_000;

/** The real position after the moves made, and the player's view of it (with the history of
 *  positions met, which the player remembers). InputError names a bad move. */
function replayGame(game: GameSoFar<BcDeal>): { pos: BcPosition; view: BcView; dealtCard: number } {
  const pos = new BcPosition(game.deal);
  const view = new BcView();
  view.observe(pos);
  game.moves.forEach((text, i) => {
    const p = parseMove(pos, text);
    if (!p.ok) throw new InputError(`moves[${i}] ${quote(text)} is illegal: ${p.reason}`);
    pos.make(p.move);
    view.observe(pos);
  });
  let dealtCard = -1;
  if (game.dealt) {
    const buf = new Int32Array(MAX_MOVES);
    const n = pos.moves(buf);
    let fits = false;
    for (let i = 0; i < n; i++) fits ||= moveKind(buf[i]) === S2F;
    // The caller says the card was turned, so it is face up: whether it fits is no secret.
    if (!fits) throw new InputError('"dealt": no dealt card waits for its place here');
    dealtCard = pos.stock[pos.sp];
    view.observe(pos, dealtCard);
  }
  return { pos, view, dealtCard };
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
            nodes: perSample,
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
      ? 'turn the next stock card: no move in sight has a better chance'
      : 'the best chance of the moves weighed';
  const order = [best, ...weighed.filter((w) => w !== best)];
  return `${what}; ${CHANCE_NAME} after each: ${order.map(share).join(', ')}`;
}

/** The chance without peeking: `plays` games of hindsight from the view, each in a world whose
 *  face-down stock is a uniform shuffle of the cards not in sight (seeded per game), refereed as
 *  any game; one game per step. */
function chanceTask(game: GameSoFar<BcDeal>, opts: WinnableOptions): Task<ChanceAnswer> {
  const { view, dealtCard } = replayGame(game);
  const plays = Math.max(1, opts.plays ?? BC_CHANCE_PLAYS);
  const maxNodes = opts.maxNodes ?? BC_CHANCE_NODES;
  const seed = opts.seed ?? 'chance';
  const history = [...view.history];
  let won = 0,
    played = 0,
    nodes = 0,
    stopped = false;
  const answer = (): Step<ChanceAnswer> => {
    const { lo, hi } = wilson(won, played);
    const short = played < plays;
    return {
      done: true,
      result: {
        kind: 'chance',
        by: HINT_BY,
        won,
        played,
        lo,
        hi,
        stopped: short,
        nodes,
        text: chanceText(CHANCE_BY, won, played, short),
      },
    };
  };
  return {
    step() {
      if (stopped || played >= plays || nodes >= maxNodes) return answer();
      const rng = rngFromSeed(`${seed}:world:${played}`);
      const world = view.position(shuffleInPlace(view.unseen(), rng)).pos;
      let spent = 0;
      const poll = (since: number) => {
        spent += since;
        if (!stopped && opts.poll) stopped = opts.poll(nodes + spent);
        return stopped;
      };
      const s: Strategy & { solveNodes: number } = new HindsightStrategy(`${seed}:player:${played}`, { poll });
      let g: { won: boolean } | null = null;
      try {
        g = playFrom(world, s, {
          history,
          dealt: dealtCard >= 0,
          onMove: () => {
            if (stopped) throw STOP;
          },
        });
      } catch (e) {
        if (e !== STOP) throw e;
      }
      nodes += s.solveNodes;
      // A game cut short by a stop counts neither way.
      if (stopped || g === null) return answer();
      played++;
      if (g.won) won++;
      if (played >= plays || nodes >= maxNodes) return answer();
      return { done: false, nodes, text: chanceText(CHANCE_BY, won, played, true) };
    },
  };
}

const STOP = new Error('stopped');

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
