import { type Rng, rngFromSeed } from '../../../cards/shuffle.js';
import { END, MAX_MOVES, PASS, PilPosition } from '../position.js';
import { type PilView, loadView } from '../view.js';
import { greedyMove } from './greedy.js';
import type { Strategy } from './strategy.js';
import { evaluate } from './turn.js';

/** Determinized sampling (perfect-information Monte Carlo, the flat form of ISMCTS): deal the
 *  hidden cards at random in a way consistent with the view, several times; in each deal try
 *  every legal move, finish the own turn and then the opponent's turn with greedy play, and
 *  score the position; play the move with the best mean score. */
export class IsmctsStrategy implements Strategy {
  readonly name = 'ismcts';
  private pos = new PilPosition();
  private buf = new Int32Array(MAX_MOVES * 2);
  private trail = new Int32Array(4096);
  private rng: Rng;
  constructor(
    seed: string,
    private samples = 8,
  ) {
    this.rng = rngFromSeed(`ismcts/${seed}`);
  }

  /** Positions (hidden cards unknown) already reached this turn: moving back to one of them
   *  is never a candidate, so equal-score moves cannot undo each other for ever. */
  private seen = new Set<number>();
  private seenTurn = -1;

  choose(view: PilView): number {
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
