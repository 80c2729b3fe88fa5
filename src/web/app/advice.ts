import { rngFromSeed, shuffleInPlace } from '../../cards/shuffle.js';
import * as bc from '../../games/besieged-city/core.js';
import * as pt from '../../games/parterre/core.js';
import * as pil from '../../games/pilstymas/core.js';
import { solve } from '../../search/solve.js';
import { bcDeal, pilDeal, pilRule, ptDeal, type Settings } from './model.js';

// The advice the worker gives: a hint, whether the position is still winnable, and the
// Pilstymas opponent's move. This module is the one place the page's worker meets the solvers
// and strategies; it takes a game as the page holds it (settings and moves in notation) and
// answers in plain data. Nothing it answers about Besieged City before "stock known" is asked
// depends on the stock order: the hint and the chance see the game through a BcView, which is
// built without the face-down stock.

/** What the page sends: the game, its moves, and for Besieged City a dealt card waiting. */
export interface GameState {
  settings: Settings;
  moves: string[];
  /** Pilstymas: the player of each move. */
  players?: number[];
  dealtWaiting?: boolean;
}

export interface Budget {
  /** Solver nodes per search (the hint's per sample). */
  nodes: number;
  /** Besieged City's chance: stock orders sampled. */
  samples: number;
}

export type HintAnswer = { move: string | null; by: string; note: string };
export type WinnableAnswer = {
  verdict: 'solved' | 'lost' | 'unknown';
  /** The winning line from here, when solved. */
  line?: string[];
  nodes: number;
  note: string;
};
export type ChanceAnswer = {
  won: number;
  samples: number;
  unknown: number;
  rate: number;
  low: number;
  high: number;
  nodes: number;
};

/** The memory a search in the page may hold: a phone browser gives a worker far less than Node. */
const MEMORY = 96 << 20;

function bcPosition(s: GameState): bc.BcPosition {
  const pos = new bc.BcPosition(bcDeal(s.settings));
  for (const m of s.moves) {
    const p = bc.parseMove(pos, m);
    if (!p.ok) throw new Error(`move "${m}": ${p.reason}`);
    pos.make(p.move);
  }
  return pos;
}

/** What a player of Besieged City sees now (no stock order). */
function bcView(s: GameState): bc.BcView {
  const pos = bcPosition(s);
  const view = new bc.BcView();
  view.observe(pos, s.dealtWaiting ? pos.stock[pos.sp] : -1);
  return view;
}

/** The strongest no-peek strategy of Besieged City (bench/RESULTS.md: the sampler wins 94.5%
 *  of deals 1..2000); its seed is fixed, never the deal's, from which the stock could be rebuilt. */
export const BC_HINT_STRATEGY = 'sampler';
const HINT_SAMPLES = 4;
const HINT_NODES = 8000;

export function hint(s: GameState, budget: Budget): HintAnswer {
  if (s.settings.game === 'besieged-city') {
    const view = bcView(s);
    if (view.legal().length === 0) return { move: null, by: BC_HINT_STRATEGY, note: 'no move left' };
    // The sampler's own budget (its guesses of the stock order, each solved on a few thousand
    // nodes) under the page's: the strategy that bench/RESULTS.md measured.
    const nodes = Math.min(budget.nodes, HINT_NODES);
    const strategy = bc.makeStrategy(BC_HINT_STRATEGY, 'hint', { nodes, samples: HINT_SAMPLES });
    strategy.start(view);
    const m = strategy.choose(view);
    const by = `the ${BC_HINT_STRATEGY} strategy (${HINT_SAMPLES} guesses of the stock order, ${nodes.toLocaleString('en')} nodes each; it never sees the stock)`;
    if (m === bc.RESIGN) return { move: null, by, note: 'it sees no way on' };
    return { move: m === bc.DEAL ? 'deal' : bc.formatViewMove(m), by, note: '' };
  }
  if (s.settings.game === 'parterre') {
    // Every card is face up: the solver's first move, when it finds a win.
    const w = winnable(s, budget);
    if (w.verdict === 'solved' && w.line?.length)
      return { move: w.line[0], by: 'the solver', note: 'on a winning line' };
    return {
      move: null,
      by: 'the solver',
      note: w.verdict === 'lost' ? 'no winning line from here' : `no winning line found within ${budget.nodes} nodes`,
    };
  }
  // Pilstymas: what the expert would play in the person's seat.
  const pos = pilPosition(s);
  const strategy = pil.makeStrategy('expert', 'hint');
  const m = strategy.choose(pil.viewOf(pos, pos.turn));
  return { move: pil.formatMove(m), by: 'the expert strategy (it sees only your view)', note: '' };
}

/** Whether the position can still be won: Parterre exactly (up to the budget); Besieged City
 *  with the stock known (a spoiler: the page asks only when the person does). */
export function winnable(s: GameState, budget: Budget): WinnableAnswer {
  const game =
    s.settings.game === 'besieged-city'
      ? (() => {
          const g = new bc.BcGame(bcDeal(s.settings));
          for (const m of s.moves) {
            const p = bc.parseMove(g.pos, m);
            if (!p.ok) throw new Error(`move "${m}": ${p.reason}`);
            g.make(p.move);
          }
          return g;
        })()
      : s.settings.game === 'parterre'
        ? (() => {
            const g = new pt.PtGame(ptDeal(s.settings));
            for (const m of s.moves) {
              const p = pt.parseMove(g, m);
              if (!p.ok) throw new Error(`move "${m}": ${p.reason}`);
              g.make(p.move);
            }
            return g;
          })()
        : null;
  if (!game) throw new Error('winnable: only for Besieged City and Parterre');
  if (game.won()) return { verdict: 'solved', line: [], nodes: 0, note: 'already won' };
  const r = solve(game, { maxNodes: budget.nodes, memoryBytes: MEMORY, policy: policyOf(s) });
  if (r.outcome === 'solved') return { verdict: 'solved', line: r.line, nodes: r.stats.nodes, note: '' };
  if (r.outcome === 'unsolvable')
    return { verdict: 'lost', nodes: r.stats.nodes, note: 'every line from here was searched' };
  return { verdict: 'unknown', nodes: r.stats.nodes, note: `stopped at the ${r.limit} budget` };
}

const policyOf = (s: GameState) =>
  s.settings.game === 'besieged-city' ? bc.besiegedCity.searchPolicy : pt.parterre.searchPolicy;

/** Besieged City without peeking: stock orders drawn from the cards not yet seen, each solved
 *  on the budget; the share won with its 95% Wilson interval. A guess left unknown at the budget
 *  counts as not won, so the estimate is a lower one. */
export function chance(s: GameState, budget: Budget): ChanceAnswer {
  const view = bcView(s);
  const unseen = view.unseen();
  // The view's unseen cards are sorted, and the seed is fixed: the guesses depend on what the
  // player has seen, never on the real stock order.
  const rng = rngFromSeed(`chance:${unseen.length}`);
  let won = 0,
    unknown = 0,
    nodes = 0;
  for (let i = 0; i < budget.samples; i++) {
    const g = view.position(shuffleInPlace(unseen.slice(), rng));
    const r = solve(g, { maxNodes: budget.nodes, memoryBytes: MEMORY, policy: bc.besiegedCity.searchPolicy });
    nodes += r.stats.nodes;
    if (r.outcome === 'solved') won++;
    else if (r.outcome === 'unknown') unknown++;
  }
  const [low, high] = wilson(won, budget.samples);
  return { won, samples: budget.samples, unknown, rate: won / budget.samples, low, high, nodes };
}

/** The 95% Wilson score interval of k successes in n. */
export function wilson(k: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.959964,
    p = k / n,
    d = 1 + (z * z) / n;
  const c = p + (z * z) / (2 * n),
    h = z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return [Math.max(0, (c - h) / d), Math.min(1, (c + h) / d)];
}

function pilPosition(s: GameState): pil.PilPosition {
  const pos = pil.PilPosition.fromDeal(pilDeal(s.settings), pilRule(s.settings));
  for (const m of s.moves) {
    const p = pil.parseMove(pos, m);
    if (!p.ok) throw new Error(`move "${m}": ${p.reason}`);
    pos.make(p.move);
  }
  return pos;
}

/** The opponent (B) of Pilstymas: one strategy per game, kept between its moves (a planner
 *  remembers where its turns ended). */
let opponent: { key: string; strategy: pil.Strategy } | null = null;

export function aiMove(s: GameState): string {
  const pos = pilPosition(s);
  const key = `${s.settings.seed}|${JSON.stringify(s.settings.dealJson ?? null)}|${s.settings.variant}|${s.settings.ai}`;
  if (!opponent || opponent.key !== key) {
    const seed = s.settings.seed || 'file';
    opponent = { key, strategy: pil.makeStrategy(s.settings.ai, `${seed}:B`) };
  }
  return pil.formatMove(opponent.strategy.choose(pil.viewOf(pos, 1)));
}
