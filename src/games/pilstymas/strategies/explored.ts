import { grown } from '../../../search/grow.js';
import { type PilPosition, TAB } from '../position.js';

// What a turn search (turn-search.ts) explored: the positions, numbered in the order found, and
// the moves between them; and the breadth-first shortest paths over those moves, from which
// the kept lines are shortened (shortest-lines.ts).

/** An empty pile's bottom. */
const NO_PILE = 255;

/** Positions by Zobrist key, numbered in the order added: open addressing on the two key words,
 *  each slot stamped with the round that wrote it, so that a new round forgets the old entries
 *  without clearing them. */
export class KeyTable {
  private mask = 0;
  private k1 = new Int32Array(0);
  private k2 = new Int32Array(0);
  private stamp = new Uint32Array(0);
  private slotNode = new Int32Array(0);
  private gen = 0;
  /** Positions added this round. */
  size = 0;

  /** Starts a round for at most `entries` positions. */
  reset(entries: number): void {
    const want = Math.max(64, 2 ** Math.ceil(Math.log2(2 * (entries + 2))));
    if (this.stamp.length < want) {
      this.k1 = new Int32Array(want);
      this.k2 = new Int32Array(want);
      this.stamp = new Uint32Array(want);
      this.slotNode = new Int32Array(want);
      this.mask = want - 1;
      this.gen = 0;
    }
    this.gen = (this.gen + 1) >>> 0;
    if (this.gen === 0) {
      this.stamp.fill(0);
      this.gen = 1;
    }
    this.size = 0;
  }

  /** The number of the position of key (a, b), adding it if it is new: ~number when it was
   *  new, number when found. */
  find(a: number, b: number): number {
    let i = (a ^ Math.imul(b, 0x9e3779b1)) & this.mask;
    while (this.stamp[i] === this.gen) {
      if (this.k1[i] === a && this.k2[i] === b) return this.slotNode[i];
      i = (i + 1) & this.mask;
    }
    this.stamp[i] = this.gen;
    this.k1[i] = a;
    this.k2[i] = b;
    const n = this.size++;
    this.slotNode[i] = n;
    return ~n;
  }
}

/** The positions a turn search explored, by their table key (keyOf): for each its key words
 *  and, when lines are shortened, its pile bottoms as first met; and the moves explored. */
export class ExploredGraph {
  /** The positions explored, numbered in the order found (the root is 0). */
  private readonly table = new KeyTable();
  /** Each explored position's key words, by number. */
  nodeK1 = new Int32Array(1024);
  nodeK2 = new Int32Array(1024);
  /** Each explored position's pile bottoms as first met (NO_PILE: empty), 8 a position. */
  private bottoms = new Uint8Array(8 * 1024);
  /** Explored moves: from node eFrom[i] by move eMove[i] to node eTo[i]. */
  private eFrom = new Int32Array(1024);
  private eTo = new Int32Array(1024);
  private eMove = new Int32Array(1024);
  private edges = 0;
  /** The breadth-first tree from the root over the explored moves (shortestPaths): each
   *  reached position's parent, the move from there, and its depth. */
  parent = new Int32Array(0);
  parentMove = new Int32Array(0);
  dist = new Int32Array(0);
  /** Scratch for shortestPaths: the edges by source, the queue, the positions to reach. */
  private start = new Int32Array(0);
  private fill = new Int32Array(0);
  private adj = new Int32Array(0);
  private queue = new Int32Array(0);
  private wanted = new Uint8Array(0);

  /** `plain`: exact keys (the plain search, for comparisons); `withBottoms`: keep the pile
   *  bottoms (only shortening reads them). */
  constructor(
    readonly plain: boolean,
    private readonly withBottoms: boolean,
  ) {}

  /** Starts a search of at most `entries` positions. */
  reset(entries: number): void {
    this.table.reset(entries);
    this.edges = 0;
  }

  /** Sets pos.keys.s1, s2 to the key the tables use: the symmetric key (PilKeys.symKey), or
   *  the exact key when plain. */
  keyOf(pos: PilPosition): void {
    if (this.plain) {
      pos.keys.s1 = pos.keys.h1;
      pos.keys.s2 = pos.keys.h2;
    } else pos.keys.symKey();
  }

  /** Adds pos (the root) and returns its number. */
  addRoot(pos: PilPosition): number {
    this.keyOf(pos);
    const v = this.table.find(pos.keys.s1, pos.keys.s2);
    this.record(~v, pos);
    return ~v;
  }

  /** The number of the position of table key (a, b), adding it if it is new: ~number when it
   *  was new (then record it), number when found. Positions equal up to the order of a side's
   *  tableau piles are one (PilKeys.symKey). */
  find(a: number, b: number): number {
    return this.table.find(a, b);
  }

  /** Keeps new explored position n's key (pos.keys.s1, s2) and pile bottoms; pos is it. The
   *  bottoms map its moves onto the same position with the piles in another order (pileMap). */
  record(n: number, pos: PilPosition): void {
    if (n >= this.nodeK1.length) {
      this.nodeK1 = grown(this.nodeK1, n + 1);
      this.nodeK2 = grown(this.nodeK2, n + 1);
      this.bottoms = grown(this.bottoms, 8 * (n + 1));
    }
    this.nodeK1[n] = pos.keys.s1;
    this.nodeK2[n] = pos.keys.s2;
    if (this.withBottoms)
      for (let t = 0; t < 8; t++) this.bottoms[8 * n + t] = pos.len[TAB + t] > 0 ? pos.at(TAB + t, 0) : NO_PILE;
  }

  /** An explored move: from position `from` by m to position `to`. */
  edge(from: number, to: number, m: number): void {
    const e = this.edges++;
    if (e >= this.eFrom.length) {
      this.eFrom = grown(this.eFrom, e + 1);
      this.eTo = grown(this.eTo, e + 1);
      this.eMove = grown(this.eMove, e + 1);
    }
    this.eFrom[e] = from;
    this.eTo[e] = to;
    this.eMove[e] = m;
  }

  /** Sets perm[t] to the pile of pos that holds what pile t holds in explored position `node`
   *  as the search first met it, which must equal pos up to the order of each side's piles. A
   *  pile is known by its bottom card (cards are unique); empty piles pair up in order. */
  pileMap(node: number, pos: PilPosition, perm: Int32Array): void {
    for (let side = 0; side < 8; side += 4) {
      let used = 0;
      for (let t = side; t < side + 4; t++) {
        const b = this.bottoms[8 * node + t];
        perm[t] = -1;
        for (let u = side; u < side + 4 && perm[t] < 0; u++) {
          if ((used >> u) & 1) continue;
          if (b === NO_PILE ? pos.len[TAB + u] === 0 : pos.len[TAB + u] > 0 && pos.at(TAB + u, 0) === b) {
            perm[t] = u;
            used |= 1 << u;
          }
        }
      }
    }
  }

  /** Breadth-first search from the root over the explored moves: parent[v] and parentMove[v]
   *  give a shortest path to each of targets[0..count) and the positions on the way there. */
  shortestPaths(targets: Int32Array, count: number): void {
    const nn = this.table.size,
      ne = this.edges;
    // Edges by source (counting sort, keeping the order they were tried in). Scratch arrays are
    // kept between runs: a search of a hundred positions would otherwise spend more on them.
    if (this.start.length < nn + 1) {
      this.start = grown(this.start, nn + 1);
      this.fill = grown(this.fill, nn + 1);
      this.queue = grown(this.queue, nn + 1);
    }
    if (this.adj.length < ne) this.adj = grown(this.adj, ne);
    const start = this.start.fill(0, 0, nn + 1),
      fill = this.fill,
      adj = this.adj;
    for (let e = 0; e < ne; e++) start[this.eFrom[e] + 1]++;
    for (let v = 0; v < nn; v++) start[v + 1] += start[v];
    for (let v = 0; v < nn; v++) fill[v] = start[v];
    for (let e = 0; e < ne; e++) adj[fill[this.eFrom[e]]++] = e;
    if (this.parent.length < nn) {
      this.parent = new Int32Array(grown(this.parent, nn).length);
      this.parentMove = new Int32Array(this.parent.length);
    }
    if (this.dist.length < nn) this.dist = new Int32Array(this.parent.length);
    const parent = this.parent.fill(-1, 0, nn);
    // Only the targets and the paths to them are read: the search stops once it has reached
    // them all (what it found up to then is as without the stop).
    if (this.wanted.length < nn) this.wanted = grown(this.wanted, nn);
    const wanted = this.wanted;
    let left = 0;
    for (let i = 0; i < count; i++) {
      const c = targets[i];
      if (c !== 0 && wanted[c] === 0) {
        wanted[c] = 1;
        left++;
      }
    }
    const queue = this.queue;
    let head = 0,
      tail = 0;
    queue[tail++] = 0;
    parent[0] = 0;
    this.dist[0] = 0;
    while (head < tail && left > 0) {
      const u = queue[head++];
      for (let j = start[u]; j < start[u + 1]; j++) {
        const e = adj[j],
          v = this.eTo[e];
        if (parent[v] >= 0) continue;
        parent[v] = u;
        this.parentMove[v] = this.eMove[e];
        this.dist[v] = this.dist[u] + 1;
        queue[tail++] = v;
        if (wanted[v] !== 0) {
          wanted[v] = 0;
          left--;
        }
      }
    }
    for (let i = 0; i < count; i++) wanted[targets[i]] = 0;
  }
}
