import { grown } from '../../../search/grow.js';
import {
  END,
  TO_F,
  FROM_HAND,
  FROM_STOCK,
  FROM_TAB,
  HAND,
  MAX_MOVES,
  PASS,
  type PilPosition,
  STOCK,
  TAB,
  TO_OSTOCK,
  TO_TAB,
  WASTE,
  moveCard,
  moveFrom,
  moveTo,
  packMove,
} from '../position.js';

// The evaluation and the search over one player's own moves within a turn, shared by the
// planner (planner.ts) and the expert (expert.ts).

const W_STOCK = 4;
const W_HAND = 1;
const W_TAB = 2;
export const WIN = 1e6;

/** How much player p still has to shed, weighted: a stock card can only leave from the top, so
 *  it costs most; own tableau cards must leave too under the win rule [D]. */
function burden(pos: PilPosition, p: number): number {
  let t = 0;
  if (pos.rule === 'cleared') for (let k = 0; k < 4; k++) t += pos.len[TAB + 4 * p + k];
  return W_STOCK * pos.len[STOCK + p] + W_HAND * (pos.len[HAND + p] + pos.len[WASTE + p]) + W_TAB * t;
}

/** Whether player p's stock top can move right now (an opening for p's next turn). */
export function stockOpen(pos: PilPosition, p: number): boolean {
  const c = pos.top(STOCK + p);
  if (c < 0) return false;
  if (pos.foundationFor(c) >= 0) return true;
  if (pos.fitsLoad(c, STOCK + 1 - p) || pos.fitsLoad(c, WASTE + 1 - p)) return true;
  for (let t = 0; t < 8; t++) if (pos.fitsTableau(c, t)) return true;
  return false;
}

/** Scores a position for player `me` (higher is better). */
export type Evaluator = (pos: PilPosition, me: number) => number;

/** The score of a position for player `me` (higher is better). */
export function evaluate(pos: PilPosition, me: number): number {
  if (pos.winner >= 0) return pos.winner === me ? WIN : -WIN;
  const opp = 1 - me;
  let s = burden(pos, opp) - burden(pos, me);
  // The player to move gets the empty piles and an open stock top first.
  let empties = 0;
  for (let t = 0; t < 8; t++) if (pos.len[TAB + t] === 0) empties++;
  const sign = pos.turn === me ? 1 : -1;
  s += sign * (1.5 * empties + (stockOpen(pos, pos.turn) ? 3 : 0));
  return s;
}

/** evaluate(pos after the mover's `end` or `pass`, me), without making the move: ending the turn
 *  moves the hand card to the own waste (hand and waste weigh the same) and may turn the other
 *  player's waste over into its hand (the same count); it changes only whose turn it is, and so
 *  the own waste top the other's stock top may be loaded onto. */
export function evaluateStop(pos: PilPosition, me: number): number {
  if (pos.winner >= 0) return pos.winner === me ? WIN : -WIN;
  const opp = 1 - me;
  const s = burden(pos, opp) - burden(pos, me);
  let empties = 0;
  for (let t = 0; t < 8; t++) if (pos.len[TAB + t] === 0) empties++;
  const sign = opp === me ? 1 : -1;
  return s + sign * (1.5 * empties + (stockOpenAfterStop(pos, opp) ? 3 : 0));
}

/** stockOpen(pos after the mover's end or pass, p) where p is the other player: p's stock
 *  top may go onto the mover's waste top, which `end` makes the hand card. */
function stockOpenAfterStop(pos: PilPosition, p: number): boolean {
  const c = pos.top(STOCK + p);
  if (c < 0) return false;
  if (pos.foundationFor(c) >= 0) return true;
  const q = 1 - p;
  if (pos.fitsLoad(c, STOCK + q)) return true;
  // The waste top after the stop: the hand card after `end`, the waste top after `pass`.
  if (pos.len[HAND + q] > 0 ? pos.fitsLoad(c, HAND + q) : pos.fitsLoad(c, WASTE + q)) return true;
  for (let t = 0; t < 8; t++) if (pos.fitsTableau(c, t)) return true;
  return false;
}

export const MAX_DEPTH = 120;
const NO_PILE = 255;
/** The wide breadth-first search's positions at most (TurnSearch.wideBfs), besides the search's
 *  own budget: a larger search would spend more on it than on its search. */
const WIDE_CAP = 3000;
const LINE = MAX_DEPTH + 2;

/** Positions at the end of the own turns a strategy has already played, by key, with how often:
 *  a turn that would end in one of them again is scored lower (`PENALTY` a time), so that a
 *  player in a loop tries something else instead of ending turns that change nothing. Forgotten
 *  when a card reaches a foundation or a stock card is turned up (nothing earlier can recur). */
export class TurnMemory {
  static readonly PENALTY = 3;
  private seen = new Map<number, number>();
  private mark = Number.NaN;
  /** Call with the position the turn ended in (the opponent to move). */
  add(pos: PilPosition): void {
    this.sync(pos);
    const k = pos.keys.symmetricKey();
    this.seen.set(k, (this.seen.get(k) ?? 0) + 1);
  }
  /** Whether a turn ending from pos (with the same cards on the foundations and as many stock
   *  cards face down) could be penalized: false when nothing is remembered for it. */
  holds(pos: PilPosition): boolean {
    return this.seen.size > 0 && pos.progress() === this.mark;
  }
  penalty(pos: PilPosition): number {
    if (pos.progress() !== this.mark) return 0;
    const n = this.seen.get(pos.keys.symmetricKey());
    return n === undefined ? 0 : n * TurnMemory.PENALTY;
  }
  sync(pos: PilPosition): void {
    if (pos.progress() !== this.mark) {
      this.seen.clear();
      this.mark = pos.progress();
    }
  }
}

/** Whether move m (of the mover in pos) turns up a hidden card: the next hand card, or a
 *  face-down stock card. */
export function turnsUp(pos: PilPosition, m: number): boolean {
  if (m === END || m === PASS) return false;
  const from = moveFrom(m);
  if (from === FROM_HAND) return true;
  const n = pos.len[STOCK + pos.turn];
  return from === FROM_STOCK && n >= 2 && n - 2 < pos.down[pos.turn];
}

/** Whether the mover's view after move m differs from the position a search from the view
 *  foresees there: a hidden card comes up (turnsUp), or a waste of two or more cards is turned
 *  over into the hand (the view shows its top only). The last hand card played turns up nothing
 *  when the waste is empty or holds one card (which comes up, known). A strategy following a
 *  line searches again after such a move. */
export function changesView(pos: PilPosition, m: number): boolean {
  if (m === END || m === PASS) return false;
  const p = pos.turn;
  if (moveFrom(m) === FROM_HAND) return pos.len[HAND + p] > 1 || pos.len[WASTE + p] > 1;
  return turnsUp(pos, m);
}

/** Moving a pile's only card to an empty pile changes nothing but whose pile it is: the turn
 *  search skips it (but from one of the mover's piles to one of the other's). */
function idle(pos: PilPosition, m: number, me: number): boolean {
  const to = moveTo(m),
    from = moveFrom(m);
  if (to < TO_TAB || to >= TO_OSTOCK || from < FROM_TAB) return false;
  const src = from - FROM_TAB,
    dst = to - TO_TAB;
  if (src >> 2 === me && dst >> 2 !== me) return false;
  return pos.len[TAB + src] === 1 && pos.len[TAB + dst] === 0;
}

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

/** Positions by Zobrist key, numbered in the order added: open addressing on the two key words,
 *  each slot stamped with the round that wrote it, so that a new round forgets the old entries
 *  without clearing them. */
class KeyTable {
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
 *  Shortest lines. The depth-first walk reaches a position by whatever path it happened to take,
 *  often a long detour of tableau cards moved back and forth. A kept line is therefore cut at its
 *  first move that changes the mover's view (changesView: a card turned up), or before its
 *  `end`/`pass`/win if it has none; the part before the cut, from the root to position S, is
 *  replaced by a shortest path to S or to S with a side's piles in another order (the table's
 *  positions): the shorter of what a breadth-first search finds over the moves the search
 *  explored, and over all moves (wideBfs, within the search's budget). The rest of the line is
 *  kept as found, its piles renamed to match: it is never played as it is (below).
 *  Why this loses nothing (the dominance): a strategy follows a line only up to its first move
 *  that changes its view — the view after it differs from what the search foresaw, so the
 *  strategy searches again there (LinePlan) — and what it does from then on depends only on the
 *  position it is in and on its turn memory, which changes only when a turn ends. Both paths end
 *  in S (or its renaming π(S)) and then play the same move (renamed), so they reach the same
 *  position (or its renaming, which has the same futures and scores, above): the game goes on
 *  as after the longer path, with fewer moves. No path from the root to S
 *  changes the view on the way: only hand cards and stock cards played can, nothing is put on
 *  the mover's hand, waste or stock within a turn, so whether the k-th hand card (or stock card)
 *  played changes the view depends on k alone, and every path from the root to S plays as many
 *  of each as the line did, none of which changed the view. And no played line comes back to a
 *  position of the same turn: a shortest path visits no position twice, and the positions on
 *  either side of a move that changes the view differ in the count of the mover's hand and
 *  waste cards or of its face-down stock cards, which never grow within a turn. */
export class TurnSearch {
  private buf = new Int32Array(MAX_MOVES * (MAX_DEPTH + 1));
  private path = new Int32Array(LINE);
  /** The explored position at each depth of the current path (0 is the root). */
  private pathNode = new Int32Array(LINE + 1);
  /** The depth of the first move of the current path that turns up a card, or -1. */
  private firstUp = -1;
  /** The positions explored, numbered in the order found (the root is 0). */
  private tt = new KeyTable();
  /** Each explored position's key words, by number. */
  private nodeK1 = new Int32Array(1024);
  private nodeK2 = new Int32Array(1024);
  /** Each explored position's pile bottoms as first met (NO_PILE: empty), 8 a position. */
  private bottoms = new Uint8Array(8 * 1024);
  /** Scratch for permute. */
  private perm = new Int32Array(8);
  /** Explored moves: from node eFrom[i] by move eMove[i] to node eTo[i]. */
  private eFrom = new Int32Array(1024);
  private eTo = new Int32Array(1024);
  private eMove = new Int32Array(1024);
  private edges = 0;
  /** The breadth-first tree from the root over the explored moves. */
  private parent = new Int32Array(0);
  private parentMove = new Int32Array(0);
  private dist = new Int32Array(0);
  private start = new Int32Array(0);
  private fill = new Int32Array(0);
  private adj = new Int32Array(0);
  private queue = new Int32Array(0);
  /** Scratch for bfs: the positions it must reach. */
  private wanted = new Uint8Array(0);
  /** The wide breadth-first search (wideBfs): its table, and per position found its parent, the
   *  move from there and its depth; where it found each kept line's cut position. */
  private bt = new KeyTable();
  private wParent = new Int32Array(1024);
  private wMove = new Int32Array(1024);
  private wDepth = new Int32Array(1024);
  private wPath = new Int32Array(LINE);
  /** Scratch for tighten. */
  private trial = new Int32Array(LINE);
  private kh1 = new Int32Array(LINE + 1);
  private kh2 = new Int32Array(LINE + 1);
  private wideAt: Int32Array;
  private nodes = 0;
  private budget = 0;
  private me = 0;
  private pos!: PilPosition;
  private memory: TurnMemory | null = null;
  /** The kept lines as found: lines[i*LINE ..] of length lens[i], scored scores[i]; best first. */
  readonly lines: Int32Array;
  readonly lens: Int32Array;
  readonly scores: Float64Array;
  /** Per kept line: the length of the part replaced by a shortest path, and the position its
   *  end reaches (S above). */
  private cutAt: Int32Array;
  private cutNode: Int32Array;
  /** The lines as returned: the found ones with their first part shortened. */
  private short: Int32Array;
  private shortLens: Int32Array;
  count = 0;

  /** `shortLines` false: line(i) is the line as found (for searches whose lines are only tried
   *  up to their first card turned up, where any path there does as well). */
  constructor(
    readonly keep = 1,
    private readonly scoreOf: Evaluator = evaluate,
    private readonly shortLines = true,
    /** The plain search, for comparisons: exact keys, moves in generation order. */
    private readonly plain = false,
  ) {
    this.lines = new Int32Array(keep * LINE);
    this.lens = new Int32Array(keep);
    this.scores = new Float64Array(keep);
    this.cutAt = new Int32Array(keep);
    this.cutNode = new Int32Array(keep);
    this.short = new Int32Array(keep * LINE);
    this.shortLens = new Int32Array(keep).fill(-1);
    this.wideAt = new Int32Array(keep);
  }

  /** Positions the last run searched. */
  get searched(): number {
    return this.nodes;
  }

  /** Whether the last run left positions unexplored (its budget or MAX_DEPTH reached): if
   *  not, it found the best score reachable. */
  truncated = false;

  /** Searches from pos (restored afterwards) for its mover; returns the number of lines kept. */
  run(pos: PilPosition, budget: number, memory: TurnMemory | null = null): number {
    this.pos = pos;
    this.me = pos.turn;
    this.budget = budget;
    this.memory = memory;
    this.nodes = 0;
    this.truncated = false;
    this.count = 0;
    this.edges = 0;
    this.shortLens.fill(-1);
    this.firstUp = -1;
    // Table entries are at most budget + 1: a position enters the table only to be searched.
    this.tt.reset(budget + 1);
    this.find(pos);
    this.pathNode[0] = 0;
    this.search(0);
    if (this.shortLines) {
      this.bfs();
      this.wideBfs();
    }
    return this.count;
  }

  /** The number of pos among the explored positions, adding it if it is new (KeyTable.find);
   *  positions equal up to the order of a side's tableau piles are one (PilKeys.symKey).
   *  A new position's pile bottoms are kept, to map its moves onto the same position with the
   *  piles in another order (permute). */
  private find(pos: PilPosition): number {
    this.keyOf(pos);
    const v = this.tt.find(pos.keys.s1, pos.keys.s2);
    if (v < 0) this.record(~v, pos);
    return v;
  }

  /** Keeps new explored position n's key (pos.keys.s1, pos.keys.s2) and pile bottoms (only shortening
   *  reads them); pos is it. */
  private record(n: number, pos: PilPosition): void {
    if (n >= this.nodeK1.length) {
      this.nodeK1 = grown(this.nodeK1, n + 1);
      this.nodeK2 = grown(this.nodeK2, n + 1);
      this.bottoms = grown(this.bottoms, 8 * (n + 1));
    }
    this.nodeK1[n] = pos.keys.s1;
    this.nodeK2[n] = pos.keys.s2;
    if (this.shortLines)
      for (let t = 0; t < 8; t++) this.bottoms[8 * n + t] = pos.len[TAB + t] > 0 ? pos.at(TAB + t, 0) : NO_PILE;
  }

  /** Sets pos.keys.s1, pos.keys.s2 to the key the tables use: symKey, or the exact key when plain. */
  private keyOf(pos: PilPosition): void {
    if (this.plain) {
      pos.keys.s1 = pos.keys.h1;
      pos.keys.s2 = pos.keys.h2;
    } else pos.keys.symKey();
  }

  /** Sets perm[t] to the pile of pos that holds what pile t holds in explored position `node`
   *  as the search first met it, which must equal pos up to the order of each side's piles. A
   *  pile is known by its bottom card (cards are unique); empty piles pair up in order. */
  private permute(node: number): void {
    const pos = this.pos,
      perm = this.perm;
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

  /** Move m of the explored position whose piles permute() mapped, as a move of pos. */
  private permuted(m: number): number {
    if (m === END || m === PASS) return m;
    let from = moveFrom(m),
      to = moveTo(m);
    if (from >= FROM_TAB) from = FROM_TAB + this.perm[from - FROM_TAB];
    if (to >= TO_TAB && to < TO_OSTOCK) to = TO_TAB + this.perm[to - TO_TAB];
    return packMove(from, to, moveCard(m));
  }

  private edge(from: number, to: number, m: number): void {
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

  /** Kept line i, its part up to the first card turned up shortened (see the class comment).
   *  Shortened when first asked for (a caller often needs a few of the kept lines), so the
   *  searched position must be as run() left it. */
  line(i: number): Int32Array {
    if (!this.shortLines) return this.foundLine(i);
    if (this.shortLens[i] < 0) this.shorten(i);
    return this.short.subarray(i * LINE, i * LINE + this.shortLens[i]);
  }

  /** The line as the depth-first search found it. */
  foundLine(i: number): Int32Array {
    return this.lines.subarray(i * LINE, i * LINE + this.lens[i]);
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
      n = this.dist[this.cutNode[i]];
      const via = this.trial;
      for (let v = this.cutNode[i], k = n; v !== 0; v = this.parent[v]) {
        this.short[at + --k] = this.parentMove[v];
        via[k] = this.parent[v];
      }
      for (let k = 0; k < n; k++) {
        this.permute(via[k]);
        const m = this.permuted(this.short[at + k]);
        this.short[at + k] = m;
        pos.make(m);
      }
      for (let k = n - 1; k >= 0; k--) pos.unmake(this.short[at + k]);
    }
    n = this.tighten(this.short, at, n);
    const cut = this.cutAt[i],
      len = this.lens[i];
    // n <= cut: the found path is one of the paths the breadth-first searches compared. The
    // rest of the line goes on from the cut's position as first met, so its moves are mapped
    // onto the piles as the shortened path leaves them.
    for (let k = 0; k < n; k++) pos.make(this.short[at + k]);
    this.permute(this.cutNode[i]);
    for (let k = cut; k < len; k++) this.short[at + n + k - cut] = this.permuted(this.lines[at + k]);
    for (let k = n - 1; k >= 0; k--) pos.unmake(this.short[at + k]);
    this.shortLens[i] = n + len - cut;
  }

  /** Shortens the path a[at..at+n) from the root (pos, restored) to its end position S, where
   *  the breadth-first searches ran out of budget: drops a move, or merges a card's move with
   *  its next one (X>Y then Y>Z becomes X>Z, or nothing if Z is X), whenever the rest still reaches S by legal moves
   *  that change no view; then cuts out any stretch that comes back to a position already on
   *  the path. Returns the new length. Any such path is as good as the first (the dominance in
   *  the class comment). */
  private tighten(a: Int32Array, at: number, n: number): number {
    if (n < 2) return n;
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
    // Loops: a position met twice on the path, and everything between. The key of each
    // position on the path (kh1, kh2 at j: after the first j moves), cut along with the path.
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
    for (let i = 0; i < this.count; i++) far = Math.max(far, this.dist[this.cutNode[i]] - 1);
    if (far < 1) return;
    const bt = this.bt;
    const cap = Math.min(this.budget, WIDE_CAP);
    bt.reset(cap + MAX_MOVES);
    this.keyOf(pos);
    bt.find(pos.keys.s1, pos.keys.s2);
    this.wAdd(0, -1, 0, 0);
    let cur = 0,
      left = this.count;
    for (let x = 0; x < bt.size && left > 0 && bt.size < cap; x++) {
      const d = this.wDepth[x];
      if (d >= far) break;
      cur = this.goTo(cur, x);
      const n = pos.moves(this.buf, 0);
      for (let j = 0; j < n && left > 0; j++) {
        const m = this.buf[j];
        if (m === END || m === PASS || idle(pos, m, me) || changesView(pos, m)) continue;
        const made = this.plain || !pos.keys.childSymKey(pos, m);
        if (made) {
          pos.make(m);
          this.keyOf(pos);
        }
        const a = pos.keys.s1,
          b = pos.keys.s2;
        const v = bt.find(a, b);
        if (v < 0) {
          const y = ~v;
          this.wAdd(y, x, m, d + 1);
          for (let i = 0; i < this.count; i++) {
            const c = this.cutNode[i];
            if (this.wideAt[i] < 0 && this.nodeK1[c] === a && this.nodeK2[c] === b && d + 1 < this.dist[c]) {
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

  /** Breadth-first search from the root over the explored moves: parent[v] and parentMove[v]
   *  give a shortest path to every explored position v. */
  private bfs(): void {
    const nn = this.tt.size,
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
    // Only the kept lines' cut positions and the paths to them are read: the search stops
    // once it has reached them all (what it found up to then is as without the stop).
    if (this.wanted.length < nn) this.wanted = grown(this.wanted, nn);
    const wanted = this.wanted;
    let left = 0;
    for (let i = 0; i < this.count; i++) {
      const c = this.cutNode[i];
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
    for (let i = 0; i < this.count; i++) wanted[this.cutNode[i]] = 0;
  }

  /** Keeps the line path[0..depth) + last if it scores better than a kept one (ties: the
   *  first found stays ahead). */
  private improve(score: number, depth: number, last: number): void {
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
      path = this.path,
      at = i * LINE;
    for (let k = 0; k < depth; k++) lines[at + k] = path[k];
    let n = depth;
    if (last >= 0) this.lines[i * LINE + n++] = last;
    this.lens[i] = n;
    const cut = this.firstUp >= 0 ? this.firstUp : depth;
    this.cutAt[i] = cut;
    this.cutNode[i] = this.pathNode[cut];
  }

  private search(depth: number): void {
    const pos = this.pos,
      me = this.me;
    this.nodes++;
    if (pos.winner >= 0) {
      this.improve(pos.winner === me ? WIN - depth : -WIN, depth, -1);
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
    this.improve(s, depth, stop);
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
        this.keyOf(pos);
      }
      const v = this.tt.find(pos.keys.s1, pos.keys.s2);
      if (v >= 0) {
        this.edge(u, v, m);
        if (made) pos.unmake(m);
        continue;
      }
      if (!made) pos.make(m);
      this.record(~v, pos);
      this.edge(u, ~v, m);
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

/** A line being played: followed move by move while the view matches what the line expects
 *  (a hidden card turned up makes it differ; then the strategy searches again). */
export class LinePlan {
  private moves = new Int32Array(LINE);
  private len = 0;
  private at = 0;
  private expectKey = -1;

  /** Whether the plan's next move applies to pos (the current view, hidden cards unknown). */
  applies(pos: PilPosition): boolean {
    return this.at < this.len && pos.key() === this.expectKey && pos.isLegal(this.moves[this.at]);
  }

  set(line: Int32Array): void {
    this.moves.set(line);
    this.len = line.length;
    this.at = 0;
  }

  /** Plays the next move on pos and returns it; a turn's end goes into the memory. A move that
   *  turns up a card ends the plan: the line was shortened only up to there (TurnSearch). */
  next(pos: PilPosition, memory: TurnMemory): number {
    const m = this.moves[this.at++];
    if (changesView(pos, m)) this.len = this.at;
    pos.make(m);
    this.expectKey = pos.key();
    if (m === END || m === PASS) memory.add(pos);
    return m;
  }
}
