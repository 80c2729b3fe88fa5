import { type Rng, rngFromSeed, shuffleInPlace } from '../../../cards/shuffle.js';
import type { Poll } from '../../../search/limits.js';
import { solve } from '../../../search/solve.js';
import { BC_POLICY } from '../policy.js';
import { StateTable } from '../../../search/table.js';
import { FILL, R2T, S2F, S2TAL, T2T, moveCard, moveKind, packMove } from '../position.js';
import type { BcSearch } from '../search.js';
import { type BcView, DEAL, RESIGN, keyString } from '../view.js';
import { isLegal, tidyLine } from './lines.js';
import { PlannerStrategy } from './planner.js';
import type { Strategy, StrategyOptions } from './strategy.js';

// Monte Carlo over the hidden stock order ("determinization"). The sampler keeps `samples`
// guesses of the stock order, each a uniform shuffle of the cards not in sight (view.unseen()),
// so each is consistent with everything the player has seen. Each guess is solved by the
// solver under a small node budget; a solved guess holds a winning line for that world.
// A legal move wins a guess when the guess's line, with that move brought to the front, is
// still legal and reaches the same position (checked by replaying the moves that precede it
// and comparing exact keys) — so moves that merely commute with the line's first move count
// too. The sampler plays the move that wins most guesses; with none won it plays as the planner.
//
// Cost: lines are carried forward, so most decisions need no solve. After the chosen move, a
// guess that it wins keeps its rearranged line. When a card is turned, a guess that predicted it
// keeps its line; any other guess is repaired (the turned card swapped to the front, which keeps
// it a uniform shuffle of what is unseen) and keeps the part of its old line that is still
// legal in the repaired world; it is solved again — from where that line breaks — only when the
// break comes within HORIZON moves. A decision solves guesses only while its leading move could
// still be overtaken, and a game in which no guess has been won for HOPELESS decisions in a row
// is played on by the planner. (`npx tsx bench/strategies.ts --strategies sampler` prints the
// sample solves and solver nodes a game.)
//
// How many guesses a decision solves and when it stops is a SamplerTuning: the sampler's own
// is a fixed pool of `samples` guesses, solved until the leading move cannot be overtaken;
// hindsight.ts stops sooner where the decision is clear and draws more where it is close.

interface Sample {
  /** The guessed face-down stock, the next card first (length view.stockLeft). */
  stock: number[];
  /** A winning line from the current position in this world, or null (not solved yet). */
  line: number[] | null;
  /** Solved without success (unsolvable or over budget) at this guess: skip until redrawn. */
  failed: boolean;
  /** Candidate rearranged lines from the last decision, by view move. */
  credit: Map<number, number[]>;
  /** The line is only a legal prefix: the guess was repaired after a card was turned, and its
   *  old winning line broke at the end of `line` (solved again when that comes near). */
  broken: boolean;
}

/** The guides (heuristic.ts GUIDES) in the order the sample solves try them: by how many
 *  mid-game guesses each won within 3000 nodes in a small measurement (seeds 1 and 3). */
const ORDER = [3, 1, 2, 5, 0, 4, 7, 6];
/** After this many decisions in a row with every guess lost (or beyond the budget), the position
 *  is taken as lost in most worlds: the sampler plays on as the planner and stops paying for
 *  solves (a lost game would otherwise cost the most). */
const HOPELESS = 4;

/** A broken line shorter than this is solved again (from where it breaks) before it votes. */
const HORIZON = 24;

/** Reveal-free prefix scanned for candidate moves (a line's moves past its first turned card
 *  rest on the guess and are not compared). */
const MAX_PREFIX = 48;

/** How many guesses a decision solves, and when it stops. */
export interface SamplerTuning {
  /** Guesses drawn at the start of a game. */
  samples: number;
  /** The most guesses kept: a close decision draws more, up to this. */
  maxSamples: number;
  /** A decision stops once this many guesses are won and every one of them is won by the
   *  leading move (Infinity: never on agreement alone). */
  agree: number;
  /** A decision stops once the leading move leads the runner-up by this many votes. */
  lead: number;
  /** A decision in which this many guesses are solved without a win stops there. */
  giveUp: number;
  /** A repaired line that breaks within this many moves is solved again before it votes. */
  horizon: number;
  /** A decision at which no guess is won, hopeless or not, solves one fresh guess with this
   *  many times the node budget (at most once per card turned, `rescues` times a game; 0: never). */
  rescue: number;
  rescues: number;
  /** A decision at which no guess is won solves one guess with the full solver ('auto', as the
   *  batch solves a deal) at this many nodes, where the position has changed since the last such
   *  solve (a card home or turned); with the stock gone the guess is the position itself. A solve
   *  that ends unknown raises the next one's budget fourfold, up to `deepMax` (0: never). */
  deep: number;
  deepMax: number;
  /** The most nodes the deep solves of one game may spend in all (a game whose guesses keep
   *  failing would otherwise pay deepMax at every card home or turned). */
  deepBudget: number;
  /** Guesses a deep solve may try, each drawn afresh, until one is won (guesses differ much in
   *  how hard they are to solve). */
  deepTries: number;
  /** A solved line is cut short wherever it comes back to a position it passed (the solver's
   *  lines may wander: a card moved to a trench and back). The player may not return to a
   *  position met before, so a line through such a loop would break when followed. */
  loops: boolean;
  /** The node budget of a guess's solve when the options name none (default 8000). */
  nodes?: number;
}

export class SamplerStrategy implements Strategy {
  readonly name: string = 'sampler';
  private readonly nSamples: number;
  private readonly tuning: SamplerTuning;
  private readonly tag: string;
  /** view.unseen() of the current decision (a guess drawn mid-decision is drawn from it). */
  private unseenNow: number[] = [];
  private readonly nodes: number;
  private readonly budgetMs: number;
  private readonly poll: Poll | undefined;
  private readonly table = new StateTable(64 << 20);
  /** The position credits() replays lines on (no search runs on it). */
  private readonly scratch: { g: BcSearch | null } = { g: null };
  private searchG: BcSearch | null = null;
  private readonly fallback: PlannerStrategy;
  private rng: Rng;
  private samples: Sample[] = [];
  private prevUnseen: Int8Array | null = null;
  private prevStockLeft = 0;
  private last = RESIGN;
  /** Decisions in a row at which no guess was won; at HOPELESS the sampler stops solving. */
  private hopeless = 0;
  /** Rescue solves this game, and view.stockLeft at the last one. */
  private rescued = 0;
  private rescuedAt = -1;
  /** The next deep solve's budget, and the position's progress (cards home and turned) at the
   *  last one; -2 once the position itself is proved lost. */
  private deepNodes = 0;
  private deepAt = -1;
  private startMs = 0;
  /** Solver calls, and their milliseconds, this game (for measurements). */
  solves = 0;
  solveMs = 0;
  solveNodes = 0;
  solveFails = 0;
  /** The last decision: the guesses held, how many the chosen move won, and whether the planner
   *  chose it (no guess won by any move); `voted`: every move some guess won, with its votes. */
  lastDecision: { samples: number; votes: number; planner: boolean; voted: [number, number][] } = {
    samples: 0,
    votes: 0,
    planner: false,
    voted: [],
  };
  /** Of solves: those from where a repaired line breaks, and their nodes (for measurements). */
  tailSolves = 0;
  tailNodes = 0;
  /** Of solves: the deep ones, and their nodes. */
  deepSolves = 0;
  deepSpent = 0;
  /** Decisions with a choice, and those that solved a guess (for measurements). */
  choices = 0;
  choicesSolved = 0;

  constructor(
    private readonly seed: string,
    opts: StrategyOptions = {},
    tuning?: Partial<SamplerTuning>,
    tag = 'sampler',
  ) {
    this.nSamples = Math.max(1, opts.samples ?? tuning?.samples ?? 4);
    this.tuning = {
      samples: this.nSamples,
      maxSamples: Math.max(this.nSamples, opts.maxSamples ?? tuning?.maxSamples ?? this.nSamples),
      agree: tuning?.agree ?? Infinity,
      lead: tuning?.lead ?? Infinity,
      giveUp: tuning?.giveUp ?? Infinity,
      horizon: tuning?.horizon ?? HORIZON,
      rescue: tuning?.rescue ?? 0,
      rescues: tuning?.rescues ?? 0,
      deep: tuning?.deep ?? 0,
      deepMax: tuning?.deepMax ?? 0,
      deepBudget: tuning?.deepBudget ?? Infinity,
      deepTries: tuning?.deepTries ?? 1,
      loops: tuning?.loops ?? false,
    };
    this.nodes = opts.nodes ?? tuning?.nodes ?? 8000;
    this.budgetMs = opts.budgetMs ?? Infinity;
    this.poll = opts.poll;
    this.fallback = new PlannerStrategy(opts);
    this.tag = tag;
    this.rng = rngFromSeed(`${tag}:${seed}`);
  }

  start(): void {
    this.rng = rngFromSeed(`${this.tag}:${this.seed}`);
    this.fallback.start();
    this.samples = [];
    this.prevUnseen = null;
    this.last = RESIGN;
    this.hopeless = 0;
    this.rescued = 0;
    this.rescuedAt = -1;
    this.deepNodes = this.tuning.deep;
    this.deepAt = -1;
    this.solves = 0;
    this.solveMs = 0;
    this.solveNodes = 0;
    this.solveFails = 0;
    this.tailSolves = 0;
    this.tailNodes = 0;
    this.deepSolves = 0;
    this.deepSpent = 0;
    this.choices = 0;
    this.choicesSolved = 0;
    this.startMs = performance.now();
  }

  choose(view: BcView): number {
    this.sync(view);
    const legal = view.legal();
    if (legal.length === 0) return RESIGN;
    const t = this.tuning;
    const overBudget = performance.now() - this.startMs > this.budgetMs || this.hopeless >= HOPELESS;
    const votes = new Map<number, number>();
    const count = (s: Sample) => {
      s.credit = s.line ? credits(view, s.stock, s.line, legal, this.scratch, t.loops) : new Map();
      if (s.line && s.credit === TIDY) {
        // A carried line has come to a loop (a card moved and moved back, the moves between
        // played first), or to a position met before: cut it out, or route around it.
        s.line = tidyLine(this.at(view, s.stock), s.line, view.history);
        s.credit = s.line ? credits(view, s.stock, s.line, legal, this.scratch) : new Map();
      }
      for (const v of s.credit.keys()) votes.set(v, (votes.get(v) ?? 0) + 1);
    };
    // Guesses that still hold a line vote first; the others are solved one by one, until the
    // leading move cannot be overtaken by the guesses left (a clear decision needs few solves;
    // the unsolved guesses wait for the next decision, or are redrawn when a card is turned).
    const waiting: Sample[] = [];
    let won = 0;
    for (const s of this.samples) {
      if (this.needsSolve(s)) (s.credit = new Map()), waiting.push(s);
      else {
        count(s);
        if (s.credit.size > 0) won++;
      }
    }
    if (legal.length > 1 && !overBudget) {
      let solved = 0;
      this.choices++;
      for (let i = 0; ; i++) {
        // Guesses that could still vote: the waiting ones, and those the pool may still draw.
        const left = waiting.length - i + t.maxSamples - this.samples.length;
        if (left <= 0 || this.decided(votes, legal, left, won) || (solved >= t.giveUp && won === 0)) break;
        let s: Sample;
        if (i < waiting.length) s = waiting[i];
        else {
          s = this.draw(this.unseenNow);
          this.samples.push(s);
        }
        this.solveSample(view, s);
        if (solved++ === 0) this.choicesSolved++;
        count(s);
        if (s.credit.size > 0) won++;
      }
    }
    if (
      legal.length > 1 &&
      won === 0 &&
      this.rescued < t.rescues &&
      this.rescuedAt !== view.stockLeft &&
      performance.now() - this.startMs <= this.budgetMs
    ) {
      // Every guess lost or beyond the budget: one fresh guess gets a deeper search before the
      // planner takes over (late in a game a guess is nearly the whole truth).
      this.rescued++;
      this.rescuedAt = view.stockLeft;
      const s = this.draw(this.unseenNow);
      this.solveSample(view, s, this.nodes * t.rescue);
      count(s);
      const at = this.samples.findIndex((x) => x.failed || x.line === null);
      if (at >= 0) this.samples[at] = s;
      else if (this.samples.length < t.maxSamples) this.samples.push(s);
      else this.samples[0] = s;
    }
    if (
      legal.length > 1 &&
      won === 0 &&
      t.deep > 0 &&
      this.deepAt !== -2 &&
      this.deepSpent < t.deepBudget &&
      performance.now() - this.startMs <= this.budgetMs
    ) {
      const progress = view.foundTotal() * 128 + view.stockLeft;
      if (progress !== this.deepAt) {
        this.deepAt = progress;
        // With the stock gone every guess is the position itself: one solve says it all.
        const tries = view.stockLeft === 0 ? 1 : t.deepTries;
        let unknown = false;
        for (let i = 0; i < tries && won === 0 && this.deepSpent < t.deepBudget; i++) {
          const s = i < this.samples.length ? this.samples[i] : this.draw(this.unseenNow);
          if (i >= this.samples.length) this.samples.push(s);
          else if (i > 0 || view.stockLeft > 0) Object.assign(s, this.draw(this.unseenNow));
          const r = this.deepSolve(view.position(s.stock), Math.min(this.deepNodes, t.deepBudget - this.deepSpent));
          s.line = r.line && this.tidy(view, s.stock, r.line);
          s.broken = false;
          s.failed = s.line === null;
          if (s.line) {
            count(s);
            won++;
          } else if (r.lost && view.stockLeft === 0) this.deepAt = -2;
          else unknown ||= !r.lost;
        }
        if (won === 0 && unknown) this.deepNodes = Math.min(this.deepNodes * 4, t.deepMax);
      }
    }
    let best = RESIGN,
      bestVotes = 0;
    for (const m of legal) {
      const v = votes.get(m) ?? 0;
      if (v > bestVotes) (best = m), (bestVotes = v); // ties: the first in engine order (F plays first, DEAL last)
    }
    if (legal.length > 1) this.hopeless = best === RESIGN ? this.hopeless + 1 : 0;
    this.lastDecision = {
      samples: this.samples.length,
      votes: bestVotes,
      planner: best === RESIGN && legal.length > 1,
      voted: [...votes],
    };
    if (best === RESIGN) best = legal.length === 1 ? legal[0] : this.fallback.choose(view);
    this.last = best;
    return best;
  }

  /** Whether the decision is made: the leading move leads the runner-up by more than the
   *  `left` guesses that could still vote, or by the tuning's lead, or it wins every one of at
   *  least `agree` won guesses (`won`: guesses won by some move). */
  private decided(votes: Map<number, number>, legal: number[], left: number, won: number): boolean {
    let first = 0,
      second = 0;
    for (const m of legal) {
      const v = votes.get(m) ?? 0;
      if (v > first) (second = first), (first = v);
      else if (v > second) second = v;
    }
    const t = this.tuning;
    return first - second > left || first - second >= t.lead || (won >= t.agree && first === won);
  }

  /** Carries the guesses over the move just made and any card just turned. */
  private sync(view: BcView): void {
    const unseen = view.unseen();
    this.unseenNow = unseen;
    const counts = new Int8Array(52);
    for (const c of unseen) counts[c]++;
    if (this.prevUnseen === null) {
      this.samples = Array.from({ length: this.nSamples }, () => this.draw(unseen));
    } else {
      // The move just made, if any: a guess keeps its line when that move won it.
      const dealtPhase = view.dealt >= 0;
      for (const s of this.samples) {
        const line = s.credit.get(this.last) ?? null;
        s.line = line;
        if (line && !(this.last === DEAL && dealtPhase)) {
          // After DEAL with no choice the referee put the card on the talon: the line's first move
          // must be that. (In the dealt phase no move is made yet: the line starts with it.)
          if (this.last === DEAL && moveKind(line[0]) !== S2TAL) s.line = null;
          else s.line = line.slice(1);
        }
        s.credit = new Map();
      }
      const turned = this.prevStockLeft - view.stockLeft;
      if (turned > 0) {
        let revealed = -1;
        for (let c = 0; c < 52; c++) if (this.prevUnseen[c] > counts[c]) revealed = c;
        for (let i = 0; i < this.samples.length; i++) {
          const s = this.samples[i];
          if (turned === 1 && s.stock[0] === revealed) {
            s.stock = s.stock.slice(1);
            continue;
          }
          // The guess is refuted. Repair it: swap the turned card (one of its copies, at random)
          // to the front. A uniform shuffle repaired so is a uniform shuffle of what is still
          // unseen, and the old line, replayed in the repaired world, usually holds for a while:
          // only the tail after it breaks needs solving.
          const at: number[] = [];
          for (let j = 1; j < s.stock.length; j++) if (s.stock[j] === revealed) at.push(j);
          if (turned !== 1 || at.length === 0 || s.failed) {
            this.samples[i] = this.draw(unseen);
            continue;
          }
          const j = at[Math.floor(this.rng() * at.length)];
          s.stock[j] = s.stock[0];
          s.stock = s.stock.slice(1);
          s.failed = false;
          if (s.line) this.replayRepaired(view, s, s.line);
        }
      }
    }
    this.prevUnseen = counts;
    this.prevStockLeft = view.stockLeft;
  }

  private draw(unseen: number[]): Sample {
    return {
      stock: shuffleInPlace(unseen.slice(), this.rng),
      line: null,
      failed: false,
      credit: new Map(),
      broken: false,
    };
  }

  /** Keeps the longest legal prefix of `old` in the (repaired) world of `s`; a stock move
   *  takes whatever card this world deals. The prefix ends where a card that could go home would
   *  go onto the talon in place of the card the line was solved for: sending a card it never saw
   *  to the talon was no choice of the line's, and a card buried there comes back only through
   *  the reserve and a trench (the solver decides it again from there). */
  private replayRepaired(view: BcView, s: Sample, old: number[]): void {
    const g = this.at(view, s.stock);
    const done: number[] = [];
    for (const m0 of old) {
      const k = moveKind(m0);
      const c = g.pos.stock[g.pos.sp];
      const m = k === S2F || k === S2TAL ? packMove(k, 0, 0, c) : m0;
      if (k === S2TAL && c !== moveCard(m0) && isLegal(g, packMove(S2F, 0, 0, c))) break;
      if (!isLegal(g, m)) break;
      g.make(m);
      done.push(m);
    }
    s.line = done;
    s.broken = !g.won();
  }

  private needsSolve(s: Sample): boolean {
    return !s.failed && (s.line === null || (s.broken && s.line.length < this.tuning.horizon));
  }

  private solveSample(view: BcView, s: Sample, nodes = this.nodes): void {
    if (s.line && s.broken) {
      // Solve only from where the repaired line breaks.
      const g = this.searched(view, s.stock);
      for (const m of s.line) g.make(m);
      const n0 = this.solveNodes;
      const tail = this.runSolver(g, nodes);
      this.tailSolves++;
      this.tailNodes += this.solveNodes - n0;
      if (tail) {
        s.line = this.tidy(view, s.stock, [...s.line, ...tail]);
        s.broken = false;
        return;
      }
    }
    const line = this.runSolver(this.searched(view, s.stock), nodes);
    s.line = line && this.tidy(view, s.stock, line);
    s.broken = false;
    if (!s.line) s.failed = true;
  }

  /** The view's position in a guess's world, on the scratch position (lines replayed, no search). */
  private at(view: BcView, stock: number[]): BcSearch {
    return (this.scratch.g = view.position(stock, this.scratch.g ?? undefined));
  }

  /** The same on the position the guesses are searched on. */
  private searched(view: BcView, stock: number[]): BcSearch {
    return (this.searchG = view.position(stock, this.searchG ?? undefined));
  }

  /** The line without its loops and routed around the positions met before, when the tuning
   *  asks for that (tidyLine()); null when no route was found. */
  private tidy(view: BcView, stock: number[], line: number[]): number[] | null {
    return this.tuning.loops ? tidyLine(this.at(view, stock), line, view.history) : line;
  }

  /** The full solver on g's position within `nodes` ('auto', the batch's search). */
  private deepSolve(g: BcSearch, nodes: number): { line: number[] | null; lost: boolean } {
    this.solves++;
    this.deepSolves++;
    const t0 = performance.now();
    const r = solve(g, {
      maxNodes: nodes,
      memoryBytes: 64 << 20,
      policy: BC_POLICY,
      table: this.table,
      poll: this.poll,
    });
    this.solveNodes += r.stats.nodes;
    this.deepSpent += r.stats.nodes;
    this.solveMs += performance.now() - t0;
    if (r.outcome !== 'solved') this.solveFails++;
    return { line: r.outcome === 'solved' ? r.moves : null, lost: r.outcome === 'unsolvable' };
  }

  /** The solver under the sample's node budget (solveGuess()). */
  private runSolver(g: BcSearch, nodes: number): number[] | null {
    this.solves++;
    const t0 = performance.now();
    const r = solveGuess(g, nodes, this.table, this.poll);
    this.solveNodes += r.nodes;
    this.solveMs += performance.now() - t0;
    if (!r.line) this.solveFails++;
    return r.line;
  }
}

/** A guess solved as the sampler solves it: a short portfolio of greedy best-first runs of a
 *  few thousand nodes on the guides in ORDER until one wins, `nodes` in all. (The default
 *  'auto' search starts each guide at 20k nodes, which is more than a whole sample may spend;
 *  mid-game, a run that wins at all wins within a few thousand nodes, and guides fail on
 *  different guesses, so restarting beats pressing on.) `lost`: a run proved the guess lost. */
export function solveGuess(
  g: BcSearch,
  nodes: number,
  table: StateTable,
  poll?: Poll,
): { line: number[] | null; lost: boolean; nodes: number } {
  let left = nodes,
    line: number[] | null = null,
    lost = false;
  // A winning run takes nodes in proportion to the cards still to place, so a run's cap follows
  // the position's lower bound.
  const perRun = 32 * g.lowerBound() + 500;
  for (const guide of ORDER) {
    if (left < 500) break;
    const r = solve(g, {
      algorithm: 'best-first',
      guide,
      maxNodes: Math.min(perRun, left),
      table,
      memoryBytes: 64 << 20,
      poll,
    });
    left -= r.stats.nodes;
    if (r.outcome === 'solved') line = r.moves;
    lost = r.outcome === 'unsolvable';
    if (r.outcome !== 'unknown') break; // solved, or proved lost: no other run can differ
    if (r.limit === 'stopped') break; // the caller stopped the search
  }
  return { line, lost, nodes: nodes - left };
}

/** credits()'s answer for a line to tidy (tidyLine()): it comes back to a position within its
 *  prefix, or its first move goes back to a position met before. */
const TIDY = new Map<number, number[]>();

/** The view moves that win a guess (its stock and winning line), each with the line rearranged to
 *  start with it (see the header). */
function credits(
  view: BcView,
  stock: number[],
  line: number[],
  legal: number[],
  scratch: { g: BcSearch | null },
  loops = false,
): Map<number, number[]> {
  const out = new Map<number, number[]>();
  // Every guess of every decision is replayed here: one position, set afresh each time.
  const g = (scratch.g = view.position(stock, scratch.g ?? undefined));
  const dealtPhase = view.dealt >= 0;
  // Keys after each prefix of the line, up to and including its first turned card.
  const keys: string[] = [];
  const start = loops ? keyString(g.pos) : '';
  let made = 0,
    loop = false;
  for (; made < line.length && made < MAX_PREFIX; made++) {
    const m = line[made];
    if (!isLegal(g, m)) break;
    const turned = turnsCard(g, m);
    g.make(m);
    const k = keyString(g.pos);
    if (loops && moveKind(m) === T2T && (k === start || keys.includes(k))) loop = true;
    keys.push(k);
    if (turned) {
      made++;
      break;
    }
  }
  for (let j = made - 1; j >= 0; j--) g.unmake(line[j]);
  if (loop) return TIDY;
  for (let i = 0; i < keys.length; i++) {
    const m = line[i],
      k = moveKind(m);
    const v = (k === S2F || k === S2TAL) && !dealtPhase ? DEAL : m;
    if (out.has(v) || !legal.includes(v)) continue;
    if (i === 0) {
      out.set(v, line);
      continue;
    }
    // Bring line[i] to the front and replay line[0..i-1] after it.
    const order = [m, ...line.slice(0, i)];
    let n = 0;
    while (n < order.length && isLegal(g, order[n])) g.make(order[n++]);
    if (n === order.length && keyString(g.pos) === keys[i]) out.set(v, [m, ...line.slice(0, i), ...line.slice(i + 1)]);
    for (let j = n - 1; j >= 0; j--) g.unmake(order[j]);
  }
  return out;
}

/** Whether m turns a face-down card (a deal, or a reserve refill from the stock). */
function turnsCard(g: BcSearch, m: number): boolean {
  const k = moveKind(m);
  return k === S2F || k === S2TAL || ((k === R2T || k === FILL) && g.pos.tlen === 0 && g.pos.sp < 78);
}
