import { BcPosition, MAX_MOVES } from '../../src/games/besieged-city/position.js';
import { formatMove } from '../../src/games/besieged-city/notation.js';
import { setupPosition, type PositionSpec } from '../../src/games/besieged-city/setup.js';

export function legal(pos: BcPosition): string[] {
  const buf = new Int32Array(MAX_MOVES);
  return Array.from(buf.subarray(0, pos.moves(buf)), formatMove);
}

/** A full snapshot of a position's observable state, for exact comparisons. */
export function snapshot(pos: BcPosition): string {
  return JSON.stringify({
    reserve: Array.from(pos.reserve),
    piles: Array.from({ length: 14 }, (_, t) => pos.pile(t)),
    found: Array.from(pos.found),
    sp: pos.sp,
    talon: Array.from(pos.talon.subarray(0, pos.tlen)),
    mask: Array.from(pos.talonMask),
    pcode: Array.from(pos.pcode),
    pending: pos.pending,
    total: pos.foundTotal,
  });
}

/** Plays the line on a fresh copy of the problem, each move checked against the legal moves;
 *  returns whether it ends won. */
export function playsToWin(spec: PositionSpec, moves: number[]): boolean {
  const g = setupPosition(spec);
  const buf = new Int32Array(MAX_MOVES);
  for (const m of moves) {
    const n = g.moves(buf, 0);
    if (!buf.subarray(0, n).includes(m)) return false;
    g.make(m);
  }
  return g.won();
}
