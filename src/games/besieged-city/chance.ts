import { rngFromSeed, shuffleInPlace } from '../../cards/shuffle.js';
import { StateTable } from '../../search/table.js';
import type { BcDeal } from './deal.js';
import type { Poll } from '../../search/limits.js';
import { BcPosition, MAX_MOVES, S2F, S2TAL, moveKind } from './position.js';
import { solveGuess } from './strategies/sampler.js';
import { BcView, DEAL } from './view.js';

// The no-peek chance along a line: at each position, the share of guesses of the face-down
// stock that are won from there — the sampler's estimate (strategies/sampler.ts). A guess is a
// uniform shuffle of the cards not in sight, so consistent with all a player has seen; it is won
// when the sampler's solver (solveGuess(), `nodes` per guess) finds a winning line in that
// world. A guess not won within the budget counts as lost, so the share is a lower bound of the
// share of worlds that can be won; it is what the sampler, playing from there, sees.
//
// The guesses are carried along the line, as the sampler carries them: a guess keeps its
// winning line while the record follows it; when a card is turned, a guess that predicted it
// goes on, and any other is repaired (the turned card, one of its copies at random, swapped to
// the front: still a uniform shuffle of what is unseen) and solved again. A guess not won stays
// so until the next card is turned. Seeded: the same line, seed and settings give the same
// estimates on any machine (budgets are nodes).

/** The sampler's node budget per guess (strategies/strategy.ts, StrategyOptions.nodes). */
const CHANCE_NODES = 8000;

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
    for (const w of worlds) {
      if (w.line !== null && w.line.length > 0 && w.line[0] === m) w.line = w.line.slice(1);
      else if (w.line !== null) w.line = null;
      for (let i = sp; i < pos.sp; i++) {
        const c = pos.stock[i];
        if (w.stock[0] === c) {
          w.stock = w.stock.slice(1);
          continue;
        }
        const at: number[] = [];
        for (let j = 1; j < w.stock.length; j++) if (w.stock[j] === c) at.push(j);
        if (at.length === 0) throw new Error(`guess of the stock lacks the turned card ${c}`);
        const j = at[Math.floor(rng() * at.length)];
        w.stock[j] = w.stock[0];
        w.stock = w.stock.slice(1);
        w.line = null;
        w.failed = false;
      }
    }
    view.observe(pos);
  }
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
