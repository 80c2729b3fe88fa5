import { StateTable } from '../../../search/table.js';
import { BC_MAX_KEY_WORDS, packKey } from '../key.js';
import * as P from '../position.js';
import type { BcSearch } from '../search.js';
import { type BcView, DEAL, RESIGN, keyString } from '../view.js';
import { DEFAULT_EVAL, type EvalWeights, evaluate } from './eval.js';
import type { Strategy, StrategyOptions } from './strategy.js';

// The planner searches what a player can see ahead: every sequence of moves that turns no
// face-down card (no deal, no reserve refill from the stock), depth first, with an exact
// transposition table so each position is scored once. A position where the player could stop
// and deal is scored with evaluate(); a move that reveals a card ends its line (its score is
// taken with the new card unknown). It then plays towards the best-scoring position, and deals
// when none beats the present one. The plan is kept while play follows it: nothing new is seen
// until the next card is turned, so searching again would find the same thing.

const MAX_DEPTH = 128;
// Local copies (an imported binding is read through a getter under tsx; this is the hot path).
const { FILL, MAX_MOVES, R2T, S2F, S2TAL, T2T } = P;
const moveKind = (m: number) => m & 7;

interface Plan {
  /** The best line (empty: stay here and deal). */
  moves: number[];
  score: number;
  /** Whether the visible tree was searched to the end within the budget. */
  complete: boolean;
}

class Lookahead {
  private readonly table = new StateTable(64 << 20);
  private readonly buf = new Int32Array(MAX_MOVES * MAX_DEPTH);
  private readonly key = new Uint32Array(BC_MAX_KEY_WORDS);
  private readonly path = new Int32Array(MAX_DEPTH);
  private nodes = 0;
  private best: number[] = [];
  private bestScore = 0;
  private complete = true;
  private allowed: Set<number> | null = null;
  private history: ReadonlySet<string> | null = null;

  constructor(
    private readonly maxNodes: number,
    /** Trench-to-trench moves allowed in one plan: they only rearrange, and without a cap the
     *  search wanders through the many orders of the same few cards. */
    private readonly maxShuffles = 1,
    private readonly weights: EvalWeights = DEFAULT_EVAL,
  ) {}

  /** Searches from g (left unchanged). `allowed`: the first moves the player may make;
   *  `history`: visible keys of positions met before, which the plan must not return to (the
   *  player may not repeat a position, and a plan through one would be cut short). */
  search(g: BcSearch, allowed?: readonly number[], history?: ReadonlySet<string>): Plan {
    this.table.clear();
    this.nodes = 0;
    this.complete = true;
    this.allowed = allowed ? new Set(allowed) : null;
    this.history = history ?? null;
    this.best = [];
    // Staying is possible only when no gap must be filled (rule IV comes first).
    this.bestScore = g.pos.pending >= 0 ? Infinity : evaluate(g.pos, this.weights);
    const n = packKey(g.pos, this.key);
    this.table.insert(this.key, n);
    this.dfs(g, 0, 0);
    return { moves: this.best, score: this.bestScore, complete: this.complete };
  }

  private dfs(g: BcSearch, depth: number, shuffles: number): void {
    if (depth >= MAX_DEPTH) return void (this.complete = false);
    const off = depth * MAX_MOVES;
    const n = g.moves(this.buf, off);
    for (let i = off; i < off + n; i++) {
      const m = this.buf[i],
        k = moveKind(m);
      if (k === S2F || k === S2TAL) continue; // a deal: the card is unknown
      if (depth === 0 && this.allowed && !this.allowed.has(m)) continue;
      const sh = shuffles + (k === T2T ? 1 : 0);
      if (sh > this.maxShuffles) continue;
      if (this.nodes >= this.maxNodes) return void (this.complete = false);
      const reveal = (k === R2T || k === FILL) && g.pos.tlen === 0 && g.pos.sp < 78;
      g.make(m);
      this.nodes++;
      const kl = packKey(g.pos, this.key);
      const slot = this.table.insert(this.key, kl);
      const fresh = !this.table.found;
      // A position met again with fewer trench-to-trench moves spent is searched again (it has
      // more left); otherwise once is enough.
      if ((fresh || this.table.values[slot] > sh) && !(k === T2T && this.history?.has(keyString(g.pos)))) {
        if (slot >= 0) this.table.values[slot] = sh;
        this.path[depth] = m;
        if (fresh) {
          const s = g.pos.pending >= 0 ? Infinity : evaluate(g.pos, this.weights);
          if (s < this.bestScore) {
            this.bestScore = s;
            this.best = Array.from(this.path.subarray(0, depth + 1));
          }
        }
        if (!reveal && !g.won()) this.dfs(g, depth + 1, sh);
      }
      g.unmake(m);
    }
  }

  /** For the dealt card: the place (foundation or talon) that scores better. */
  placeDealt(view: BcView): number {
    const legal = view.legal();
    if (legal.length === 1) return legal[0];
    const g = view.position();
    let best = legal[0],
      bestScore = Infinity;
    for (const m of legal) {
      g.make(m);
      const s = evaluate(g.pos, this.weights);
      g.unmake(m);
      if (s < bestScore) (best = m), (bestScore = s);
    }
    return best;
  }
}

export class PlannerStrategy implements Strategy {
  readonly name = 'planner';
  private readonly look: Lookahead;
  private plan: number[] = [];
  private planKeys: string[] = [];

  constructor(opts: StrategyOptions = {}) {
    this.look = new Lookahead(opts.planNodes ?? 3000, opts.shuffles ?? 1);
  }

  start(): void {
    this.plan = [];
    this.planKeys = [];
  }

  choose(view: BcView): number {
    if (view.dealt >= 0) return this.look.placeDealt(view);
    const legal = view.legal();
    if (this.plan.length > 0 && view.key() === this.planKeys[0] && legal.includes(this.plan[0])) {
      this.planKeys.shift();
      return this.plan.shift()!;
    }
    const g = view.position();
    const p = this.look.search(g, legal, view.history);
    if (p.moves.length === 0) {
      if (legal.includes(DEAL)) return DEAL;
      // Nothing to gain in sight and no card to turn: a forced fill still has to be made.
      return view.pending >= 0 && legal.length > 0 ? legal[0] : RESIGN;
    }
    this.plan = p.moves;
    this.planKeys = p.moves.map((m) => {
      const k = keyString(g.pos);
      g.make(m);
      return k;
    });
    this.planKeys.shift();
    return this.plan.shift()!;
  }
}
