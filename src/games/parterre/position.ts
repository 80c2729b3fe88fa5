import { type Card, rankOf, suitOf } from '../../cards/card.js';
import { BOUQUET_SIZE, PILES, type PtDeal } from './deal.js';

// The rules engine (docs/rules/parterre.md), built for the search's hot path: typed arrays,
// moves packed in integers, make/unmake with no undo stack (every move is undone from its own
// bits), no allocation per move.
//
// A move is an int: kind (bits 0-1) | from (bits 2-6) | to (bits 7-9) | card (bits 10-15).
// `from` is a pile (0..5) or a bouquet slot (0..15); `to` a pile; the card is kept for notation.
// Under foundations=removable a card leaves a foundation by a B2P move whose `from` is
// FROM_FOUNDATION + its suit (16..19): the default reading never makes one, so its moves and its
// hot path keep their shape.

export const P2F = 0; // pile top -> foundation
export const B2F = 1; // bouquet card -> foundation
export const P2P = 2; // pile top -> another pile (one rank higher, any suit, or empty)
export const B2P = 3; // bouquet card -> a pile (one rank higher, any suit, or empty)
/** `from` of a B2P move that takes a foundation's top card (foundations=removable). */
export const FROM_FOUNDATION = 16;

export const moveKind = (m: number) => m & 3;
export const moveFrom = (m: number) => (m >> 2) & 31;
export const moveTo = (m: number) => (m >> 7) & 7;
export const moveCard = (m: number) => (m >> 10) & 63;
export const packMove = (kind: number, from: number, to: number, card: number) =>
  kind | (from << 2) | (to << 7) | (card << 10);

/** A pile holds at most 6 dealt cards plus a run down from a queen (11 more), or a run of 13. */
export const PILE_CAP = 20;
/** Legal moves at most: 6 tops x (F + 5 piles) + 16 bouquet cards x (F + 6 piles) = 148, and
 *  under foundations=removable 4 foundation tops x 6 piles more: 172. */
export const MAX_MOVES = 176;
export const DECK = 52;

/** Where a card is (loc[]): a pile 0..5, the bouquet, or a foundation. */
export const IN_BOUQUET = 6;
export const ON_FOUNDATION = 7;

export class PtPosition {
  /** Pile i occupies piles[i*PILE_CAP .. +plen[i]), bottom first. */
  readonly piles = new Int8Array(PILES * PILE_CAP);
  readonly plen = new Uint8Array(PILES);
  /** The bouquet in deal order; bit k of bmask set while slot k still holds its card. */
  readonly bouquet: Int8Array;
  bmask = 0;
  /** Foundation heights per suit, 0..13 (the next card has rank height + 1). */
  readonly found = new Uint8Array(4);
  foundTotal = 0;
  /** Place of every card (pile, IN_BOUQUET or ON_FOUNDATION). */
  readonly loc = new Int8Array(DECK);
  /** The dealt layout: origPile/origRow of each card dealt to a pile (-1 for the bouquet), and
   *  the dealt piles themselves — the key codes an undisturbed pile bottom by reference to it. */
  readonly origPile = new Int8Array(DECK).fill(-1);
  readonly origRow = new Int8Array(DECK).fill(-1);
  readonly origLen = new Uint8Array(PILES);
  /** Each pile's key code (key.ts), cached: bit p of keyDirty is set when pile p changed since
   *  its code was written, so a key recodes only the one or two piles a move touched. */
  readonly keyHdr = new Int32Array(PILES);
  readonly keySuits = new Int32Array(PILES);
  readonly keyRun = new Int32Array(PILES);
  keyDirty = (1 << PILES) - 1;
  /** The piles whose keySuits the suit-blind key left stale (it writes headers only). */
  keySuitsStale = 0;
  /** foundations=removable: a foundation's top card may go back onto a pile. */
  removable = false;

  constructor(deal: PtDeal) {
    this.bouquet = new Int8Array(BOUQUET_SIZE).fill(-1);
    this.reset(deal);
  }

  /** Sets up the deal. A deal may also be a position in play (tests): piles of any height,
   *  fewer bouquet cards, and the missing cards on the foundations, which must then be the
   *  lowest cards of each suit. */
  reset(deal: PtDeal): void {
    if (deal.piles.length !== PILES || deal.bouquet.length > BOUQUET_SIZE) throw new Error('bad layout');
    this.loc.fill(ON_FOUNDATION);
    this.origPile.fill(-1);
    this.origRow.fill(-1);
    for (let p = 0; p < PILES; p++) {
      const cs = deal.piles[p];
      if (cs.length > PILE_CAP) throw new Error(`pile ${p} too high`);
      this.plen[p] = cs.length;
      this.origLen[p] = cs.length;
      cs.forEach((c, j) => {
        if (this.loc[c] !== ON_FOUNDATION) throw new Error(`card ${c} twice`);
        this.piles[p * PILE_CAP + j] = c;
        this.loc[c] = p;
        this.origPile[c] = p;
        this.origRow[c] = j;
      });
    }
    this.bouquet.fill(-1);
    this.bmask = 0;
    deal.bouquet.forEach((c, k) => {
      if (this.loc[c] !== ON_FOUNDATION) throw new Error(`card ${c} twice`);
      this.bouquet[k] = c;
      this.bmask |= 1 << k;
      this.loc[c] = IN_BOUQUET;
    });
    this.keyDirty = (1 << PILES) - 1;
    this.keySuitsStale = 0;
    this.removable = deal.rules?.removable === true;
    this.foundTotal = 0;
    for (let s = 0; s < 4; s++) {
      let h = 0;
      while (h < 13 && this.loc[s * 13 + h] === ON_FOUNDATION) h++;
      for (let r = h; r < 13; r++) if (this.loc[s * 13 + r] === ON_FOUNDATION) throw new Error('foundation gap');
      this.found[s] = h;
      this.foundTotal += h;
    }
  }

  top(p: number): Card {
    const n = this.plen[p];
    return n === 0 ? -1 : this.piles[p * PILE_CAP + n - 1];
  }

  fitsFoundation(c: Card): boolean {
    return this.found[suitOf(c)] === rankOf(c) - 1;
  }

  /** Whether card `c` may go onto pile `p`: empty, or its top one rank higher (any suit). */
  fitsPile(c: Card, p: number): boolean {
    const n = this.plen[p];
    return n === 0 || rankOf(this.piles[p * PILE_CAP + n - 1]) === rankOf(c) + 1;
  }

  won(): boolean {
    return this.foundTotal === DECK;
  }

  /** The height of the lowest foundation: every card of this rank or lower is home. */
  lowestFoundation(): number {
    const f = this.found;
    let min = f[0];
    for (let s = 1; s < 4; s++) if (f[s] < min) min = f[s];
    return min;
  }

  /** Every legal move (foundation plays first), to out[offset..]; returns how many. */
  legalMoves(out: Int32Array, offset = 0): number {
    let n = offset;
    for (let i = 0; i < PILES; i++) {
      if (this.plen[i] === 0) continue;
      const c = this.piles[i * PILE_CAP + this.plen[i] - 1];
      if (this.fitsFoundation(c)) out[n++] = packMove(P2F, i, 0, c);
    }
    for (let k = 0; k < BOUQUET_SIZE; k++) {
      if (!(this.bmask & (1 << k))) continue;
      const c = this.bouquet[k];
      if (this.fitsFoundation(c)) out[n++] = packMove(B2F, k, 0, c);
    }
    for (let i = 0; i < PILES; i++) {
      if (this.plen[i] === 0) continue;
      const c = this.piles[i * PILE_CAP + this.plen[i] - 1];
      for (let j = 0; j < PILES; j++) if (j !== i && this.fitsPile(c, j)) out[n++] = packMove(P2P, i, j, c);
    }
    for (let k = 0; k < BOUQUET_SIZE; k++) {
      if (!(this.bmask & (1 << k))) continue;
      const c = this.bouquet[k];
      for (let j = 0; j < PILES; j++) if (this.fitsPile(c, j)) out[n++] = packMove(B2P, k, j, c);
    }
    if (this.removable) {
      for (let s = 0; s < 4; s++) {
        if (this.found[s] === 0) continue;
        const c = s * 13 + this.found[s] - 1;
        for (let j = 0; j < PILES; j++) if (this.fitsPile(c, j)) out[n++] = packMove(B2P, FROM_FOUNDATION + s, j, c);
      }
    }
    return n - offset;
  }

  make(m: number): void {
    const from = (m >> 2) & 31,
      to = (m >> 7) & 7,
      c = (m >> 10) & 63;
    switch (m & 3) {
      case P2F:
        this.plen[from]--;
        this.keyDirty |= 1 << from;
        this.found[(c / 13) | 0]++;
        this.foundTotal++;
        this.loc[c] = ON_FOUNDATION;
        break;
      case B2F:
        this.bmask &= ~(1 << from);
        this.found[(c / 13) | 0]++;
        this.foundTotal++;
        this.loc[c] = ON_FOUNDATION;
        break;
      case P2P:
        this.plen[from]--;
        this.piles[to * PILE_CAP + this.plen[to]++] = c;
        this.loc[c] = to;
        this.keyDirty |= (1 << from) | (1 << to);
        break;
      default:
        if (from >= FROM_FOUNDATION) {
          this.found[from - FROM_FOUNDATION]--;
          this.foundTotal--;
        } else this.bmask &= ~(1 << from);
        this.piles[to * PILE_CAP + this.plen[to]++] = c;
        this.loc[c] = to;
        this.keyDirty |= 1 << to;
    }
  }

  unmake(m: number): void {
    const from = (m >> 2) & 31,
      to = (m >> 7) & 7,
      c = (m >> 10) & 63;
    switch (m & 3) {
      case P2F:
        this.piles[from * PILE_CAP + this.plen[from]++] = c;
        this.keyDirty |= 1 << from;
        this.found[(c / 13) | 0]--;
        this.foundTotal--;
        this.loc[c] = from;
        break;
      case B2F:
        this.bmask |= 1 << from;
        this.found[(c / 13) | 0]--;
        this.foundTotal--;
        this.loc[c] = IN_BOUQUET;
        break;
      case P2P:
        this.plen[to]--;
        this.piles[from * PILE_CAP + this.plen[from]++] = c;
        this.loc[c] = from;
        this.keyDirty |= (1 << from) | (1 << to);
        break;
      default:
        this.plen[to]--;
        if (from >= FROM_FOUNDATION) {
          this.found[from - FROM_FOUNDATION]++;
          this.foundTotal++;
          this.loc[c] = ON_FOUNDATION;
        } else {
          this.bmask |= 1 << from;
          this.loc[c] = IN_BOUQUET;
        }
        this.keyDirty |= 1 << to;
    }
  }

  /** Pile p bottom first (allocates; not for search). */
  pile(p: number): Card[] {
    return Array.from(this.piles.subarray(p * PILE_CAP, p * PILE_CAP + this.plen[p]));
  }

  /** The cards still in the bouquet, in deal order (allocates). */
  bouquetCards(): Card[] {
    const out: Card[] = [];
    for (let k = 0; k < BOUQUET_SIZE; k++) if (this.bmask & (1 << k)) out.push(this.bouquet[k]);
    return out;
  }
}
