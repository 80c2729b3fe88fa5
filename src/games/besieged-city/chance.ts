import { rngFromSeed, shuffleInPlace } from '../../cards/shuffle.js';
import { StateTable } from '../../search/table.js';
import type { BcDeal } from './deal.js';
import type { Poll } from '../../search/limits.js';
import { BcPosition, MAX_MOVES, S2F, S2TAL, moveKind } from './position.js';
import { solveGuess } from './strategies/sampler.js';
import { BcView, DEAL, keyString } from './view.js';
import type { BcSearch } from './search.js';
import { isLegal } from './strategies/lines.js';

// The chance without peeking ("guessed stock orders won"), along a line: at each position, the
// share of guesses of the face-down stock that the solver wins from there. A guess is a uniform
// shuffle of the cards not in sight, so consistent with all a player has seen; it is won when
// the sampler's solver (solveGuess(), `nodes` per guess) finds a winning line in that world. A
// guess not won within the budget counts as lost, so the share is a lower bound of the share of
// worlds that can be won. The same estimator weighs a hint's moves (weighMoves()).
//
// Along a game the guesses are common to every position (common random numbers): a guess keeps
// its winning line while the line goes on (the move is its first, or commutes with the moves
// before it); when a card is turned that a guess did not hold there, the card (one of its copies
// at random) is swapped in from deeper in the guess — still a uniform shuffle of what is unseen,
// and otherwise the same guess — and its line is kept up to where it meets the swapped card, only
// the rest solved again. So consecutive positions differ by the move and the card seen, not by a
// fresh draw or a fresh search. The budget per guess is four times the sampler's: at 8000 nodes
// a guess that can be won often is not, and which ones fail changes from one position to the
// next (research/besieged-city/chance-steadiness.ts measures the change). Seeded: the same
// line, seed and settings give the same estimates on any machine (budgets are nodes).

/** The node budget per guess (see above). */
export const CHANCE_NODES = 32000;

interface World {
  /** The guessed face-down stock, its next card first. */
  stock: number[];
  /** A winning line from the current position in this world, or null. */
  line: number[] | null;
  /** Solved without a win since its last change. */
  failed: boolean;
}

/** An estimate at one position: `wins` of `samples` guesses won; `exact` when the face-down
 *  order is known (no card, or copies of one), the share then the position's verdict. */
export interface ChanceFigure {
  wins: number;
  samples: number;
  exact?: boolean;
}

export interface ChanceSettings {
  samples: number;
  seed: string;
  /** Solver nodes per guess (default CHANCE_NODES). */
  nodes?: number;
}

/** The estimator walking a line, one position at a time (figure(), then advance() by the move
 *  made): what `analyse` gives at every position of a record and `play` and the page at the
 *  position in play. The figure at a position depends only on the deal, the moves up to it and
 *  the settings, so however it is reached (all of a record, or one move at a time as a game goes
 *  on, or again from a copy) it is the same. */
export class ChanceAlong {
  /** The moves made from the deal (positions: the deal, then one after each). */
  readonly moves: number[] = [];
  /** Solver nodes spent so far. */
  nodes = 0;
  private readonly pos: BcPosition;
  private readonly view = new BcView();
  private worlds: World[];
  private readonly budget: number;
  /** The draws taken from the seeded generator, so that a copy can take the same ones next. */
  private draws = 0;
  private rng: () => number;
  private figured: ChanceFigure | null = null;

  constructor(
    private readonly deal: BcDeal,
    private readonly settings: ChanceSettings,
    private readonly table = new StateTable(64 << 20),
  ) {
    this.budget = settings.nodes ?? CHANCE_NODES;
    const base = rngFromSeed(`chance:${settings.seed}`);
    this.rng = () => (this.draws++, base());
    this.pos = new BcPosition(deal);
    this.view.observe(this.pos);
    const unseen = this.view.unseen();
    this.worlds = Array.from({ length: settings.samples }, () => ({
      stock: shuffleInPlace(unseen.slice(), this.rng),
      line: null,
      failed: false,
    }));
  }

  /** The estimate at the current position, each guess that needs it solved (`poll` may stop a
   *  search: the walk is then not to be trusted further). `verdict` gives the position's exact
   *  verdict when known, asked only where the face-down order is known. */
  figure(verdict?: () => string | undefined, poll?: Poll): ChanceFigure {
    if (this.figured) return this.figured;
    const { view, worlds } = this;
    const solve = (w: World, g: BcSearch) => {
      w.line = this.solve(g, poll);
      w.failed = w.line === null;
    };
    const v = new Set(view.unseen()).size <= 1 ? verdict?.() : undefined;
    if (v === 'winnable' || v === 'lost') {
      // The face-down order is known (no card, or copies of one): every guess is the real
      // position, whose verdict is known.
      for (const w of worlds) (w.line = null), (w.failed = false);
      return (this.figured = { wins: v === 'winnable' ? worlds.length : 0, samples: worlds.length, exact: true });
    }
    if (view.stockLeft === 0) {
      // Nothing is face down: every guess is the real position, solved once.
      const w0 = worlds.find((w) => w.line !== null) ?? worlds[0];
      if (w0.line === null && !w0.failed) solve(w0, view.position([]));
      for (const w of worlds) (w.line = w0.line), (w.failed = w0.failed);
    } else for (const w of worlds) if (w.line === null && !w.failed) solve(w, view.position(w.stock));
    return (this.figured = { wins: this.won().filter(Boolean).length, samples: worlds.length });
  }

  /** Which guesses are won at the current position (after figure()). */
  won(): boolean[] {
    return this.worlds.map((w) => w.line !== null);
  }

  /** A guess solved from g: its winning line, or null. */
  private solve(g: BcSearch, poll?: Poll): number[] | null {
    const r = solveGuess(g, this.budget, this.table, poll);
    this.nodes += r.nodes;
    return r.line;
  }

  /** The player's move m (after figure() at the current position; `poll` as there). */
  advance(m: number, poll?: Poll): void {
    this.figure();
    const { pos, view, rng } = this;
    const sp = pos.sp;
    pos.make(m);
    const turns = pos.sp - sp;
    for (const w of this.worlds) {
      // A card turned that the guess did not have there is swapped in from deeper in the guess
      // (one of its copies at random): still a uniform shuffle of what is unseen, and otherwise
      // the same guess, so consecutive positions differ by the move, not by a fresh draw.
      let repaired = false;
      for (let i = 0; i < turns; i++) {
        const c = pos.stock[sp + i];
        if (w.stock[i] === c) continue;
        const at: number[] = [];
        for (let j = i + 1; j < w.stock.length; j++) if (w.stock[j] === c) at.push(j);
        if (at.length === 0) throw new Error(`guess of the stock lacks the turned card ${c}`);
        const j = at[Math.floor(rng() * at.length)];
        w.stock[j] = w.stock[i];
        w.stock[i] = c;
        repaired = true;
      }
      if (w.line !== null) w.line = carried(view, w.stock, w.line, m, repaired, (g) => this.solve(g, poll));
      // A changed guess not won is solved afresh at the next position.
      if (repaired) w.failed = false;
      w.stock = w.stock.slice(turns);
    }
    view.observe(pos);
    this.moves.push(m);
    this.figured = null;
  }

  /** A copy at the same position that goes on as this one would (its own guesses, the same
   *  draws to come). */
  copy(): ChanceAlong {
    const c = new ChanceAlong(this.deal, this.settings, this.table);
    for (const m of this.moves) {
      c.pos.make(m);
      c.view.observe(c.pos);
      c.moves.push(m);
    }
    while (c.draws < this.draws) c.rng();
    c.worlds = this.worlds.map((w) => ({ stock: w.stock.slice(), line: w.line, failed: w.failed }));
    c.figured = this.figured;
    c.nodes = this.nodes;
    return c;
  }
}

export function noPeekChance(
  deal: BcDeal,
  line: readonly number[],
  opts: ChanceSettings & { verdicts?: readonly string[] },
): ChanceFigure[] {
  const c = new ChanceAlong(deal, opts);
  const out: ChanceFigure[] = [];
  for (let k = 0; ; k++) {
    out.push(c.figure(() => opts.verdicts?.[k]));
    if (k === line.length) return out;
    c.advance(line[k]);
  }
}

/** A world's winning line after the player's move m, or null. The view is at the position before
 *  m; `stock` is the world's, repaired (`repaired`) to hold the cards m turns. The line goes on
 *  when m is its first move, or turns the card its first move turned (the same place, another
 *  card: the guess was repaired), or commutes with the moves before it in the line (m brought to
 *  the front replays to the same position). After a repair the rest holds up to where it meets a
 *  swapped card; only what follows is solved again (`solve`). */
function carried(
  view: BcView,
  stock: number[],
  line: readonly number[],
  m: number,
  repaired: boolean,
  solve: (g: BcSearch) => number[] | null,
): number[] | null {
  const k = moveKind(m);
  let rest: number[] | null = null;
  if (line[0] === m || ((k === S2F || k === S2TAL) && moveKind(line[0]) === k)) rest = line.slice(1);
  else if (!repaired) {
    const i = line.indexOf(m);
    if (i < 0) return null;
    const a = view.position(stock),
      b = view.position(stock);
    for (let j = 0; j <= i; j++) {
      if (!isLegal(a, line[j])) return null;
      a.make(line[j]);
    }
    if (!isLegal(b, m)) return null;
    b.make(m);
    for (let j = 0; j < i; j++) {
      if (!isLegal(b, line[j])) return null;
      b.make(line[j]);
    }
    return keyString(a.pos) === keyString(b.pos) ? [...line.slice(0, i), ...line.slice(i + 1)] : null;
  }
  if (rest === null || !repaired) return rest;
  const g = view.position(stock);
  if (!isLegal(g, m)) return null;
  g.make(m);
  let n = 0;
  while (n < rest.length && isLegal(g, rest[n])) g.make(rest[n++]);
  if (n === rest.length && g.won()) return rest;
  const won = solve(g);
  return won ? [...rest.slice(0, n), ...won] : null;
}

/** The estimator's name wherever a chance without peeking is shown. */
export const CHANCE_NAME = 'guessed stock orders won';

/** One move weighed by the no-peek chance: the guesses won after it, of those tried. */
export interface Weighed {
  move: number;
  won: number;
  of: number;
}

/** The no-peek chance after each of `moves` (view moves), on the same guesses for every move (a
 *  difference between two moves is the moves', not the draw's): `guesses` uniform shuffles of
 *  the cards not in sight, seeded by `seed`, each won after the move when the solver finds a
 *  winning line within `nodes` (solveGuess()), and within `budget` nodes in all (a guess past it
 *  counts as not won). After DEAL the player sees the card before placing
 *  it, so a guess is won when either of its places wins. */
export function weighMoves(
  view: BcView,
  moves: readonly number[],
  opts: { guesses: number; nodes: number; seed: string; budget?: number; poll?: Poll },
): { weighed: Weighed[]; nodes: number } {
  let left = opts.budget ?? Infinity;
  const rng = rngFromSeed(`weigh:${opts.seed}`);
  const unseen = view.unseen();
  const stocks = Array.from({ length: opts.guesses }, () => shuffleInPlace(unseen.slice(), rng));
  const table = new StateTable(64 << 20);
  const buf = new Int32Array(MAX_MOVES);
  let nodes = 0;
  const weighed = moves.map((move) => {
    let won = 0;
    for (const stock of stocks) {
      const g = view.position(stock);
      let firsts = [move];
      if (move === DEAL) {
        const n = g.moves(buf);
        firsts = [];
        for (let i = 0; i < n; i++) if (moveKind(buf[i]) === S2F || moveKind(buf[i]) === S2TAL) firsts.push(buf[i]);
      }
      for (const f of firsts) {
        g.make(f);
        const r = solveGuess(g, Math.min(opts.nodes, left), table, opts.poll);
        g.unmake(f);
        nodes += r.nodes;
        left -= r.nodes;
        if (r.line) {
          won++;
          break;
        }
      }
    }
    return { move, won, of: stocks.length };
  });
  return { weighed, nodes };
}
