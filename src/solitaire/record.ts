import { InputError, oneLine, quote } from '../io/errors.js';
import { checkFields, isObject } from '../io/json.js';
import type { Replay } from '../cards/board.js';
import { dealName, playLineFrom, type Solitaire, type SolitairePosition } from './kit.js';

// Game records of the one-player games: the line as it was played (by a person or a strategy),
// each face-down card named as it was turned up, and how the game ended. Plain data and pure
// functions (no file access), so that a browser page can read, replay and judge a record too.
//
// { "format": "patience-record", "version": 1, "game", "deal": {…, "variant"?},
//   "player"?: "greedy", "moves": [{ "move": "9C stock>talon", "turned"?: "9C" }, …],
//   "result": { "outcome": "won" | "lost" | "unfinished", "reason"?, "moves", "foundations" } }
//
// "lost": no legal move was left; "unfinished": play stopped with moves left (reason: quit,
// resigned, move-cap, forfeit). A solution (`solve --json`) has no "format" field.

export const RECORD_FORMAT = 'patience-record';
export const RECORD_VERSION = 1;

export type RecordOutcome = 'won' | 'lost' | 'unfinished';
/** Why play stopped with legal moves left. */
export const STOP_REASONS = ['quit', 'resigned', 'move-cap', 'forfeit'] as const;
export type StopReason = (typeof STOP_REASONS)[number];

export interface RecordMove {
  move: string;
  /** The face-down cards this move turned face up, in order, space-separated. */
  turned?: string;
}

export interface RecordResult {
  outcome: RecordOutcome;
  reason?: StopReason;
  moves: number;
  foundations: number;
}

export interface SolitaireRecord<D> {
  deal: D;
  player?: string;
  moves: RecordMove[];
  result: RecordResult;
}

/** Whether a document is a game record rather than a solution (a record says its format). */
export const isRecordDocument = (doc: unknown): boolean => isObject(doc) && doc.format !== undefined;

/** How a position stands: won, lost (no legal move) or neither. */
export function standing<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Solitaire<D, P>,
  pos: P,
): 'won' | 'lost' | 'open' {
  if (pos.won()) return 'won';
  return kit.legalMoves(pos, new Int32Array(kit.maxMoves)) === 0 ? 'lost' : 'open';
}

/** Makes move m and returns the face-down cards it turned up ('' for none). */
function makeTurning<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Solitaire<D, P>,
  pos: P,
  m: number,
): string {
  const hidden = kit.hidden;
  const before = hidden ? hidden.turned(pos) : 0;
  pos.make(m);
  if (!hidden) return '';
  const cards: string[] = [];
  for (let i = before; i < hidden.turned(pos); i++) cards.push(hidden.card(pos, i));
  return cards.join(' ');
}

/** The record of a line played from `deal` (moves in notation, each legal in turn: a line that
 *  does not replay is a fault of the caller). `stopped` says why play ended when the position
 *  is neither won nor lost. */
export function recordOfLine<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Solitaire<D, P>,
  deal: D,
  line: readonly string[],
  opts: { player?: string; stopped?: StopReason } = {},
): object {
  const pos = kit.position(deal);
  const moves: RecordMove[] = line.map((text, i) => {
    const p = kit.parseMove(pos, text);
    if (!p.ok) throw new Error(`move ${i + 1} ${text} of the line to record is illegal: ${p.reason}`);
    const turned = makeTurning(kit, pos, p.move);
    return turned ? { move: kit.formatMove(p.move), turned } : { move: kit.formatMove(p.move) };
  });
  const s = standing(kit, pos);
  const outcome: RecordOutcome = s === 'open' ? 'unfinished' : s;
  return {
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    game: kit.name,
    deal: kit.dealToJson(deal),
    ...(opts.player !== undefined ? { player: opts.player } : {}),
    moves,
    result: {
      outcome,
      ...(outcome === 'unfinished' ? { reason: opts.stopped ?? 'quit' } : {}),
      moves: moves.length,
      foundations: kit.foundationCards(pos),
    },
  };
}

const RECORD_FIELDS = ['format', 'version', 'game', 'deal', 'player', 'moves', 'result'];
const MISPLACED = new Map([
  ['variant', 'the rule variant is a field of "deal" (deal.variant)'],
  ['seed', 'the seed is a field of "deal"'],
]);

const count = (v: unknown) => Number.isInteger(v) && (v as number) >= 0;

/** Reads a record document: every field checked, every move replayed (an illegal move, or a
 *  "turned" card that is not the card the move turned up, is an InputError naming the move).
 *  The result is read as claimed; verifyRecord() compares it with the replay. */
export function readRecord<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Solitaire<D, P>,
  doc: unknown,
  file: string,
): SolitaireRecord<D> & { position: P; line: number[] } {
  if (!isObject(doc)) throw new InputError(`${file}: expected a JSON object`);
  if (doc.format !== RECORD_FORMAT)
    throw new InputError(`${file}: field "format" is ${quote(doc.format)}, expected ${quote(RECORD_FORMAT)}`);
  if (doc.version !== RECORD_VERSION)
    throw new InputError(
      `${file}: field "version" is ${quote(doc.version)}; this program reads game records of version ${RECORD_VERSION}`,
    );
  if (doc.game !== kit.name)
    throw new InputError(`${file}: field "game" is ${quote(doc.game)}, expected ${quote(kit.name)}`);
  checkFields(doc, RECORD_FIELDS, file, MISPLACED);
  if (!isObject(doc.deal)) throw new InputError(`${file}: field "deal" is missing or not an object`);
  const deal = kit.dealFromJson({ game: kit.name, ...doc.deal }, `${file}: deal`);
  if (doc.player !== undefined && typeof doc.player !== 'string')
    throw new InputError(`${file}: field "player" must be a string`);
  if (!Array.isArray(doc.moves)) throw new InputError(`${file}: field "moves" is missing or not an array`);
  const r = doc.result;
  if (!isObject(r)) throw new InputError(`${file}: field "result" is missing or not an object`);
  checkFields(r, ['outcome', 'reason', 'moves', 'foundations'], `${file}: result`);
  if (r.outcome !== 'won' && r.outcome !== 'lost' && r.outcome !== 'unfinished')
    throw new InputError(`${file}: result.outcome must be "won", "lost" or "unfinished", not ${quote(r.outcome)}`);
  if (
    r.reason !== undefined &&
    (r.outcome !== 'unfinished' || !(STOP_REASONS as readonly unknown[]).includes(r.reason))
  )
    throw new InputError(
      `${file}: result.reason must be one of ${STOP_REASONS.join(', ')}, and only for an unfinished game`,
    );
  if (!count(r.moves)) throw new InputError(`${file}: result.moves must be a whole number`);
  if (!count(r.foundations)) throw new InputError(`${file}: result.foundations must be a whole number`);
  const pos = kit.position(deal);
  const line: number[] = [];
  const moves = doc.moves.map((m, i): RecordMove => {
    const where = `${file}: moves[${i}] (move ${i + 1})`;
    if (!isObject(m) || typeof m.move !== 'string')
      throw new InputError(`${where} must be { "move": "…", "turned"?: "…" }`);
    checkFields(m, ['move', 'turned'], where);
    if (m.turned !== undefined && typeof m.turned !== 'string')
      throw new InputError(`${where}: field "turned" must be a string of cards`);
    const p = kit.parseMove(pos, m.move);
    if (!p.ok) throw new InputError(`${where} ${quote(m.move)} is illegal: ${p.reason}`);
    const turned = makeTurning(kit, pos, p.move);
    const said = typeof m.turned === 'string' ? m.turned.trim().split(/\s+/).join(' ').toUpperCase() : undefined;
    if (said !== undefined && said !== turned.toUpperCase())
      throw new InputError(
        `${where} ${quote(m.move)}: field "turned" says ${quote(m.turned)}, but the move turned up ${turned ? quote(turned) : 'no card'}`,
      );
    line.push(p.move);
    const move = kit.formatMove(p.move);
    return turned ? { move, turned } : { move };
  });
  return {
    deal,
    ...(doc.player !== undefined ? { player: doc.player as string } : {}),
    moves,
    result: {
      outcome: r.outcome,
      ...(r.reason !== undefined ? { reason: r.reason as StopReason } : {}),
      moves: r.moves as number,
      foundations: r.foundations as number,
    },
    position: pos,
    line,
  };
}

/** How a replayed line ended, for a person: "won in 260 moves", "lost after 123 moves (no legal
 *  move left; 47/104 cards on the foundations)". */
export function judgement<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Solitaire<D, P>,
  pos: P,
  moves: number,
): string {
  const s = standing(kit, pos);
  const home = `${kit.foundationCards(pos)}/${kit.cards} cards on the foundations`;
  if (s === 'won') return `won in ${plural(moves)}`;
  if (s === 'lost') return `lost after ${plural(moves)} (no legal move left; ${home})`;
  return `unfinished after ${plural(moves)} (${home})`;
}

/** `verify` of a record: replays it (readRecord) and compares the claimed result with the
 *  replay's. Valid when they agree, whatever the outcome. */
export function verifyRecord<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Solitaire<D, P>,
  doc: unknown,
  file: string,
): { valid: boolean; text: string } {
  const rec = readRecord(kit, doc, file);
  const pos = rec.position;
  const s = standing(kit, pos);
  const got = judgement(kit, pos, rec.moves.length);
  const said = rec.result;
  const claimed = s === 'open' ? 'unfinished' : s;
  if (said.outcome !== claimed)
    return { valid: false, text: `invalid: the record says ${said.outcome}, but the replay is ${got}` };
  if (said.moves !== rec.moves.length)
    return { valid: false, text: `invalid: the record says ${said.moves} moves, it holds ${rec.moves.length}` };
  if (said.foundations !== kit.foundationCards(pos))
    return {
      valid: false,
      text: `invalid: the record says ${said.foundations} cards on the foundations, the replay has ${kit.foundationCards(pos)}`,
    };
  const who = rec.player === undefined ? '' : ` (${oneLine(rec.player)})`;
  return { valid: true, text: `valid: ${got}${said.reason ? `, ${said.reason}` : ''}${who}` };
}

/** `replay`: the positions of a record, move by move, for the replay page. */
export function replayOfRecord<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Solitaire<D, P>,
  doc: unknown,
  file: string,
): Replay {
  const board = kit.board;
  if (!board) throw new InputError(`${file}: replay is not available for ${kit.name}`);
  const rec = readRecord(kit, doc, file);
  const pos = kit.position(rec.deal);
  const frames = [board.cards(pos)];
  for (const m of rec.line) {
    pos.make(m);
    frames.push(board.cards(pos));
  }
  const who = rec.player === undefined ? '' : `${rec.player}: `;
  return {
    title: `${kit.title}, ${dealName(kit, rec.deal, file)}`,
    notes: [`${who}${judgement(kit, pos, rec.moves.length)}`],
    layout: board.layout,
    moves: rec.moves.map((m) => ({ text: m.move })),
    frames,
    playLine: playLineFrom(
      kit,
      rec.deal,
      rec.moves.map((m) => m.move),
    ),
  };
}

const plural = (n: number) => `${n} move${n === 1 ? '' : 's'}`;
