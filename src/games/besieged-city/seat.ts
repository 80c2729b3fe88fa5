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

/** The seat at the position `pos`, which it plays on. */
export const bcSeat = (pos: BcPosition): PlaySeat => new BcSeat(pos);

class BcSeat implements PlaySeat {
  readonly moveWords = ['deal', 'stock>talon'];
  readonly howToMove = 'in notation (e.g. "7C r2c1>W2"; "deal" turns the next stock card)';
  private readonly buf = new Int32Array(MAX_MOVES);
  private readonly history: { move: number; turned: boolean }[] = [];
  /** The card turned by "deal" that fits its foundation and waits for the player's choice. */
  private dealt = -1;

  constructor(private readonly pos: BcPosition) {}

  options(): string[] {
    const dealt = this.dealt;
    if (dealt >= 0) return [`${formatCard(dealt)} stock>F`, `${formatCard(dealt)} stock>talon`];
    const out = this.legal()
      .filter((m) => moveKind(m) !== S2F && moveKind(m) !== S2TAL)
      .map(formatMove);
    if (this.stockMove(S2TAL) !== undefined) out.push('deal');
    return out;
  }

  play(text: string): SeatAnswer {
    const t = text
      .trim()
      .replace(/\s*>\s*/g, '>')
      .replace(/\s+/g, ' ')
      .toLowerCase();
    if (this.dealt >= 0) return this.placeDealt(t);
    if (t === 'deal' || t === 'stock>talon') return this.deal(t);
    const pos = this.pos;
    // Any other move from the stock names (or would need) a face-down card.
    if (/^(\S+ )?stock>/.test(t))
      return { ok: false, reason: `illegal: ${pos.sp >= STOCK_SIZE ? 'the stock is empty' : FACE_DOWN}` };
    const p = parseMove(pos, text);
    if (!p.ok) return { ok: false, reason: `illegal: ${p.reason}` };
    return this.make(p.move);
  }

  undo(): SeatAnswer {
    if (this.dealt >= 0)
      return {
        ok: false,
        reason: `${formatCard(this.dealt)} is face up and cannot go back into the stock: play it to F or the talon`,
      };
    const h = this.history.at(-1);
    if (h === undefined) return { ok: false, reason: 'nothing to undo' };
    if (h.turned)
      return {
        ok: false,
        reason: `cannot take back ${formatMove(h.move)}: it turned a stock card face up, and a card once seen stays dealt`,
      };
    this.history.pop();
    this.pos.unmake(h.move);
    return { ok: true, said: [`took back ${formatMove(h.move)}`] };
  }

  status(): string[] {
    if (this.dealt < 0) return [];
    const d = formatCard(this.dealt);
    return [`Dealt: ${d}, face up and waiting for its place (${d} stock>F or ${d} stock>talon).`];
  }

  line(): number[] {
    return this.history.map((h) => h.move);
  }

  progress(): { moves: string[]; dealt: boolean } {
    return { moves: this.history.map((h) => formatMove(h.move)), dealt: this.dealt >= 0 };
  }

  /** "deal" or "stock>talon" (t, normalised): turns the next stock card; one that fits its
   *  foundation waits for the player's choice after "deal". */
  private deal(t: string): SeatAnswer {
    const why = this.noDeal();
    if (why) return { ok: false, reason: `cannot deal: ${why}` };
    const c = this.pos.stock[this.pos.sp];
    if (t === 'deal' && this.stockMove(S2F) !== undefined) {
      this.dealt = c;
      const d = formatCard(c);
      return {
        ok: true,
        said: [
          `dealt ${d}: it fits its foundation; "${d} stock>F" plays it there, "${d} stock>talon" puts it on the talon`,
        ],
      };
    }
    return this.make(this.stockMove(S2TAL)!);
  }

  /** The place of the dealt card waiting for it, typed as t (normalised). */
  private placeDealt(t: string): SeatAnswer {
    const d = formatCard(this.dealt),
      c = d.toLowerCase();
    if (t === 'stock>f' || t === `${c} stock>f`) return this.make(this.stockMove(S2F)!);
    if (t === 'stock>talon' || t === `${c} stock>talon`) return this.make(this.stockMove(S2TAL)!);
    return {
      ok: false,
      reason: `${d} was dealt and waits for its place: "${d} stock>F" (its foundation) or "${d} stock>talon"`,
    };
  }

  private legal(): number[] {
    return Array.from(this.buf.subarray(0, this.pos.moves(this.buf)));
  }

  private stockMove(kind: number): number | undefined {
    return this.legal().find((m) => moveKind(m) === kind);
  }

  private make(m: number): SeatAnswer {
    const pos = this.pos,
      sp = pos.sp;
    pos.make(m);
    this.history.push({ move: m, turned: pos.sp !== sp });
    this.dealt = -1;
    return { ok: true, said: [`played ${formatMove(m)}`] };
  }

  /** Why the stock cannot be dealt now (public facts only), or null. */
  private noDeal(): string | null {
    if (this.stockMove(S2TAL) !== undefined) return null;
    if (this.pos.sp >= STOCK_SIZE) return 'the stock is empty';
    return 'an empty trench must be filled first (rule IV): see the board';
  }
}
