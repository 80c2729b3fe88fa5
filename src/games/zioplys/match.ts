import { type ContractPlayer, decisionTimeoutOf, Forfeit } from '../../strategies/contract.js';
import type { ZDeal } from './deal.js';
import { OUTCOME_LOSER, OUTCOME_NAMES, RUNNING, type Variant, ZPosition } from './position.js';
import { configure, defaultRngSeed, type FileSeats, type Strategies } from './strategies/index.js';
import { seatPlayers } from './strategies/public-view.js';

// Plays one game of a deal with the strategies of its seats.

interface SimOptions {
  variant: Variant;
  strategies: Strategies;
  rngSeed?: string;
  /** Strategy files: their own seed (never the deal's) and limit per decision in ms. */
  strategySeed?: string;
  decisionTimeoutMs?: number;
  /** How strategy files take their seats (seatFiles in strategies/file.ts); needed only when
   *  `strategies` names a file. */
  seatFiles?: FileSeats;
  /** Players under the contract in process (a program's own strategies), by seat, null for a
   *  built-in: their seats' chooser is CHOOSE_EXTERNAL (seatPlayers in strategies/public-view.ts). */
  players?: readonly (ContractPlayer | null)[];
  trace?: (line: string) => void;
  maxTurns?: number;
}

/** The page's result JSON. */
interface ZResult {
  outcome: (typeof OUTCOME_NAMES)[number];
  loser: number | null;
  outOrder: number[];
  turns: number;
  centrePlays: number;
}

/** The result of the game g has played (so far: a game still running counts as stopped at the
 *  limit). */
export function resultOf(g: ZPosition): ZResult {
  return {
    outcome: g.outcome === RUNNING ? 'limit' : OUTCOME_NAMES[g.outcome],
    loser: g.outcome === OUTCOME_LOSER ? g.loser : null,
    outOrder: Array.from(g.outOrder.subarray(0, g.outCount)),
    turns: g.turns,
    centrePlays: g.centrePlays,
  };
}

export interface SimResult extends ZResult {
  blunders: number;
  /** With outcome cycle: the period of the loop, in turns (0 otherwise). */
  cycleLength: number;
  /** When a strategy file broke the contract: what happened (its seat is the loser). */
  forfeit?: string;
}

export function simulate(deal: ZDeal, opts: SimOptions): SimResult {
  const game = new ZPosition(deal.players, opts.variant);
  configure(game, opts.strategies, opts.rngSeed ?? defaultRngSeed(deal.seed));
  if (opts.maxTurns !== undefined) game.loops.maxTurns = opts.maxTurns;
  game.trace = opts.trace ?? null;
  const files = opts.strategies.files;
  if (opts.players) seatPlayers(game, opts.players);
  else if (files.some((f) => f !== null)) {
    if (!opts.seatFiles)
      throw new Error(`strategy files (${opts.strategies.names.join(',')}): this runtime cannot play them`);
    opts.seatFiles(game, files, opts.strategySeed ?? '1', decisionTimeoutOf(opts.decisionTimeoutMs));
  }
  game.reset(deal);
  try {
    game.play();
  } catch (e) {
    if (!(e instanceof Forfeit)) throw e;
    return {
      ...resultOf(game),
      outcome: 'loser',
      loser: e.seat,
      blunders: game.blunders,
      cycleLength: 0,
      forfeit: e.message,
    };
  }
  return { ...resultOf(game), blunders: game.blunders, cycleLength: game.cycleLength };
}

/** A game's result as `simulate --json` prints it and the library gives it. */
export const resultJson = (r: SimResult) => ({
  outcome: r.outcome,
  loser: r.loser,
  outOrder: r.outOrder,
  turns: r.turns,
  centrePlays: r.centrePlays,
  ...(r.forfeit ? { forfeit: r.forfeit } : {}),
});
