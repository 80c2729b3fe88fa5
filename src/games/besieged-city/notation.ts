import { formatCard, makeCard, parseCard, suitOf } from '../../cards/card.js';
import { quote } from '../../io/errors.js';
import { CELL_NAMES, CELL_TRENCHES, LINE_CELLS, PLAY_ORDER, STOCK_SIZE, TRENCH_LINE, TRENCH_NAMES } from './layout.js';
import {
  type BcPosition,
  FILL,
  MAX_MOVES,
  R2T,
  S2F,
  T2F,
  T2T,
  moveCard,
  moveFrom,
  moveKind,
  moveTo,
} from './position.js';

// Notation of the rules page: `card from>to`, e.g. `KS E2>F`, `5H r1c2>N2`, `9C stock>talon`,
// `AS stock>F`, `7C r2c1>W2` (a fill). Strict on output, lenient about case and spaces on input.

export function formatMove(m: number): string {
  const card = formatCard(moveCard(m));
  const from = moveFrom(m),
    to = moveTo(m);
  switch (moveKind(m)) {
    case T2F:
      return `${card} ${TRENCH_NAMES[from]}>F`;
    case T2T:
      return `${card} ${TRENCH_NAMES[from]}>${TRENCH_NAMES[to]}`;
    case R2T:
    case FILL:
      return `${card} ${CELL_NAMES[from]}>${TRENCH_NAMES[to]}`;
    case S2F:
      return `${card} stock>F`;
    default:
      return `${card} stock>talon`;
  }
}

export type ParsedMove = { ok: true; move: number } | { ok: false; reason: string };

const trenchIndex = (s: string) => TRENCH_NAMES.indexOf(s.toUpperCase());
const cellIndex = (s: string) => CELL_NAMES.indexOf(s.toLowerCase());

/** Finds the legal move that `text` names in `pos`, or says why there is none. */
export function parseMove(pos: BcPosition, text: string): ParsedMove {
  const m = /^\s*(\S+)\s+(\S+?)\s*>\s*(\S+)\s*$/.exec(text);
  if (!m) return { ok: false, reason: `not a move in notation "card from>to" (e.g. "KS E2>F")` };
  const card = parseCard(m[1]);
  if (card < 0) return { ok: false, reason: `unknown card ${quote(m[1])}` };
  const fromText = m[2],
    toText = m[3];
  const legal = new Int32Array(MAX_MOVES);
  const n = pos.moves(legal);
  for (let i = 0; i < n; i++) {
    if (formatMove(legal[i]).toUpperCase() === `${formatCard(card)} ${fromText}>${toText}`.toUpperCase()) {
      return { ok: true, move: legal[i] };
    }
  }
  return { ok: false, reason: whyIllegal(pos, card, fromText, toText) };
}

function whyIllegal(pos: BcPosition, card: number, fromText: string, toText: string): string {
  const cs = formatCard(card);
  const ft = trenchIndex(fromText),
    fc = cellIndex(fromText),
    tt = trenchIndex(toText);
  const fromStock = fromText.toLowerCase() === 'stock';
  const toF = toText.toUpperCase() === 'F',
    toTalon = toText.toLowerCase() === 'talon';
  if (ft < 0 && fc < 0 && !fromStock)
    return fromText.toLowerCase() === 'talon'
      ? 'a talon card never moves by itself: it enters the reserve when a cell empties (rule V)'
      : `unknown place ${quote(fromText)}`;
  if (tt < 0 && !toF && !toTalon) return `unknown place ${quote(toText)}`;
  if (pos.pending >= 0) {
    const gap = TRENCH_NAMES[pos.pending];
    return `trench ${gap} is empty and must be filled first from its line (rule IV), e.g. "${formatCard(
      pos.reserve[LINE_CELLS[TRENCH_LINE[pos.pending]].find((c) => pos.reserve[c] >= 0)!],
    )} ${CELL_NAMES[LINE_CELLS[TRENCH_LINE[pos.pending]].find((c) => pos.reserve[c] >= 0)!]}>${gap}"`;
  }
  let actual: number;
  if (fromStock) {
    if (pos.sp >= STOCK_SIZE) return 'the stock is empty';
    actual = pos.stock[pos.sp];
    if (actual !== card) return `the next stock card is ${formatCard(actual)}, not ${cs}`;
    if (toF && !pos.rules.stockToFoundation) return 'under stock-to-foundation=no a dealt card goes onto the talon';
    if (toF) return `${cs} does not fit its foundation (it needs ${nextNeeded(pos, card)})`;
    return `a stock card goes only to the talon or a foundation`;
  }
  if (fc >= 0) {
    actual = pos.reserve[fc];
    if (actual < 0) return `reserve cell ${CELL_NAMES[fc]} is empty`;
    if (actual !== card) return `${CELL_NAMES[fc]} holds ${formatCard(actual)}, not ${cs}`;
    if (toF) return 'a reserve card must go into the trenches before a foundation (rule I)';
    if (toTalon) return 'nothing goes back to the talon';
    const reach = [0, 1, 2, 3].map((k) => CELL_TRENCHES[fc * 4 + k]);
    if (!reach.includes(tt))
      return `${CELL_NAMES[fc]} reaches only ${reach.map((t) => TRENCH_NAMES[t]).join(' ')} (rule III)`;
    if (pos.plen[tt] === 0) return `trench ${TRENCH_NAMES[tt]} is empty for good: its line has no card to fill it`;
    return `${cs} does not fit on ${formatCard(pos.top(tt))} (${fitRule(pos)})`;
  }
  actual = pos.top(ft);
  if (actual < 0) return `trench ${TRENCH_NAMES[ft]} is empty`;
  if (actual !== card) return `the top of ${TRENCH_NAMES[ft]} is ${formatCard(actual)}, not ${cs}`;
  if (toF) return `${cs} does not fit its foundation (it needs ${nextNeeded(pos, card)})`;
  if (toTalon) return 'nothing goes back to the talon';
  if (tt === ft) return 'a card cannot move onto its own pile';
  if (pos.plen[tt] === 0)
    return `nothing but a card of its line may fill the empty trench ${TRENCH_NAMES[tt]} (rule IV)`;
  return `${cs} does not fit on ${formatCard(pos.top(tt))} (${fitRule(pos)})`;
}

/** Rule II as the position's variant reads it, for error messages. */
function fitRule(pos: BcPosition): string {
  switch (pos.rules.trenchOrder) {
    case 'either':
      return 'same suit, one apart or neighbours in the play order';
    case 'ordinary':
      return 'trench-order=ordinary: same suit, one apart (A-2 … Q-K)';
    case 'play-order':
      return 'trench-order=play-order: same suit, neighbours in the play order';
    case 'directional':
      return "trench-order=directional: same suit, continuing the order and direction of the pile's first two cards";
  }
}

function nextNeeded(pos: BcPosition, card: number): string {
  const s = suitOf(card),
    h = pos.found[s];
  if (h >= 26) return 'nothing: it is complete';
  return formatCard(makeCard(PLAY_ORDER[h], s));
}
