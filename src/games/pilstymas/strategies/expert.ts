import { type Rng, rngFromSeed } from '../../../cards/shuffle.js';
import { END, MAX_MOVES, PASS, PilPosition } from '../position.js';
import { greedyMove } from './greedy.js';
import type { Strategy } from './strategy.js';
import { EXPERT_EVAL, type EvalWeights, evaluateExpert } from './expert-eval.js';
import { type Evaluator, LinePlan, MAX_DEPTH, TurnMemory, WIN, evaluate, turnsUp } from './turn.js';
import { TurnSearch } from './turn-search.js';
import { type PilView, holdsView, loadSeen, loadView } from '../view.js';

// The expert: determinized search over whole turns. From the view (hidden cards unknown) a
// turn search like the planner's, scored by the expert's own evaluation (expert-eval.ts, used
// for every search and score below), proposes the best few lines for the rest of the turn. Each is then
// tried on several determinizations — the hidden cards dealt at random in a way consistent
// with the view (loadView with a generator) — played until it turns up a hidden card, after
// which the turn is finished by a turn search that knows that card (as the expert would when it
// searches again), and the opponent answers with its own turn search; the position is then
// scored for the expert. The line with the best mean score is played, move by move while the
// view matches what it expects, as the planner does. The expert reads only its view; its
// randomness comes from the strategy seed and its work is counted in positions, not time, so a
// game is reproducible on any machine.

export interface ExpertOptions {
  /** Lines proposed by the root search (the candidates). */
  candidates?: number;
  /** Determinizations each candidate is tried on. */
  samples?: number;
  /** Positions for the root search. */
  rootNodes?: number;
  /** Positions for each turn search inside a determinization. */
  replyNodes?: number;
  /** Whole turns played after the expert's own in each determinization (1: the opponent's). */
  turnsAhead?: number;
  /** Simulated turns see only the mover's view (1) or the whole determinization (0). */
  fair?: number;
  /** The evaluation: 1 the expert's (expert-eval.ts), 0 the planner's. */
  evaluation?: number;
  /** After the simulated turns, the determinization is played out to the end by greedy play
   *  for both (at most `playoutTurns` more turns); its result adds this much to the score when
   *  the expert wins it and takes it off when it loses (0: no playout). */
  playoutWeight?: number;
  playoutTurns?: number;
  /** Changes to the expert evaluation's weights. */
  weights?: Partial<EvalWeights>;
}

export const EXPERT_DEFAULTS: Required<ExpertOptions> = {
  candidates: 4,
  samples: 6,
  // Small because the turn search keeps one entry for a position and its pile permutations
  // and tries shedding moves first: past these budgets the expert gains little strength for
  // its time (bench/pilstymas-builds.ts measures both, e.g.
  // `versus expert,planner 1..100 rootNodes=3000`; bench/history.md,
  // "Pilstymas at tournament scale, continued").
  rootNodes: 500,
  replyNodes: 30,
  turnsAhead: 1,
  fair: 1,
  evaluation: 1,
  playoutWeight: 0,
  playoutTurns: 150,
  weights: {},
};

/** `expert-deep`: the expert with twice the deals of the hidden cards and larger searches, for
 *  strength rather than speed, at several times its time a decision (bench/pilstymas-builds.ts,
 *  `versus expert,planner 1..50 samples=12,rootNodes=3000,replyNodes=100`; bench/history.md,
 *  "Pilstymas at tournament scale, continued"). */
export const EXPERT_DEEP: ExpertOptions = { samples: 12, rootNodes: 3000, replyNodes: 100 };

export class ExpertStrategy implements Strategy {
  private readonly o: Required<ExpertOptions>;
  private rng: Rng;
  /** The view with hidden cards unknown. */
  private pos = new PilPosition();
  /** A determinization of it. */
  private det = new PilPosition();
  /** What the mover of a simulated turn sees of the determinization. */
  private masked = new PilPosition();
  private root: TurnSearch;
  private inner: TurnSearch;
  private score: Evaluator;
  private memory = new TurnMemory();
  private total: Float64Array;
  /** The root lines tried (indices), distinct up to their first hidden card. */
  private cands: Int32Array;
  private prefixLen: Int32Array;
  private trail = new Int32Array(8 * (MAX_DEPTH + 2));
  /** The moves of a greedy playout (see PLAYOUT_MOVES). */
  private playoutTrail = new Int32Array(PLAYOUT_MOVES);
  private buf = new Int32Array(MAX_MOVES);
  private plan = new LinePlan();

  constructor(
    seed: string,
    opts: ExpertOptions = {},
    readonly name = 'expert',
  ) {
    this.o = { ...EXPERT_DEFAULTS, ...opts };
    this.rng = rngFromSeed(`expert/${seed}`);
    const w = { ...EXPERT_EVAL, ...this.o.weights };
    this.score = this.o.evaluation ? (pos, me) => evaluateExpert(pos, me, w) : evaluate;
    this.root = new TurnSearch(4 * this.o.candidates, this.score);
    // Rollouts play the lines as found: the moves of a rollout are never shown, and shortening
    // them would cost more breadth-first passes than the rollout's own search.
    this.inner = new TurnSearch(1, this.score, false);
    this.total = new Float64Array(this.o.candidates);
    this.cands = new Int32Array(this.o.candidates);
    this.prefixLen = new Int32Array(this.o.candidates);
  }

  choose(view: PilView): number {
    const pos = this.pos;
    if (!holdsView(pos, view)) loadView(pos, view);
    if (!this.plan.applies(pos)) this.plan.set(this.root.line(this.decide(view)));
    return this.plan.next(pos, this.memory);
  }

  /** Runs the root search and returns the index of the line to play. */
  private decide(view: PilView): number {
    const pos = this.pos,
      root = this.root;
    const k = root.run(pos, this.o.rootNodes, this.memory);
    if (k === 1 || root.scores[0] >= WIN - MAX_DEPTH) return 0;
    // The expert searches again once a hidden card is turned up, so only a line's moves up to
    // that point are a choice: keep the best line for each such prefix.
    const cands = this.cands;
    let n = 0;
    for (let i = 0; i < k && n < this.o.candidates; i++) {
      const len = prefixLength(pos, root.line(i));
      let dup = false;
      for (let j = 0; j < n && !dup; j++)
        dup = this.prefixLen[j] === len && samePrefix(root.line(cands[j]), root.line(i), len);
      if (!dup) {
        this.prefixLen[n] = len;
        cands[n++] = i;
      }
    }
    if (n === 1) return cands[0];
    const total = this.total.fill(0);
    for (let s = 0; s < this.o.samples; s++) {
      loadView(this.det, view, this.rng);
      for (let i = 0; i < n; i++) total[i] += this.rollout(root.line(cands[i]));
    }
    let best = 0,
      bestScore = -Infinity;
    for (let i = 0; i < n; i++) {
      // The loop penalty of where the line ends the turn, as the root search saw it.
      const line = root.line(cands[i]);
      let pen = 0;
      if (line[line.length - 1] === END || line[line.length - 1] === PASS) {
        for (let j = 0; j < line.length; j++) pos.make(line[j]);
        pen = this.memory.penalty(pos);
        for (let j = line.length - 1; j >= 0; j--) pos.unmake(line[j]);
      }
      const score = total[i] / this.o.samples - pen;
      if (score > bestScore) (bestScore = score), (best = i);
    }
    return cands[best];
  }

  /** Plays `line` in the determinization until it ends the turn or turns up a hidden card,
   *  finishes the turn and plays `turnsAhead` more turns by turn search, scores the position
   *  for the expert and takes it all back. */
  private rollout(line: Int32Array): number {
    const det = this.det,
      me = det.turn;
    let len = 0,
      ended = false;
    for (let j = 0; j < line.length; j++) {
      const m = line[j];
      const reveals = turnsUp(det, m);
      det.make(m);
      this.trail[len++] = m;
      if (m === END || m === PASS || det.winner >= 0) {
        ended = true;
        break;
      }
      if (reveals) break;
    }
    for (let t = ended ? 1 : 0; t <= this.o.turnsAhead && det.winner < 0; t++) len = this.playTurn(len);
    let s = this.score(det, me);
    if (this.o.playoutWeight && det.winner < 0) s += this.o.playoutWeight * this.playout(me);
    while (len > 0) det.unmake(this.trail[--len]);
    return s;
  }

  /** Plays the determinization out by greedy moves for both players; returns 1 if `me` wins,
   *  -1 if the other player does, 0 if neither within the caps; takes it all back. */
  private playout(me: number): number {
    const det = this.det,
      trail = this.playoutTrail;
    const lastTurn = det.turns + this.o.playoutTurns;
    let n = 0;
    while (det.winner < 0 && det.turns < lastTurn && n < trail.length) {
      const m = greedyMove(det, this.buf);
      det.make(m);
      trail[n++] = m;
    }
    const r = det.winner < 0 ? 0 : det.winner === me ? 1 : -1;
    while (n > 0) det.unmake(trail[--n]);
    return r;
  }

  /** Plays the mover's turn in the determinization as the planner would, and returns the
   *  trail length. With `fair`, each search sees only what the mover would see (its view of
   *  the determinization, hidden cards unknown) and the mover searches again after each card
   *  it turns up; without, one search sees the whole determinization (it then knows the order
   *  of the hands, which makes every turn look better than it can be played). */
  private playTurn(len: number): number {
    const det = this.det,
      trail = this.trail;
    for (let seg = 0; seg < MAX_SEGMENTS && len < trail.length; seg++) {
      let src = det;
      if (this.o.fair) {
        loadSeen(this.masked, det, det.turn);
        src = this.masked;
      }
      this.inner.run(src, this.o.replyNodes);
      const line = this.inner.line(0);
      for (let j = 0; j < line.length && len < trail.length; j++) {
        const m = line[j];
        const up = turnsUp(det, m);
        det.make(m);
        trail[len++] = m;
        if (m === END || m === PASS || det.winner >= 0) return len;
        if (up && this.o.fair) break;
      }
      if (!this.o.fair) break;
    }
    return len;
  }
}

/** The moves of one playout at most: the position's undo stack (4,096 moves) must hold them
 *  and the moves of the rollout before it. */
const PLAYOUT_MOVES = 2048;

/** Searches within one simulated turn (a guard: each search but the last turns up a card). */
const MAX_SEGMENTS = 60;

/** The moves of `line` up to and including the first that turns up a hidden card (all of it
 *  if none does). */
function prefixLength(pos: PilPosition, line: Int32Array): number {
  let j = 0;
  while (j < line.length) {
    const up = turnsUp(pos, line[j]);
    pos.make(line[j++]);
    if (up) break;
  }
  for (let i = j - 1; i >= 0; i--) pos.unmake(line[i]);
  return j;
}

function samePrefix(a: Int32Array, b: Int32Array, len: number): boolean {
  if (a.length < len || b.length < len) return false;
  for (let j = 0; j < len; j++) if (a[j] !== b[j]) return false;
  return true;
}
