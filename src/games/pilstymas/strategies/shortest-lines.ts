import { grown } from '../../../search/grow.js';
import {
  END,
  FROM_TAB,
  MAX_MOVES,
  PASS,
  type PilPosition,
  TO_OSTOCK,
  TO_TAB,
  moveCard,
  moveFrom,
  moveTo,
  packMove,
} from '../position.js';
import { type ExploredGraph, KeyTable } from './explored.js';
import { LINE, changesView, idle } from './turn.js';
import type { KeptLines } from './turn-search.js';

// Shortening the lines a turn search (turn-search.ts) kept, before a strategy plays them.
//
// The depth-first walk reaches a position by whatever path it happened to take, often a long
// detour of tableau cards moved back and forth. A kept line is therefore cut at its first move
// that changes the mover's view (changesView: a card turned up), or before its `end`/`pass`/win
// if it has none; the part before the cut, from the root to position S, is replaced by a
// shortest path to S or to S with a side's piles in another order (the table's positions): the
// shorter of what a breadth-first search finds over the moves the search explored
// (ExploredGraph.shortestPaths), and over all moves (wideBfs, within the search's budget). The
// rest of the line is kept as found, its piles renamed to match: it is never played as it is
// (below).
//
// Why this loses nothing (the dominance): a strategy follows a line only up to its first move
// that changes its view — the view after it differs from what the search foresaw, so the
// strategy searches again there (LinePlan) — and what it does from then on depends only on the
// position it is in and on its turn memory, which changes only when a turn ends. Both paths end
// in S (or its renaming π(S)) and then play the same move (renamed), so they reach the same
// position (or its renaming, which has the same futures and scores: turn-search.ts): the game
// goes on as after the longer path, with fewer moves. No path from the root to S changes the
// view on the way: only hand cards and stock cards played can, nothing is put on the mover's
// hand, waste or stock within a turn, so whether the k-th hand card (or stock card) played
// changes the view depends on k alone, and every path from the root to S plays as many of each
// as the line did, none of which changed the view. And no played line comes back to a position
// of the same turn: a shortest path visits no position twice, and the positions on either side
// of a move that changes the view differ in the count of the mover's hand and waste cards or of
// its face-down stock cards, which never grow within a turn.

/** The wide breadth-first search's positions at most (wideBfs), besides the search's own
 *  budget: a larger search would spend more on it than on its search. */
const WIDE_CAP = 3000;

export class LineShortener {
  /** The lines as returned: the found ones with their first part shortened (-1: not yet). */
  private readonly short: Int32Array;
  private readonly shortLens: Int32Array;
  /** Scratch for pileMap, and for tighten. */
  private readonly perm = new Int32Array(8);
  private readonly trial = new Int32Array(LINE);
  private readonly kh1 = new Int32Array(LINE + 1);
  private readonly kh2 = new Int32Array(LINE + 1);
  /** The wide breadth-first search (wideBfs): its table, its moves, and per position found its
   *  parent, the move from there and its depth; where it found each kept line's cut position. */
  private readonly bt = new KeyTable();
  private readonly buf = new Int32Array(MAX_MOVES);
  private wParent = new Int32Array(1024);
  private wMove = new Int32Array(1024);
  private wDepth = new Int32Array(1024);
  private readonly wPath = new Int32Array(LINE);
  private readonly wideAt: Int32Array;
  /** The searched position, its mover and the search's budget. */
  private pos!: PilPosition;
  private me = 0;
  private budget = 0;

  constructor(
    private readonly graph: ExploredGraph,
    private readonly kept: KeptLines,
  ) {
    this.short = new Int32Array(kept.keep * LINE);
    this.shortLens = new Int32Array(kept.keep).fill(-1);
    this.wideAt = new Int32Array(kept.keep);
  }

  /** After a search from pos (as the search left it) with `budget` positions: finds the
   *  shortest paths the kept lines' first parts may take. */
  prepare(pos: PilPosition, budget: number): void {
    this.pos = pos;
    this.me = pos.turn;
    this.budget = budget;
    this.shortLens.fill(-1);
    this.graph.shortestPaths(this.kept.cutNode, this.kept.count);
    this.wideBfs();
  }

  /** Kept line i, its part up to the first card turned up shortened (see above).
   *  Shortened when first asked for (a caller often needs a few of the kept lines), so the
   *  searched position must be as run() left it. */
  line(i: number): Int32Array {
    if (this.shortLens[i] < 0) this.shorten(i);
    return this.short.subarray(i * LINE, i * LINE + this.shortLens[i]);
  }

  private shorten(i: number): void {
    const at = i * LINE,
      pos = this.pos;
    let n = 0;
    const w = this.wideAt[i];
    if (w >= 0) {
      // A shorter path than any among the explored moves.
      n = this.wDepth[w];
      for (let v = w, k = n; v !== 0; v = this.wParent[v]) this.short[at + --k] = this.wMove[v];
    } else {
      // The shortest path to the cut's position among the explored moves, walked back from it.
      // Each move was explored from a position as first met; the path meets it perhaps with
      // the piles in another order, so the move is mapped onto the piles as they lie.
      n = this.graph.dist[this.kept.cutNode[i]];
      const via = this.trial;
      for (let v = this.kept.cutNode[i], k = n; v !== 0; v = this.graph.parent[v]) {
        this.short[at + --k] = this.graph.parentMove[v];
        via[k] = this.graph.parent[v];
      }
      for (let k = 0; k < n; k++) {
        this.graph.pileMap(via[k], this.pos, this.perm);
        const m = this.permuted(this.short[at + k]);
        this.short[at + k] = m;
        pos.make(m);
      }
      for (let k = n - 1; k >= 0; k--) pos.unmake(this.short[at + k]);
    }
    n = this.tighten(this.short, at, n);
    const cut = this.kept.cutAt[i],
      len = this.kept.lens[i];
    // n <= cut: the found path is one of the paths the breadth-first searches compared. The
    // rest of the line goes on from the cut's position as first met, so its moves are mapped
    // onto the piles as the shortened path leaves them.
    for (let k = 0; k < n; k++) pos.make(this.short[at + k]);
    this.graph.pileMap(this.kept.cutNode[i], this.pos, this.perm);
    for (let k = cut; k < len; k++) this.short[at + n + k - cut] = this.permuted(this.kept.lines[at + k]);
    for (let k = n - 1; k >= 0; k--) pos.unmake(this.short[at + k]);
    this.shortLens[i] = n + len - cut;
  }

  /** Shortens the path a[at..at+n) from the root (pos, restored) to its end position S, where
   *  the breadth-first searches ran out of budget: drops a move, or merges a card's move with
   *  its next one (X>Y then Y>Z becomes X>Z, or nothing if Z is X), whenever the rest still
   *  reaches S by legal moves that change no view; then cuts out any stretch that comes back to
   *  a position already on the path. Returns the new length. Any such path is as good as the
   *  first (the dominance above). */
  private tighten(a: Int32Array, at: number, n: number): number {
    if (n < 2) return n;
    return this.cutLoops(a, at, this.dropAndMerge(a, at, n));
  }

  /** Drops a move of the path a[at..at+n), or merges a card's move with its next one, while
   *  the rest still reaches the path's end position by legal moves that change no view; returns
   *  the new length. */
  private dropAndMerge(a: Int32Array, at: number, n: number): number {
    const pos = this.pos;
    for (let j = 0; j < n; j++) pos.make(a[at + j]);
    const s1 = pos.keys.h1,
      s2 = pos.keys.h2;
    for (let j = n - 1; j >= 0; j--) pos.unmake(a[at + j]);
    const t = this.trial;
    let again = true;
    while (again) {
      again = false;
      // A trial changes the path from move i on, so pos stays at the path's first `made` moves
      // (made <= i) and each trial is replayed from there. The moves before i pass reaches()'s
      // tests as they are made; past one that does not, no trial can succeed.
      let made = 0;
      for (let i = 0; i < n; i++) {
        let ok = true;
        while (made < i && ok) {
          const m = a[at + made];
          ok = pos.isLegal(m) && !changesView(pos, m) && m !== END && m !== PASS;
          if (ok) pos.make(a[at + made++]);
        }
        if (!ok) break;
        // Without move i.
        if (this.reaches(a, at + i + 1, n - i - 1, s1, s2)) {
          a.copyWithin(at + i, at + i + 1, at + n);
          n--;
          again = true;
          i--;
          continue;
        }
        // Move i and the next move of the same card as one move.
        const m = a[at + i];
        let nx = i + 1;
        while (nx < n && moveCard(a[at + nx]) !== moveCard(m)) nx++;
        if (nx === n) continue;
        // Back to the pile it came from: neither move.
        const home = moveFrom(m) >= FROM_TAB && moveTo(a[at + nx]) - TO_TAB === moveFrom(m) - FROM_TAB;
        let k = 0;
        for (let j = i; j < n; j++)
          if (j === i && !home) t[k++] = packMove(moveFrom(m), moveTo(a[at + nx]), moveCard(m));
          else if (j !== i && j !== nx) t[k++] = a[at + j];
        if (this.reaches(t, 0, k, s1, s2)) {
          a.set(t.subarray(0, k), at + i);
          n = i + k;
          again = true;
          i--;
        }
      }
      while (made > 0) pos.unmake(a[at + --made]);
    }
    return n;
  }

  /** Cuts out of the path a[at..at+n) each stretch that comes back to a position already on
   *  it; returns the new length. */
  private cutLoops(a: Int32Array, at: number, n: number): number {
    const pos = this.pos;
    // The key of each position on the path (kh1, kh2 at j: after the first j moves), cut along
    // with the path.
    const kh1 = this.kh1,
      kh2 = this.kh2;
    kh1[0] = pos.keys.h1;
    kh2[0] = pos.keys.h2;
    for (let j = 0; j < n; j++) {
      pos.make(a[at + j]);
      kh1[j + 1] = pos.keys.h1;
      kh2[j + 1] = pos.keys.h2;
    }
    for (let j = n - 1; j >= 0; j--) pos.unmake(a[at + j]);
    for (let i = 0; i < n; i++) {
      let cutTo = -1;
      for (let j = i + 1; j <= n; j++) if (kh1[j] === kh1[i] && kh2[j] === kh2[i]) cutTo = j;
      if (cutTo > 0) {
        a.copyWithin(at + i, at + cutTo, at + n);
        kh1.copyWithin(i + 1, cutTo + 1, n + 1);
        kh2.copyWithin(i + 1, cutTo + 1, n + 1);
        n -= cutTo - i;
      }
    }
    return n;
  }

  /** Whether moves t[off..off+k) are legal from pos one after the other, change no view, and
   *  end in the position of key (s1, s2); pos is restored. */
  private reaches(t: Int32Array, off: number, k: number, s1: number, s2: number): boolean {
    const pos = this.pos;
    let j = 0;
    for (; j < k; j++) {
      const m = t[off + j];
      if (m === END || m === PASS || !pos.isLegal(m) || changesView(pos, m)) break;
      pos.make(m);
    }
    const ok = j === k && pos.keys.h1 === s1 && pos.keys.h2 === s2;
    while (j > 0) pos.unmake(t[off + --j]);
    return ok;
  }

  /** Breadth-first search from the root over every move that turns up no card (not only the
   *  explored ones) for the kept lines' cut positions, each as far as one move short of its
   *  shortest explored path, within the search's budget or WIDE_CAP positions: wideAt[i] is
   *  where it found line i's, or -1. */
  private wideBfs(): void {
    const pos = this.pos,
      me = this.me;
    let far = 0;
    this.wideAt.fill(-1);
    for (let i = 0; i < this.kept.count; i++) far = Math.max(far, this.graph.dist[this.kept.cutNode[i]] - 1);
    if (far < 1) return;
    const bt = this.bt;
    const cap = Math.min(this.budget, WIDE_CAP);
    bt.reset(cap + MAX_MOVES);
    this.graph.keyOf(pos);
    bt.find(pos.keys.s1, pos.keys.s2);
    this.wAdd(0, -1, 0, 0);
    let cur = 0,
      left = this.kept.count;
    for (let x = 0; x < bt.size && left > 0 && bt.size < cap; x++) {
      const d = this.wDepth[x];
      if (d >= far) break;
      cur = this.goTo(cur, x);
      const n = pos.moves(this.buf, 0);
      for (let j = 0; j < n && left > 0; j++) {
        const m = this.buf[j];
        if (m === END || m === PASS || idle(pos, m, me) || changesView(pos, m)) continue;
        const made = this.graph.plain || !pos.keys.childSymKey(pos, m);
        if (made) {
          pos.make(m);
          this.graph.keyOf(pos);
        }
        const a = pos.keys.s1,
          b = pos.keys.s2;
        const v = bt.find(a, b);
        if (v < 0) {
          const y = ~v;
          this.wAdd(y, x, m, d + 1);
          for (let i = 0; i < this.kept.count; i++) {
            const c = this.kept.cutNode[i];
            if (
              this.wideAt[i] < 0 &&
              this.graph.nodeK1[c] === a &&
              this.graph.nodeK2[c] === b &&
              d + 1 < this.graph.dist[c]
            ) {
              this.wideAt[i] = y;
              left--;
            }
          }
        }
        if (made) pos.unmake(m);
      }
    }
    this.goTo(cur, 0);
  }

  private wAdd(k: number, parent: number, m: number, depth: number): void {
    if (k >= this.wParent.length) {
      this.wParent = grown(this.wParent, k + 1);
      this.wMove = grown(this.wMove, k + 1);
      this.wDepth = grown(this.wDepth, k + 1);
    }
    this.wParent[k] = parent;
    this.wMove[k] = m;
    this.wDepth[k] = depth;
  }

  /** Moves pos from the wide search's position `from` to its position `to` (by their common
   *  ancestor); returns `to`. */
  private goTo(from: number, to: number): number {
    const pos = this.pos;
    let a = from,
      b = to,
      n = 0;
    while (this.wDepth[a] > this.wDepth[b]) {
      pos.unmake(this.wMove[a]);
      a = this.wParent[a];
    }
    while (this.wDepth[b] > this.wDepth[a]) {
      this.wPath[n++] = b;
      b = this.wParent[b];
    }
    while (a !== b) {
      pos.unmake(this.wMove[a]);
      a = this.wParent[a];
      this.wPath[n++] = b;
      b = this.wParent[b];
    }
    while (n > 0) pos.make(this.wMove[this.wPath[--n]]);
    return to;
  }

  /** Move m of the explored position whose piles pileMap mapped (into perm), as a move of pos. */
  private permuted(m: number): number {
    if (m === END || m === PASS) return m;
    let from = moveFrom(m),
      to = moveTo(m);
    if (from >= FROM_TAB) from = FROM_TAB + this.perm[from - FROM_TAB];
    if (to >= TO_TAB && to < TO_OSTOCK) to = TO_TAB + this.perm[to - TO_TAB];
    return packMove(from, to, moveCard(m));
  }
}
