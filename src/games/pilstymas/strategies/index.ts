import { type Rng, rngFromSeed } from '../../../cards/shuffle.js';
import { END, MAX_MOVES, PASS, PilPosition } from '../position.js';
import { ExpertStrategy } from './expert.js';
import { greedyMove } from './greedy.js';
import { LinePlan, TurnMemory, TurnSearch, evaluate } from './turn.js';
import { type PlayerView, loadView } from '../view.js';

export { evaluate } from './turn.js';
export { greedyMove } from './greedy.js';

// Strategies see a PlayerView only (view.ts) and rebuild a position from it, with hidden
// cards UNKNOWN (random, greedy, planner) or dealt at random from what the view allows
// (ismcts). They keep one scratch position and move buffer each, so a decision allocates little.

export interface Strategy {
  readonly name: string;
  /** A legal move for view.seat, who is to move. */
  choose(view: PlayerView): number;
}

export const STRATEGY_NAMES = ['random', 'greedy', 'planner', 'ismcts', 'expert'] as const;
export type StrategyName = (typeof STRATEGY_NAMES)[number];

export function makeStrategy(name: string, seed: string): Strategy {
  switch (name) {
    case 'random': return new RandomStrategy(seed);
    case 'greedy': return new GreedyStrategy();
    case 'planner': return new PlannerStrategy();
    case 'ismcts': return new SamplingStrategy(seed);
    case 'expert': return new ExpertStrategy(seed);
    default: throw new Error(`unknown strategy "${name}"`);
  }
}

export class RandomStrategy implements Strategy {
  readonly name = 'random';
  private pos = new PilPosition();
  private buf = new Int32Array(MAX_MOVES);
  private rng: Rng;
  constructor(seed: string) {
    this.rng = rngFromSeed(`random/${seed}`);
  }
  choose(view: PlayerView): number {
    loadView(this.pos, view);
    const n = this.pos.moves(this.buf);
    return this.buf[Math.floor(this.rng() * n)];
  }
}

export class GreedyStrategy implements Strategy {
  readonly name = 'greedy';
  private pos = new PilPosition();
  private buf = new Int32Array(MAX_MOVES);
  choose(view: PlayerView): number {
    loadView(this.pos, view);
    return greedyMove(this.pos, this.buf);
  }
}

// ---- Planner: a search over the own moves of the turn --------------------------------------

/** Searches the mover's own move sequences within the turn (TurnSearch, turn.ts) from the
 *  position the view shows (hidden cards unknown: a move that turns one up leaves an unknown
 *  card that no line of this search can use), scoring every reachable position as if the turn
 *  ended there. The best line is then followed move by move while the view matches what the
 *  line expects; once a hidden card has been turned up (the view differs) the planner searches
 *  again from there. Following the line instead of re-searching after every move keeps
 *  equal-score lines from undoing each other. The planner remembers where its turns ended
 *  (TurnMemory) and scores a turn that would end there again lower, so that it leaves a loop
 *  of turns that change nothing when it has anything else to try. */
export class PlannerStrategy implements Strategy {
  readonly name = 'planner';
  private pos = new PilPosition();
  private search = new TurnSearch(1);
  private memory = new TurnMemory();
  private plan = new LinePlan();
  constructor(private budget = 3000) {}

  choose(view: PlayerView): number {
    const pos = this.pos;
    loadView(pos, view);
    if (!this.plan.applies(pos)) {
      this.search.run(pos, this.budget, this.memory);
      this.plan.set(this.search.line(0));
    }
    return this.plan.next(pos, this.memory);
  }
}

// ---- Sampling search over the hidden cards ------------------------------------------------

/** Determinized sampling (perfect-information Monte Carlo, the flat form of ISMCTS): deal the
 *  hidden cards at random in a way consistent with the view, several times; in each deal try
 *  every legal move, finish the own turn and then the opponent's turn with greedy play, and
 *  score the position; play the move with the best mean score. */
export class SamplingStrategy implements Strategy {
  readonly name = 'ismcts';
  private pos = new PilPosition();
  private buf = new Int32Array(MAX_MOVES * 2);
  private trail = new Int32Array(4096);
  private rng: Rng;
  constructor(seed: string, private samples = 8) {
    this.rng = rngFromSeed(`ismcts/${seed}`);
  }

  /** Positions (hidden cards unknown) already reached this turn: moving back to one of them
   *  is never a candidate, so equal-score moves cannot undo each other for ever. */
  private seen = new Set<number>();
  private seenTurn = -1;

  choose(view: PlayerView): number {
    const pos = this.pos;
    loadView(pos, view);
    if (view.turns !== this.seenTurn) this.seen.clear(), (this.seenTurn = view.turns);
    this.seen.add(pos.key());
    const all = pos.moves(this.buf);
    const cands: number[] = [];
    for (let i = 0; i < all; i++) {
      const m = this.buf[i];
      pos.make(m);
      const back = m !== END && m !== PASS && this.seen.has(pos.key());
      pos.unmake(m);
      if (!back) cands.push(m);
    }
    const n = cands.length;
    if (n === 1) return cands[0];
    const total = new Float64Array(n);
    const me = view.seat;
    for (let k = 0; k < this.samples; k++) {
      loadView(pos, view, this.rng);
      for (let i = 0; i < n; i++) total[i] += this.rollout(cands[i], me);
    }
    let bi = 0;
    for (let i = 1; i < n; i++) if (total[i] > total[bi]) bi = i;
    return cands[bi];
  }

  /** Plays m, greedy to the end of the opponent's next turn, scores, and takes it all back. */
  private rollout(m: number, me: number): number {
    const pos = this.pos;
    let len = 0;
    pos.make(m);
    this.trail[len++] = m;
    let turnsLeft = pos.turn === me ? 2 : 1;
    while (pos.winner < 0 && turnsLeft > 0 && len < this.trail.length) {
      const g = greedyMove(pos, this.buf, MAX_MOVES);
      if (g === END || g === PASS) turnsLeft--;
      pos.make(g);
      this.trail[len++] = g;
    }
    const s = evaluate(pos, me);
    while (len > 0) pos.unmake(this.trail[--len]);
    return s;
  }
}
