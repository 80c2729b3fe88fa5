import type { PilDeal } from './deal.js';

// The rules engine (rules page docs/rules/pilstymas.md), built for the hot path: every pile
// lives in one Uint8Array, moves are packed integers, make/unmake with an undo stack, and the
// keys (PilKeys, below) kept up to date incrementally. No allocation per move. The layout
// constants are this module's own: the hot loops here read them for every card.
//
// A card here is an id owner*52 + card (card as in src/cards/card.ts), so 0..103; the owner
// mark is what lets the win rule and the notation tell the two packs apart. UNKNOWN stands for
// a hidden card in positions that strategies build from what they can see (view.ts).

export const UNKNOWN = 104;
export const ownerOf = (id: number) => (id >= 52 ? 1 : 0);
export const plainCard = (id: number) => id % 52;

// Stacks: hand p, stock p, waste p (p = 0 for A, 1 for B), then the 8 tableau piles A0..A3 B0..B3.
export const HAND = 0;
export const STOCK = 2;
export const WASTE = 4;
export const TAB = 6;
const NSTACKS = 14;
const BIG_CAP = 104;
/** A tableau pile is built down from its first card, so it never holds more than 13. */
const TAB_CAP = 16;
const CAP = new Int32Array(NSTACKS).map((_, s) => (s < TAB ? BIG_CAP : TAB_CAP));
const BASE = new Int32Array(NSTACKS);
for (let s = 1; s < NSTACKS; s++) BASE[s] = BASE[s - 1] + CAP[s - 1];
const SLOTS = BASE[NSTACKS - 1] + CAP[NSTACKS - 1];

// Card tables indexed by id (UNKNOWN included, never fitting anything).
export const RANK = new Int8Array(105);
export const SUIT = new Int8Array(105);
const RED = new Uint8Array(105);
for (let id = 0; id < 104; id++) {
  const c = id % 52;
  RANK[id] = (c % 13) + 1;
  SUIT[id] = (c / 13) | 0;
  RED[id] = SUIT[id] === 1 || SUIT[id] === 2 ? 1 : 0;
}
RANK[UNKNOWN] = -10;
SUIT[UNKNOWN] = -1;

// Moves. from: 0 hand card, 1 own stock top, 2..9 tableau pile 0..7.
// to: 0 a foundation, 1..8 tableau pile 0..7, 9 the opponent's stock, 10 the opponent's waste.
export const FROM_HAND = 0;
export const FROM_STOCK = 1;
export const FROM_TAB = 2;
export const TO_F = 0;
export const TO_TAB = 1;
export const TO_OSTOCK = 9;
export const TO_OWASTE = 10;
export const END = 0x10000;
export const PASS = 0x20000;
export const packMove = (from: number, to: number, card: number) => from | (to << 4) | (card << 8);
export const moveFrom = (m: number) => m & 15;
export const moveTo = (m: number) => (m >> 4) & 15;
export const moveCard = (m: number) => (m >> 8) & 127;
/** 3 sources × 11 targets + 8 piles × 11 targets + end/pass, rounded up. */
export const MAX_MOVES = 128;
/** Bytes of PilPosition.snapshot: 14 lengths, 104 cards at most, 8 foundations, 2 counts, the mover. */
export const SNAPSHOT_MAX = 14 + 104 + 8 + 2 + 1;

export type WinRule = 'cleared' | 'russian-bank';

/** Scratch for moves() (never reentered): by card code, the tableau piles that take it (zero
 *  between calls), and the top of each pile (-1 when empty). */
const TAKES = new Int32Array(28);
const TOPS = new Int32Array(8);

// The keys of a position (PilPosition.keys), kept up to date as cards move: the exact key, a
// 2×32-bit Zobrist key for transposition and repetition tables, and the symmetric key, the same
// for positions that differ only in which of a side's four tableau piles holds which cards.

// Zobrist keys from a fixed xorshift stream, so keys agree between runs.
const ZW = 105;
const Z1 = new Uint32Array(SLOTS * ZW);
const Z2 = new Uint32Array(SLOTS * ZW);
const ZF1 = new Uint32Array(8 * 14);
const ZF2 = new Uint32Array(8 * 14);
/** Tableau cards by side, depth and card, not by pile: the symmetric key (symKey). */
const Y1 = new Uint32Array(2 * TAB_CAP * ZW);
const Y2 = new Uint32Array(2 * TAB_CAP * ZW);
{
  let x = 0x9e3779b9 | 0;
  const next = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return x >>> 0;
  };
  for (const a of [Z1, Z2, ZF1, ZF2, Y1, Y2]) for (let i = 0; i < a.length; i++) a[i] = next();
}
/** A bijective mixing of a 32-bit word (murmur3's finalizer); 0 stays 0 (an empty pile). */
function mixWord(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return x ^ (x >>> 16);
}
const ZTURN1 = 0x5bd1e995;
const ZTURN2 = 0x1b873593;

class PilKeys {
  /** The exact key's words. */
  h1 = 0;
  h2 = 0;
  /** The key words of everything but the tableau (g), and of each tableau pile's cards by
   *  side, depth and card (p): what symKey combines. */
  private g1 = 0;
  private g2 = 0;
  private readonly p1 = new Int32Array(8);
  private readonly p2 = new Int32Array(8);
  /** mixWord of each p as of the last symKey, their sums, and the piles changed since. */
  private readonly m1 = new Int32Array(8);
  private readonly m2 = new Int32Array(8);
  private sum1 = 0;
  private sum2 = 0;
  private dirty = 0;
  /** The symmetric key's words: set by symKey() and childSymKey(). */
  s1 = 0;
  s2 = 0;

  /** The keys of the empty position, A to move. */
  clear(): void {
    this.h1 = 0;
    this.h2 = 0;
    this.g1 = 0;
    this.g2 = 0;
    this.p1.fill(0);
    this.p2.fill(0);
    this.m1.fill(0);
    this.m2.fill(0);
    this.sum1 = 0;
    this.sum2 = 0;
    this.dirty = 0;
  }

  /** Toggles card c at depth d (slot i) of stack s. */
  card(s: number, d: number, i: number, c: number): void {
    this.h1 ^= Z1[i * ZW + c];
    this.h2 ^= Z2[i * ZW + c];
    if (s < TAB) {
      this.g1 ^= Z1[i * ZW + c];
      this.g2 ^= Z2[i * ZW + c];
    } else {
      const t = s - TAB;
      const y = ((t >> 2) * TAB_CAP + d) * ZW + c;
      this.p1[t] ^= Y1[y];
      this.p2[t] ^= Y2[y];
      this.dirty |= 1 << t;
    }
  }

  /** Toggles the player to move. */
  turn(): void {
    this.h1 ^= ZTURN1;
    this.h2 ^= ZTURN2;
    this.g1 ^= ZTURN1;
    this.g2 ^= ZTURN2;
  }

  /** Foundation slot `slot` goes from height `from` to `to`. */
  foundation(slot: number, from: number, to: number): void {
    const x1 = ZF1[slot * 14 + from] ^ ZF1[slot * 14 + to];
    const x2 = ZF2[slot * 14 + from] ^ ZF2[slot * 14 + to];
    this.h1 ^= x1;
    this.h2 ^= x2;
    this.g1 ^= x1;
    this.g2 ^= x2;
  }

  /** The exact key for transposition tables: 53 bits, exact up to Zobrist collisions. */
  key(): number {
    return (this.h1 >>> 0) * 0x200000 + (this.h2 & 0x1fffff);
  }

  /** symKey() as one number, 53 bits. */
  symmetricKey(): number {
    this.symKey();
    return (this.s1 >>> 0) * 0x200000 + (this.s2 & 0x1fffff);
  }

  /** Sets s1, s2 to a key of the position up to the order of each side's four tableau piles:
   *  positions that differ only by which of a side's piles holds which cards get the same key
   *  (up to collisions). Every rule treats a side's four piles alike (moves onto and off any
   *  pile, the win rule's own four piles), so such positions have the same futures, pile names
   *  aside. Each pile's word depends on its side and cards only; a side's words are summed
   *  after a mixing step, which makes the sum independent of the order. */
  symKey(): void {
    // Only the piles changed since the last call are mixed again (a move changes two).
    for (let d = this.dirty, t = 0; d !== 0; d >>>= 1, t++) {
      if ((d & 1) === 0) continue;
      const x1 = mixWord(this.p1[t]),
        x2 = mixWord(this.p2[t]);
      this.sum1 = (this.sum1 + x1 - this.m1[t]) | 0;
      this.sum2 = (this.sum2 + x2 - this.m2[t]) | 0;
      this.m1[t] = x1;
      this.m2[t] = x2;
    }
    this.dirty = 0;
    this.s1 = (this.g1 + this.sum1) | 0;
    this.s2 = (this.g2 + this.sum2) | 0;
  }

  /** Sets s1, s2 to what symKey() would give after move m of pos (legal, neither `end` nor
   *  `pass`; these are pos's keys) without making it, and returns true; or returns false,
   *  setting nothing, for the one move whose key it does not follow: the last hand card played,
   *  which turns the waste over into the hand (make it, then call symKey). The keys are sums
   *  over the cards, so a move changes them by the card it takes off its stack and puts on
   *  another (or the foundation's height); face-down counts and the winner are not in them. */
  childSymKey(pos: PilPosition, m: number): boolean {
    const p = pos.turn,
      from = m & 15,
      to = (m >> 4) & 15,
      c = (m >> 8) & 127,
      len = pos.len;
    const s = from === FROM_HAND ? HAND + p : from === FROM_STOCK ? STOCK + p : TAB + from - FROM_TAB;
    if (from === FROM_HAND && len[s] === 1 && len[WASTE + p] > 0) return false;
    if (this.dirty !== 0) this.symKey();
    let g1 = this.g1,
      g2 = this.g2,
      sum1 = this.sum1,
      sum2 = this.sum2;
    const d = len[s] - 1;
    if (s < TAB) {
      const z = (BASE[s] + d) * ZW + c;
      g1 ^= Z1[z];
      g2 ^= Z2[z];
    } else {
      const t = s - TAB;
      const y = ((t >> 2) * TAB_CAP + d) * ZW + c;
      sum1 += mixWord(this.p1[t] ^ Y1[y]) - this.m1[t];
      sum2 += mixWord(this.p2[t] ^ Y2[y]) - this.m2[t];
    }
    if (to === TO_F) {
      const slot = pos.foundationFor(c),
        h = pos.found[slot];
      g1 ^= ZF1[slot * 14 + h] ^ ZF1[slot * 14 + h + 1];
      g2 ^= ZF2[slot * 14 + h] ^ ZF2[slot * 14 + h + 1];
    } else if (to >= TO_OSTOCK) {
      const q = (to === TO_OSTOCK ? STOCK : WASTE) + 1 - p;
      const z = (BASE[q] + len[q]) * ZW + c;
      g1 ^= Z1[z];
      g2 ^= Z2[z];
    } else {
      const t = to - TO_TAB;
      const y = ((t >> 2) * TAB_CAP + len[TAB + t]) * ZW + c;
      sum1 += mixWord(this.p1[t] ^ Y1[y]) - this.m1[t];
      sum2 += mixWord(this.p2[t] ^ Y2[y]) - this.m2[t];
    }
    this.s1 = (g1 + sum1) | 0;
    this.s2 = (g2 + sum2) | 0;
    return true;
  }
}

export class PilPosition {
  /** All stacks, bottom first: stack s occupies cards[BASE[s] .. BASE[s]+len[s]). */
  readonly cards = new Uint8Array(SLOTS);
  readonly len = new Uint8Array(NSTACKS);
  /** Foundation heights 0..13; suit s has slots 2s and 2s+1, kept with height[2s] >= height[2s+1]
   *  so that equal layouts have equal keys. */
  readonly found = new Uint8Array(8);
  /** Face-down cards at the bottom of each stock (the rest were turned up or loaded face up). */
  readonly down = new Uint8Array(2);
  /** The player to move, 0 (A) or 1 (B). */
  turn = 0;
  /** The number of `end` and `pass` moves made. */
  turns = 0;
  /** -1 while the game goes on, else the winning player. */
  winner = -1;
  readonly rule: WinRule;
  /** The keys, exact and symmetric, of the position as it stands. */
  readonly keys = new PilKeys();
  private undo = new Int32Array(4096);
  private ulen = 0;

  constructor(rule: WinRule = 'cleared') {
    this.rule = rule;
  }

  static fromDeal(deal: PilDeal, rule: WinRule = 'cleared'): PilPosition {
    const pos = new PilPosition(rule);
    pos.setDeal(deal);
    return pos;
  }

  /** The layout of the rules page: per pack, cards 0..12 the stock (12 on top), 13..16 the
   *  tableau piles, 17..51 the hand with 17 on top. The higher face-up stock card starts [D]. */
  setDeal(deal: PilDeal): void {
    this.clear();
    for (let p = 0; p < 2; p++) {
      const pack = deal.packs[p];
      const off = p * 52;
      for (let i = 0; i < 13; i++) this.push(STOCK + p, off + pack[i]);
      for (let k = 0; k < 4; k++) this.push(TAB + 4 * p + k, off + pack[13 + k]);
      for (let i = 51; i >= 17; i--) this.push(HAND + p, off + pack[i]);
      this.down[p] = 12;
    }
    const ra = RANK[this.top(STOCK)],
      rb = RANK[this.top(STOCK + 1)];
    this.setTurn(rb > ra ? 1 : 0);
  }

  clear(): void {
    this.len.fill(0);
    this.found.fill(0);
    this.down.fill(0);
    this.turn = 0;
    this.turns = 0;
    this.winner = -1;
    this.keys.clear();
    this.ulen = 0;
  }

  /** For building positions from a view: sets the mover without touching the hand. */
  setTurn(p: number): void {
    if (this.turn !== p) this.keys.turn();
    this.turn = p;
  }

  setFoundation(slot: number, h: number): void {
    this.keys.foundation(slot, this.found[slot], h);
    this.found[slot] = h;
  }

  push(s: number, c: number): void {
    const d = this.len[s]++;
    const i = BASE[s] + d;
    this.cards[i] = c;
    this.keys.card(s, d, i, c);
  }

  pop(s: number): number {
    const d = --this.len[s];
    const i = BASE[s] + d;
    const c = this.cards[i];
    this.keys.card(s, d, i, c);
    return c;
  }

  /** The top card of stack s, or -1 when it is empty. */
  top(s: number): number {
    const n = this.len[s];
    return n === 0 ? -1 : this.cards[BASE[s] + n - 1];
  }

  /** Card i (0 = bottom) of stack s. */
  at(s: number, i: number): number {
    return this.cards[BASE[s] + i];
  }

  /** A copy of stack s, bottom first (a plain loop: Array.from on a subarray is slow). */
  stack(s: number): number[] {
    const n = this.len[s],
      b = BASE[s];
    const out = new Array<number>(n);
    for (let i = 0; i < n; i++) out[i] = this.cards[b + i];
    return out;
  }

  /** The key for transposition tables: 53 bits, exact up to Zobrist collisions. */
  key(): number {
    return this.keys.key();
  }

  /** The mover's hand card (top of the hand), or -1 when the mover has none. */
  handCard(): number {
    return this.top(HAND + this.turn);
  }

  /** Cards that player p still has to get rid of under the win rule. */
  cardsLeft(p: number): number {
    let n = this.len[HAND + p] + this.len[WASTE + p] + this.len[STOCK + p];
    if (this.rule === 'cleared') for (let k = 0; k < 4; k++) n += this.len[TAB + 4 * p + k];
    return n;
  }

  /** The win rule [D]: own hand, waste, stock and own four tableau piles empty (or, under the
   *  Russian Bank variant, hand, waste and stock empty). */
  hasWon(p: number): boolean {
    const len = this.len,
      cleared = this.rule === 'cleared';
    if (len[HAND + p] + len[WASTE + p] + len[STOCK + p] !== 0) return false;
    const t = TAB + 4 * p;
    return !cleared || len[t] + len[t + 1] + len[t + 2] + len[t + 3] === 0;
  }

  /** The foundation slot card c goes to, or -1 (rule a). */
  foundationFor(c: number): number {
    const s = SUIT[c];
    if (s < 0) return -1;
    const need = RANK[c] - 1;
    if (this.found[2 * s] === need) return 2 * s; // an ace takes the first empty slot
    if (this.found[2 * s + 1] === need) return 2 * s + 1;
    return -1;
  }

  /** Rule b/f/g: onto a pile whose top is one rank higher and of the other colour, or empty. */
  fitsTableau(c: number, t: number): boolean {
    const n = this.len[TAB + t];
    if (n === 0) return c !== UNKNOWN;
    const d = this.cards[BASE[TAB + t] + n - 1];
    return RANK[d] === RANK[c] + 1 && RED[d] !== RED[c] && c !== UNKNOWN && d !== UNKNOWN;
  }

  /** Rule e: onto the opponent's stock or waste top, same suit and one rank apart. */
  fitsLoad(c: number, s: number): boolean {
    const n = this.len[s];
    if (n === 0 || c === UNKNOWN) return false;
    const d = this.cards[BASE[s] + n - 1];
    return d !== UNKNOWN && SUIT[d] === SUIT[c] && (RANK[d] === RANK[c] + 1 || RANK[d] === RANK[c] - 1);
  }

  sourceCard(from: number): number {
    if (from === FROM_HAND) return this.top(HAND + this.turn);
    if (from === FROM_STOCK) return this.top(STOCK + this.turn);
    return this.top(TAB + from - FROM_TAB);
  }

  /** Writes the legal moves of the mover to out[offset..]; returns how many. Sources in the
   *  order stock, hand, tableau; for each, the foundation, the loads onto the other's stock
   *  and waste, then the tableau piles in order; `end` or `pass` last. None once the game is
   *  won. The tests of foundationFor, fitsLoad and fitsTableau, with what each target takes
   *  worked out once: a bit mask of the piles that take each card code (rank and colour). */
  moves(out: Int32Array, offset = 0): number {
    if (this.winner >= 0) return 0;
    let n = offset;
    const p = this.turn,
      o = 1 - p;
    const len = this.len,
      cards = this.cards,
      found = this.found;
    // The piles that take a card of code 2 * rank + red: a non-empty pile whose top is one rank
    // higher and of the other colour; any empty pile takes every card.
    let empty = 0;
    for (let t = 0; t < 8; t++) {
      const l = len[TAB + t];
      if (l === 0) {
        empty |= 1 << t;
        TOPS[t] = -1;
      } else {
        const d = cards[BASE[TAB + t] + l - 1];
        TOPS[t] = d;
        if (d !== UNKNOWN) TAKES[2 * (RANK[d] - 1) + 1 - RED[d]] |= 1 << t;
      }
    }
    const ls = len[STOCK + o],
      lw = len[WASTE + o];
    const os = ls === 0 ? UNKNOWN : cards[BASE[STOCK + o] + ls - 1];
    const ow = lw === 0 ? UNKNOWN : cards[BASE[WASTE + o] + lw - 1];
    const osSuit = SUIT[os],
      osRank = RANK[os],
      owSuit = SUIT[ow],
      owRank = RANK[ow];
    for (let k = 0; k < 10; k++) {
      // k 0: the stock top, 1: the hand card, 2..9: the top of pile k - 2.
      let c: number, from: number;
      let self = 0;
      if (k < 2) {
        from = k === 0 ? FROM_STOCK : FROM_HAND;
        const s = k === 0 ? STOCK + p : HAND + p;
        const l = len[s];
        if (l === 0) continue;
        c = cards[BASE[s] + l - 1];
      } else {
        from = k;
        c = TOPS[k - 2];
        if (c < 0) continue;
        self = 1 << (k - 2);
      }
      if (c === UNKNOWN) continue;
      const su = SUIT[c],
        r = RANK[c],
        base = from | (c << 8);
      if (found[2 * su] === r - 1 || found[2 * su + 1] === r - 1) out[n++] = base | (TO_F << 4);
      // UNKNOWN's suit is -1: it matches no card's.
      if (osSuit === su && (osRank === r + 1 || osRank === r - 1)) out[n++] = base | (TO_OSTOCK << 4);
      if (owSuit === su && (owRank === r + 1 || owRank === r - 1)) out[n++] = base | (TO_OWASTE << 4);
      let fit = (TAKES[2 * r + RED[c]] | empty) & ~self;
      while (fit !== 0) {
        const t = 31 - Math.clz32(fit & -fit);
        fit &= fit - 1;
        out[n++] = base | ((TO_TAB + t) << 4);
      }
    }
    for (let t = 0; t < 8; t++) {
      const d = TOPS[t];
      if (d >= 0 && d !== UNKNOWN) TAKES[2 * (RANK[d] - 1) + 1 - RED[d]] = 0;
    }
    out[n++] = len[HAND + p] > 0 ? END : PASS;
    return n - offset;
  }

  /** Whether m is legal now (for replays and strategies that keep plans). */
  isLegal(m: number): boolean {
    if (this.winner >= 0) return false;
    if (m === END) return this.len[HAND + this.turn] > 0;
    if (m === PASS) return this.len[HAND + this.turn] === 0;
    const from = moveFrom(m),
      to = moveTo(m),
      c = moveCard(m);
    if (from > 9 || to > 10 || (m & ~0x7fff) !== 0) return false;
    if (this.sourceCard(from) !== c || c === UNKNOWN) return false;
    const o = 1 - this.turn;
    if (to === TO_F) return this.foundationFor(c) >= 0;
    if (to === TO_OSTOCK) return this.fitsLoad(c, STOCK + o);
    if (to === TO_OWASTE) return this.fitsLoad(c, WASTE + o);
    if (from === FROM_TAB + to - TO_TAB) return false;
    return this.fitsTableau(c, to - TO_TAB);
  }

  /** Turns player p's waste over into a new hand: the first card wasted is the first turned up. */
  private turnOver(p: number): void {
    const n = this.len[WASTE + p];
    const w = BASE[WASTE + p];
    for (let i = n - 1; i >= 0; i--) this.push(HAND + p, this.cards[w + i]);
    for (let i = 0; i < n; i++) this.pop(WASTE + p);
  }

  private unTurnOver(p: number): void {
    const n = this.len[HAND + p];
    const h = BASE[HAND + p];
    for (let i = n - 1; i >= 0; i--) this.push(WASTE + p, this.cards[h + i]);
    for (let i = 0; i < n; i++) this.pop(HAND + p);
  }

  /** m must be legal. */
  make(m: number): void {
    const p = this.turn;
    let info = this.winner + 1; // bits 0-1: previous winner + 1
    if (m === END || m === PASS) {
      if (m === END) this.push(WASTE + p, this.pop(HAND + p));
      this.turns++;
      this.setTurn(1 - p);
      // The new mover turns up a hand card; an empty hand is the waste turned over.
      const q = 1 - p;
      if (this.len[HAND + q] === 0 && this.len[WASTE + q] > 0) {
        this.turnOver(q);
        info |= 4;
      }
      this.undo[this.ulen++] = info;
      return;
    }
    const from = moveFrom(m),
      to = moveTo(m);
    const src = from === FROM_HAND ? HAND + p : from === FROM_STOCK ? STOCK + p : TAB + from - FROM_TAB;
    const c = this.pop(src);
    // Rule c: the next stock card is turned up.
    if (from === FROM_STOCK && this.len[src] > 0 && this.len[src] - 1 < this.down[p]) {
      this.down[p] = this.len[src] - 1;
      info |= 64;
    }
    if (to === TO_F) {
      const slot = this.foundationFor(c);
      this.setFoundation(slot, this.found[slot] + 1);
      info |= slot << 3;
    } else if (to === TO_OSTOCK) this.push(STOCK + 1 - p, c);
    else if (to === TO_OWASTE) this.push(WASTE + 1 - p, c);
    else this.push(TAB + to - TO_TAB, c);
    if (from === FROM_HAND && this.len[HAND + p] === 0 && this.len[WASTE + p] > 0) {
      this.turnOver(p);
      info |= 4;
    }
    if (this.hasWon(p)) this.winner = p;
    else if (this.hasWon(1 - p)) this.winner = 1 - p;
    this.undo[this.ulen++] = info;
  }

  /** Undoes m, which must be the last move made. */
  unmake(m: number): void {
    const info = this.undo[--this.ulen];
    this.winner = (info & 3) - 1;
    if (m === END || m === PASS) {
      const q = this.turn,
        p = 1 - q;
      if (info & 4) this.unTurnOver(q);
      this.setTurn(p);
      this.turns--;
      if (m === END) this.push(HAND + p, this.pop(WASTE + p));
      return;
    }
    const p = this.turn;
    const from = moveFrom(m),
      to = moveTo(m);
    if (info & 4) this.unTurnOver(p);
    let c: number;
    if (to === TO_F) {
      const slot = (info >> 3) & 7;
      this.setFoundation(slot, this.found[slot] - 1);
      c = moveCard(m);
    } else if (to === TO_OSTOCK) c = this.pop(STOCK + 1 - p);
    else if (to === TO_OWASTE) c = this.pop(WASTE + 1 - p);
    else c = this.pop(TAB + to - TO_TAB);
    const src = from === FROM_HAND ? HAND + p : from === FROM_STOCK ? STOCK + p : TAB + from - FROM_TAB;
    this.push(src, c);
    if (info & 64) this.down[p]++;
  }

  /** Number of moves on the undo stack. */
  get ply(): number {
    return this.ulen;
  }

  /** Writes the whole position (every stack in order, foundations, face-down counts, the
   *  mover; not `turns`) to out[at..] and returns the end offset: equal positions write equal
   *  bytes. At most SNAPSHOT_MAX bytes. */
  snapshot(out: Uint8Array, at: number): number {
    let k = at;
    for (let s = 0; s < NSTACKS; s++) {
      const n = this.len[s],
        b = BASE[s];
      out[k++] = n;
      for (let i = 0; i < n; i++) out[k++] = this.cards[b + i];
    }
    for (let i = 0; i < 8; i++) out[k++] = this.found[i];
    out[k++] = this.down[0];
    out[k++] = this.down[1];
    out[k++] = this.turn;
    return k;
  }

  /** Grows with every move that cannot be undone in play (a card to a foundation, a stock card
   *  turned up): positions with different values can never be equal. */
  progress(): number {
    return this.foundTotal() - this.down[0] - this.down[1];
  }

  /** Cards on the foundations. */
  foundTotal(): number {
    let n = 0;
    for (let i = 0; i < 8; i++) n += this.found[i];
    return n;
  }
}
