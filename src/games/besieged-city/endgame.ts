import { FULL, StateTable } from '../../search/table.js';
import { CELL_TRENCHES, CELLS, PILE_CAP, PLAY_ORDER, RANK, STOCK_SIZE, SUIT, TRENCHES } from './layout.js';
import { packPiles } from './key.js';
import type { BcPosition } from './position.js';
import { acceptMask, NEIGHBOUR_MASK, type TrenchOrder } from './rules.js';

// The suits decouple in the endgame. Claim: once the stock and the talon hold no card of suit s
// (in particular once both are empty), suit s has a relaxed puzzle of its own, and the position
// can be won only if that puzzle can.
// The puzzle of s: its piles (by trench), its reserve cards (by cell) and its foundation; moves:
// a suit-s top to F, a suit-s top onto another suit-s top, and a suit-s reserve card onto a
// suit-s top that fits at one of the four trenches of its cell, or into one of those four
// trenches that holds no suit-s pile (as a new pile) — whether or not that trench is empty in the
// position, and whether or not a fill is due (that is the relaxation).
//
// Proof. No suit-s card ever enters the reserve again (refills come from the talon or the stock
// only, and they hold no suit-s card), so the suit-s reserve cards only leave; and no suit-s card
// is dealt to the foundation (stock to foundation) either. Project a winning line on suit s: a suit-s card leaves
// a pile only to F or onto a suit-s top (rule II: same suit); nothing of another suit lands on a
// suit-s top; a suit-s reserve card goes onto a suit-s top at one of its four trenches (legal in
// the puzzle, same tops) or fills an empty trench of one of its two lines (one of its four
// trenches, and it held no suit-s pile: legal in the puzzle). Other moves change neither the
// suit-s piles nor the suit-s reserve cards nor foundation s. So the suit-s moves of the line,
// in order, are legal in the puzzle and bring every suit-s card to F. So if one puzzle is lost,
// the position is lost: lowerBound() may say DEAD. (Without a suit-s reserve card the puzzle is
// exact: only the first two kinds of move exist.) Nothing in the proof needs the stock or the talon
// to be empty, only to hold no suit-s card: a deal, a talon-to-reserve refill or a move of another
// suit changes nothing of the puzzle (the refilled card is of another suit). So a suit whose last
// card has left the stock and the talon is judged long before the stock runs out. (Measured on the
// strictest variant, seed 3: the exhaustive pass spent millions of nodes under a line where all 17
// spades left lay frozen in the piles, never judged because the stock was not empty, nor, once it
// was, because 17 cards exceeded the old 16-card cap.)
//
// The puzzle is decided by a small exhaustive depth-first search with its own exact table of
// visited states and a node cap (past the cap the answer is "don't know", which prunes nothing).
// Verdicts are cached per puzzle (exact keys), so a search that meets the same suit endgame again
// pays a table lookup.
//
// Variants (rules.ts): the proof uses only rule II's "same suit", rule IV's "an empty trench
// takes only a reserve card" (true also with trench-fill=deferred: the fill may wait, but it is
// still a reserve card) and rule V; the stock switch does not matter once the stock is empty.
// So it holds under every variant, with the puzzle's trench moves those of the variant's trench
// order (a directional pile's run is read from its ranks, which the puzzle keeps in full).

/** Cached verdicts; SHORT: a search on short credit did not settle it (retried with full credit
 *  only); UNTRIED: met without credit for any search. */
const SOLVABLE = 1, LOST = 2, UNKNOWN = 3, SHORT = 4, UNTRIED = 5;
/** Only puzzles of at most this many cards are tried, with this node cap; a larger one is left
 *  open. (Measured on 40 stock-less endgames: DFS needs 206k nodes with these proofs against
 *  1.44M without, and proves one more lost; caps of 12 cards / 3k nodes or 26 / 20k change
 *  nothing there. In the guided best-first runs the proofs are off: search.ts.) */
export const PUZZLE_CARDS = 26;
const PUZZLE_NODES = 3_000;
/** Puzzle work is paid from a credit: every lost() call earns CREDIT_PER_CALL puzzle nodes (up to
 *  MAX_CREDIT), and a puzzle is searched with at most that credit (and at most PUZZLE_NODES). So the puzzles
 *  cost at most a small constant share of the search's own nodes, a node budget still bounds
 *  the time, and a burst between two clock checks stays within a few milliseconds. (Measured:
 *  without the credit, one deal spent 77 s in puzzles within a 200k-node budget.) Without
 *  credit the answer is "don't know", which prunes nothing. */
const CREDIT_PER_CALL = 2;
/** Below this credit no puzzle is searched at all. */
const MIN_PUZZLE_NODES = 64;
export const JUDGED_OPEN = 0, JUDGED_LOST = 1, NOT_JUDGED = 2;
const MAX_CREDIT = 12_000;
const MAX_DEPTH = 2_000;
/** At s * 64 + card: the card's rank if it is of suit s, else 0 (entry 63 stands for an empty
 *  cell, -1 & 63; no card has id 63). */
const CELL_RANK = Uint8Array.from({ length: 256 }, (_, i) => ((i & 63) < 52 && SUIT[i & 63] === i >> 6 ? RANK[i & 63] : 0));

export class SuitEndgames {
  private readonly cache = new StateTable(32 << 20);
  /** Cleared for every puzzle searched (tens of thousands of times in a long search), and holds
   *  at most PUZZLE_NODES states: 8192 slots keep it under half full. */
  private readonly seen = new StateTable(16 << 20, 8192);
  /** The puzzle: per trench the suit-s pile's ranks, bottom first (length 0: none), and per
   *  reserve cell the rank of its suit-s card (0: none). */
  private readonly ranks = new Int8Array(TRENCHES * PILE_CAP);
  private readonly len = new Uint8Array(TRENCHES);
  private readonly cell = new Int8Array(CELLS);
  /** The same ranks as 4-bit fields, kept beside ranks/len/cell by load() and search() for the
   *  puzzle's own key: pile t's card j at bits 4(j & 7) of word t * 4 + (j >> 3) (a pile holds at
   *  most 26 cards), cell c at bits 4(c & 7) of cellWords[c >> 3]; every field past a pile's top
   *  is 0 (ranks are 1..13, so a pile's fields end at its first 0). */
  private readonly pileWords = new Uint32Array(TRENCHES * 4);
  private readonly cellWords = new Uint32Array(2);
  private h = 0;
  private nodes = 0;
  private aborted = false;
  private credit = MAX_CREDIT;
  private readonly key = new Uint32Array(24);
  /** The trench order the puzzles are played under (the cache holds verdicts of one order). */
  private order: TrenchOrder = 'either';
  /** The order's switches for search()'s loops: its neighbour table, and whether a pile's run
   *  matters (directional: acceptMask() reads the top three ranks). */
  private neighbours = NEIGHBOUR_MASK.either;
  private directional = false;
  /** Per search depth (at depth * TRENCHES): the trenches holding a pile, in index order, and
   *  per trench the ranks its top accepts. A node's children restore the puzzle exactly before
   *  the next is tried (search()), so both stay valid for the node's whole move loop; the loops
   *  then visit only the piles there are (a suit has a few) in the same order as a scan of all
   *  14 trenches, so the search and its node count are unchanged. */
  private readonly occ = new Int8Array(TRENCHES * (MAX_DEPTH + 1));
  private readonly accepts = new Uint16Array(TRENCHES * (MAX_DEPTH + 1));
  /** Puzzles decided, for tests and statistics. */
  solvedCount = 0;
  lostCount = 0;

  /** Whether suit s of the position is proved lost. The caller guarantees the premise: no card of
   *  suit s in the stock or the talon (decoupledSuits()). */
  lost(p: BcPosition, s: number): boolean {
    return this.judge(p, s) === JUDGED_LOST;
  }

  /** The verdict on suit s (same premise as lost()): JUDGED_LOST, JUDGED_OPEN (winnable, or too
   *  large to decide), or NOT_JUDGED when the credit was too short to settle it now (a later
   *  call may still decide it). */
  judge(p: BcPosition, s: number): number {
    if (this.credit < MAX_CREDIT) this.credit += CREDIT_PER_CALL;
    if (p.rules.trenchOrder !== this.order) {
      this.order = p.rules.trenchOrder;
      this.neighbours = NEIGHBOUR_MASK[this.order];
      this.directional = this.order === 'directional';
      this.cache.clear();
    }
    const slot = this.cache.insert(this.key, this.cacheKey(p, s));
    if (slot === FULL) {
      this.cache.clear();
      return NOT_JUDGED;
    }
    const cached = this.cache.found ? this.cache.values[slot] : UNTRIED;
    if (cached < SHORT) return cached === LOST ? JUDGED_LOST : JUDGED_OPEN;
    // Short of credit, a smaller search still settles small puzzles (a frozen suit takes one
    // node); one it cannot settle is marked SHORT and searched again only with full credit.
    const cap = Math.min(PUZZLE_NODES, this.credit);
    if (cap < MIN_PUZZLE_NODES || (cached === SHORT && cap < PUZZLE_NODES)) {
      this.cache.values[slot] = cached;
      return NOT_JUDGED;
    }
    this.load(p, s);
    let verdict = this.decide(cap);
    this.credit -= this.nodes;
    if (verdict === UNKNOWN && cap < PUZZLE_NODES) verdict = SHORT;
    this.cache.values[slot] = verdict; // the slot stays valid: decide() uses its own table
    if (verdict === SHORT) return NOT_JUDGED;
    if (verdict === LOST) this.lostCount++;
    else if (verdict === SOLVABLE) this.solvedCount++;
    return verdict === LOST ? JUDGED_LOST : JUDGED_OPEN;
  }

  private load(p: BcPosition, s: number): void {
    this.h = p.found[s];
    const pw = this.pileWords, cw = this.cellWords;
    pw.fill(0);
    cw[0] = cw[1] = 0;
    for (let t = 0; t < TRENCHES; t++) {
      const n = p.plen[t];
      this.len[t] = 0;
      if (n === 0 || SUIT[p.piles[t * PILE_CAP]] !== s) continue;
      for (let j = 0; j < n; j++) {
        const r = RANK[p.piles[t * PILE_CAP + j]];
        this.ranks[t * PILE_CAP + j] = r;
        pw[t * 4 + (j >> 3)] |= r << (4 * (j & 7));
      }
      this.len[t] = n;
    }
    for (let c = 0; c < CELLS; c++) {
      const x = p.reserve[c];
      const r = x >= 0 && SUIT[x] === s ? RANK[x] : 0;
      this.cell[c] = r;
      cw[c >> 3] |= r << (4 * (c & 7));
    }
  }

  /** Exact key of the puzzle of suit s, read straight from the position (the cache lookup runs
   *  for most nodes of an exhaustive search; load() runs only on a miss): word 0 the height and
   *  which trenches hold a suit-s pile (14 bits), words 1-2 per cell the rank of its suit-s card
   *  (4 bits, 0: none), then those piles as the position key writes them (key.ts: length, bottom
   *  card, 2-bit rank codes — a pile's cards by rank, as the puzzle holds them). */
  private cacheKey(p: BcPosition, s: number): number {
    const key = this.key, list = this.list;
    // The suit's trenches from the position's per-suit mask, in index order (as a scan would).
    const mask = p.suitTrenches[s];
    let k = 0;
    for (let m = mask; m !== 0; m &= m - 1) list[k++] = 31 - Math.clz32(m & -m);
    key[0] = p.found[s] | (mask << 5);
    // Cells: CELL_RANK gives a card's rank when it is of suit s, else 0 (an empty cell, -1, reads
    // entry 63), so the fields are written without branches.
    const r = p.reserve, cr = CELL_RANK, o = s << 6;
    key[1] =
      (cr[o + (r[0] & 63)] | (cr[o + (r[1] & 63)] << 4) | (cr[o + (r[2] & 63)] << 8) | (cr[o + (r[3] & 63)] << 12) |
        (cr[o + (r[4] & 63)] << 16) | (cr[o + (r[5] & 63)] << 20) | (cr[o + (r[6] & 63)] << 24) | (cr[o + (r[7] & 63)] << 28)) >>> 0;
    key[2] = cr[o + (r[8] & 63)] | (cr[o + (r[9] & 63)] << 4) | (cr[o + (r[10] & 63)] << 8) | (cr[o + (r[11] & 63)] << 12);
    return packPiles(p, list, k, key, 3);
  }

  private readonly list = new Int8Array(TRENCHES);

  /** Exact key of the puzzle (its own search's table; it runs at every puzzle node), from the
   *  4-bit fields kept by search(): word 0 the height (5 bits) and which trenches hold a pile
   *  (14 bits); then per such pile, in trench order, its words up to the one holding the 0 past
   *  its top ((n >> 3) + 1 words: a reader knows where each pile ends); then the cells' two words.
   *  Also lists those trenches at occ[o0..] for search(); returns the key's length. */
  private packKey(o0: number): number {
    const key = this.key, len = this.len, pw = this.pileWords, occ = this.occ, tm = this.pileMask;
    let wi = 1, k = 0;
    for (let m = tm; m !== 0; m &= m - 1) {
      const t = 31 - Math.clz32(m & -m), n = len[t];
      occ[o0 + k++] = t;
      const w = t * 4;
      key[wi++] = pw[w];
      if (n >= 8) {
        key[wi++] = pw[w + 1];
        if (n >= 16) {
          key[wi++] = pw[w + 2];
          if (n >= 24) key[wi++] = pw[w + 3];
        }
      }
    }
    this.occCount = k;
    key[wi++] = this.cellWords[0];
    key[wi++] = this.cellWords[1];
    key[0] = (this.h | (tm << 5)) >>> 0;
    return wi;
  }

  private occCount = 0;
  /** The trenches holding a pile (a bit each) and the cells holding a card, kept by search()
   *  beside len/cell (set by decide()), so its key and its reserve loop visit only those, in
   *  index order as a scan would. */
  private pileMask = 0;
  private cellMask = 0;

  private cap = PUZZLE_NODES;

  private decide(cap: number): number {
    this.seen.clear();
    this.cap = cap;
    this.nodes = 0;
    this.aborted = false;
    let pm = 0, cm = 0;
    for (let t = 0; t < TRENCHES; t++) if (this.len[t] !== 0) pm |= 1 << t;
    for (let c = 0; c < CELLS; c++) if (this.cell[c] !== 0) cm |= 1 << c;
    this.pileMask = pm;
    this.cellMask = cm;
    if (this.aceBuried()) return LOST;
    const won = this.search(0);
    if (won) return SOLVABLE;
    return this.aborted ? UNKNOWN : LOST;
  }

  /** The last-ace rule (aces.ts) on the loaded puzzle: every ace left lies above another card.
   *  The puzzle's moves are the game's as far as the proof needs (a pile card moves only onto a
   *  top or to the foundation; only reserve cards start piles), so such a puzzle is lost. */
  private aceBuried(): boolean {
    let left = this.h === 0 ? 2 : 1;
    for (let t = 0; t < TRENCHES; t++) {
      for (let j = t * PILE_CAP + 1, e = t * PILE_CAP + this.len[t]; j < e; j++) if (this.ranks[j] === 1) left--;
    }
    return left <= 0;
  }

  /** Depth-first search for a win of the puzzle; every state is searched once (a state seen
   *  before is on the path or was searched to the end without a win). Moves that put the last
   *  ace (height >= 1) onto a card are not tried: they bury it (aces.ts). */
  private search(depth: number): boolean {
    if (this.h === 26) return true;
    if (++this.nodes > this.cap || depth > MAX_DEPTH) {
      this.aborted = true;
      return false;
    }
    const o0 = depth * TRENCHES;
    const slot = this.seen.insert(this.key, this.packKey(o0));
    if (slot === FULL) {
      this.aborted = true;
      return false;
    }
    if (this.seen.found) return false;
    const ranks = this.ranks, len = this.len, cell = this.cell, occ = this.occ, accepts = this.accepts;
    const pw = this.pileWords, cw = this.cellWords;
    const need = PLAY_ORDER[this.h];
    // What each pile's top accepts (see occ; packKey() listed the piles).
    const k = this.occCount;
    for (let i = 0; i < k; i++) {
      const t = occ[o0 + i], n = len[t], top = t * PILE_CAP + n - 1;
      accepts[o0 + t] = this.directional
        ? acceptMask(this.order, n, n > 2 ? ranks[top - 2] : 0, n > 1 ? ranks[top - 1] : 0, ranks[top])
        : this.neighbours[ranks[top]];
    }
    // To the foundation first.
    for (let i = 0; i < k; i++) {
      const a = occ[o0 + i], n = len[a];
      if (ranks[a * PILE_CAP + n - 1] !== need) continue;
      const wa = a * 4 + ((n - 1) >> 3), fa = 4 * ((n - 1) & 7);
      len[a] = n - 1;
      pw[wa] &= ~(15 << fa);
      if (n === 1) this.pileMask ^= 1 << a;
      this.h++;
      const w = this.search(depth + 1);
      this.h--;
      if (n === 1) this.pileMask ^= 1 << a;
      len[a] = n;
      pw[wa] |= need << fa;
      ranks[a * PILE_CAP + n - 1] = need; // deeper moves may have pushed onto a over it
      if (w) return true;
      if (this.aborted) return false;
    }
    for (let i = 0; i < k; i++) {
      const a = occ[o0 + i], n = len[a];
      const r = ranks[a * PILE_CAP + n - 1];
      if (r === 1 && this.h > 0) continue;
      const wa = a * 4 + ((n - 1) >> 3), fa = 4 * ((n - 1) & 7);
      for (let j = 0; j < k; j++) {
        const b = occ[o0 + j];
        if (b === a || ((accepts[o0 + b] >> r) & 1) === 0) continue;
        const nb = len[b];
        const wb = b * 4 + (nb >> 3), fb = 4 * (nb & 7);
        ranks[b * PILE_CAP + nb] = r;
        len[b] = nb + 1;
        pw[wb] |= r << fb;
        len[a] = n - 1;
        pw[wa] &= ~(15 << fa);
        if (n === 1) this.pileMask ^= 1 << a;
        const w = this.search(depth + 1);
        if (n === 1) this.pileMask ^= 1 << a;
        len[a] = n;
        pw[wa] |= r << fa;
        len[b] = nb;
        pw[wb] &= ~(15 << fb);
        ranks[a * PILE_CAP + n - 1] = r; // deeper moves may have pushed onto a over it
        if (w) return true;
        if (this.aborted) return false;
      }
    }
    // A reserve card onto a fitting suit-s top, or as a new pile, at one of its four trenches.
    for (let cm = this.cellMask; cm !== 0; cm &= cm - 1) {
      const c = 31 - Math.clz32(cm & -cm), r = cell[c];
      const wc = c >> 3, fc = 4 * (c & 7);
      for (let q = c * 4; q < c * 4 + 4; q++) {
        const t = CELL_TRENCHES[q], nt = len[t];
        if (nt > 0) {
          if (r === 1 && this.h > 0) continue;
          if (((accepts[o0 + t] >> r) & 1) === 0) continue;
        }
        const wt = t * 4 + (nt >> 3), ft = 4 * (nt & 7);
        ranks[t * PILE_CAP + nt] = r;
        len[t] = nt + 1;
        pw[wt] |= r << ft;
        cell[c] = 0;
        cw[wc] &= ~(15 << fc);
        // The masks as the child sees them (the cell empties; t may start a pile), then back.
        const pm = this.pileMask, cmask = this.cellMask;
        this.pileMask = pm | (1 << t);
        this.cellMask = cmask & ~(1 << c);
        const w = this.search(depth + 1);
        this.pileMask = pm;
        this.cellMask = cmask;
        cell[c] = r;
        cw[wc] |= r << fc;
        len[t] = nt;
        pw[wt] &= ~(15 << ft);
        if (w) return true;
        if (this.aborted) return false;
      }
    }
    return false;
  }
}

/** The premise of SuitEndgames.lost() for every suit at once: a bit per suit with a puzzle (no
 *  card of the suit in the stock or the talon, foundation not complete, at most PUZZLE_CARDS cards
 *  left). Cheap: the scans stop as soon as every candidate suit is ruled out (a few cards in). */
export function decoupledSuits(p: BcPosition): number {
  let mask = 0;
  for (let s = 0; s < 4; s++) if (p.found[s] < 26 && 26 - p.found[s] <= PUZZLE_CARDS) mask |= 1 << s;
  const stock = p.stock;
  for (let i = p.sp; i < STOCK_SIZE && mask !== 0; i++) mask &= ~(1 << SUIT[stock[i]]);
  for (let i = 0; i < p.tlen && mask !== 0; i++) mask &= ~(1 << SUIT[stock[p.talon[i]]]);
  return mask;
}
