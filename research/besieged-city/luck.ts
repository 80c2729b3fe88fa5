import { rngFromSeed, shuffleInPlace } from '../../src/cards/shuffle.js';
import { solve } from '../../src/search/solve.js';
import { StateTable } from '../../src/search/table.js';
import type { BcDeal } from '../../src/games/besieged-city/deal.js';
import { BC_POLICY } from '../../src/games/besieged-city/policy.js';
import { BcPosition, MAX_MOVES, S2F, S2TAL, moveKind, packMove } from '../../src/games/besieged-city/position.js';
import type { BcSearch } from '../../src/games/besieged-city/search.js';
import { solveGuess } from '../../src/games/besieged-city/strategies/sampler.js';
import { BcView, DEAL, RESIGN, formatViewMove } from '../../src/games/besieged-city/view.js';

// Bad luck or a mistake: the judgement of a losing move (analyse.ts finds it: the position
// before it is winnable with the stock known, the one after it is lost) from where the player
// sat, who could not see the stock. At that decision, `worlds` guesses of the face-down stock
// are drawn, each a uniform shuffle of the cards the player has not seen (BcView.unseen(), as
// the sampler draws them), so each is consistent with all the player saw. For every legal move
// and every guess the solver decides, with that guess's stock known, whether the move keeps the
// position winnable ("deal" keeps it when one of the turned card's places does). The same
// guesses serve every move, so the moves are compared world by world.
//
// - mistake: some move kept the position winnable in at least SAFE of the guesses and the
//   played move did not: a move that nearly every stock order allows was there, and not taken.
// - worse guess: no move reached SAFE (a guess had to be made), and the played move kept it
//   winnable in at least MARGIN fewer guesses than the best move: a guess against the odds.
// - bad luck: otherwise. No move was (nearly) safe and the played one was about as good a
//   guess as any, or the played move was itself nearly safe and the real stock was one of
//   the few orders that defeat it.
// - lost before: with the real stock no legal move keeps the game either. The position before
//   was winnable only by going back to a position met before, which the player may not do
//   (BcView leaves such moves out: a game cannot cycle), so for the player the game was lost
//   at an earlier move; this one is not judged.
// A solve that ends unknown at the budget counts as not kept (a lower bound), and is counted.
//
// Which decision is judged: when the losing move put a dealt card somewhere (to its foundation
// or to the talon) and its other place was not proved lost with the stock known, the card was
// seen and the mistake, if any, is that choice: its two places are judged, the dealt card
// shown. Otherwise the decision is the one before: the move chosen among all legal moves,
// "deal" for a stock move (the card still unseen). A game given up with moves left in a
// winnable position is judged at the resignation, which keeps no guess.

/** A move that keeps the position winnable in at least this share of the guesses is safe. */
export const SAFE = 0.95;
/** A guess this much worse than the best move's share is a worse guess, not bad luck. */
export const MARGIN = 0.2;

/** The quick search's budget (the sampler's per guess). */
const QUICK_NODES = 8000;

export type LossClass = 'mistake' | 'worse guess' | 'bad luck' | 'lost before';

type Verdict = 'kept' | 'lost' | 'unknown';

export interface MoveOdds {
  /** The move as the player names it ("deal" turns the next stock card). */
  move: string;
  /** Guesses in which it keeps the position winnable, is proved lost, or is unknown. */
  kept: number;
  lost: number;
  unknown: number;
  /** Guesses tried: all of them, or fewer for a move given up as worse than the best. */
  worlds: number;
}

export interface LossJudgement {
  /** The 1-based number of the losing move. */
  losingPly: number;
  /** 'move': the choice among all legal moves; 'place': the place of a dealt card, seen;
   *  'resign': the player gave up with legal moves left. */
  decision: 'move' | 'place' | 'resign';
  /** The move played at that decision, as the player names it. */
  played: string;
  worlds: number;
  /** Every legal move at the decision, in the engine's order (a move worse than the best is
   *  given up once it cannot catch up: its counts are of the guesses tried). */
  moves: MoveOdds[];
  /** The share of guesses in which the position before the move is winnable (by any move, as
   *  analyse's chance counts), and in which the played move keeps it. */
  before: number;
  after: number;
  /** The move with the highest share (the played move, else the first in the engine's order, on
   *  a tie), and its share. */
  best: string;
  bestShare: number;
  class: LossClass;
  /** Solver calls and their nodes. */
  solves: number;
  nodes: number;
}

export interface LuckOptions {
  /** Guesses of the face-down stock (default 20). */
  worlds?: number;
  /** Seed of the guesses (never the deal's seed). */
  seed: string;
  /** Solver nodes per move and guess (default 200,000). */
  nodes?: number;
}

/** The class of a losing move (see the top of this file): `after` the played move's share of
 *  guesses kept, `best` the best move's, `realKept` whether a legal move kept the real game. */
export function classifyLoss(after: number, best: number, realKept: boolean): LossClass {
  if (!realKept) return 'lost before';
  // Shares are counts over guesses: a little slack keeps 0.7 - 0.5 from missing 0.2.
  const eps = 1e-9;
  if (best >= SAFE - eps && after < SAFE - eps) return 'mistake';
  return best - after >= MARGIN - eps ? 'worse guess' : 'bad luck';
}

/** The solver's verdicts on the positions a judgement asks about, with their cost. */
class Verdicts {
  private readonly table = new StateTable(64 << 20);
  /** The quick search's memory too (sampler.ts, solveGuess()). */
  private readonly memoryBytes = 64 << 20;
  private readonly buf = new Int32Array(MAX_MOVES);
  readonly stats = { solves: 0, nodes: 0 };

  /** `nodes`: the full search's budget per position. */
  constructor(private readonly nodes: number) {}

  /** The full search of g's position (the stock known). */
  solve(g: BcSearch) {
    return solve(g, { maxNodes: this.nodes, memoryBytes: this.memoryBytes, policy: BC_POLICY, table: this.table });
  }

  /** The solver's verdict on g's position, with the guess's stock known. */
  of(g: BcSearch): Verdict {
    if (g.won()) return 'kept';
    // The sampler's quick search first: most winnable positions fall to it in a few thousand
    // nodes; the full search only for the rest.
    const q = solveGuess(g, QUICK_NODES, this.table);
    this.stats.solves++;
    this.stats.nodes += q.nodes;
    if (q.line) return 'kept';
    if (q.lost) return 'lost';
    const r = this.solve(g);
    this.stats.solves++;
    this.stats.nodes += r.stats.nodes;
    return r.outcome === 'solved' ? 'kept' : r.outcome === 'unsolvable' ? 'lost' : 'unknown';
  }

  /** Whether view move v keeps g's position winnable: "deal" turns the guess's next card, and
   *  keeps it when one of the card's places does. */
  keeps(g: BcSearch, v: number): Verdict {
    const moves: number[] = [];
    if (v !== DEAL) moves.push(v);
    else {
      const buf = this.buf,
        nm = g.moves(buf);
      for (let j = 0; j < nm; j++) if (moveKind(buf[j]) === S2F || moveKind(buf[j]) === S2TAL) moves.push(buf[j]);
    }
    let best: Verdict = 'lost';
    for (const e of moves) {
      g.make(e);
      const r = this.of(g);
      g.unmake(e);
      if (r === 'kept' || (r === 'unknown' && best === 'lost')) best = r;
      if (best === 'kept') break;
    }
    return best;
  }
}

/** The decision judged (see the top of this file): the player's view at it (a dealt card shown
 *  when its place is judged), the real position, and the move played there. */
interface Decision {
  view: BcView;
  pos: BcPosition;
  decision: LossJudgement['decision'];
  played: number;
}

/** The decision of the losing move `losingPly` of `line`: the view before it, with the positions
 *  it remembers, and for a dealt card the choice of its place unless its other place was lost. */
function decisionAt(deal: BcDeal, line: readonly number[], losingPly: number, verdicts: Verdicts): Decision {
  const pos = new BcPosition(deal);
  const view = new BcView();
  view.observe(pos);
  for (let i = 0; i < losingPly - 1; i++) {
    pos.make(line[i]);
    view.observe(pos);
  }
  const m = losingPly > line.length ? RESIGN : line[losingPly - 1];
  const k = moveKind(m);
  let decision: LossJudgement['decision'] = m === RESIGN ? 'resign' : 'move';
  let played = m;
  if (m !== RESIGN && (k === S2F || k === S2TAL)) {
    played = DEAL;
    const card = pos.stock[pos.sp];
    view.observe(pos, card);
    const other = packMove(k === S2F ? S2TAL : S2F, 0, 0, card);
    if (view.legal().includes(other)) {
      // The card's other place, with the real stock: winnable there means the place lost it.
      const g = view.position(Array.from(pos.stock.subarray(pos.sp + 1)));
      g.make(other);
      if (verdicts.of(g) !== 'lost') (decision = 'place'), (played = m);
      g.unmake(other);
    }
    if (decision === 'move') view.observe(pos);
  }
  return { view, pos, decision, played };
}

/** With the real stock, whether some legal move keeps the game: else the position before was
 *  winnable only by going back to a position met before, which the player may not do (BcView
 *  leaves such moves out), and the game was lost for the player at an earlier move. */
function realKept(d: Decision, legal: number[], verdicts: Verdicts): boolean {
  const { view, pos } = d;
  const hidden = Array.from(pos.stock.subarray(pos.sp + (view.dealt >= 0 ? 1 : 0)));
  const real = view.position(hidden);
  const first = verdicts.solve(real);
  const startsLegal = (e: number) =>
    legal.includes(e) || ((moveKind(e) === S2F || moveKind(e) === S2TAL) && legal.includes(DEAL));
  return (
    (first.outcome === 'solved' && first.moves.length > 0 && startsLegal(first.moves[0])) ||
    legal.some((v) => verdicts.keeps(real, v) === 'kept')
  );
}

/** The played move (index `at` of legal, or -1) in every guess of `stocks`; then each other move,
 *  given up as soon as it cannot beat the best share so far (so the best share is exact, and a
 *  worse move's counts are partial). Also, per guess, whether a move tried kept it. */
function oddsOf(
  view: BcView,
  legal: number[],
  at: number,
  stocks: number[][],
  verdicts: Verdicts,
): { odds: MoveOdds[]; best: number; kept: Uint8Array } {
  const n = stocks.length;
  const odds = legal.map((v): MoveOdds => ({ move: formatViewMove(v), kept: 0, lost: 0, unknown: 0, worlds: 0 }));
  const order = [...(at >= 0 ? [at] : []), ...[...legal.keys()].filter((i) => i !== at)];
  let best = order[0];
  const kept = new Uint8Array(n);
  for (const i of order) {
    const o = odds[i];
    for (let w = 0; w < n; w++) {
      if (i !== order[0] && o.kept + (n - w) <= odds[best].kept) break;
      const r = verdicts.keeps(view.position(stocks[w]), legal[i]);
      o[r]++;
      o.worlds++;
      if (r === 'kept') kept[w] = 1;
    }
    if (o.kept > odds[best].kept) best = i;
  }
  return { odds, best, kept };
}

/** The judgement of the losing move `losingPly` (1-based) of `line` on `deal`; losingPly =
 *  line.length + 1 judges a resignation after the line's last move (played: "resign", which
 *  keeps no game). */
export function judgeLoss(deal: BcDeal, line: readonly number[], losingPly: number, opts: LuckOptions): LossJudgement {
  if (!(losingPly >= 1 && losingPly <= line.length + 1)) throw new Error(`judgeLoss: no move ${losingPly} in the line`);
  const n = Math.max(1, opts.worlds ?? 20);
  const verdicts = new Verdicts(opts.nodes ?? 200_000);
  const d = decisionAt(deal, line, losingPly, verdicts);
  const { view, played } = d;
  const legal = view.legal();
  if (legal.length === 0) throw new Error(`judgeLoss: no legal move before move ${losingPly}`);
  const at = played === RESIGN ? -1 : legal.indexOf(played);
  if (at < 0 && played !== RESIGN)
    throw new Error(`judgeLoss: move ${losingPly} is not among the player's legal moves`);
  const kept = realKept(d, legal, verdicts);
  const rng = rngFromSeed(`luck:${opts.seed}`);
  const stocks = Array.from({ length: n }, () => shuffleInPlace(view.unseen(), rng));
  const { odds, best, kept: keptIn } = oddsOf(view, legal, at, stocks, verdicts);
  // The position before, in each guess (any move): winnable where a move tried kept it, else
  // solved.
  let winnable = 0;
  for (let w = 0; w < n; w++) if (keptIn[w] || verdicts.of(view.position(stocks[w])) === 'kept') winnable++;
  const share = (o: MoveOdds) => o.kept / n;
  const after = at >= 0 ? share(odds[at]) : 0,
    bestShare = share(odds[best]);
  return {
    losingPly,
    decision: d.decision,
    played: formatViewMove(played),
    worlds: n,
    moves: odds,
    before: winnable / n,
    after,
    best: odds[best].move,
    bestShare,
    class: classifyLoss(after, bestShare, kept),
    ...verdicts.stats,
  };
}
