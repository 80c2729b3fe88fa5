import { BcPosition, MAX_MOVES } from '../../src/games/besieged-city/position.js';
import { formatMove } from '../../src/games/besieged-city/notation.js';

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
