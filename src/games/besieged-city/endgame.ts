import { DEFAULT_MEMORY } from '../../search/limits.js';
import { FULL, hashKey, StateTable } from '../../search/table.js';
import { CELL_TRENCHES, CELLS, PILE_CAP, PLAY_ORDER, RANK, STOCK_SIZE, SUIT, TRENCHES } from './layout.js';
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
// strictest variant, seed 3: with an empty stock as the premise and a 16-card cap, the exhaustive
// pass spent millions of nodes under a line where all 17 spades left lay frozen in the piles,
// never judged: not while the stock held cards, nor after, for the cap.)
//
// The puzzle is decided by a small exhaustive depth-first search with its own exact table of
// visited states and a node cap (past the cap the answer is "don't know", which prunes nothing).
// Verdicts are cached per puzzle (exact keys), so a search that meets the same suit endgame again
// pays a table lookup. The cache keys a puzzle exactly as the puzzle's own search keys its states
// (cacheKey(), packKey()), so the searches share what they learn: a lost search leaves every
// state it met cached as lost, a won one the states of its winning line as solvable, any search
// (one that ran out of nodes too) the first states of the lost components it finished, and every
// search settles a state it meets that is cached so (judge(), search()). Sound: in an exhausted
// search every state met is reachable from the root, so a win from one would be the root's;
// each state of a winning line reaches the win; a finished component is argued in search().
// (Measured, seed 296's plain DFS at 2M nodes: the open puzzles' first tries took 5 nodes on
// average against 32 without.)
//
// Variants (rules.ts): the proof uses only rule II's "same suit", rule IV's "an empty trench
// takes only a reserve card" (true also with trench-fill=deferred: the fill may wait, but it is
// still a reserve card) and rule V; the stock switch does not matter once the stock is empty.
// So it holds under every variant, with the puzzle's trench moves those of the variant's trench
// order (a directional pile's run is read from its ranks, which the puzzle keeps in full).

/** Cached values: below SOLVABLE, the number of tries that did not settle the puzzle (so 0,
 *  UNTRIED, for one met without credit for any search; the next try gets CAPS[value]); then
 *  the verdicts, in the order a full cache keeps them (judge(): the largest values stay). */
const UNTRIED = 0,
  SOLVABLE = 3,
  UNKNOWN = 4,
  LOST = 5;
/** Only puzzles of at most this many cards are tried, with this node cap; a larger one is left
 *  open. (Measured on 40 stock-less endgames: DFS needs 206k nodes with these proofs against
 *  1.44M without, and proves one more lost; caps of 12 cards / 3k nodes or 26 / 20k change
 *  nothing there. In the guided best-first runs the proofs are off: search.ts.) */
export const PUZZLE_CARDS = 26;
const PUZZLE_NODES = 3_000;
/** Puzzle work is paid from a credit: every lost() call earns CREDIT_PER_CALL puzzle nodes (up to
 *  MAX_CREDIT), and a puzzle is searched only when the credit covers its cap. So the puzzles
 *  cost at most a small constant share of the search's own nodes, a node budget still bounds
 *  the time, and a burst between two clock checks stays within a few milliseconds. (Measured:
 *  without the credit, one deal spent 77 s in puzzles within a 200k-node budget.) Without
 *  credit the answer is "don't know", which prunes nothing. */
const CREDIT_PER_CALL = 2;
/** The caps of a puzzle's successive tries: the first is small, and a puzzle it does not settle
 *  is tried again with a larger cap only when it is met again, so the credit goes to the puzzles
 *  the search keeps meeting rather than to one-off ones. (Measured, seed 296's plain DFS at 2M
 *  nodes: giving a new puzzle all the credit there was, ~140 nodes on average, spent 58% of the
 *  puzzle nodes on tries that settled nothing; most open puzzles settle within 64 nodes.) */
const CAPS = [64, 512, PUZZLE_NODES]; // as many as the values below SOLVABLE
/** A cached value that is no verdict: tries that did not settle it, or UNKNOWN at the last cap. */
const unsettled = (v: number) => v < SOLVABLE || v === UNKNOWN;
export const JUDGED_OPEN = 0,
  JUDGED_LOST = 1,
  NOT_JUDGED = 2;
const MAX_CREDIT = 12_000;
const MAX_DEPTH = 2_000;
/** A finished lost component (search()) is cached when at least this many states were searched
 *  from its first: a cached one saves that many nodes when met again, and the small ones would
 *  crowd the cache. */
const SALVAGE_NODES = 8;
/** At s * 64 + card: the card's rank if it is of suit s, else 0 (entry 63 stands for an empty
 *  cell, -1 & 63; no card has id 63). */
const CELL_RANK = Uint8Array.from({ length: 256 }, (_, i) =>
  (i & 63) < 52 && SUIT[i & 63] === i >> 6 ? RANK[i & 63] : 0,
);

/** Writes pile t of n cards to key[wi..] as both puzzle keys hold it (cacheKey(), packKey()):
 *  its 4-bit rank words (4 per trench in words, from t * 4) up to the one holding the 0 past its
 *  top, (n >> 3) + 1 of them; returns the next index. One writer, so the two keys agree. */
function putPile(key: Uint32Array, wi: number, words: Uint32Array, t: number, n: number): number {
  const w = t * 4;
  key[wi++] = words[w];
  if (n >= 8) {
    key[wi++] = words[w + 1];
    if (n >= 16) {
      key[wi++] = words[w + 2];
      if (n >= 24) key[wi++] = words[w + 3];
    }
  }
  return wi;
}

/** The puzzles' parts of a search's memory budget: the verdict cache a 32nd, each seen table a
 *  256th, at most 1 MiB (it holds at most its cap's states, 3,000: measured under 0.7 MiB). */
const cacheBytes = (budget: number) => Math.floor(budget / 32);
const seenBytes = (budget: number) => Math.min(1 << 20, Math.floor(budget / 256));

/** The bytes the suit puzzles hold at most under a search's memory budget of `budget` bytes. */
export const suitEndgameBytes = (budget: number): number => cacheBytes(budget) + CAPS.length * seenBytes(budget);

export class SuitEndgames {
  private readonly cache: StateTable;
  /** Per cap (CAPS), the table of the states a search with that cap has seen: cleared for every
   *  puzzle searched (tens of thousands of times in a long search), and it holds at most the cap's
   *  states, so its slots (a power of two at least twice the cap) keep it under half full; most
   *  searches are first tries, whose small table stays in the processor's nearest cache. (A
   *  seen table that fills, under a small budget, ends its search undecided.) */
  private readonly seens: StateTable[];

  /** `budget`: the search's memory budget, of which the puzzles take suitEndgameBytes(budget). */
  constructor(readonly budget = DEFAULT_MEMORY) {
    this.cache = new StateTable(cacheBytes(budget));
    this.seens = CAPS.map((cap) => new StateTable(seenBytes(budget), 1 << (32 - Math.clz32(2 * cap - 1))));
    this.seen = this.seens[0];
  }
  /** The table of the search under way (or the last one): seens[its level]. */
  private seen!: StateTable;
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
  /** Per search depth, the piles of occ in the order search() tries them as sources; dig is
   *  scratch for the ordering (read only while ord is built). */
  private readonly ord = new Int8Array(TRENCHES * (MAX_DEPTH + 1));
  private readonly dig = new Int8Array(TRENCHES);
  /** Bytes the puzzles' tables hold now, at most suitEndgameBytes(budget). */
  get bytes(): number {
    return this.cache.bytes + this.seens.reduce((n, t) => n + t.bytes, 0);
  }

  /** Puzzles decided, for tests and statistics. */
  solvedCount = 0;
  lostCount = 0;
  /** States proved lost by searches that were not (search(), components), for tests. */
  salvagedCount = 0;

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
    const len = this.cacheKey(p, s);
    let slot = this.cache.insert(this.key, len);
    if (slot === FULL) {
      // Full: keep the half worth most (losses, which prune, then the verdicts that saved the
      // largest searches), drop the rest, and go on, rather than forget every verdict. (Seed
      // 296's plain DFS fills the 32 MiB four times in 15M nodes; there it stores about as many
      // positions either way, 3,754,179 against 3,754,123 when emptied.)
      this.cache.evictLowest(0.5);
      slot = this.cache.insert(this.key, len);
      if (slot === FULL) {
        this.cache.clear();
        return NOT_JUDGED;
      }
    }
    const cached = this.cache.found ? this.cache.values[slot] : UNTRIED;
    if (cached >= SOLVABLE) return cached === LOST ? JUDGED_LOST : JUDGED_OPEN;
    const level = cached,
      cap = CAPS[level];
    if (this.credit < cap) {
      this.cache.values[slot] = cached;
      return NOT_JUDGED;
    }
    this.load(p, s);
    let verdict = this.decide(level);
    this.credit -= this.nodes;
    if (verdict === UNKNOWN && level < CAPS.length - 1) verdict = level + 1;
    this.cache.values[slot] = verdict; // the slot stays valid: decide() uses its own table
    // What the search learnt about the other states it met (the root's slot is set first: these
    // inserts may grow the cache).
    if (verdict === LOST) {
      this.seen.forEachKey(this.cacheLost);
      this.lostCount++;
      return JUDGED_LOST;
    }
    this.cacheSalvaged();
    if (verdict === SOLVABLE) {
      this.cacheWinningLine();
      this.solvedCount++;
    }
    return verdict < SOLVABLE ? NOT_JUDGED : JUDGED_OPEN;
  }

  /** Caches this.key[0..len) as settled by verdict, unless it is settled already; false when the
   *  cache is full. */
  private settle(len: number, verdict: number): boolean {
    const slot = this.cache.insert(this.key, len);
    if (slot === FULL) return false;
    if (!this.cache.found || unsettled(this.cache.values[slot])) this.cache.values[slot] = verdict;
    return true;
  }

  /** For the states of a lost search (judge()): each was reached from the puzzle searched, so a
   *  win from it would have been a win of that puzzle; so each is lost, and cached as lost (a
   *  state not settled before: the others are lost already). Past the cache's budget the rest
   *  are left out. */
  private readonly cacheLost = (words: Uint32Array, from: number, len: number): void => {
    const key = this.key;
    for (let i = 0; i < len; i++) key[i] = words[from + i];
    this.settle(len, LOST);
  };

  /** After a search that was not lost: the first states of the lost components it finished
   *  (search()) are cached as lost. (A lost search caches all its states: cacheLost.) */
  private cacheSalvaged(): void {
    for (let i = 0; i < this.salvaged; i++) this.settle(this.seen.keyAt(this.salvage[i], this.key), LOST);
    this.salvagedCount += this.salvaged;
  }

  /** After a won search: the states on the line from the root to the win (or to a state known
   *  to be solvable) are solvable, and are cached as such. */
  private cacheWinningLine(): void {
    for (let d = 1; d < this.winDepth; d++) if (!this.settle(this.seen.keyAt(this.line[d], this.key), SOLVABLE)) return;
  }

  private load(p: BcPosition, s: number): void {
    this.h = p.found[s];
    const pw = this.pileWords,
      cw = this.cellWords,
      rw = p.rankWords;
    pw.fill(0);
    this.len.fill(0);
    for (let m = p.suitTrenches[s]; m !== 0; m &= m - 1) {
      const t = 31 - Math.clz32(m & -m),
        n = p.plen[t];
      for (let j = 0; j < n; j++) this.ranks[t * PILE_CAP + j] = RANK[p.piles[t * PILE_CAP + j]];
      for (let w = t * 4; w < t * 4 + 4; w++) pw[w] = rw[w];
      this.len[t] = n;
    }
    this.cellRanks(p, s);
    for (let c = 0; c < CELLS; c++) this.cell[c] = (cw[c >> 3] >>> (4 * (c & 7))) & 15;
  }

  /** cellWords for suit s of the position: per cell the rank of its suit-s card, 0 for none.
   *  CELL_RANK gives a card's rank when it is of suit s, else 0 (an empty cell, -1, reads entry
   *  63), so the fields are written without branches. */
  private cellRanks(p: BcPosition, s: number): void {
    const r = p.reserve,
      cr = CELL_RANK,
      o = s << 6,
      cw = this.cellWords;
    cw[0] =
      (cr[o + (r[0] & 63)] |
        (cr[o + (r[1] & 63)] << 4) |
        (cr[o + (r[2] & 63)] << 8) |
        (cr[o + (r[3] & 63)] << 12) |
        (cr[o + (r[4] & 63)] << 16) |
        (cr[o + (r[5] & 63)] << 20) |
        (cr[o + (r[6] & 63)] << 24) |
        (cr[o + (r[7] & 63)] << 28)) >>>
      0;
    cw[1] =
      cr[o + (r[8] & 63)] | (cr[o + (r[9] & 63)] << 4) | (cr[o + (r[10] & 63)] << 8) | (cr[o + (r[11] & 63)] << 12);
  }

  /** Exact key of the puzzle of suit s, read straight from the position (the cache lookup runs
   *  for most nodes of an exhaustive search; load() runs only on a miss). It is the key packKey()
   *  gives the puzzle load() makes of the position, so the cache and the puzzle's own search key
   *  states alike, and a lost search's states can be cached as lost (judge()). The suit's
   *  trenches come from the position's per-suit mask, in index order, and their ranks from the
   *  position's 4-bit rank words. */
  private cacheKey(p: BcPosition, s: number): number {
    const key = this.key,
      rw = p.rankWords,
      plen = p.plen;
    const mask = p.suitTrenches[s];
    let wi = 1;
    for (let m = mask; m !== 0; m &= m - 1) {
      const t = 31 - Math.clz32(m & -m);
      wi = putPile(key, wi, rw, t, plen[t]);
    }
    this.cellRanks(p, s);
    key[wi++] = this.cellWords[0];
    key[wi++] = this.cellWords[1];
    key[0] = (p.found[s] | (mask << 5)) >>> 0;
    return wi;
  }

  /** Exact key of the puzzle (its own search's table; it runs at every puzzle node), from the
   *  4-bit fields kept by search(): word 0 the height (5 bits) and which trenches hold a pile
   *  (14 bits); then per such pile, in trench order, its words up to the one holding the 0 past
   *  its top ((n >> 3) + 1 words: a reader knows where each pile ends); then the cells' two words.
   *  Also lists those trenches at occ[o0..] for search(); returns the key's length. */
  private packKey(o0: number): number {
    const key = this.key,
      len = this.len,
      pw = this.pileWords,
      occ = this.occ,
      tm = this.pileMask;
    let wi = 1,
      k = 0;
    for (let m = tm; m !== 0; m &= m - 1) {
      const t = 31 - Math.clz32(m & -m);
      occ[o0 + k++] = t;
      wi = putPile(key, wi, pw, t, len[t]);
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
  /** Per depth of the search, the seen slot of the state on the current line (the seen table
   *  never grows within a search: it has twice the cap's slots, and a search stores at most cap
   *  states); the depth at which the last won search reached the win or a state known solvable. */
  private readonly line = new Int32Array(MAX_DEPTH + 2);
  /** Per depth, the trench the move into that state put a card on by a pile-to-pile move (-1:
   *  another move, or the root): expand() does not move that card again (see there). */
  private readonly movedTo = new Int8Array(MAX_DEPTH + 2);
  private winDepth = 0;
  /** search()'s component bookkeeping (Tarjan): the last order number given (counter), per depth + 1 the
   *  lowest order number the state there reaches, the stack of states (seen slots) not yet in a
   *  finished component, and the first states of finished lost components kept for the cache. */
  private counter = 0;
  private readonly low = new Int32Array(MAX_DEPTH + 3);
  private readonly stack = new Int32Array(PUZZLE_NODES + 2);
  private stackTop = 0;
  private readonly salvage = new Int32Array(256);
  private salvaged = 0;

  private decide(level: number): number {
    const cap = CAPS[level];
    this.seen = this.seens[level];
    this.seen.clear();
    this.counter = 0;
    this.stackTop = 0;
    this.salvaged = 0;
    this.low[0] = PUZZLE_NODES + 1;
    this.cap = cap;
    this.nodes = 0;
    this.aborted = false;
    let pm = 0,
      cm = 0;
    for (let t = 0; t < TRENCHES; t++) if (this.len[t] !== 0) pm |= 1 << t;
    for (let c = 0; c < CELLS; c++) if (this.cell[c] !== 0) cm |= 1 << c;
    this.pileMask = pm;
    this.cellMask = cm;
    this.movedTo[0] = -1;
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
    if (this.h === 26) {
      this.winDepth = depth;
      return true;
    }
    // The cap and the credit count the new states searched (nodes): a state met again costs a
    // probe of the small seen table, not a node. Each state searched makes at most a few hundred
    // such probes (its moves), so the cap still bounds a search's time. (Measured, counting every
    // state met instead, at the same node budgets: plain DFS seeds 1..300 at 100k 54 solved
    // instead of 58; at 60 ms a deal, five alternating rounds, 60.4 on average instead of 63.6.)
    if (this.nodes >= this.cap || depth > MAX_DEPTH) {
      this.aborted = true;
      return false;
    }
    const o0 = depth * TRENCHES;
    const n = this.packKey(o0);
    // One hash for both tables the state is looked up in (seen, then the cache).
    const hash = hashKey(this.key, n);
    const slot = this.seen.insertHashed(this.key, n, hash);
    if (slot === FULL) {
      this.aborted = true;
      return false;
    }
    const order = this.seen.values;
    if (this.seen.found) {
      // On the search's stack (its order number) or in a finished component (0): see below.
      const v = order[slot];
      if (v !== 0 && v < this.low[depth]) this.low[depth] = v;
      return false;
    }
    this.nodes++;
    this.line[depth] = slot;
    // A state an earlier search settled (the cache keys states as this search does: cacheKey()).
    // The root's own entry is never settled here (judge() searches only unsettled ones).
    const known = this.cache.getHashed(this.key, n, hash);
    if (known === SOLVABLE) {
      this.winDepth = depth;
      return true;
    }
    if (known === LOST) return false; // order[slot] stays 0: finished, lost
    // Tarjan's strongly connected components over the states searched: a state's order number
    // while it is on the stack, and the lowest order number it reaches (low[depth + 1]). A
    // component all of whose moves were tried without a win, before any abort, is lost: every
    // state it reaches is in it, in a component finished before, or cached as lost, and none
    // is won. So even a search that runs out of nodes leaves such states proved; the first of a
    // component that took SALVAGE_NODES states or more is kept for the cache (judge()).
    const mine = ++this.counter;
    order[slot] = mine;
    // A state whose last-moved card expand() will not move again (movedTo) is counted as
    // reaching its parent (see expand()).
    this.low[depth + 1] = this.movedTo[depth] >= 0 ? order[this.line[depth - 1]] : mine;
    this.stack[this.stackTop++] = slot;
    const won = this.expand(depth, o0);
    if (won || this.aborted) return won;
    const low = this.low[depth + 1];
    if (low === mine) {
      const stack = this.stack;
      while (this.stackTop > 0 && order[stack[this.stackTop - 1]] >= mine) order[stack[--this.stackTop]] = 0;
      if (this.counter - mine >= SALVAGE_NODES && this.salvaged < this.salvage.length)
        this.salvage[this.salvaged++] = slot;
    } else if (low < this.low[depth]) this.low[depth] = low;
    return false;
  }

  /** search()'s moves from the current state (keyed at depth, its piles listed at occ[o0..]). */
  private expand(depth: number, o0: number): boolean {
    const ranks = this.ranks,
      len = this.len,
      cell = this.cell,
      occ = this.occ,
      accepts = this.accepts;
    const pw = this.pileWords;
    const need = PLAY_ORDER[this.h];
    // The card the last move put on trench `last` by a pile-to-pile move from a is not moved
    // again, to the foundation or onto a pile. Proof: such a move gives the parent P (the card
    // back onto a) or the state P reaches by moving the card from a straight there (it is a's
    // top in P, the target tops are the same, and a fit depends only on the target's pile, in
    // every trench order; a is empty in both when the card was its last). P tries all its own
    // moves of the card (had the card been P's last-moved one, P would not have moved it onto
    // `last`). So the states left out are P and P's children, all searched by P's loop, and an
    // exhausted search still meets every state reachable from the root: LOST stays exact.
    // For the components, the state's low-link starts at P's order number (search()), as if it
    // had a move back to P (it has one when a kept a card: Claim 1 of plateau.ts; else the extra
    // edge only merges components). Its component then finishes no sooner than P's, after P's
    // loop has searched every state the left-out moves reach, so a component called lost still
    // had all it reaches searched without a win (the salvage stays sound).
    const last = this.movedTo[depth];
    const moved = this.movedTo;
    // To the foundation first.
    const k = this.occCount;
    for (let i = 0; i < k; i++) {
      const a = occ[o0 + i],
        n = len[a];
      if (a === last || ranks[a * PILE_CAP + n - 1] !== need) continue;
      const wa = a * 4 + ((n - 1) >> 3),
        fa = 4 * ((n - 1) & 7);
      moved[depth + 1] = -1;
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
    // What each pile's top accepts (see occ; packKey() listed the piles), once the foundation
    // moves are tried: most states of a winning line are left by one, and need none of this.
    for (let i = 0; i < k; i++) {
      const t = occ[o0 + i],
        n = len[t],
        top = t * PILE_CAP + n - 1;
      accepts[o0 + t] = this.directional
        ? acceptMask(this.order, n, n > 2 ? ranks[top - 2] : 0, n > 1 ? ranks[top - 1] : 0, ranks[top])
        : this.neighbours[ranks[top]];
    }
    // A reserve card of the needed rank is placed before any pile is shuffled.
    let needCells = 0;
    for (let cm = this.cellMask; cm !== 0; cm &= cm - 1) {
      const c = 31 - Math.clz32(cm & -cm);
      if (cell[c] === need) needCells |= 1 << c;
    }
    if (needCells !== 0) {
      if (this.placeReserve(depth, o0, needCells)) return true;
      if (this.aborted) return false;
    }
    // Sources ordered by how deep the needed rank lies in them (fewest cards above it first),
    // targets the other way round: the search digs the next foundation card out before it
    // shuffles anything else, which finds the win of an open puzzle in far fewer nodes. Every
    // move is still tried, so a LOST verdict is as exhaustive as before.
    const ord = this.ord,
      dig = this.dig;
    for (let i = 0; i < k; i++) {
      const t = occ[o0 + i],
        base = t * PILE_CAP;
      let j = len[t] - 1;
      while (j >= 0 && ranks[base + j] !== need) j--;
      const d = j < 0 ? 99 : len[t] - 1 - j;
      let q = i;
      while (q > 0 && dig[q - 1] > d) {
        dig[q] = dig[q - 1];
        ord[o0 + q] = ord[o0 + q - 1];
        q--;
      }
      dig[q] = d;
      ord[o0 + q] = t;
    }
    for (let i = 0; i < k; i++) {
      const a = ord[o0 + i],
        n = len[a];
      if (a === last) continue;
      const r = ranks[a * PILE_CAP + n - 1];
      if (r === 1 && this.h > 0) continue;
      const wa = a * 4 + ((n - 1) >> 3),
        fa = 4 * ((n - 1) & 7);
      for (let j = k - 1; j >= 0; j--) {
        const b = ord[o0 + j];
        if (b === a || ((accepts[o0 + b] >> r) & 1) === 0) continue;
        const nb = len[b];
        const wb = b * 4 + (nb >> 3),
          fb = 4 * (nb & 7);
        ranks[b * PILE_CAP + nb] = r;
        len[b] = nb + 1;
        pw[wb] |= r << fb;
        len[a] = n - 1;
        pw[wa] &= ~(15 << fa);
        if (n === 1) this.pileMask ^= 1 << a;
        moved[depth + 1] = b;
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
    return this.placeReserve(depth, o0, this.cellMask & ~needCells);
  }

  /** search()'s reserve moves, for the cells of mask: a reserve card onto a fitting suit-s top,
   *  or as a new pile, at one of its four trenches. True when one of them wins. */
  private placeReserve(depth: number, o0: number, mask: number): boolean {
    const ranks = this.ranks,
      len = this.len,
      cell = this.cell,
      accepts = this.accepts;
    const pw = this.pileWords,
      cw = this.cellWords;
    for (let cm = mask; cm !== 0; cm &= cm - 1) {
      const c = 31 - Math.clz32(cm & -cm),
        r = cell[c];
      const wc = c >> 3,
        fc = 4 * (c & 7);
      for (let q = c * 4; q < c * 4 + 4; q++) {
        const t = CELL_TRENCHES[q],
          nt = len[t];
        if (nt > 0) {
          if (r === 1 && this.h > 0) continue;
          if (((accepts[o0 + t] >> r) & 1) === 0) continue;
        }
        const wt = t * 4 + (nt >> 3),
          ft = 4 * (nt & 7);
        ranks[t * PILE_CAP + nt] = r;
        len[t] = nt + 1;
        pw[wt] |= r << ft;
        cell[c] = 0;
        cw[wc] &= ~(15 << fc);
        // The masks as the child sees them (the cell empties; t may start a pile), then back.
        const pm = this.pileMask,
          cmask = this.cellMask;
        this.pileMask = pm | (1 << t);
        this.cellMask = cmask & ~(1 << c);
        this.movedTo[depth + 1] = -1;
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
