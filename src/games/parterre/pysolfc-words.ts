import { formatCard, parseCard } from '../../cards/card.js';
import { type ParsedMove, parseMove } from './notation.js';
import { B2F, FROM_FOUNDATION, moveCard, moveFrom, moveKind, moveTo, P2F, P2P, type PtPosition } from './position.js';

// A move in the words a PySolFC player sees at the table: its six columns numbered 1 to 6 from
// the left (p0 is column 1), the sixteen cards of the bouquet, the foundations; suits as ♠♥♦♣
// and ten as 10, as its cards show them. "move 7♥ from column 3 to column 5", "play 4♣ from the
// bouquet to its foundation". The words read back (parseWords) through the rules engine's own
// notation, so a line in words replays exactly as the solver's.

/** A card as PySolFC's faces show it: 7♥, 10♦ (7H, 10D without `unicode`). */
export const cardInWords = (c: number, unicode = true): string => formatCard(c, unicode).replace(/^T/, '10');

const column = (p: number) => `column ${p + 1}`;

/** The move in words, in the position before it (which says whether a column is empty). */
export function moveInWords(pos: PtPosition, m: number, unicode = true): string {
  const card = cardInWords(moveCard(m), unicode);
  const from = moveFrom(m);
  switch (moveKind(m)) {
    case P2F:
      return `play ${card} from ${column(from)} to its foundation`;
    case B2F:
      return `play ${card} from the bouquet to its foundation`;
    default: {
      const source = moveKind(m) === P2P ? column(from) : from >= FROM_FOUNDATION ? 'its foundation' : 'the bouquet';
      const to = moveTo(m);
      return `move ${card} from ${source} to ${pos.plen[to] === 0 ? 'the empty ' : ''}${column(to)}`;
    }
  }
}

const WORDS =
  /^\s*(?:move|play)\s+(\S+)\s+from\s+(column\s+([1-6])|the\s+bouquet|its\s+foundation)\s+to\s+(?:the\s+empty\s+)?(column\s+([1-6])|its\s+foundation)\s*$/i;

/** The legal move a line of words names in `pos` (as moveInWords writes them), or why none. */
export function parseWords(pos: PtPosition, text: string): ParsedMove {
  const m = WORDS.exec(text);
  if (!m) return { ok: false, reason: 'not a move in words ("move 7♥ from column 3 to column 5")' };
  const card = parseCard(m[1].replace(/^10/, 'T'));
  if (card < 0) return { ok: false, reason: `unknown card ${JSON.stringify(m[1])}` };
  const from = m[3] ? `p${Number(m[3]) - 1}` : /bouquet/i.test(m[2]) ? 'b' : 'F';
  const to = m[5] ? `p${Number(m[5]) - 1}` : 'F';
  return parseMove(pos, `${formatCard(card)} ${from}>${to}`);
}
