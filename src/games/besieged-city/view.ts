import { formatCard } from '../../cards/card.js';
import { CELLS, PILE_CAP, PLAY_ORDER, STOCK_SIZE, TRENCHES } from './layout.js';
import { packKey, BC_MAX_KEY_WORDS } from './key.js';
import { formatMove } from './notation.js';
import { type BcPosition, MAX_MOVES, S2F, S2TAL, T2T, moveKind, packMove } from './position.js';
import { type BcRules, DEFAULT_RULES } from './rules.js';
import { BcSearch } from './search.js';

// What a player at the table sees (rules page, "Information"): the reserve, the trench piles,
// the talon (every card of it: each was seen face up when it was dealt), the foundations, and
// how many stock cards are left — never their order. Strategies receive a BcView and nothing
// else. The view is a copy made by the referee (playGame) from the real position through
// observe(), which reads only the visible fields; it keeps no reference to the position, the
// deal or its seed (a seed would give the stock order away), so the stock order is not
// reachable from it at all. When a card is dealt, the referee reveals it through `dealt`.
//
// Moves a strategy can name are the engine's packed moves, with one addition: DEAL ("turn the
// next stock card"), since a player choosing to deal does not know which card comes. After a
// DEAL the referee shows the card in `dealt`; if it fits its foundation the strategy is asked
// again and chooses `<card> stock>F` or `<card> stock>talon` (rules page: "the player may
// play it there"); otherwise it goes to the talon at once.

/** "Deal the next stock card", the card still unknown. Not an engine move (card bits 63). */
export const DEAL = packMove(S2TAL, 0, 0, 63);

/** A strategy may give up (e.g. when it sees no way on); the game is then lost. */
export const RESIGN = -1;

export const formatViewMove = (m: number): string => (m === DEAL ? 'deal' : m === RESIGN ? 'resign' : formatMove(m));

export class BcView {
  /** Reserve cells, -1 when empty. */
  readonly reserve = new Int8Array(CELLS);
  /** Trench piles, bottom first. */
  readonly piles: number[][] = Array.from({ length: TRENCHES }, () => []);
  /** The talon, bottom first (its top is the last card). */
  talon: number[] = [];
  /** Foundation heights per suit (0..26). */
  readonly found = new Uint8Array(4);
  /** Face-down stock cards left (the card in `dealt`, if any, is no longer among them). */
  stockLeft = STOCK_SIZE;
  /** The card just dealt, shown and awaiting its place (foundation or talon), or -1. */
  dealt = -1;
  /** The trench that must be filled by the next move (rule IV), or -1. */
  pending = -1;
  /** Moves made so far in this game. */
  ply = 0;
  /** The rule variant of the game (public: the player knows the rules). */
  rules: BcRules = DEFAULT_RULES;
  /** Visible keys of the positions met this game (a player remembers them): legal() leaves out
   *  trench-to-trench moves that return to one, so no game can cycle. */
  readonly history = new Set<string>();
  /** legal() of the current state, computed once (observe() clears it). */
  private legalCache: number[] | null = null;
  /** Scratch for key() and legal(): built from the view alone (its face-down stock is all -1). */
  private scratch: BcSearch | null = null;

  /** Copies the visible part of `pos` (the referee's call). */
  observe(pos: BcPosition, dealt = -1): void {
    this.legalCache = null;
    this.reserve.set(pos.reserve);
    for (let t = 0; t < TRENCHES; t++) {
      const n = pos.plen[t],
        pile = new Array<number>(n);
      for (let i = 0; i < n; i++) pile[i] = pos.piles[t * PILE_CAP + i];
      this.piles[t] = pile;
    }
    this.talon = Array.from(pos.talon.subarray(0, pos.tlen), (i) => pos.stock[i]);
    this.found.set(pos.found);
    this.pending = pos.pending;
    this.ply = pos.ply;
    this.rules = pos.rules;
    this.dealt = dealt;
    this.stockLeft = STOCK_SIZE - pos.sp - (dealt >= 0 ? 1 : 0);
    if (dealt < 0) this.history.add(this.key());
  }

  foundTotal(): number {
    return this.found[0] + this.found[1] + this.found[2] + this.found[3];
  }

  /** The cards not in sight, sorted: both packs less every visible card and every foundation
   *  card. What a player who counts cards knows the stock holds (as a set, not in order). */
  unseen(): number[] {
    const count = new Int8Array(52).fill(2);
    for (let s = 0; s < 4; s++) for (let h = 0; h < this.found[s]; h++) count[s * 13 + PLAY_ORDER[h] - 1]--;
    for (const c of this.reserve) if (c >= 0) count[c]--;
    for (const p of this.piles) for (const c of p) count[c]--;
    for (const c of this.talon) count[c]--;
    if (this.dealt >= 0) count[this.dealt]--;
    const out: number[] = [];
    for (let c = 0; c < 52; c++) for (let k = 0; k < count[c]; k++) out.push(c);
    return out;
  }

  /** A searchable position built from the view. `hidden` is an order for the face-down stock
   *  (a guess: a sample, or nothing — then every face-down card is -1, "unknown", and a move
   *  that would reveal one puts -1 in its reserve cell; searches treat such moves as leaves).
   *  `into`: a position to set rather than a new one (its state and undo stack are discarded). */
  position(hidden?: ArrayLike<number>, into?: BcSearch): BcSearch {
    return this.fill(into ?? new BcSearch(EMPTY_DEAL), hidden);
  }

  /** Sets g to this view's position (g's previous state and undo stack are discarded). */
  private fill(g: BcSearch, hidden?: ArrayLike<number>): BcSearch {
    const sp = STOCK_SIZE - this.stockLeft - (this.dealt >= 0 ? 1 : 0);
    const stock = g.pos.stock;
    stock.fill(-1);
    // The talon holds dealt cards, so they sit just before the stock pointer in deal order.
    const tl = this.talon.length;
    for (let i = 0; i < tl; i++) stock[sp - tl + i] = this.talon[i];
    if (this.dealt >= 0) stock[sp] = this.dealt;
    const first = sp + (this.dealt >= 0 ? 1 : 0);
    if (hidden) {
      if (hidden.length !== this.stockLeft)
        throw new Error(`BcView.position: ${hidden.length} hidden cards for ${this.stockLeft}`);
      for (let i = 0; i < hidden.length; i++) stock[first + i] = hidden[i];
    }
    g.pos.reset({
      reserve: EMPTY_DEAL.reserve,
      trenches: EMPTY_DEAL.trenches,
      stock: Array.from(stock),
      rules: this.rules,
    });
    g.pos.reserve.set(this.reserve);
    for (let t = 0; t < TRENCHES; t++) g.pos.setPile(t, this.piles[t]);
    g.pos.found.set(this.found);
    g.pos.foundTotal = this.foundTotal();
    g.pos.sp = sp;
    for (let i = 0; i < tl; i++) g.pos.pushTalon(sp - tl + i);
    g.pos.pending = this.pending;
    return g;
  }

  /** A position reused by key() and legal(), rebuilt from the view for each call. */
  private scratchPosition(): BcSearch {
    if (this.scratch === null) this.scratch = new BcSearch(EMPTY_DEAL);
    return this.fill(this.scratch);
  }

  /** The visible key (the engine's exact key of position(), which ignores the stock order). */
  key(): string {
    return keyString(this.scratchPosition().pos);
  }

  /** The moves the player may name now: engine moves for the visible cards, DEAL while the
   *  stock lasts, and after a DEAL only the dealt card's places. Trench-to-trench moves that
   *  lead back to a position met before are left out (they cannot help, and would let a game
   *  cycle). */
  legal(): number[] {
    if (this.legalCache === null) this.legalCache = this.computeLegal();
    return this.legalCache.slice();
  }

  private computeLegal(): number[] {
    if (this.dealt >= 0) {
      const c = this.dealt,
        h = this.found[(c / 13) | 0];
      const fits = this.rules.stockToFoundation && h < 26 && PLAY_ORDER[h] === (c % 13) + 1;
      return fits ? [packMove(S2F, 0, 0, c), packMove(S2TAL, 0, 0, c)] : [packMove(S2TAL, 0, 0, c)];
    }
    const g = this.scratchPosition();
    const buf = new Int32Array(MAX_MOVES);
    const n = g.moves(buf);
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      const m = buf[i],
        k = moveKind(m);
      if (k === S2F || k === S2TAL) continue;
      if (k === T2T) {
        g.make(m);
        const seen = this.history.has(keyString(g.pos));
        g.unmake(m);
        if (seen) continue;
      }
      out.push(m);
    }
    if (this.stockLeft > 0 && this.pending < 0) out.push(DEAL);
    return out;
  }

  /** Plain text of what the player sees (for --show and tests). */
  describe(): string {
    const f = (c: number) => (c < 0 ? '--' : formatCard(c));
    const piles = this.piles.map((p, t) => `${t}:${p.map(f).join(' ')}`).join(' | ');
    return (
      `reserve ${Array.from(this.reserve, f).join(' ')}; piles ${piles}; talon ${this.talon.map(f).join(' ')}; ` +
      `found ${Array.from(this.found).join(',')}; stock ${this.stockLeft}; dealt ${f(this.dealt)}; pending ${this.pending}`
    );
  }
}

const EMPTY_DEAL = {
  reserve: new Array<number>(CELLS).fill(-1),
  trenches: new Array<number>(TRENCHES).fill(0),
  stock: new Array<number>(STOCK_SIZE).fill(-1),
};

const keyBuf = new Uint32Array(BC_MAX_KEY_WORDS);
export function keyString(pos: BcPosition): string {
  const n = packKey(pos, keyBuf);
  let s = '';
  // Two UTF-16 units per word: exact, and much cheaper than number formatting.
  for (let i = 0; i < n; i++) s += String.fromCharCode(keyBuf[i] & 0xffff, keyBuf[i] >>> 16);
  return s;
}
