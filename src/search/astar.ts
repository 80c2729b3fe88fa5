import { grown } from './grow.js';
import { Budget, DEFAULT_MEMORY, type Limits, type SearchResult } from './limits.js';
import { FULL, type StateTable } from './table.js';
import { DEAD, NO_EXTRAS, type SearchGame } from './types.js';

// Best-first search on f = g + weight * h. weight 1 is A*: with an admissible lower bound the
// first solution taken off the open list is a shortest one (positions found again by a shorter
// path are reopened, so a heuristic that is admissible but not consistent stays exact).
// weight > 1 is weighted A* (solutions at most `weight` times longer than optimal when h is the
// admissible bound); Infinity is greedy best-first on h alone. For weight != 1, h is the game's
// guiding heuristic(guide) when it has one (faster to a win, no length guarantee), else the
// bound. Every weight is exhaustive when the open list runs dry, so it may also prove a deal
// unsolvable.
//
// Pruning: DEAD positions (the game's proofs) are never queued; searchMoves(), when the game has
// it, leaves out only moves whose positions are also children of an ancestor (dfs.ts gives the
// argument; here every ancestor of a queued node has been expanded already).
//
// Nodes hold no position: only parent, move and g, in typed arrays. To expand a node the game
// walks from the current node to it through their common ancestor with unmake/make, which is
// short for the neighbouring nodes a best-first search tends to take in turn.

/** Bytes the node store holds per node of room: parent, move, g, stale; and per heap entry: f
 *  (f64) and the node id. Counted by the arrays' lengths (what is allocated), not by the nodes
 *  in them. */
const NODE_BYTES = 13;
const HEAP_BYTES = 12;

export function astar(game: SearchGame, limits: Limits, table: StateTable, weight = 1, guide = 0): SearchResult {
  const budget = new Budget(limits);
  const extras = game.extras ?? NO_EXTRAS;
  // First: the game's members (maxMoves below) may depend on the search's mode.
  extras.beginSearch?.({ guided: weight !== 1, macros: false });
  const memory = limits.memoryBytes ?? DEFAULT_MEMORY;
  const key = new Uint32Array(game.maxKeyWords);
  let parent = new Int32Array(1 << 14),
    move = new Int32Array(1 << 14),
    gOf = new Int32Array(1 << 14);
  let stale = new Uint8Array(1 << 14); // 1: a shorter path to this node's position was found later
  let nodes = 0;
  let heapF = new Float64Array(1 << 14),
    heapN = new Int32Array(1 << 14);
  let heapLen = 0;
  const moveBuf = new Int32Array(game.maxMoves);
  let path = new Int32Array(1024);
  let cur = 0,
    maxDepth = 0;

  const stats = () => ({ nodes: budget.nodes, unique: table.size, ms: budget.ms, maxDepth });
  // Ties on f go to the deeper node, which reaches a goal sooner.
  const priority = (g: number, h: number) => (weight === Infinity ? h : g + weight * h) * 4096 - Math.min(g, 4095);

  const addNode = (p: number, m: number, g: number): number => {
    if (nodes === parent.length) {
      parent = grown(parent, nodes + 1);
      move = grown(move, nodes + 1);
      gOf = grown(gOf, nodes + 1);
      stale = grown(stale, nodes + 1);
    }
    parent[nodes] = p;
    move[nodes] = m;
    gOf[nodes] = g;
    stale[nodes] = 0;
    return nodes++;
  };
  const push = (f: number, n: number) => {
    if (heapLen === heapF.length) {
      heapF = grown(heapF, heapLen + 1);
      heapN = grown(heapN, heapLen + 1);
    }
    let i = heapLen++;
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (heapF[up] <= f) break;
      heapF[i] = heapF[up];
      heapN[i] = heapN[up];
      i = up;
    }
    heapF[i] = f;
    heapN[i] = n;
  };
  const pop = (): number => {
    const top = heapN[0];
    const f = heapF[--heapLen],
      n = heapN[heapLen];
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= heapLen) break;
      if (c + 1 < heapLen && heapF[c + 1] < heapF[c]) c++;
      if (heapF[c] >= f) break;
      heapF[i] = heapF[c];
      heapN[i] = heapN[c];
      i = c;
    }
    heapF[i] = f;
    heapN[i] = n;
    return top;
  };
  // Moves the game from node `cur` to node `to`.
  const goTo = (to: number) => {
    let a = cur,
      b = to,
      k = 0;
    while (gOf[a] > gOf[b]) {
      game.unmake(move[a]);
      a = parent[a];
    }
    while (gOf[b] > gOf[a]) {
      if (k === path.length) path = grown(path, k + 1);
      path[k++] = move[b];
      b = parent[b];
    }
    while (a !== b) {
      game.unmake(move[a]);
      a = parent[a];
      if (k === path.length) path = grown(path, k + 1);
      path[k++] = move[b];
      b = parent[b];
    }
    while (k > 0) game.make(path[--k]);
    cur = to;
  };
  const lineTo = (n: number): number[] => {
    const out: number[] = [];
    for (let x = n; x !== 0; x = parent[x]) out.push(move[x]);
    return out.reverse();
  };
  const finish = <R extends SearchResult>(r: R): R => {
    goTo(0);
    return r;
  };

  const pruned = extras.searchMoves !== undefined;
  addNode(-1, 0, 0);
  if (game.won()) return { outcome: 'solved', moves: [], stats: stats() };
  // A* needs the admissible bound; the other weights follow the game's guide when it has one
  // (DEAD is still taken from lowerBound(), which carries the proofs).
  const estimate = weight !== 1 && extras.heuristic ? () => extras.heuristic!(guide) : null;
  const h0 = game.lowerBound();
  if (h0 >= DEAD) return { outcome: 'unsolvable', stats: stats() };
  const rootSlot = table.insert(key, game.key(key));
  if (rootSlot === FULL) return { outcome: 'unknown', limit: 'memory', stats: stats() };
  table.values[rootSlot] = 0;
  push(priority(0, estimate ? estimate() : h0), 0);

  while (heapLen > 0) {
    const n = pop();
    if (stale[n]) continue;
    const g = gOf[n];
    goTo(n);
    if (game.won()) return finish({ outcome: 'solved', moves: lineTo(n), stats: stats() });
    if (g > maxDepth) maxDepth = g;
    const forced = game.forcedMove ? game.forcedMove() : -1;
    let cnt: number;
    if (forced >= 0) {
      moveBuf[0] = forced;
      cnt = 1;
    } else cnt = pruned ? extras.searchMoves!(moveBuf, 0) : game.moves(moveBuf, 0);
    for (let i = 0; i < cnt; i++) {
      const m = moveBuf[i];
      if (!budget.tick()) return finish({ outcome: 'unknown', limit: budget.hit!, stats: stats() });
      game.make(m);
      const slot = table.insert(key, game.key(key));
      if (slot === FULL || table.bytes + parent.length * NODE_BYTES + heapF.length * HEAP_BYTES > memory) {
        game.unmake(m);
        return finish({ outcome: 'unknown', limit: 'memory', stats: stats() });
      }
      if (table.found) {
        const old = table.values[slot]; // -1: proved dead
        if (old < 0 || gOf[old] <= g + 1) {
          game.unmake(m);
          continue;
        }
        stale[old] = 1; // reopen by a shorter path
      }
      // A guided run needs only the DEAD verdict, which dead() gives without the bound.
      const h = estimate && game.dead ? (game.dead() ? DEAD : 0) : game.lowerBound();
      if (h >= DEAD) {
        table.values[slot] = -1;
        game.unmake(m);
        continue;
      }
      const child = addNode(n, m, g + 1);
      const hh = estimate ? estimate() : h;
      table.values[slot] = child;
      const won = game.won();
      game.unmake(m);
      // With weight 1 a goal is final only when it leaves the open list (it may be reached
      // again by a shorter path); the other weights take the first goal they see.
      if (won && weight !== 1) return finish({ outcome: 'solved', moves: lineTo(child), stats: stats() });
      push(priority(g + 1, hh), child);
    }
  }
  return finish({ outcome: 'unsolvable', stats: stats() });
}
