import { formatCard, parseCard, rankOf, RANKS, suitOf, SUITS } from '../../cards/card.js';
import { quote } from '../../io/errors.js';
import { PILES } from './deal.js';
import {
  B2F,
  FROM_FOUNDATION,
  IN_BOUQUET,
  MAX_MOVES,
  ON_FOUNDATION,
  P2F,
  P2P,
  type PtPosition,
  moveCard,
  moveFrom,
  moveKind,
  moveTo,
} from './position.js';

// Notation of the rules page: `card from>to` with places p0..p5, b (the bouquet) and F, e.g.
// `7D b>p3`, `AS p2>F`; under foundations=removable F is a source too (`7D F>p3`). Strict on output, lenient about case and spaces on input.

export function formatMove(m: number): string {
  const card = formatCard(moveCard(m));
  switch (moveKind(m)) {
    case P2F:
      return `${card} p${moveFrom(m)}>F`;
    case B2F:
      return `${card} b>F`;
    case P2P:
      return `${card} p${moveFrom(m)}>p${moveTo(m)}`;
    default:
      return `${card} ${moveFrom(m) >= FROM_FOUNDATION ? 'F' : 'b'}>p${moveTo(m)}`;
  }
}

export type ParsedMove = { ok: true; move: number } | { ok: false; reason: string };

const pileIndex = (s: string): number => {
  const m = /^p([0-5])$/i.exec(s);
  return m ? Number(m[1]) : -1;
};

/** Finds the legal move that `text` names in `pos`, or says why there is none. */
export function parseMove(pos: PtPosition, text: string): ParsedMove {
  const m = /^\s*(\S+)\s+(\S+?)\s*>\s*(\S+)\s*$/.exec(text);
  if (!m) return { ok: false, reason: 'not a move in notation "card from>to" (e.g. "7D b>p3")' };
  const card = parseCard(m[1]);
  if (card < 0) return { ok: false, reason: `unknown card ${quote(m[1])}` };
  const want = `${formatCard(card)} ${m[2]}>${m[3]}`.toUpperCase();
  const legal = new Int32Array(MAX_MOVES);
  const n = pos.legalMoves(legal);
  for (let i = 0; i < n; i++) if (formatMove(legal[i]).toUpperCase() === want) return { ok: true, move: legal[i] };
  return { ok: false, reason: whyIllegal(pos, card, m[2], m[3]) };
}

function whyIllegal(pos: PtPosition, card: number, fromText: string, toText: string): string {
  const cs = formatCard(card);
  const fromPile = pileIndex(fromText),
    toPile = pileIndex(toText);
  const fromB = fromText.toLowerCase() === 'b',
    fromF = fromText.toUpperCase() === 'F',
    toF = toText.toUpperCase() === 'F';
  if (fromPile < 0 && !fromB && !fromF)
    return `unknown place ${quote(fromText)} (p0..p${PILES - 1}, b${pos.removable ? ' or F' : ''})`;
  if (fromF && !pos.removable)
    return 'cards on a foundation never leave it (variant foundations=removable lets its top card move)';
  if (toPile < 0 && !toF) {
    return toText.toLowerCase() === 'b'
      ? 'cards never return to the bouquet'
      : `unknown place ${quote(toText)} (p0..p${PILES - 1} or F)`;
  }
  const where = pos.loc[card];
  if (fromF) {
    if (toF) return `${cs} is already on its foundation`;
    if (where !== ON_FOUNDATION) return `${cs} is not on a foundation`;
    if (pos.found[suitOf(card)] !== rankOf(card))
      return `${cs} is not the top card of its foundation (${RANKS[pos.found[suitOf(card)] - 1]}${SUITS[suitOf(card)]} is)`;
  } else if (where === ON_FOUNDATION)
    return `${cs} is already on its foundation${pos.removable ? ` (a foundation's top card moves as "${cs} F>p0")` : ''}`;
  else if (fromB) {
    if (where !== IN_BOUQUET) return `${cs} is not in the bouquet (it is in p${where})`;
  } else {
    if (pos.plen[fromPile] === 0) return `pile p${fromPile} is empty`;
    const top = pos.top(fromPile);
    if (top !== card) {
      return where === fromPile
        ? `${cs} is covered in p${fromPile}: only its top card ${formatCard(top)} may move`
        : `the top of p${fromPile} is ${formatCard(top)}, not ${cs}`;
    }
  }
  if (toF) {
    const h = pos.found[suitOf(card)];
    return `${cs} does not fit its foundation (it needs ${h === 13 ? 'nothing: it is complete' : RANKS[h] + SUITS[suitOf(card)]})`;
  }
  if (toPile === fromPile) return 'a card cannot move onto its own pile';
  const t = pos.top(toPile);
  const need =
    rankOf(card) === 13 ? 'nothing: a king goes only to an empty pile' : `a ${RANKS[rankOf(card)]} of any suit`;
  return `${cs} does not fit on ${formatCard(t)} in p${toPile} (it needs ${need})`;
}
