import { InputError } from '../../io/errors.js';
import { isObject } from '../../io/json.js';
import { type PilDeal, dealFromJson, dealToJson, GAME } from './deal.js';
import type { GameResult } from './game.js';
import { formatMove, parseMove } from './notation.js';
import { PilPosition, type WinRule } from './position.js';
import type { Replay } from '../registry.js';
import { pilBoard } from './board.js';

// Game records (rules page, "Files"): { game, deal, moves: [{ player, move }], result }, plus
// the optional settings the game was played under ("rule", "maxTurns").

export interface PilRecord {
  deal: PilDeal;
  rule: WinRule;
  maxTurns?: number;
  moves: { player: number; move: string }[];
  result: { outcome: 'win' | 'draw'; winner?: number; turns: number };
}

export function recordToJson(deal: PilDeal, r: GameResult, rule: WinRule, maxTurns: number): unknown {
  return {
    game: GAME,
    deal: dealToJson(deal),
    ...(rule !== 'cleared' ? { rule } : {}),
    maxTurns,
    moves: r.moves.map((x) => ({ player: x.player, move: formatMove(x.move) })),
    result: r.winner >= 0 ? { outcome: 'win', winner: r.winner, turns: r.turns } : { outcome: 'draw', turns: r.turns },
  };
}

export function recordFromJson(doc: unknown, file: string): PilRecord {
  if (!isObject(doc)) throw new InputError(`${file}: expected a JSON object`);
  if (doc.game !== GAME) throw new InputError(`${file}: field "game" is ${JSON.stringify(doc.game)}, expected "${GAME}"`);
  if (!isObject(doc.deal)) throw new InputError(`${file}: field "deal" is missing or not an object`);
  const deal = dealFromJson({ ...doc.deal, game: GAME }, `${file}: deal`);
  const rule = doc.rule ?? 'cleared';
  if (rule !== 'cleared' && rule !== 'russian-bank') throw new InputError(`${file}: field "rule" must be "cleared" or "russian-bank"`);
  if (doc.maxTurns !== undefined && !(Number.isInteger(doc.maxTurns) && (doc.maxTurns as number) > 0))
    throw new InputError(`${file}: field "maxTurns" must be a positive integer`);
  if (!Array.isArray(doc.moves)) throw new InputError(`${file}: field "moves" is missing or not an array`);
  const moves = doc.moves.map((m, i) => {
    if (!isObject(m) || (m.player !== 0 && m.player !== 1) || typeof m.move !== 'string')
      throw new InputError(`${file}: moves[${i}] must be { "player": 0 or 1, "move": "…" }`);
    return { player: m.player as number, move: m.move as string };
  });
  const r = doc.result;
  if (!isObject(r) || (r.outcome !== 'win' && r.outcome !== 'draw') || !Number.isInteger(r.turns))
    throw new InputError(`${file}: field "result" must be { "outcome": "win" | "draw", "winner"?, "turns" }`);
  if (r.outcome === 'win' && r.winner !== 0 && r.winner !== 1) throw new InputError(`${file}: result.winner must be 0 or 1 for a win`);
  return {
    deal,
    rule,
    ...(doc.maxTurns !== undefined ? { maxTurns: doc.maxTurns as number } : {}),
    moves,
    result: { outcome: r.outcome, ...(r.outcome === 'win' ? { winner: r.winner as number } : {}), turns: r.turns as number },
  };
}

export type VerifyResult =
  | { ok: true; position: PilPosition; message: string }
  | { ok: false; position: PilPosition; message: string };

/** Replays a record move by move and checks the recorded result. */
export function verifyRecord(rec: PilRecord): VerifyResult {
  const pos = PilPosition.fromDeal(rec.deal, rec.rule);
  for (let i = 0; i < rec.moves.length; i++) {
    const { player, move } = rec.moves[i];
    const bad = (why: string): VerifyResult => ({ ok: false, position: pos, message: `move ${i + 1} "${move}" by ${'AB'[player]}: ${why}` });
    if (pos.winner >= 0) return bad(`the game was already over (${'AB'[pos.winner]} won)`);
    if (player !== pos.turn) return bad(`it is ${'AB'[pos.turn]}'s turn`);
    const p = parseMove(pos, move);
    if (!p.ok) return bad(`illegal: ${p.reason}`);
    pos.make(p.move);
  }
  const r = rec.result;
  const got = pos.winner >= 0 ? `${'AB'[pos.winner]} won after ${pos.turns} turns` : `no winner after ${pos.turns} turns`;
  if (r.outcome === 'win' && pos.winner !== r.winner) return { ok: false, position: pos, message: `the record says ${'AB'[r.winner!]} won, but the replay ends with ${got}` };
  if (r.outcome === 'draw') {
    if (pos.winner >= 0) return { ok: false, position: pos, message: `the record says draw, but ${got}` };
    if (rec.maxTurns !== undefined && pos.turns < rec.maxTurns)
      return { ok: false, position: pos, message: `the record says draw, but only ${pos.turns} of the ${rec.maxTurns}-turn cap were played` };
  }
  if (pos.turns !== r.turns) return { ok: false, position: pos, message: `the record says ${r.turns} turns, the replay has ${pos.turns}` };
  return { ok: true, position: pos, message: r.outcome === 'win' ? `valid: ${got}` : `valid: draw at the turn cap after ${pos.turns} turns` };
}

/** `replay`: the positions of a game record, move by move, for the replay page. */
export function replayRecord(rec: PilRecord, file: string): Replay {
  const pos = PilPosition.fromDeal(rec.deal, rec.rule);
  const frames = [pilBoard.cards(pos)];
  rec.moves.forEach(({ player, move }, i) => {
    if (player !== pos.turn) throw new InputError(`${file}: moves[${i}] "${move}" is by ${'AB'[player]}, but it is ${'AB'[pos.turn]}'s turn`);
    const p = parseMove(pos, move);
    if (!p.ok) throw new InputError(`${file}: moves[${i}] "${move}" is illegal: ${p.reason}`);
    pos.make(p.move);
    frames.push(pilBoard.cards(pos));
  });
  const end = pos.winner >= 0 ? `${'AB'[pos.winner]} won after ${pos.turns} turns` : `no winner after ${pos.turns} turns`;
  return {
    title: `Pilstymas, deal ${rec.deal.seed ?? file}`,
    notes: [`${rec.moves.length} moves, ${end}; cards of B's pack have a cream face`],
    layout: pilBoard.layout,
    moves: rec.moves.map((m) => ({ text: m.move, player: 'AB'[m.player] })),
    frames,
  };
}
