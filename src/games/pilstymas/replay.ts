import { InputError, quote } from '../../io/errors.js';
import { checkFields, isObject } from '../../io/json.js';
import { type PilDeal, dealFromJson, dealToJson, GAME } from './deal.js';
import type { GameResult } from './match.js';
import { formatMove, parseMove } from './notation.js';
import { END, FROM_HAND, moveFrom, PASS, PilPosition, plainCard, STOCK, type WinRule } from './position.js';
import { formatCard } from '../../cards/card.js';
import { REPETITION_LIMIT, RepetitionTable } from './repetition.js';
import type { Replay } from '../../cards/board.js';
import { pilBoard } from './board.js';

// Game records (rules page, "Files"): { game, deal, moves: [{ player, move }], result }, plus
// the optional settings the game was played under ("rule", "maxTurns"). A draw carries its
// reason: "max-turns" (the cap) or "repetition" (rules page, [D] Repetition). Records written
// now also carry "format": "patience-record", "version": 1, the "players" (who sat at A and B)
// and, on each move that turned a card face up (a hand or stock card), "turned"; all of these
// are optional on reading, so records of the rules page's plain form are read as before.

type DrawReason = 'max-turns' | 'repetition';

const RECORD_FORMAT = 'patience-record';
const RECORD_VERSION = 1;

export interface PilRecord {
  deal: PilDeal;
  rule: WinRule;
  maxTurns?: number;
  players?: [string, string];
  moves: { player: number; move: string; turned?: string }[];
  result: { outcome: 'win' | 'draw'; winner?: number; reason?: DrawReason; turns: number };
}

/** Makes move m and returns the cards it turned face up ('' for none): the mover's next hand
 *  card after a hand card is played, the next mover's hand card after "end" or "pass", and a
 *  stock card turned when the stock top is played. */
function makeTurning(pos: PilPosition, m: number): string {
  const p = pos.turn;
  const down = pos.down[p];
  pos.make(m);
  const cards: number[] = [];
  const hand = pos.handCard();
  if ((m === END || m === PASS || moveFrom(m) === FROM_HAND) && hand >= 0) cards.push(hand);
  if (pos.down[p] < down) cards.push(pos.top(STOCK + p));
  return cards.map((c) => formatCard(plainCard(c))).join(' ');
}

export function recordToJson(
  deal: PilDeal,
  r: GameResult,
  rule: WinRule,
  maxTurns: number,
  players?: readonly [string, string],
): unknown {
  const pos = PilPosition.fromDeal(deal, rule);
  return {
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    game: GAME,
    deal: dealToJson(deal),
    ...(rule !== 'cleared' ? { rule } : {}),
    maxTurns,
    ...(players ? { players: [...players] } : {}),
    moves: r.moves.map((x) => {
      const turned = makeTurning(pos, x.move);
      return { player: x.player, move: formatMove(x.move), ...(turned ? { turned } : {}) };
    }),
    result:
      r.winner >= 0
        ? { outcome: 'win', winner: r.winner, turns: r.turns }
        : { outcome: 'draw', reason: r.reason, turns: r.turns },
  };
}

export function recordFromJson(doc: unknown, file: string): PilRecord {
  if (!isObject(doc)) throw new InputError(`${file}: expected a JSON object`);
  if (doc.game !== GAME) throw new InputError(`${file}: field "game" is ${quote(doc.game)}, expected ${quote(GAME)}`);
  if (doc.format !== undefined && doc.format !== RECORD_FORMAT)
    throw new InputError(`${file}: field "format" is ${quote(doc.format)}, expected ${quote(RECORD_FORMAT)}`);
  if (doc.format !== undefined && doc.version !== RECORD_VERSION)
    throw new InputError(
      `${file}: field "version" is ${quote(doc.version)}; this program reads game records of version ${RECORD_VERSION}`,
    );
  checkFields(
    doc,
    ['format', 'version', 'game', 'deal', 'rule', 'maxTurns', 'players', 'moves', 'result'],
    file,
    new Map([['seed', 'the seed is a field of "deal"']]),
  );
  if (!isObject(doc.deal)) throw new InputError(`${file}: field "deal" is missing or not an object`);
  const deal = dealFromJson({ ...doc.deal, game: GAME }, `${file}: deal`);
  const rule = doc.rule ?? 'cleared';
  if (rule !== 'cleared' && rule !== 'russian-bank')
    throw new InputError(`${file}: field "rule" must be "cleared" or "russian-bank"`);
  if (doc.maxTurns !== undefined && !(Number.isInteger(doc.maxTurns) && (doc.maxTurns as number) > 0))
    throw new InputError(`${file}: field "maxTurns" must be a positive integer`);
  if (!Array.isArray(doc.moves)) throw new InputError(`${file}: field "moves" is missing or not an array`);
  const pl = doc.players;
  if (pl !== undefined && !(Array.isArray(pl) && pl.length === 2 && pl.every((x) => typeof x === 'string')))
    throw new InputError(`${file}: field "players" must be two names, [A, B]`);
  const moves = doc.moves.map((m, i) => {
    if (!isObject(m) || (m.player !== 0 && m.player !== 1) || typeof m.move !== 'string')
      throw new InputError(`${file}: moves[${i}] must be { "player": 0 or 1, "move": "…" }`);
    checkFields(m, ['player', 'move', 'turned'], `${file}: moves[${i}]`);
    if (m.turned !== undefined && typeof m.turned !== 'string')
      throw new InputError(`${file}: moves[${i}].turned must be a string of cards`);
    return {
      player: m.player as number,
      move: m.move as string,
      ...(m.turned !== undefined ? { turned: m.turned as string } : {}),
    };
  });
  const r = doc.result;
  if (!isObject(r) || (r.outcome !== 'win' && r.outcome !== 'draw') || !Number.isInteger(r.turns))
    throw new InputError(`${file}: field "result" must be { "outcome": "win" | "draw", "winner"?, "turns" }`);
  checkFields(r, ['outcome', 'winner', 'reason', 'turns'], `${file}: result`);
  if (r.outcome === 'win' && r.winner !== 0 && r.winner !== 1)
    throw new InputError(`${file}: result.winner must be 0 or 1 for a win`);
  if (r.reason !== undefined && (r.outcome !== 'draw' || (r.reason !== 'max-turns' && r.reason !== 'repetition')))
    throw new InputError(`${file}: result.reason must be "max-turns" or "repetition", and only for a draw`);
  return {
    deal,
    rule,
    ...(doc.maxTurns !== undefined ? { maxTurns: doc.maxTurns as number } : {}),
    ...(pl !== undefined ? { players: pl as [string, string] } : {}),
    moves,
    result: {
      outcome: r.outcome,
      ...(r.outcome === 'win' ? { winner: r.winner as number } : {}),
      ...(r.reason !== undefined ? { reason: r.reason as DrawReason } : {}),
      turns: r.turns as number,
    },
  };
}

/** A failed verification says whether a move could not be made (`illegal`: the record is bad
 *  input) or the moves replay but the claimed result is not theirs. */
type VerifyResult =
  | { ok: true; position: PilPosition; message: string }
  | { ok: false; position: PilPosition; message: string; illegal?: boolean };

/** Replays a record move by move and checks the recorded result. The game is over at a win or
 *  at the third occurrence of a position at the start of a turn; a move after that is invalid. */
export function verifyRecord(rec: PilRecord): VerifyResult {
  const pos = PilPosition.fromDeal(rec.deal, rec.rule);
  const reps = new RepetitionTable();
  let repeated = reps.add(pos) >= REPETITION_LIMIT;
  for (let i = 0; i < rec.moves.length; i++) {
    const { player, move, turned } = rec.moves[i];
    const bad = (why: string): VerifyResult => ({
      ok: false,
      position: pos,
      message: `move ${i + 1} ${quote(move)} by ${'AB'[player]}: ${why}`,
      illegal: true,
    });
    if (pos.winner >= 0) return bad(`the game was already over (${'AB'[pos.winner]} won)`);
    if (repeated) return bad(`the game was already over (drawn by repetition after ${pos.turns} turns)`);
    if (player !== pos.turn) return bad(`it is ${'AB'[pos.turn]}'s turn`);
    const p = parseMove(pos, move);
    if (!p.ok) return bad(`illegal: ${p.reason}`);
    const up = makeTurning(pos, p.move);
    const said = turned?.trim().split(/\s+/).join(' ').toUpperCase();
    if (said !== undefined && said !== up.toUpperCase())
      return bad(`"turned" says ${quote(turned)}, but the move turned up ${up ? quote(up) : 'no card'}`);
    if (p.move === END || p.move === PASS) repeated = reps.add(pos) >= REPETITION_LIMIT;
  }
  const r = rec.result;
  const got =
    pos.winner >= 0 ? `${'AB'[pos.winner]} won after ${pos.turns} turns` : `no winner after ${pos.turns} turns`;
  const fail = (message: string): VerifyResult => ({ ok: false, position: pos, message });
  if (r.outcome === 'win' && pos.winner !== r.winner)
    return fail(`the record says ${'AB'[r.winner!]} won, but the replay ends with ${got}`);
  let how = '';
  if (r.outcome === 'draw') {
    if (pos.winner >= 0) return fail(`the record says draw, but ${got}`);
    if (r.reason === 'repetition' && !repeated)
      return fail(`the record says draw by repetition, but no position recurred ${REPETITION_LIMIT} times (${got})`);
    if (!repeated) {
      if (rec.maxTurns !== undefined && pos.turns < rec.maxTurns)
        return fail(`the record says draw, but only ${pos.turns} of the ${rec.maxTurns}-turn cap were played`);
    } else if (r.reason === 'max-turns')
      return fail(
        `the record says draw at the turn cap, but the game was drawn by repetition after ${pos.turns} turns`,
      );
    how = repeated
      ? `valid: draw by repetition after ${pos.turns} turns`
      : `valid: draw at the turn cap after ${pos.turns} turns`;
  }
  if (pos.turns !== r.turns) return fail(`the record says ${r.turns} turns, the replay has ${pos.turns}`);
  return { ok: true, position: pos, message: r.outcome === 'win' ? `valid: ${got}` : how };
}

/** `replay`: the positions of a game record, move by move, for the replay page. */
export function replayRecord(rec: PilRecord, file: string): Replay {
  const pos = PilPosition.fromDeal(rec.deal, rec.rule);
  const frames = [pilBoard.cards(pos)];
  rec.moves.forEach(({ player, move }, i) => {
    if (player !== pos.turn)
      throw new InputError(
        `${file}: moves[${i}] ${quote(move)} is by ${'AB'[player]}, but it is ${'AB'[pos.turn]}'s turn`,
      );
    const p = parseMove(pos, move);
    if (!p.ok) throw new InputError(`${file}: moves[${i}] ${quote(move)} is illegal: ${p.reason}`);
    pos.make(p.move);
    frames.push(pilBoard.cards(pos));
  });
  const end =
    pos.winner >= 0 ? `${'AB'[pos.winner]} won after ${pos.turns} turns` : `no winner after ${pos.turns} turns`;
  return {
    title: `Pilstymas, deal ${rec.deal.seed ?? file}`,
    notes: [`${rec.moves.length} moves, ${end}; cards of B's pack have a cream face`],
    layout: pilBoard.layout,
    moves: rec.moves.map((m) => ({ text: m.move, player: 'AB'[m.player] })),
    frames,
  };
}
