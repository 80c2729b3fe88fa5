import { grown } from './grow.js';
import { Budget, DEFAULT_MEMORY, type Limits, type SearchResult } from './limits.js';
import { FULL, type StateTable } from './table.js';
import { DEAD, NO_EXTRAS, type SearchGame, type SearchMode } from './types.js';

// Depth-first search for any winning line: iterative with an explicit stack, make/unmake, and
// no allocation per node (the move stack grows by doubling, rarely).
//
// Pruning argument: every position is searched at most once. When a position turns up again it
// is either on the current path (a cycle, which cannot help) or its subtree was searched to the
// end without a win (had it found one, the search would have stopped). Either way skipping it
// loses no win, so an exhausted search proves the deal unsolvable. DEAD positions are pruned on
// the game's proof (with extras.deadFirst before they are stored, so a dead position is never
// stored: met again it is pruned by the proof again, or, where the game's proof misses it on
// that path, searched like any live position — nodes, not a wrong verdict), and forced moves
// are the game's proved dominances. searchMoves() may leave out a move whose position is also
// a child of an ancestor on the current path (the game proves it): every such ancestor finishes
// its own loop before the search ends, so the position is still searched, and an exhausted
// search still covers every position reachable from the root.
//
// A full table (limits.whenFull 'evict', the default) forgets the deeper half of its states and
// the search goes on. That keeps the argument: a position is skipped only when it is dead or the
// table holds it, and the table holds only positions the search has entered, so the entered
// positions stay closed under the moves searched (every entered position that is not dead has
// all its searchMoves() tried, and what they leave out is tried by an ancestor); an exhausted
// search has then entered every position reachable from the root, a win among them. Forgetting
// costs only searching a position again. The positions on the current path are never forgotten:
// that they are found is what stops a cycle, so the search still ends (a path never repeats a
// position and there are finitely many).
//
// Redundant moves (extras.redundant): a move m that the game shows redundant after the move into
// the current position is left out of the list unmade. Its child is the parent (on the current
// path: stored, never forgotten, so the table would skip it), or a child of the parent by a move
// of the parent's list, which the parent's loop tries before the search ends — or, when that move
// was itself left out as redundant there, a position met without it by the same argument one
// level up (by induction from the root, whose list is whole). Either way no position reachable by
// the moves searched goes unentered, and the argument above holds. A move back costs no entered
// position (the table would have skipped it); a move to a sibling's position is one the search
// enters anyway, once.

/** A value above every worth (they are minus a depth): the path's while the table evicts. */
const KEEP_WHILE_EVICTING = 0x7fffffff;

/** Depth-first search is exhaustive (so the game keeps its proofs on) and needs no move counts
 *  (so it may take macro moves). */
const DFS_MODE: SearchMode = { guided: false, macros: true };

export function dfs(game: SearchGame, limits: Limits, table: StateTable): SearchResult {
  const budget = new Budget(limits);
  const extras = game.extras ?? NO_EXTRAS;
  // First: the game's members (maxMoves, costlyNodes, deadFirst) may depend on the search's mode.
  extras.beginSearch?.(DFS_MODE);
  const key = new Uint32Array(game.maxKeyWords);
  // The stacks start small and double; with the table they stay within limits.memoryBytes.
  const memory = limits.memoryBytes ?? DEFAULT_MEMORY;
  let moveBuf = new Int32Array(1 << 12);
  let base = new Int32Array(1 << 10),
    count = new Int32Array(1 << 10),
    next = new Int32Array(1 << 10);
  const stackBytes = () => moveBuf.byteLength + base.byteLength * 3;
  let depth = 0,
    maxDepth = 0,
    evicted = 0;
  const evict = limits.whenFull !== 'stop';

  const stats = () => ({
    nodes: budget.nodes,
    unique: table.size,
    ms: budget.ms,
    maxDepth,
    ...(evicted > 0 ? { evicted } : {}),
  });
  const unwind = () => {
    for (let d = depth - 1; d >= 0; d--) game.unmake(moveBuf[base[d] + next[d] - 1]);
  };
  // What a stored state is worth keeping when the table is full (evictLowest() keeps the larger
  // half): minus the shallowest depth it was met at. A shallower state heads a larger subtree,
  // the dearest to search again. (On a table too small for a lost Parterre deal, keeping the
  // states used last instead took many times the nodes to exhaust it: bench/history.md,
  // "A replacement policy for a full table", with its commands.)
  const worth = (found: boolean, slot: number, d: number) => (found ? Math.max(table.values[slot], -d) : -d);
  // Writes value(d) as the value of each position on the path, root to parent, from the child of
  // move m (made), to which the game comes back.
  const walkPath = (m: number, value: (d: number) => number) => {
    game.unmake(m);
    unwind();
    for (let d = 0; d <= depth; d++) {
      const slot = table.insert(key, game.key(key));
      if (slot !== FULL) table.values[slot] = value(d);
      game.make(d < depth ? moveBuf[base[d] + next[d] - 1] : m);
    }
  };
  // The table is full at the child of move m (made): forget the deeper half of the states but
  // the path from the root (its states are marked to stay while the table chooses: they are the
  // deepest, and they must be found), then give the path its worth back and store the child.
  // FULL when even that does not fit; the game is at the child either way.
  const makeRoom = (m: number): number => {
    walkPath(m, () => KEEP_WHILE_EVICTING);
    evicted += table.evictLowest(0.5);
    walkPath(m, (d) => -d);
    return table.insert(key, game.key(key));
  };

  if (extras.costlyNodes) budget.everyNode();
  // Only DEAD matters here: the game's dead() when it has one spares computing the bound. Nodes
  // the game spends inside it on searches of its own are charged to the budget.
  const deadTest = game.dead ? () => game.dead!() : () => game.lowerBound() >= DEAD;
  const spending = extras.spending;
  const isDead = spending
    ? () => {
        spending.left = budget.left;
        const d = deadTest();
        budget.charge(spending.spent);
        spending.spent = 0;
        return d;
      }
    : deadTest;
  const pruned = extras.searchMoves !== undefined;
  const redundant = extras.redundant;
  const deadFirst = extras.deadFirst === true;
  if (game.won()) return { outcome: 'solved', moves: [], stats: stats() };
  if (table.insert(key, game.key(key)) === FULL) return { outcome: 'unknown', limit: 'memory', stats: stats() };
  if (isDead()) return { outcome: 'unsolvable', stats: stats() };

  // Generates the children of the current position at level `depth`; false when the stacks
  // cannot grow within the memory budget.
  const expand = (): boolean => {
    if (depth >= base.length) {
      if (table.bytes + stackBytes() + base.byteLength * 3 > memory) return false;
      base = grown(base, depth + 1);
      count = grown(count, depth + 1);
      next = grown(next, depth + 1);
    }
    const b = depth === 0 ? 0 : base[depth - 1] + count[depth - 1];
    const need = b + game.maxMoves;
    if (need > moveBuf.length) {
      let n = moveBuf.length * 2;
      while (n < need) n *= 2;
      if (table.bytes + stackBytes() + (n - moveBuf.length) * 4 > memory) return false;
      moveBuf = grown(moveBuf, n);
    }
    base[depth] = b;
    next[depth] = 0;
    const forced = game.forcedMove ? game.forcedMove() : -1;
    if (forced >= 0) {
      moveBuf[b] = forced;
      count[depth] = 1;
    } else {
      count[depth] = pruned ? extras.searchMoves!(moveBuf, b) : game.moves(moveBuf, b);
    }
    if (redundant !== undefined && depth > 0) {
      const last = moveBuf[base[depth - 1] + next[depth - 1] - 1];
      let n = b;
      for (let t = b; t < b + count[depth]; t++) if (!redundant(last, moveBuf[t])) moveBuf[n++] = moveBuf[t];
      count[depth] = n - b;
    }
    return true;
  };
  const outOfMemory = (): SearchResult => {
    unwind();
    return { outcome: 'unknown', limit: 'memory', stats: stats() };
  };

  if (!expand()) return outOfMemory();
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
    if (deadFirst && isDead()) {
      game.unmake(m);
      continue;
    }
    let slot = table.insert(key, game.key(key));
    if (slot === FULL && evict) slot = makeRoom(m);
    if (slot === FULL) {
      game.unmake(m);
      unwind();
      return { outcome: 'unknown', limit: 'memory', stats: stats() };
    }
    // What the state is worth keeping, for evictLowest().
    if (evict) table.values[slot] = worth(table.found, slot, depth + 1);
    if (table.found || (!deadFirst && isDead())) {
      game.unmake(m);
      continue;
    }
    depth++;
    if (depth > maxDepth) maxDepth = depth;
    if (!expand()) return outOfMemory();
  }
}
