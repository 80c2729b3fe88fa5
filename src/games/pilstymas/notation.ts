import { formatCard, parseCard } from '../../cards/card.js';
import { quote } from '../../io/errors.js';
import {
  END,
  FROM_HAND,
  FROM_TAB,
  MAX_MOVES,
  PASS,
  type PilPosition,
  RANK,
  STOCK,
  SUIT,
  TAB,
  TO_F,
  TO_OSTOCK,
  TO_OWASTE,
  TO_TAB,
  UNKNOWN,
  WASTE,
  moveCard,
  moveFrom,
  moveTo,
  plainCard,
} from './position.js';

// Notation of the rules page: `card from>to`, e.g. `7S hand>B2`, `QD stock>owaste`, `AS A1>F`;
// `end` puts the hand card on the own waste; `pass`. Places are seen from the mover: `stock` is
// the own stock, `ostock`/`owaste` the opponent's. Strict on output, lenient about case on input.

export const PILE_NAMES = ['A0', 'A1', 'A2', 'A3', 'B0', 'B1', 'B2', 'B3'];
const FROM_NAMES = ['hand', 'stock', ...PILE_NAMES];
const TO_NAMES = ['F', ...PILE_NAMES, 'ostock', 'owaste'];

export function formatMove(m: number): string {
  if (m === END) return 'end';
  if (m === PASS) return 'pass';
  return `${formatCard(plainCard(moveCard(m)))} ${FROM_NAMES[moveFrom(m)]}>${TO_NAMES[moveTo(m)]}`;
}

type ParsedMove = { ok: true; move: number } | { ok: false; reason: string };

/** Finds the legal move that `text` names in `pos`, or says why there is none. */
export function parseMove(pos: PilPosition, text: string): ParsedMove {
  const t = text.trim().toLowerCase();
  if (pos.winner >= 0) return { ok: false, reason: 'the game is over' };
  if (t === 'end' || t === 'pass') {
    const m = t === 'end' ? END : PASS;
    if (pos.isLegal(m)) return { ok: true, move: m };
    return {
      ok: false,
      reason:
        m === END
          ? 'no hand card to end with: the hand and waste are empty, so "pass"'
          : 'you have a hand card: end the turn with "end"',
    };
  }
  const mm = /^\s*(\S+)\s+(\S+?)\s*>\s*(\S+)\s*$/.exec(text);
  if (!mm) return { ok: false, reason: 'not a move in notation "card from>to" (e.g. "7S hand>B2"), "end" or "pass"' };
  const card = parseCard(mm[1]);
  if (card < 0) return { ok: false, reason: `unknown card ${quote(mm[1])}` };
  const from = FROM_NAMES.findIndex((n) => n.toLowerCase() === mm[2].toLowerCase());
  const to = TO_NAMES.findIndex((n) => n.toLowerCase() === mm[3].toLowerCase());
  if (from < 0)
    return {
      ok: false,
      reason: `unknown place ${quote(mm[2])} to move from (hand, stock, A0..B3; the waste never moves)`,
    };
  if (to < 0)
    return {
      ok: false,
      reason: `unknown place ${quote(mm[3])} to move to (F, A0..B3, ostock, owaste; nothing goes on the own stock)`,
    };
  const buf = new Int32Array(MAX_MOVES);
  const n = pos.moves(buf);
  for (let i = 0; i < n; i++) {
    const m = buf[i];
    if (m === END || m === PASS) continue;
    if (moveFrom(m) === from && moveTo(m) === to && plainCard(moveCard(m)) === card) return { ok: true, move: m };
  }
  return { ok: false, reason: whyIllegal(pos, card, from, to) };
}

function whyIllegal(pos: PilPosition, card: number, from: number, to: number): string {
  const cs = formatCard(card);
  const p = pos.turn,
    o = 1 - p;
  const actual = pos.sourceCard(from);
  const place = FROM_NAMES[from];
  if (actual < 0) return from === FROM_HAND ? 'there is no hand card' : `${place} is empty`;
  if (actual === UNKNOWN || plainCard(actual) !== card)
    return `the ${from === FROM_HAND ? 'hand card' : `top of ${place}`} is ${actual === UNKNOWN ? 'hidden' : formatCard(plainCard(actual))}, not ${cs}`;
  if (to === TO_F) return `${cs} does not fit a foundation (an ace starts one; then up by suit)`;
  if (to === TO_OSTOCK || to === TO_OWASTE) {
    const s = to === TO_OSTOCK ? STOCK + o : WASTE + o;
    const d = pos.top(s);
    if (d < 0)
      return `the opponent's ${to === TO_OSTOCK ? 'stock' : 'waste'} is empty (rule e loads only onto a face-up card)`;
    return `${cs} does not load onto ${formatCard(plainCard(d))}: same suit and one rank apart (rule e)`;
  }
  const t = to - TO_TAB;
  if (from === FROM_TAB + t) return 'a card cannot move onto its own pile';
  const d = pos.top(TAB + t);
  if (SUIT[d] >= 0 && RANK[d] !== RANK[actual] + 1)
    return `${cs} does not go on ${formatCard(plainCard(d))}: one rank lower needed (rule b)`;
  return `${cs} does not go on ${formatCard(plainCard(d))}: the other colour needed (rule b)`;
}
