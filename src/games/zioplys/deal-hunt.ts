import { type Rng, rngFromSeed, shuffleInPlace } from '../../cards/shuffle.js';
import { InputError, quote } from '../../io/errors.js';
import { dealFromDeck, type ZDeal } from './deal.js';
import { OUTCOME_CYCLE, OUTCOME_LOSER, type Variant, ZPosition } from './position.js';

// A hunt for extreme deals, in the spirit of the Beggar-my-neighbour hunts: late-acceptance hill
// climbing (LAHC) over the 52-card deck (the deal order is fixed, so a deck is a deal), mutating by
// swapping cards, with random restarts when a run stalls. Every random choice comes from the seed
// and nothing depends on the clock except when to stop, so `--budget N` (N evaluations) reproduces
// a run exactly; a time budget reports how many evaluations it made, to be replayed with that N.
//
// Objectives (rule play by every seat):
//   longest        the most turns in a game that ends;
//   cycle          deals that never end, the quickest to prove first (fewest turns until the
//                  repetition is found). Impossible with wrapping ranks (see position.ts).
//   shortest-cycle deals that never end, with the shortest loop (period in turns) first.

export type Objective = 'longest' | 'cycle' | 'shortest-cycle';
export const OBJECTIVES: readonly Objective[] = ['longest', 'cycle', 'shortest-cycle'];

interface HuntBudget {
  evaluations?: number;
  ms?: number;
}

/** `10m`, `90s`, `1.5h`, `500ms` (time) or a plain integer (games evaluated). */
export function parseHuntBudget(text: string): HuntBudget {
  const t = text.trim();
  if (/^\d+$/.test(t)) {
    const n = Number(t);
    if (n < 1) throw new InputError(`--budget: must be at least 1 evaluation`);
    return { evaluations: n };
  }
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(t);
  if (!m) throw new InputError(`--budget: ${quote(text)} is neither a time (10m, 90s, 1h) nor a number of evaluations`);
  const ms = Number(m[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[m[2] as 'ms' | 's' | 'm' | 'h'];
  if (!(ms > 0)) throw new InputError(`--budget: must be positive`);
  return { ms };
}

interface HuntOptions {
  players: number;
  variant: Variant;
  objective: Objective;
  seed: string;
  budget: HuntBudget;
  /** How many distinct best deals to keep. */
  top: number;
  /** Evaluations without a new best in the current run before a restart (default 20000). */
  stall?: number;
}

interface Found {
  deal: ZDeal;
  score: number;
  outcome: 'loser' | 'cycle';
  turns: number;
  centrePlays: number;
  cycleLength: number;
  /** The evaluation at which it was first found (1-based). */
  foundAt: number;
}

interface HuntReport {
  best: Found[];
  evaluations: number;
  restarts: number;
  elapsedMs: number;
}

const CYCLE_BASE = 1e9;

/** Higher is better; cycles score above every finite game for the cycle objectives. */
function score(g: ZPosition, objective: Objective): number {
  if (objective === 'longest') return g.outcome === OUTCOME_LOSER ? g.turns : -1;
  if (g.outcome !== OUTCOME_CYCLE) return g.turns; // longer finite games as a gentle gradient
  return objective === 'cycle' ? CYCLE_BASE - g.turns : CYCLE_BASE - g.cycleLength;
}

const randInt = (rng: Rng, n: number) => Math.floor(rng() * n);

/** History length of the late-acceptance climb: a candidate is accepted when it scores at least
 *  what the current deck scored L steps ago. */
const L = 100;

export function huntDeals(opts: HuntOptions): HuntReport {
  if ((opts.objective === 'cycle' || opts.objective === 'shortest-cycle') && opts.variant.wrap)
    throw new InputError(
      `--objective ${opts.objective}: with wrapping ranks no game can loop (the centre always grows; see docs/playing.md); use --no-wrap`,
    );
  const hunt = new DealHunt(opts);
  const t0 = Date.now();
  hunt.deadline = opts.budget.ms !== undefined ? t0 + opts.budget.ms : Number.POSITIVE_INFINITY;
  while (!hunt.outOfBudget()) {
    hunt.climb();
    if (!hunt.outOfBudget()) hunt.restarts++;
  }
  const best = hunt.runBest
    .filter((f) => f !== undefined)
    .sort((a, b) => b.score - a.score || a.foundAt - b.foundAt)
    .slice(0, opts.top);
  return { best, evaluations: hunt.evaluations, restarts: hunt.restarts, elapsedMs: Date.now() - t0 };
}

/** The state of one hunt: its generator, the engine every deck is played on, the budget spent
 *  and the best deal of each run (restart). */
class DealHunt {
  private readonly rng: Rng;
  private readonly g: ZPosition;
  private readonly stall: number;
  private readonly maxEval: number;
  deadline = Number.POSITIVE_INFINITY;
  /** The best deal of each run: neighbours of one deal are near copies of it, so the list keeps
   *  one per run and shows different deals. */
  readonly runBest: Found[] = [];
  private run = -1;
  evaluations = 0;
  restarts = 0;
  private readonly cur = new Int8Array(52);
  private readonly cand = new Int8Array(52);
  private readonly hist = new Float64Array(L);

  constructor(private readonly opts: HuntOptions) {
    this.rng = rngFromSeed(`zioplys-search:${opts.seed}`);
    this.g = new ZPosition(opts.players, opts.variant);
    this.g.seats.set(new Array(opts.players).fill(0), new Array(opts.players).fill(0), null);
    this.stall = opts.stall ?? 20_000;
    this.maxEval = opts.budget.evaluations ?? Number.MAX_SAFE_INTEGER;
  }

  outOfBudget(): boolean {
    return this.evaluations >= this.maxEval || ((this.evaluations & 255) === 0 && Date.now() >= this.deadline);
  }

  /** One run: late-acceptance hill climbing from a random deck, by swapping one to three pairs
   *  of cards, until `stall` evaluations bring no new best of the run (or the budget ends). */
  climb(): void {
    const rng = this.rng,
      cur = this.cur,
      cand = this.cand,
      hist = this.hist;
    this.run++;
    const fresh = shuffleInPlace(
      Array.from({ length: 52 }, (_, i) => i),
      rng,
    );
    cur.set(fresh);
    let curScore = this.evaluate(cur);
    hist.fill(curScore);
    let runBest = curScore,
      sinceBest = 0,
      k = 0;
    while (!this.outOfBudget() && sinceBest < this.stall) {
      cand.set(cur);
      const swaps = 1 + randInt(rng, 3);
      for (let s = 0; s < swaps; s++) {
        const a = randInt(rng, 52),
          b = randInt(rng, 52);
        const t = cand[a];
        cand[a] = cand[b];
        cand[b] = t;
      }
      const sc = this.evaluate(cand);
      const v = k % L;
      if (sc >= curScore || sc >= hist[v]) {
        cur.set(cand);
        curScore = sc;
      }
      hist[v] = curScore;
      k++;
      if (curScore > runBest) {
        runBest = curScore;
        sinceBest = 0;
      } else sinceBest++;
    }
  }

  /** Plays the deal of `deck` by the rules and scores it; keeps it when it is the run's best. */
  private evaluate(deck: Int8Array): number {
    const g = this.g,
      objective = this.opts.objective;
    g.dealDeck(deck);
    g.play();
    this.evaluations++;
    const s = score(g, objective);
    const qualifies = objective === 'longest' ? s >= 0 : g.outcome === OUTCOME_CYCLE;
    const best = this.runBest[this.run];
    if (qualifies && (best === undefined || s > best.score)) {
      this.runBest[this.run] = {
        deal: dealFromDeck(Array.from(deck), this.opts.players),
        score: s,
        outcome: g.outcome === OUTCOME_CYCLE ? 'cycle' : 'loser',
        turns: g.turns,
        centrePlays: g.centrePlays,
        cycleLength: g.cycleLength,
        foundAt: this.evaluations,
      };
    }
    return s;
  }
}
