import { Budget, type Limits, type SearchResult } from './limits.js';
import { FULL, StateTable } from './table.js';
import { DEAD, type SearchGame } from './types.js';

// Depth-first search for any winning line: iterative with an explicit stack, make/unmake, and
// no allocation per node (the move stack grows by doubling, rarely).
//
// Pruning argument: every position is searched at most once. When a position turns up again it
// is either on the current path (a cycle, which cannot help) or its subtree was searched to the
// end without a win (had it found one, the search would have stopped). Either way skipping it
// loses no win, so an exhausted search proves the deal unsolvable. DEAD positions are pruned on
// the game's proof, and forced moves are the game's proved dominances. searchMoves() may leave
// out a move whose position is also a child of an ancestor on the current path (the game proves
// it): every such ancestor finishes its own loop before the search ends, so the position is still
// searched, and an exhausted search still covers every position reachable from the root.

export function dfs(game: SearchGame, limits: Limits, table: StateTable): SearchResult {
  const budget = new Budget(limits);
  const key = new Uint32Array(game.maxKeyWords);
  let moveBuf = new Int32Array(1 << 16);
  let base = new Int32Array(1 << 12), count = new Int32Array(1 << 12), next = new Int32Array(1 << 12);
  let depth = 0, maxDepth = 0;

  const stats = () => ({ nodes: budget.nodes, unique: table.size, ms: budget.ms, maxDepth });
  const unwind = () => {
    for (let d = depth - 1; d >= 0; d--) game.unmake(moveBuf[base[d] + next[d] - 1]);
  };

  game.beginSearch?.(false, true);
  if (game.costlyNodes) budget.everyNode();
  // Only DEAD matters here: the game's dead() when it has one spares computing the bound.
  const isDead = game.dead ? () => game.dead!() : () => game.lowerBound() >= DEAD;
  const pruned = game.searchMoves !== undefined;
  if (game.won()) return { outcome: 'solved', moves: [], stats: stats() };
  if (table.insert(key, game.key(key)) === FULL) return { outcome: 'unknown', limit: 'memory', stats: stats() };
  if (isDead()) return { outcome: 'unsolvable', stats: stats() };

  // Generates the children of the current position at level `depth`.
  const expand = () => {
    if (depth >= base.length) {
      const grow = (a: Int32Array) => {
        const b = new Int32Array(a.length * 2);
        b.set(a);
        return b;
      };
      base = grow(base);
      count = grow(count);
      next = grow(next);
    }
    const b = depth === 0 ? 0 : base[depth - 1] + count[depth - 1];
    if (b + game.maxMoves > moveBuf.length) {
      const m = new Int32Array(moveBuf.length * 2);
      m.set(moveBuf);
      moveBuf = m;
    }
    base[depth] = b;
    next[depth] = 0;
    const forced = game.forcedMove ? game.forcedMove() : -1;
    if (forced >= 0) {
      moveBuf[b] = forced;
      count[depth] = 1;
    } else {
      count[depth] = pruned ? game.searchMoves!(moveBuf, b) : game.moves(moveBuf, b);
    }
  };

  expand();
  for (;;) {
    if (next[depth] === count[depth]) {
      if (depth === 0) return { outcome: 'unsolvable', stats: stats() };
      depth--;
      game.unmake(moveBuf[base[depth] + next[depth] - 1]);
      continue;
    }
    const m = moveBuf[base[depth] + next[depth]++];
    game.make(m);
    if (game.won()) {
      const moves = new Array<number>(depth + 1);
      for (let d = 0; d <= depth; d++) moves[d] = moveBuf[base[d] + next[d] - 1];
      game.unmake(m);
      unwind();
      return { outcome: 'solved', moves, stats: stats() };
    }
    if (!budget.tick()) {
      game.unmake(m);
      unwind();
      return { outcome: 'unknown', limit: budget.hit!, stats: stats() };
    }
    const slot = table.insert(key, game.key(key));
    if (slot === FULL) {
      game.unmake(m);
      unwind();
      return { outcome: 'unknown', limit: 'memory', stats: stats() };
    }
    if (table.found || isDead()) {
      game.unmake(m);
      continue;
    }
    depth++;
    if (depth > maxDepth) maxDepth = depth;
    expand();
  }
}
