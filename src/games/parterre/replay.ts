import { InputError } from '../../io/errors.js';
import { isObject } from '../../io/json.js';
import { type PtDeal, dealFromJson, GAME } from './deal.js';
import { parseMove } from './notation.js';
import { PtPosition } from './position.js';

export type ReplayResult =
  | { ok: true; won: boolean; moves: number; position: PtPosition }
  | { ok: false; index: number; move: string; reason: string };

/** Replays moves in notation from the deal; stops at the first illegal one and says why. */
export function replay(deal: PtDeal, moves: readonly string[]): ReplayResult {
  const pos = new PtPosition(deal);
  for (let i = 0; i < moves.length; i++) {
    const p = parseMove(pos, moves[i]);
    if (!p.ok) return { ok: false, index: i, move: moves[i], reason: p.reason };
    pos.make(p.move);
  }
  return { ok: true, won: pos.won(), moves: moves.length, position: pos };
}

export interface PtSolution {
  deal: PtDeal;
  moves: string[];
}

/** Validates a solution document (`{ game, deal, moves }`). */
export function solutionFromJson(doc: unknown, file: string): PtSolution {
  if (!isObject(doc)) throw new InputError(`${file}: expected a JSON object`);
  if (doc.game !== GAME) throw new InputError(`${file}: field "game" is ${JSON.stringify(doc.game)}, expected "${GAME}"`);
  if (!isObject(doc.deal)) throw new InputError(`${file}: field "deal" is missing or not an object`);
  const deal = dealFromJson({ game: GAME, ...doc.deal }, `${file}: deal`);
  if (!Array.isArray(doc.moves)) throw new InputError(`${file}: field "moves" is missing or not an array`);
  doc.moves.forEach((m, i) => {
    if (typeof m !== 'string') throw new InputError(`${file}: moves[${i}] is not a string`);
  });
  return { deal, moves: doc.moves as string[] };
}
