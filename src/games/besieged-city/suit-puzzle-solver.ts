import { FULL, hashKey, type StateTable } from '../../search/table.js';
import { CELL_TRENCHES, CELLS, PILE_CAP, PLAY_ORDER, RANK, SUIT, TRENCHES } from './layout.js';
import type { BcPosition } from './position.js';
import { acceptMask, NEIGHBOUR_MASK, type TrenchOrder } from './rules.js';

// One suit puzzle (suit-puzzles.ts: what it is and why a lost one proves the position lost),
// loaded from a position and decided.
//
// The puzzle is decided by a small exhaustive depth-first search with its own exact table of
// visited states and a node cap (past the cap the answer is "don't know", which prunes nothing).
// Verdicts are cached per puzzle (exact keys), so a search that meets the same suit puzzle again
// pays a table lookup. The cache keys a puzzle exactly as the puzzle's own search keys its states
// (cacheKey(), packKey()), so the searches share what they learn: a lost search leaves every
// state it met cached as lost, a won one the states of its winning line as solvable, any search
// (one that ran out of nodes too) the first states of the lost components it finished, and every
// search settles a state it meets that is cached so (judge(), search()). Sound: in an exhausted
// search every state met is reachable from the root, so a win from one would be the root's;
// each state of a winning line reaches the win; a finished component is argued in search().
// Shared, the verdicts settle open puzzles' first tries in a fraction of the nodes they take
// alone (bench/history.md, "Suit puzzles, round 9").

/** The values of the verdict cache (suit-puzzles.ts): below SOLVABLE, the number of tries that
 *  did not settle the puzzle (so 0, UNTRIED, for one met without credit for any search; the next
 *  try gets CAPS[value]); then the verdicts, in the order a full cache keeps them (the largest
 *  values stay). */
export const UNTRIED = 0,
  SOLVABLE = 3,
  UNKNOWN = 4,
  LOST = 5;
/** The node cap of a puzzle's last try (suit-puzzles.ts, CAPS). */
export const PUZZLE_NODES = 3_000;
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
export function putPile(key: Uint32Array, wi: number, words: Uint32Array, t: number, n: number): number {
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

/** The cells' words of suit s of the position, as both puzzle keys hold them, written to cw[0..1]:
 *  per cell the rank of its suit-s card, 0 for none. CELL_RANK gives a card's rank when it is of
 *  suit s, else 0 (an empty cell, -1, reads entry 63), so the fields are written without
 *  branches. */
export function cellRanks(p: BcPosition, s: number, cw: Uint32Array): void {
  const r = p.reserve,
    cr = CELL_RANK,
    o = s << 6;
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
  cw[1] = cr[o + (r[8] & 63)] | (cr[o + (r[9] & 63)] << 4) | (cr[o + (r[10] & 63)] << 8) | (cr[o + (r[11] & 63)] << 12);
}

/** The search of one suit puzzle: the puzzle loaded from a position (load()), and decide(). It
 *  reads the verdicts other puzzles left in the cache (a state settled there is settled here); the
 *  caller caches what the search learnt from its seen table, line and salvage. */
export class SuitPuzzleSolver {
  /** The seen table of the search under way (or the last one). */
  seen!: StateTable;

  /** `cache`: the verdict cache of the puzzles (suit-puzzles.ts), keyed as packKey() keys states. */
  constructor(private readonly cache: StateTable) {}

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
  /** New states the last search searched (its cost, paid from the credit: suit-puzzles.ts). */
  nodes = 0;
  private aborted = false;
  /** The puzzle's own key (packKey()). */
  private readonly key = new Uint32Array(24);
  /** The trench order's switches for search()'s loops (setOrder()): its neighbour table, and
   *  whether a pile's run matters (directional: acceptMask() reads the top three ranks). */
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
  /** The trench order the puzzles are played under. */
  setOrder(order: TrenchOrder): void {
    this.neighbours = NEIGHBOUR_MASK[order];
    this.directional = order === 'directional';
  }

  /** Loads the puzzle of suit s of the position (its premise: decoupledSuits()). */
  load(p: BcPosition, s: number): void {
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
    cellRanks(p, s, cw);
    for (let c = 0; c < CELLS; c++) this.cell[c] = (cw[c >> 3] >>> (4 * (c & 7))) & 15;
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
  readonly line = new Int32Array(MAX_DEPTH + 2);
  /** Per depth, the trench the move into that state put a card on by a pile-to-pile move (-1:
   *  another move, or the root): expand() does not move that card again (see there). */
  private readonly movedTo = new Int8Array(MAX_DEPTH + 2);
  winDepth = 0;
  /** search()'s component bookkeeping (Tarjan): the last order number given (counter), per
   *  depth + 1 the lowest order number the state there reaches, the stack of states (seen slots)
   *  not yet in a finished component, and the first states of finished lost components kept for
   *  the cache (salvage[0..salvaged), seen slots). */
  private counter = 0;
  private readonly low = new Int32Array(MAX_DEPTH + 3);
  private readonly stack = new Int32Array(PUZZLE_NODES + 2);
  private stackTop = 0;
  readonly salvage = new Int32Array(256);
  salvaged = 0;

  /** Decides the loaded puzzle by a search of at most `cap` new states, keyed in `seen` (cleared
   *  first; it keeps the states for the caller, suit-puzzles.ts): SOLVABLE, LOST, or UNKNOWN
   *  when the cap or the seen table ended the search first. */
  decide(seen: StateTable, cap: number): number {
    this.seen = seen;
    seen.clear();
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
    // such probes (its moves), so the cap still bounds a search's time. (Counting every state met
    // instead decides fewer deals at the same node budget and at the same time:
    // `npm run bench -- --to 300 --algorithm dfs --no-plateaus --max-nodes 100000` counts the deals;
    // bench/history.md, "Suit puzzles, round 10".)
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
        ? acceptMask('directional', n, n > 2 ? ranks[top - 2] : 0, n > 1 ? ranks[top - 1] : 0, ranks[top])
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
