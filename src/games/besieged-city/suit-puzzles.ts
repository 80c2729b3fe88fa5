import { DEFAULT_MEMORY } from '../../search/limits.js';
import { FULL, StateTable } from '../../search/table.js';
import { STOCK_SIZE, SUIT } from './layout.js';
import type { BcPosition } from './position.js';
import type { TrenchOrder } from './rules.js';
import {
  cellRanks,
  LOST,
  PUZZLE_NODES,
  putPile,
  SOLVABLE,
  SuitPuzzleSolver,
  UNKNOWN,
  UNTRIED,
} from './suit-puzzle-solver.js';

// The suit puzzles: the suits decouple in the endgame. Claim: once the stock and the talon hold
// no card of suit s (in particular once both are empty), suit s has a relaxed puzzle of its own,
// and the position can be won only if that puzzle can.
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
// card has left the stock and the talon is judged long before the stock runs out. (With an empty
// stock as the premise and a 16-card cap, the exhaustive pass of seed 3 under the strictest
// variant drowned under a line where all the spades left lay frozen in the piles, never judged:
// not while the stock held cards, nor after, for the cap. bench/history.md,
// "Besieged City unsolvability, second round: stronger suit puzzles".)
//
// Each puzzle is decided by a small exhaustive search (suit-puzzle-solver.ts), its verdicts kept
// in a cache that every puzzle's search shares.
//
// Variants (rules.ts): the proof uses only rule II's "same suit", rule IV's "an empty trench
// takes only a reserve card" (true also with trench-fill=deferred: the fill may wait, but it is
// still a reserve card) and rule V; the stock switch does not matter once the stock is empty.
// So it holds under every variant, with the puzzle's trench moves those of the variant's trench
// order (a directional pile's run is read from its ranks, which the puzzle keeps in full).

/** Only puzzles of at most this many cards are tried, with this node cap; a larger one is left
 *  open. (On stock-less endgames the proofs cut the DFS's nodes several times over and prove more
 *  lost, and smaller or larger caps changed nothing there. In the guided best-first runs the
 *  proofs are off: search.ts.) */
const PUZZLE_CARDS = 26;
/** Puzzle work is paid from a credit: every lost() call earns CREDIT_PER_CALL puzzle nodes (up to
 *  MAX_CREDIT), and a puzzle is searched only when the credit covers its cap. So the puzzles
 *  cost at most a small constant share of the search's own nodes, a node budget still bounds
 *  the time, and a burst between two clock checks stays within a few milliseconds. (A credit of 1
 *  instead of 2 decides fewer deals: bench/history.md, "Suit puzzles, round 9".) Without
 *  credit the answer is "don't know", which prunes nothing. */
const CREDIT_PER_CALL = 2;
/** The caps of a puzzle's successive tries: the first is small, and a puzzle it does not settle
 *  is tried again with a larger cap only when it is met again, so the credit goes to the puzzles
 *  the search keeps meeting rather than to one-off ones. (Giving a new puzzle all the credit there
 *  was spent most of the puzzle nodes of seed 296's plain DFS on tries that settled nothing, while
 *  most open puzzles settle within the first cap: bench/history.md, "Suit puzzles, round 9".) */
const CAPS = [64, 512, PUZZLE_NODES]; // as many as the values below SOLVABLE
/** A cached value that is no verdict: tries that did not settle it, or UNKNOWN at the last cap. */
const unsettled = (v: number) => v < SOLVABLE || v === UNKNOWN;
/** judge()'s verdicts: open (winnable, or too large to decide), lost, or not judged now. */
const JUDGED_OPEN = 0;
export const JUDGED_LOST = 1,
  NOT_JUDGED = 2;
const MAX_CREDIT = 12_000;
/** The puzzles' parts of a search's memory budget: the verdict cache a 32nd, each seen table a
 *  256th, at most 1 MiB (it holds at most its cap's states, PUZZLE_NODES). */
const cacheBytes = (budget: number) => Math.floor(budget / 32);
const seenBytes = (budget: number) => Math.min(1 << 20, Math.floor(budget / 256));

/** The bytes the suit puzzles hold at most under a search's memory budget of `budget` bytes. */
export const suitPuzzleBytes = (budget: number): number => cacheBytes(budget) + CAPS.length * seenBytes(budget);

/** The suit puzzles of a search: their verdict cache, the credit that pays for their searches,
 *  and judge(), which looks a puzzle up and searches it where the cache has no verdict. */
export class SuitPuzzles {
  private readonly cache: StateTable;
  /** Per cap (CAPS), the table of the states a search with that cap has seen: cleared for every
   *  puzzle searched (tens of thousands of times in a long search), and it holds at most the cap's
   *  states, so its slots (a power of two at least twice the cap) keep it under half full; most
   *  searches are first tries, whose small table stays in the processor's nearest cache. (A
   *  seen table that fills, under a small budget, ends its search undecided.) */
  private readonly seens: StateTable[];

  /** The search of one puzzle (it reads the cache). */
  private readonly solver: SuitPuzzleSolver;
  private credit = MAX_CREDIT;
  /** The cache key of the puzzle judged (cacheKey()), and of the states settle() caches. */
  private readonly key = new Uint32Array(24);
  private readonly cellWords = new Uint32Array(2);
  /** The trench order the puzzles are played under (the cache holds verdicts of one order). */
  private order: TrenchOrder = 'either';

  /** `budget`: the search's memory budget, of which the puzzles take suitPuzzleBytes(budget). */
  constructor(readonly budget = DEFAULT_MEMORY) {
    this.cache = new StateTable(cacheBytes(budget));
    this.seens = CAPS.map((cap) => new StateTable(seenBytes(budget), 1 << (32 - Math.clz32(2 * cap - 1))));
    this.solver = new SuitPuzzleSolver(this.cache);
  }

  /** Bytes the puzzles' tables hold now, at most suitPuzzleBytes(budget). */
  get bytes(): number {
    return this.cache.bytes + this.seens.reduce((n, t) => n + t.bytes, 0);
  }

  /** Puzzles decided, for tests and statistics. */
  solvedCount = 0;
  lostCount = 0;
  /** States proved lost by searches that were not (SuitPuzzleSolver.search(), components), for
   *  tests. */
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
      this.solver.setOrder(this.order);
      this.cache.clear();
    }
    const len = this.cacheKey(p, s);
    let slot = this.cache.insert(this.key, len);
    if (slot === FULL) {
      // Full: keep the half worth most (losses, which prune, then the verdicts that saved the
      // largest searches), drop the rest, and go on, rather than forget every verdict: a long
      // proof keeps its lost suits. (Seed 296's plain DFS, which fills the cache several times,
      // stores about as many positions either way: bench/history.md, "Suit puzzles, round 9".)
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
    const solver = this.solver;
    solver.load(p, s);
    let verdict = solver.decide(this.seens[level], cap);
    this.credit -= solver.nodes;
    if (verdict === UNKNOWN && level < CAPS.length - 1) verdict = level + 1;
    this.cache.values[slot] = verdict; // the slot stays valid: decide() uses its own table
    // What the search learnt about the other states it met (the root's slot is set first: these
    // inserts may grow the cache).
    if (verdict === LOST) {
      solver.seen.forEachKey(this.cacheLost);
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
   *  (SuitPuzzleSolver.search()) are cached as lost. (A lost search caches all its states:
   *  cacheLost.) */
  private cacheSalvaged(): void {
    const solver = this.solver;
    for (let i = 0; i < solver.salvaged; i++) this.settle(solver.seen.keyAt(solver.salvage[i], this.key), LOST);
    this.salvagedCount += solver.salvaged;
  }

  /** After a won search: the states on the line from the root to the win (or to a state known
   *  to be solvable) are solvable, and are cached as such. */
  private cacheWinningLine(): void {
    const solver = this.solver;
    for (let d = 1; d < solver.winDepth; d++)
      if (!this.settle(solver.seen.keyAt(solver.line[d], this.key), SOLVABLE)) return;
  }

  /** Exact key of the puzzle of suit s, read straight from the position (the cache lookup runs
   *  for most nodes of an exhaustive search; the solver loads the puzzle only on a miss). It is
   *  the key SuitPuzzleSolver.packKey() gives the puzzle its load() makes of the position, so the cache and the puzzle's own search key
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
    cellRanks(p, s, this.cellWords);
    key[wi++] = this.cellWords[0];
    key[wi++] = this.cellWords[1];
    key[0] = (p.found[s] | (mask << 5)) >>> 0;
    return wi;
  }
}

/** The premise of SuitPuzzles.lost() for every suit at once: a bit per suit with a puzzle (no
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
