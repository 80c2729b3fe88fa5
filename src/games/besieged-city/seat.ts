import { formatCard } from '../../cards/card.js';
import type { PlaySeat, SeatAnswer } from '../../solitaire/kit.js';
import { STOCK_SIZE } from './layout.js';
import { formatMove, parseMove } from './notation.js';
import { type BcPosition, MAX_MOVES, S2F, S2TAL, moveKind } from './position.js';

// A person's seat at Besieged City in `play` (docs/rules/besieged-city.md, "Playing in the
// terminal"). The stock is face down, so no move names its next card: the player types `deal`
// to turn it — if it fits its foundation the player then chooses `<card> stock>F` or
// `<card> stock>talon`, otherwise it goes onto the talon — or `stock>talon` to deal it onto the
// talon whatever it is. A move naming a stock card while it is face down (`4H stock>talon`) is
// refused with one answer whatever the card, so trying cards tells nothing. A move that turned
// a stock card face up (a deal, or a reserve refill from the stock) cannot be taken back:
// undoing it would let the player see the stock ahead and play the deal again knowing it.

const FACE_DOWN =
  'the stock\'s next card is face down, so no move can name it: type "deal" to turn it ' +
  '(if it fits its foundation you then choose F or the talon), or "stock>talon" to deal it onto the talon';

export function bcSeat(pos: BcPosition): PlaySeat {
  const buf = new Int32Array(MAX_MOVES);
  const history: { move: number; turned: boolean }[] = [];
  /** The card turned by "deal" that fits its foundation and waits for the player's choice. */
  let dealt = -1;

  const legal = () => Array.from(buf.subarray(0, pos.moves(buf)));
  const stockMove = (kind: number) => legal().find((m) => moveKind(m) === kind);
  const make = (m: number): SeatAnswer => {
    const sp = pos.sp;
    pos.make(m);
    history.push({ move: m, turned: pos.sp !== sp });
    dealt = -1;
    return { ok: true, said: [`played ${formatMove(m)}`] };
  };
  /** Why the stock cannot be dealt now (public facts only), or null. */
  const noDeal = (): string | null => {
    if (stockMove(S2TAL) !== undefined) return null;
    if (pos.sp >= STOCK_SIZE) return 'the stock is empty';
    return 'an empty trench must be filled first (rule IV): see the board';
  };

  return {
    options: () => {
      if (dealt >= 0) return [`${formatCard(dealt)} stock>F`, `${formatCard(dealt)} stock>talon`];
      const out = legal()
        .filter((m) => moveKind(m) !== S2F && moveKind(m) !== S2TAL)
        .map(formatMove);
      if (stockMove(S2TAL) !== undefined) out.push('deal');
      return out;
    },
    play: (text) => {
      const t = text
        .trim()
        .replace(/\s*>\s*/g, '>')
        .replace(/\s+/g, ' ')
        .toLowerCase();
      if (dealt >= 0) {
        const c = formatCard(dealt).toLowerCase();
        if (t === 'stock>f' || t === `${c} stock>f`) return make(stockMove(S2F)!);
        if (t === 'stock>talon' || t === `${c} stock>talon`) return make(stockMove(S2TAL)!);
        const d = formatCard(dealt);
        return {
          ok: false,
          reason: `${d} was dealt and waits for its place: "${d} stock>F" (its foundation) or "${d} stock>talon"`,
        };
      }
      if (t === 'deal' || t === 'stock>talon') {
        const why = noDeal();
        if (why) return { ok: false, reason: `cannot deal: ${why}` };
        const c = pos.stock[pos.sp];
        if (t === 'deal' && stockMove(S2F) !== undefined) {
          dealt = c;
          const d = formatCard(c);
          return {
            ok: true,
            said: [
              `dealt ${d}: it fits its foundation; "${d} stock>F" plays it there, "${d} stock>talon" puts it on the talon`,
            ],
          };
        }
        return make(stockMove(S2TAL)!);
      }
      // Any other move from the stock names (or would need) a face-down card.
      if (/^(\S+ )?stock>/.test(t))
        return { ok: false, reason: `illegal: ${pos.sp >= STOCK_SIZE ? 'the stock is empty' : FACE_DOWN}` };
      const p = parseMove(pos, text);
      if (!p.ok) return { ok: false, reason: `illegal: ${p.reason}` };
      return make(p.move);
    },
    undo: () => {
      if (dealt >= 0)
        return {
          ok: false,
          reason: `${formatCard(dealt)} is face up and cannot go back into the stock: play it to F or the talon`,
        };
      const h = history.at(-1);
      if (h === undefined) return { ok: false, reason: 'nothing to undo' };
      if (h.turned)
        return {
          ok: false,
          reason: `cannot take back ${formatMove(h.move)}: it turned a stock card face up, and a card once seen stays dealt`,
        };
      history.pop();
      pos.unmake(h.move);
      return { ok: true, said: [`took back ${formatMove(h.move)}`] };
    },
    status: () =>
      dealt >= 0
        ? [
            `Dealt: ${formatCard(dealt)}, face up and waiting for its place (${formatCard(dealt)} stock>F or ${formatCard(dealt)} stock>talon).`,
          ]
        : [],
    line: () => history.map((h) => h.move),
    progress: () => ({ moves: history.map((h) => formatMove(h.move)), dealt: dealt >= 0 }),
    moveWords: ['deal', 'stock>talon'],
    howToMove: 'in notation (e.g. "7C r2c1>W2"; "deal" turns the next stock card)',
  };
}
