import type { Card } from '../../cards/card.js';
import { grown } from '../../search/grow.js';
import {
  CELLS,
  NEIGHBOUR_INDEX,
  RANK,
  SUIT,
  CELL_TRENCHES,
  DECK_SIZE,
  LINE_CELLS,
  PILE_CAP,
  PLAY_ORDER,
  STOCK_SIZE,
  TRENCHES,
  TRENCH_LINE,
} from './layout.js';
import type { BcDeal } from './deal.js';
import { acceptMask, type BcRules, DEFAULT_RULES, NEIGHBOUR_MASK } from './rules.js';

// The rules engine, built for the search's hot path: typed arrays, moves packed in integers,
// make/unmake with an internal undo stack, no allocation per move.
//
// A move is an int: kind (bits 0-2) | from (bits 3-7) | to (bits 8-12) | card (bits 13-18).
// `from` is a trench or a reserve cell, `to` a trench; the card is kept for notation and checks.
//
// The position holds the position only: the cards and where they lie, and the same piles in the
// other forms its readers key them by (pcode, suitTrenches, rankWords: each a function of the
// piles alone, kept by the one push/pop that changes them, so no reader rescans 14 piles). What
// depends on the line played or on the search (change stamps, the last move, verdict caches)
// belongs to the parts of the search (search.ts) that keep it.

export const T2F = 0; // trench top -> foundation
export const T2T = 1; // trench top -> another trench
export const R2T = 2; // reserve card -> one of its four trenches (non-empty)
export const FILL = 3; // reserve card -> an empty trench at the end of its line (rule IV)
export const S2F = 4; // next stock card -> foundation
export const S2TAL = 5; // next stock card -> talon

export const moveKind = (m: number) => m & 7;
export const moveFrom = (m: number) => (m >> 3) & 31;
export const moveTo = (m: number) => (m >> 8) & 31;
export const moveCard = (m: number) => (m >> 13) & 63;
export const packMove = (kind: number, from: number, to: number, card: number) =>
  kind | (from << 3) | (to << 8) | (card << 13);

/** The largest number of legal moves a position can have (a generous bound). */
export const MAX_MOVES = 256;

const SRC_NONE = 0,
  SRC_TALON = 1,
  SRC_STOCK = 2;

export class BcPosition {
  /** Reserve cells, -1 when empty. */
  readonly reserve = new Int8Array(CELLS);
  /** Trench piles: pile t occupies piles[t*PILE_CAP .. +plen[t]), bottom first. */
  readonly piles = new Int8Array(TRENCHES * PILE_CAP);
  readonly plen = new Uint8Array(TRENCHES);
  /** Per pile, the 2-bit codes of cards 2..n (index of the card's rank among the neighbours of
   *  the rank below it), 64 bits in two words, kept up to date by push/pop for the key. */
  readonly pcode = new Uint32Array(TRENCHES * 2);
  /** Per suit, a bit per trench whose pile is of that suit (its bottom card's: a pile is one
   *  suit), kept by push/pop (a pile's bottom changes only when it fills from or empties to 0)
   *  and reset: the suit puzzles' cache key (suit-puzzles.ts) reads it instead of scanning 14 piles. */
  readonly suitTrenches = new Uint16Array(4);
  /** Per pile, its ranks as 4-bit fields: card j at bits 4(j & 7) of word t * 4 + (j >> 3), every
   *  field past the top 0; kept by push/pop. The suit puzzles (suit-puzzles.ts) key a suit's piles by
   *  these words, as their own search keys its states, so a puzzle's verdict can be cached for
   *  every state its search visits. */
  readonly rankWords = new Uint32Array(TRENCHES * 4);
  /** Foundation heights per suit, 0..26 (the next card is PLAY_ORDER[height]). */
  readonly found = new Uint8Array(4);
  foundTotal = 0;
  /** The stock in deal order; cards at index >= sp are still face down. Fixed between resets:
   *  write it only before reset() (view.ts does), which drops the table built from it. */
  readonly stock: Int8Array;
  sp = 0;
  /** The talon as a stack of stock indices (always increasing from bottom to top). */
  readonly talon = new Int8Array(STOCK_SIZE);
  tlen = 0;
  /** The talon as a bit set over stock indices, for the key. */
  readonly talonMask = new Uint32Array(3);
  /** For the guide: where each card's next copy lies in the stock (NextInStock). */
  readonly nextInStock = new NextInStock();
  /** The trench that must be filled by the next move (rule IV), or -1. */
  pending = -1;
  /** The rule variant this position is played under (rules.ts), from the deal. */
  rules: BcRules = DEFAULT_RULES;
  /** trench-fill=deferred, as a plain field for make(). */
  private deferred = false;
  /** moves(): the generator with its scratch and the variant's switches. */
  private readonly generator = new MoveGenerator();

  private undo = new Int32Array(1024);
  private ulen = 0;

  constructor(deal: BcDeal) {
    this.stock = Int8Array.from(deal.stock);
    this.reset(deal);
  }

  reset(deal: BcDeal): void {
    this.setRules(deal.rules ?? DEFAULT_RULES);
    this.reserve.set(deal.reserve);
    this.plen.fill(0);
    this.pcode.fill(0);
    this.suitTrenches.fill(0);
    this.rankWords.fill(0);
    for (let t = 0; t < TRENCHES; t++) {
      this.piles[t * PILE_CAP] = deal.trenches[t];
      this.plen[t] = 1;
      this.suitTrenches[SUIT[deal.trenches[t]]] |= 1 << t;
      this.rankWords[t * 4] = RANK[deal.trenches[t]];
    }
    this.stock.set(deal.stock);
    this.nextInStock.invalidate();
    this.found.fill(0);
    this.foundTotal = 0;
    this.sp = 0;
    this.tlen = 0;
    this.talonMask.fill(0);
    this.pending = -1;
    this.ulen = 0;
  }

  private setRules(r: BcRules): void {
    this.rules = r;
    this.deferred = r.deferredFill;
    this.generator.setRules(r);
  }

  /** Number of moves made (the undo stack depth). */
  get ply(): number {
    return this.ulen;
  }

  top(t: number): Card {
    const n = this.plen[t];
    return n === 0 ? -1 : this.piles[t * PILE_CAP + n - 1];
  }

  /** The card the next foundation of its suit needs, or whether `c` is it. */
  fitsFoundation(c: Card): boolean {
    const h = this.found[SUIT[c]];
    return h < 26 && PLAY_ORDER[h] === RANK[c];
  }

  won(): boolean {
    return this.foundTotal === DECK_SIZE;
  }

  /** Writes the legal moves to `out` from `offset`, returns how many. Foundation plays first. */
  moves(out: Int32Array, offset = 0): number {
    return this.generator.write(this, out, offset);
  }

  make(m: number): void {
    const kind = moveKind(m),
      from = moveFrom(m),
      to = moveTo(m);
    // Undo info: pending + 1 (bits 0-3) | refill source (4-5) | talon index (6-12).
    let info = this.pending + 1;
    this.pending = -1;
    switch (kind) {
      case T2F: {
        const c = this.pop(from);
        this.found[SUIT[c]]++;
        this.foundTotal++;
        this.afterTrenchLeft(from);
        break;
      }
      case T2T: {
        this.push(to, this.pop(from));
        this.afterTrenchLeft(from);
        break;
      }
      case R2T:
      case FILL: {
        this.push(to, this.reserve[from]);
        info |= this.refill(from) << 4;
        break;
      }
      case S2F: {
        const c = this.stock[this.sp++];
        this.found[SUIT[c]]++;
        this.foundTotal++;
        break;
      }
      case S2TAL: {
        const i = this.sp++;
        this.talon[this.tlen++] = i;
        this.talonMask[i >> 5] |= 1 << (i & 31);
        break;
      }
    }
    if (this.ulen === this.undo.length) this.undo = grown(this.undo, this.ulen + 1);
    this.undo[this.ulen++] = info;
  }

  unmake(m: number): void {
    const kind = moveKind(m),
      from = moveFrom(m),
      to = moveTo(m);
    const info = this.undo[--this.ulen];
    switch (kind) {
      case T2F: {
        const c = moveCard(m);
        this.found[SUIT[c]]--;
        this.foundTotal--;
        this.push(from, c);
        break;
      }
      case T2T: {
        this.push(from, this.pop(to));
        break;
      }
      case R2T:
      case FILL: {
        const src = (info >> 4) & 3;
        if (src === SRC_TALON) {
          const i = (info >> 6) & 127;
          this.talon[this.tlen++] = i;
          this.talonMask[i >> 5] |= 1 << (i & 31);
        } else if (src === SRC_STOCK) {
          this.sp--;
        }
        this.reserve[from] = this.pop(to);
        break;
      }
      case S2F: {
        const c = this.stock[--this.sp];
        this.found[SUIT[c]]--;
        this.foundTotal--;
        break;
      }
      case S2TAL: {
        const i = this.talon[--this.tlen];
        this.talonMask[i >> 5] &= ~(1 << (i & 31));
        this.sp--;
        break;
      }
    }
    this.pending = (info & 15) - 1;
  }

  private push(t: number, c: number): void {
    const n = this.plen[t]++;
    this.piles[t * PILE_CAP + n] = c;
    this.rankWords[t * 4 + (n >> 3)] |= RANK[c] << (4 * (n & 7));
    if (n === 0) this.suitTrenches[SUIT[c]] |= 1 << t;
    else {
      const bit = 2 * (n - 1);
      this.pcode[2 * t + (bit >> 5)] |=
        NEIGHBOUR_INDEX[RANK[this.piles[t * PILE_CAP + n - 1]] * 14 + RANK[c]] << (bit & 31);
    }
  }

  private pop(t: number): number {
    const n = --this.plen[t];
    this.rankWords[t * 4 + (n >> 3)] &= ~(15 << (4 * (n & 7)));
    if (n > 0) {
      const bit = 2 * (n - 1);
      this.pcode[2 * t + (bit >> 5)] &= ~(3 << (bit & 31));
    }
    const c = this.piles[t * PILE_CAP + n];
    if (n === 0) this.suitTrenches[SUIT[c]] &= ~(1 << t);
    return c;
  }

  /** Rule IV: a trench emptied while its line still has a reserve card must be filled next
   *  (with trench-fill=deferred it may wait: moves() offers the fill while the gap lasts). */
  private afterTrenchLeft(t: number): void {
    if (this.plen[t] !== 0 || this.deferred) return;
    const cells = LINE_CELLS[TRENCH_LINE[t]];
    for (let i = 0; i < cells.length; i++) {
      if (this.reserve[cells[i]] >= 0) {
        this.pending = t;
        return;
      }
    }
  }

  /** Rule V: an emptied reserve cell takes the talon top, else the next stock card.
   *  Returns the undo code: source (2 bits) | talon stock index << 2. */
  private refill(cell: number): number {
    if (this.tlen > 0) {
      const i = this.talon[--this.tlen];
      this.talonMask[i >> 5] &= ~(1 << (i & 31));
      this.reserve[cell] = this.stock[i];
      return SRC_TALON | (i << 2);
    }
    if (this.sp < STOCK_SIZE) {
      this.reserve[cell] = this.stock[this.sp++];
      return SRC_STOCK;
    }
    this.reserve[cell] = -1;
    return SRC_NONE;
  }

  /** Replaces pile t (setup only: checks nothing). */
  setPile(t: number, cards: readonly Card[]): void {
    this.emptyPile(t);
    for (const c of cards) this.push(t, c);
  }

  /** Replaces pile t by the n cards src[off..] (no checks, no allocation): the plateau search
   *  (plateau.ts) moves a suit's piles to another arrangement of the same plateau. */
  loadPile(t: number, src: Int8Array, off: number, n: number): void {
    this.emptyPile(t);
    for (let i = 0; i < n; i++) this.push(t, src[off + i]);
  }

  private emptyPile(t: number): void {
    if (this.plen[t] > 0) this.suitTrenches[SUIT[this.piles[t * PILE_CAP]]] &= ~(1 << t);
    this.plen[t] = 0;
    this.pcode[2 * t] = this.pcode[2 * t + 1] = 0;
    this.rankWords.fill(0, t * 4, t * 4 + 4);
  }

  /** Puts dealt stock card i on the talon (setup only). */
  pushTalon(i: number): void {
    this.talon[this.tlen++] = i;
    this.talonMask[i >> 5] |= 1 << (i & 31);
  }

  /** The talon's top card, or -1. */
  talonTop(): Card {
    return this.tlen === 0 ? -1 : this.stock[this.talon[this.tlen - 1]];
  }

  /** Every card of the position by place, for checks and rendering (allocates; not for search). */
  pile(t: number): Card[] {
    return Array.from(this.piles.subarray(t * PILE_CAP, t * PILE_CAP + this.plen[t]));
  }
}

/** The move generator of a position (BcPosition.moves()): its scratch and the variant's
 *  switches as plain fields, for the hot path. */
class MoveGenerator {
  /** Scratch: trench tops, and the trenches grouped by the suit of their top. */
  private readonly tops = new Int8Array(TRENCHES);
  /** Scratch: per trench, the ranks its top accepts (a bit per rank). */
  private readonly accept = new Uint16Array(TRENCHES);
  private readonly group = new Int8Array(4 * TRENCHES);
  private readonly gcount = new Uint8Array(4);
  private directional = false;
  private neighbours: Uint16Array = NEIGHBOUR_MASK.either;
  private stockToF = true;
  private deferred = false;

  setRules(r: BcRules): void {
    this.directional = r.trenchOrder === 'directional';
    this.neighbours = NEIGHBOUR_MASK[r.trenchOrder];
    this.stockToF = r.stockToFoundation;
    this.deferred = r.deferredFill;
  }

  /** The ranks pile t of p accepts on its top (rule II under the variant's trench order); 0 when
   *  empty. A pile is one suit, so the suit is checked apart. */
  private acceptOf(p: BcPosition, t: number): number {
    const n = p.plen[t];
    if (n === 0) return 0;
    const base = t * PILE_CAP + n - 1,
      piles = p.piles;
    const y = RANK[piles[base]];
    if (!this.directional || n === 1) return this.neighbours[y];
    return acceptMask('directional', n, n > 2 ? RANK[piles[base - 2]] : 0, RANK[piles[base - 1]], y);
  }

  /** Writes the legal moves of p to `out` from `offset`, returns how many (BcPosition.moves()). */
  write(p: BcPosition, out: Int32Array, offset: number): number {
    let n = offset;
    const piles = p.piles,
      plen = p.plen,
      reserve = p.reserve;
    if (p.pending >= 0) {
      const t = p.pending;
      const cells = LINE_CELLS[TRENCH_LINE[t]];
      for (let i = 0; i < cells.length; i++) {
        const c = reserve[cells[i]];
        if (c >= 0) out[n++] = packMove(FILL, cells[i], t, c);
      }
      return n - offset;
    }
    // One pass over the trenches: tops (-1 when empty), foundation plays, and the trenches grouped
    // by the suit of their top (only piles whose tops share a suit can exchange cards).
    const group = this.group,
      gcount = this.gcount,
      tops = this.tops,
      found = p.found,
      accept = this.accept;
    const neighbours = this.neighbours,
      directional = this.directional;
    gcount[0] = gcount[1] = gcount[2] = gcount[3] = 0;
    let empties = 0;
    for (let t = 0; t < TRENCHES; t++) {
      const len = plen[t];
      if (len === 0) {
        tops[t] = -1;
        empties++;
        continue;
      }
      const c = piles[t * PILE_CAP + len - 1];
      tops[t] = c;
      accept[t] = directional && len > 1 ? this.acceptOf(p, t) : neighbours[RANK[c]];
      const s = SUIT[c];
      group[s * TRENCHES + gcount[s]++] = t;
      const h = found[s];
      if (h < 26 && PLAY_ORDER[h] === RANK[c]) out[n++] = packMove(T2F, t, 0, c);
    }
    const haveStock = p.sp < STOCK_SIZE;
    if (haveStock && this.stockToF) {
      const c = p.stock[p.sp];
      if (p.fitsFoundation(c)) out[n++] = packMove(S2F, 0, 0, c);
    }
    for (let cell = 0; cell < CELLS; cell++) {
      const c = reserve[cell];
      if (c < 0) continue;
      const rb = 1 << RANK[c],
        s = SUIT[c];
      for (let k = cell * 4, k1 = k + 4; k < k1; k++) {
        const t = CELL_TRENCHES[k];
        const d = tops[t];
        if (d >= 0 && SUIT[d] === s && (accept[t] & rb) !== 0) out[n++] = packMove(R2T, cell, t, c);
      }
    }
    // trench-fill=deferred: an empty trench may be filled at any time from its line (rule IV
    // without "at once"); with the default reading a gap is pending and handled above.
    if (this.deferred && empties > 0) {
      for (let t = 0; t < TRENCHES; t++) {
        if (tops[t] >= 0) continue;
        const cells = LINE_CELLS[TRENCH_LINE[t]];
        for (let i = 0; i < cells.length; i++) {
          const c = reserve[cells[i]];
          if (c >= 0) out[n++] = packMove(FILL, cells[i], t, c);
        }
      }
    }
    // Trench to trench, in the order of trying every pair a, b by index.
    for (let a = 0; a < TRENCHES; a++) {
      const c = tops[a];
      if (c < 0) continue;
      const rb = 1 << RANK[c],
        s = SUIT[c],
        g0 = s * TRENCHES,
        g1 = g0 + gcount[s];
      for (let i = g0; i < g1; i++) {
        const b = group[i];
        if (b !== a && (accept[b] & rb) !== 0) out[n++] = packMove(T2T, a, b, c);
      }
    }
    if (haveStock) out[n++] = packMove(S2TAL, 0, 0, p.stock[p.sp]);
    return n - offset;
  }
}

/** For the guide (heuristic.ts): at i * 52 + c, the first stock index >= i holding card c
 *  (STOCK_SIZE when none), for i = 0..STOCK_SIZE; unknown cards (-1, view.ts) are in no entry.
 *  Built once per deal (the stock is fixed between resets: BcPosition.reset() invalidates it), so
 *  the guide finds each card's next copy in the stock without scanning it. */
class NextInStock {
  private table: Uint8Array | null = null;
  private valid = false;

  invalidate(): void {
    this.valid = false;
  }

  /** The table of this stock (the position's, unchanged since the last invalidate()). */
  of(stock: Int8Array): Uint8Array {
    if (this.valid) return this.table!;
    const t = (this.table ??= new Uint8Array((STOCK_SIZE + 1) * 52));
    t.fill(STOCK_SIZE, STOCK_SIZE * 52);
    for (let i = STOCK_SIZE - 1; i >= 0; i--) {
      const row = i * 52;
      t.copyWithin(row, row + 52, row + 104);
      if (stock[i] >= 0) t[row + stock[i]] = i;
    }
    this.valid = true;
    return t;
  }
}
