import {
  END,
  FROM_HAND,
  FROM_STOCK,
  FROM_TAB,
  MAX_MOVES,
  PASS,
  PilPosition,
  TAB,
  TO_F,
  TO_OSTOCK,
  TO_OWASTE,
  TO_TAB,
  moveFrom,
  moveTo,
} from '../position.js';
import { type PilView, loadView } from '../view.js';
import type { Strategy } from './strategy.js';

// Greedy play, shared by the greedy strategy, the sampling rollouts (ismcts.ts) and the
// expert's playouts (expert.ts).

/** Greedy's priority classes for the mover p: lower plays first; 9 never (but end or pass). */
function greedyClass(pos: PilPosition, m: number): number {
  if (m === END || m === PASS) return 9;
  const from = moveFrom(m),
    to = moveTo(m);
  const p = pos.turn;
  const cleared = pos.rule === 'cleared';
  // Under the win rule [D] the own tableau piles must be emptied too: a card from one of them
  // that leaves the own side is progress, one from the opponent's side is not.
  const ownPile = from >= FROM_TAB && (from - FROM_TAB) >> 2 === p;
  if (to === TO_F) return 0; // foundations
  if (from === FROM_STOCK) return 1; // unload the own stock
  if (to === TO_OSTOCK || to === TO_OWASTE) return 2; // load the opponent
  if (from === FROM_HAND) return 3; // build with the hand card
  // Clear the own tableau onto the opponent's (non-empty) piles. Other tableau moves: never (they could cycle).
  if (cleared && ownPile && (to - TO_TAB) >> 2 !== p && pos.len[TAB + to - TO_TAB] > 0) return 4;
  return 9;
}

/** The greedy move in `pos` (shared by the greedy strategy and the sampling rollouts).
 *  Every move it makes takes a card out of the own hand, stock or tableau for good within the
 *  turn (the opponent's tableau cards it moves only to foundations, or under the Russian Bank
 *  rule onto the opponent's stock or waste), so a greedy turn always ends. Within a class a
 *  non-empty pile comes before an empty one. */
export function greedyMove(pos: PilPosition, buf: Int32Array, offset = 0): number {
  const n = pos.moves(buf, offset);
  let best = buf[offset + n - 1],
    bc = 99;
  for (let i = offset; i < offset + n; i++) {
    const m = buf[i];
    const k = greedyClass(pos, m);
    if (k === 9) continue;
    let c = 2 * k;
    const to = moveTo(m);
    if (to >= TO_TAB && to < TO_OSTOCK && pos.len[TAB + to - TO_TAB] === 0) c++;
    if (c < bc) {
      bc = c;
      best = m;
    }
  }
  return best;
}

/** Plays the greedy move (greedyMove) of the position the view shows. */
export class GreedyStrategy implements Strategy {
  readonly name = 'greedy';
  private pos = new PilPosition();
  private buf = new Int32Array(MAX_MOVES);
  choose(view: PilView): number {
    loadView(this.pos, view);
    return greedyMove(this.pos, this.buf);
  }
}
