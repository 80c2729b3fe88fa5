import {
  END,
  FROM_HAND,
  FROM_STOCK,
  FROM_TAB,
  HAND,
  MAX_MOVES,
  PASS,
  type PilPosition,
  TO_F,
  TO_OSTOCK,
  TO_TAB,
  moveFrom,
  moveTo,
} from '../position.js';
import { ExploredGraph } from './explored.js';
import { LineShortener } from './shortest-lines.js';
import {
  type Evaluator,
  LINE,
  MAX_DEPTH,
  type TurnMemory,
  WIN,
  changesView,
  evaluate,
  evaluateStop,
  idle,
} from './turn.js';

// The search over one player's own moves within a turn, shared by the planner (planner.ts) and
// the expert (expert.ts).

/** The order in which the turn search tries the moves of a position (higher first): a bounded
 *  depth-first search spends its budget below the moves it tries first, so the moves that shed
 *  the mover's cards (rule a onto a foundation, the stock top, loads onto the other's stock or
 *  waste, own pile cards onto the other's piles, the hand card) go before rearranging piles.
 *  No move is left out: with budget to spare the search reaches the same positions. */
function prio(m: number, me: number): number {
  if (m === END || m === PASS) return 0;
  const from = moveFrom(m),
    to = moveTo(m);
  const fromOwn = from < FROM_TAB || (from - FROM_TAB) >> 2 === me;
  if (to === TO_F) return fromOwn ? 6 : 1;
  if (from === FROM_STOCK) return 6;
  if (to >= TO_OSTOCK) return 5;
  if (from === FROM_HAND) return 4;
  const toOwn = (to - TO_TAB) >> 2 === me;
  if (fromOwn && !toOwn) return 5;
  if (fromOwn === toOwn) return 2;
  return 1;
}
const PRIO_LEVELS = 7;
/** PRIO_LEVELS - 1 - prio by mover and the move's low byte (its source and target): prio reads
 *  nothing else of a move but whether it is `end` or `pass`. */
const RANK_OF = new Uint8Array(2 * 256);
for (let me = 0; me < 2; me++)
  for (let from = 0; from < 16; from++)
    for (let to = 0; to < 16; to++) RANK_OF[me * 256 + (to << 4) + from] = PRIO_LEVELS - 1 - prio(from | (to << 4), me);
const LAST = PRIO_LEVELS - 1 - prio(END, 0);
const sortBuf = new Int32Array(MAX_MOVES);
const prioBuf = new Int32Array(MAX_MOVES);
const levelAt = new Int32Array(PRIO_LEVELS + 1);
/** Sorts buf[off..off+n) by prio, highest first, keeping the order of equal ones (a counting
 *  sort: the levels are few). */
function orderMoves(buf: Int32Array, off: number, n: number, me: number): void {
  for (let l = 0; l <= PRIO_LEVELS; l++) levelAt[l] = 0;
  const row = me * 256;
  for (let i = 0; i < n; i++) {
    const m = buf[off + i];
    const p = m >= END ? LAST : RANK_OF[row + (m & 0xff)];
    prioBuf[i] = p;
    levelAt[p + 1]++;
  }
  for (let l = 0; l < PRIO_LEVELS; l++) levelAt[l + 1] += levelAt[l];
  for (let i = 0; i < n; i++) sortBuf[levelAt[prioBuf[i]]++] = buf[off + i];
  for (let i = 0; i < n; i++) buf[off + i] = sortBuf[i];
}

/** Depth-first search over the mover's move sequences within the turn. Positions already
 *  searched are skipped via a transposition table; the search stops after `budget` positions.
 *  The moves of a position are tried in the order of prio (shedding the mover's cards first).
 *  Every reachable position is scored as if the turn ended there (minus the
 *  memory's penalty), and the best `keep` lines are kept, best first, each ending in `end`,
 *  `pass` or a win, by `scoreOf` (the planner's evaluate unless told). Hidden cards may be
 *  UNKNOWN (then no line uses them) or a determinization.
 *
 *  One entry for a position and its pile permutations. The table's key (PilKeys.symKey) is
 *  the same for positions that differ only in which of a side's four tableau piles holds which
 *  cards, so the search explores one of them. Why this loses nothing (the dominance): for such
 *  a pair P and Q = π(P), π renaming piles within each side, every move m of P has the move
 *  π(m) of Q (the rules name no pile: a card goes onto any pile whose top fits, or any empty
 *  one, and leaves from any top), and π(P after m) = Q after π(m); the evaluations (evaluate,
 *  the expert's) count cards, empty piles and fits over all piles of a side alike, the win rule
 *  reads a side's four piles together, and the turn memory keeps the same key. So the positions
 *  reachable from Q are the renamed ones reachable from P, with the same scores: the best
 *  score reachable from either is the same. A line through a position met as Q while the
 *  search had explored P goes on with the renamed moves (permute, permuted).
 *
 *  With `shortLines`, a kept line's first part, up to its first move that turns up a card, is
 *  replaced by a shortest path to the same position (shortest-lines.ts) when first asked for. */
export class TurnSearch {
  private readonly buf = new Int32Array(MAX_MOVES * (MAX_DEPTH + 1));
  private readonly path = new Int32Array(LINE);
  /** The explored position at each depth of the current path (0 is the root). */
  private readonly pathNode = new Int32Array(LINE + 1);
  /** The depth of the first move of the current path that turns up a card, or -1. */
  private firstUp = -1;
  /** The positions explored and the moves between them. */
  private readonly explored: ExploredGraph;
  private readonly kept: KeptLines;
  /** Shortens the kept lines (null: they are returned as found). */
  private readonly shortener: LineShortener | null;
  private nodes = 0;
  private budget = 0;
  private me = 0;
  private pos!: PilPosition;
  private memory: TurnMemory | null = null;
  /** Whether the last run left positions unexplored (its budget or MAX_DEPTH reached): if
   *  not, it found the best score reachable. */
  truncated = false;

  /** `shortLines` false: line(i) is the line as found (for searches whose lines are only tried
   *  up to their first card turned up, where any path there does as well). */
  constructor(
    keep = 1,
    private readonly scoreOf: Evaluator = evaluate,
    shortLines = true,
    /** The plain search, for comparisons: exact keys, moves in generation order. */
    private readonly plain = false,
  ) {
    this.kept = new KeptLines(keep);
    this.explored = new ExploredGraph(plain, shortLines);
    this.shortener = shortLines ? new LineShortener(this.explored, this.kept) : null;
  }

  /** Positions the last run searched. */
  get searched(): number {
    return this.nodes;
  }

  /** The kept lines' scores, best first. */
  get scores(): Float64Array {
    return this.kept.scores;
  }

  /** Searches from pos (restored afterwards) for its mover; returns the number of lines kept. */
  run(pos: PilPosition, budget: number, memory: TurnMemory | null = null): number {
    this.pos = pos;
    this.me = pos.turn;
    this.budget = budget;
    this.memory = memory;
    this.nodes = 0;
    this.truncated = false;
    this.kept.count = 0;
    this.firstUp = -1;
    // Table entries are at most budget + 1: a position enters the table only to be searched.
    this.explored.reset(budget + 1);
    this.pathNode[0] = this.explored.addRoot(pos);
    this.search(0);
    this.shortener?.prepare(pos, budget);
    return this.kept.count;
  }

  /** Kept line i, shortened (shortest-lines.ts) unless the search was made without. The
   *  searched position must be as run() left it. */
  line(i: number): Int32Array {
    return this.shortener ? this.shortener.line(i) : this.kept.line(i);
  }

  /** The line as the depth-first search found it. */
  foundLine(i: number): Int32Array {
    return this.kept.line(i);
  }

  private search(depth: number): void {
    const pos = this.pos,
      me = this.me,
      explored = this.explored;
    this.nodes++;
    if (pos.winner >= 0) {
      this.kept.improve(pos.winner === me ? WIN - depth : -WIN, this.path, depth, -1, this.pathNode, this.firstUp);
      return;
    }
    const stop = pos.len[HAND + me] > 0 ? END : PASS;
    let s: number;
    if (this.scoreOf === evaluate && !this.memory?.holds(pos)) s = evaluateStop(pos, me);
    else {
      pos.make(stop);
      s = this.scoreOf(pos, me);
      if (this.memory) s -= this.memory.penalty(pos);
      pos.unmake(stop);
    }
    this.kept.improve(s, this.path, depth, stop, this.pathNode, this.firstUp);
    if (this.nodes >= this.budget || depth >= MAX_DEPTH) {
      this.truncated = true;
      return;
    }
    const u = this.pathNode[depth];
    const off = depth * MAX_MOVES;
    const n = pos.moves(this.buf, off);
    if (!this.plain) orderMoves(this.buf, off, n, me);
    for (let i = off; i < off + n; i++) {
      const m = this.buf[i];
      if (m === END || m === PASS || idle(pos, m, me)) continue;
      const up = this.firstUp < 0 && changesView(pos, m);
      // A position already explored is found by its key alone, without making the move (but
      // for the rare move whose key childSymKey does not follow).
      const made = this.plain || !pos.keys.childSymKey(pos, m);
      if (made) {
        pos.make(m);
        explored.keyOf(pos);
      }
      const v = explored.find(pos.keys.s1, pos.keys.s2);
      if (v >= 0) {
        explored.edge(u, v, m);
        if (made) pos.unmake(m);
        continue;
      }
      if (!made) pos.make(m);
      explored.record(~v, pos);
      explored.edge(u, ~v, m);
      this.path[depth] = m;
      this.pathNode[depth + 1] = ~v;
      if (up) this.firstUp = depth;
      this.search(depth + 1);
      if (up) this.firstUp = -1;
      pos.unmake(m);
      if (this.nodes >= this.budget) return;
    }
  }
}

/** The best lines a search found, best first: lines[i*LINE ..] of length lens[i], scored
 *  scores[i]. Each is cut at its first move that changes the mover's view, or before its
 *  `end`/`pass`/win: cutAt[i] moves lead from the root to explored position cutNode[i], the
 *  part a shortest path may replace (shortest-lines.ts). */
export class KeptLines {
  readonly lines: Int32Array;
  readonly lens: Int32Array;
  readonly scores: Float64Array;
  readonly cutAt: Int32Array;
  readonly cutNode: Int32Array;
  count = 0;

  constructor(readonly keep: number) {
    this.lines = new Int32Array(keep * LINE);
    this.lens = new Int32Array(keep);
    this.scores = new Float64Array(keep);
    this.cutAt = new Int32Array(keep);
    this.cutNode = new Int32Array(keep);
  }

  /** Line i as found. */
  line(i: number): Int32Array {
    return this.lines.subarray(i * LINE, i * LINE + this.lens[i]);
  }

  /** Keeps the line path[0..depth) + last (none if -1) if it scores better than a kept one
   *  (ties: the first found stays ahead). Its cut is at the first move that turned up a card,
   *  depth `firstUp` (-1: none), and pathNode holds the explored position at each depth. */
  improve(score: number, path: Int32Array, depth: number, last: number, pathNode: Int32Array, firstUp: number): void {
    let i = this.count;
    if (i === this.keep) {
      if (score <= this.scores[i - 1]) return;
      i--;
    } else this.count++;
    while (i > 0 && this.scores[i - 1] < score) {
      this.scores[i] = this.scores[i - 1];
      this.lens[i] = this.lens[i - 1];
      this.cutAt[i] = this.cutAt[i - 1];
      this.cutNode[i] = this.cutNode[i - 1];
      this.lines.copyWithin(i * LINE, (i - 1) * LINE, (i - 1) * LINE + this.lens[i - 1]);
      i--;
    }
    this.scores[i] = score;
    const lines = this.lines,
      at = i * LINE;
    for (let k = 0; k < depth; k++) lines[at + k] = path[k];
    let n = depth;
    if (last >= 0) this.lines[i * LINE + n++] = last;
    this.lens[i] = n;
    const cut = firstUp >= 0 ? firstUp : depth;
    this.cutAt[i] = cut;
    this.cutNode[i] = pathNode[cut];
  }
}
