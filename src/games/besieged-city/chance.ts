import { rngFromSeed, shuffleInPlace } from '../../cards/shuffle.js';
import { StateTable } from '../../search/table.js';
import type { BcDeal } from './deal.js';
import type { Poll } from '../../search/limits.js';
import { BcPosition, MAX_MOVES, S2F, S2TAL, moveKind } from './position.js';
import { solveGuess } from './strategies/sampler.js';
import { BcView, DEAL, keyString } from './view.js';
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
const CHANCE_NODES = 32000;

interface World {
  /** The guessed face-down stock, its next card first. */
  stock: number[];
  /** A winning line from the current position in this world, or null. */
  line: number[] | null;
  /** Solved without a win since its last change. */
  failed: boolean;
}

export function noPeekChance(
  deal: BcDeal,
  line: readonly number[],
  opts: { samples: number; seed: string; nodes?: number; verdicts?: readonly string[] },
): { wins: number; samples: number; exact?: boolean }[] {
  const nodes = opts.nodes ?? CHANCE_NODES;
  const rng = rngFromSeed(`chance:${opts.seed}`);
  const table = new StateTable(64 << 20);
  const pos = new BcPosition(deal);
  const view = new BcView();
  view.observe(pos);
  const unseen = view.unseen();
  const worlds: World[] = Array.from({ length: opts.samples }, () => ({
    stock: shuffleInPlace(unseen.slice(), rng),
    line: null,
    failed: false,
  }));
  const out: { wins: number; samples: number; exact?: boolean }[] = [];
  for (let k = 0; ; k++) {
    const v = opts.verdicts?.[k];
    if (new Set(view.unseen()).size <= 1 && (v === 'winnable' || v === 'lost')) {
      // The face-down order is known (no card, or copies of one): every guess is the real
      // position, whose verdict is known.
      for (const w of worlds) (w.line = null), (w.failed = false);
      out.push({ wins: v === 'winnable' ? worlds.length : 0, samples: worlds.length, exact: true });
      if (k === line.length) return out;
    } else if (view.stockLeft === 0) {
      // Nothing is face down: every guess is the real position, solved once.
      const w0 = worlds.find((w) => w.line !== null) ?? worlds[0];
      if (w0.line === null && !w0.failed) {
        const r = solveGuess(view.position([]), nodes, table);
        w0.line = r.line;
        w0.failed = r.line === null;
      }
      for (const w of worlds) (w.line = w0.line), (w.failed = w0.failed);
    } else
      for (const w of worlds)
        if (w.line === null && !w.failed) {
          const r = solveGuess(view.position(w.stock), nodes, table);
          w.line = r.line;
          w.failed = r.line === null;
        }
    if (out.length === k) out.push({ wins: worlds.filter((w) => w.line !== null).length, samples: worlds.length });
    if (k === line.length) return out;
    const m = line[k];
    const sp = pos.sp;
    pos.make(m);
    const turns = pos.sp - sp;
    for (const w of worlds) {
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
      if (w.line !== null) w.line = carried(view, w.stock, w.line, m, repaired, nodes, table);
      // A changed guess not won is solved afresh at the next position.
      if (repaired) w.failed = false;
      w.stock = w.stock.slice(turns);
    }
    view.observe(pos);
  }
}

/** A world's winning line after the player's move m, or null. The view is at the position before
 *  m; `stock` is the world's, repaired (`repaired`) to hold the cards m turns. The line goes on
 *  when m is its first move, or turns the card its first move turned (the same place, another
 *  card: the guess was repaired), or commutes with the moves before it in the line (m brought to
 *  the front replays to the same position). After a repair the rest holds up to where it meets a
 *  swapped card; only what follows is solved again (solveGuess(), `nodes`). */
function carried(
  view: BcView,
  stock: number[],
  line: readonly number[],
  m: number,
  repaired: boolean,
  nodes: number,
  table: StateTable,
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
  const r = solveGuess(g, nodes, table);
  return r.line ? [...rest.slice(0, n), ...r.line] : null;
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
