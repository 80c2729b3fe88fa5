import { rngFromSeed } from '../../../cards/shuffle.js';
import { InputError, quote } from '../../../io/errors.js';
import type { ZDeal } from '../deal.js';
import { decisionTimeoutOf, Forfeit, type StrategyFile } from '../../../strategies/module.js';
import { CHOOSE_EXTERNAL, CHOOSE_RULE, CHOOSE_SPITEFUL, type Variant, ZGame, type ZResult } from '../position.js';
import { seatFiles } from './file.js';

// Strategies differ from the rule only where the page leaves room:
//   rule        the page's priority: centre, then the opponents nearest to the right;
//   spiteful    centre first still, then the opponent holding the fewest cards (ties: nearest right);
//   careless:p  the rule's choices, but each legal play is missed with probability p (a blunder,
//               punished by the penalty). p = 0 is the rule.
// A seat list is comma-separated, one per seat ("rule,careless:0.1,rule,rule"); one name means
// every seat.

export interface Strategies {
  /** Canonical names, one per seat. */
  names: string[];
  chooser: number[];
  miss: number[];
  /** Per seat: the strategy file playing it, or null for a built-in. */
  files: (StrategyFile | null)[];
}

function parseOne(text: string, files: ReadonlyMap<string, StrategyFile>): { name: string; chooser: number; miss: number; file: StrategyFile | null } {
  const f = files.get(text.trim());
  if (f) return { name: f.name, chooser: CHOOSE_EXTERNAL, miss: 0, file: f };
  return { ...parseBuiltin(text), file: null };
}

function parseBuiltin(text: string): { name: string; chooser: number; miss: number } {
  const t = text.trim().toLowerCase();
  if (t === 'rule') return { name: 'rule', chooser: CHOOSE_RULE, miss: 0 };
  if (t === 'spiteful') return { name: 'spiteful', chooser: CHOOSE_SPITEFUL, miss: 0 };
  const m = /^careless:(\d*\.?\d+(?:e-?\d+)?)$/.exec(t);
  if (m) {
    const p = Number(m[1]);
    if (!(p >= 0 && p <= 1)) throw new InputError(`--strategies: careless probability must be between 0 and 1, got ${quote(m[1])}`);
    return { name: `careless:${p}`, chooser: CHOOSE_RULE, miss: p };
  }
  throw new InputError(`--strategies: unknown strategy ${quote(text)} (use rule, spiteful, careless:p or a strategy file ./z.mjs)`);
}

/** Built-in names, and the names of `files` (strategy files, loaded by the caller). */
export function parseStrategies(text: string | undefined, players: number, files: ReadonlyMap<string, StrategyFile> = new Map()): Strategies {
  const parts = (text ?? 'rule').split(',');
  if (parts.some((p) => p.trim() === '')) throw new InputError(`--strategies: empty strategy in ${quote(text)}`);
  const one = parts.map((p) => parseOne(p, files));
  if (one.length !== 1 && one.length !== players)
    throw new InputError(`--strategies: ${one.length} strategies for ${players} players (give one, or one per seat)`);
  const seats = one.length === 1 ? Array.from({ length: players }, () => one[0]) : one;
  return { names: seats.map((s) => s.name), chooser: seats.map((s) => s.chooser), miss: seats.map((s) => s.miss), files: seats.map((s) => s.file) };
}

export const strategiesLabel = (s: Strategies): string => s.names.join(',');

/** The generator seed of the careless seats: fixed by the deal's seed unless given. */
export const defaultRngSeed = (dealSeed: string | undefined): string => `zioplys-careless:${dealSeed ?? 'file'}`;

export interface SimOptions {
  variant: Variant;
  strategies: Strategies;
  rngSeed?: string;
  /** Strategy files: their own seed (never the deal's) and limit per decision in ms. */
  strategySeed?: string;
  decisionTimeoutMs?: number;
  trace?: (line: string) => void;
  maxTurns?: number;
}

export interface SimResult extends ZResult {
  blunders: number;
  /** With outcome cycle: the period of the loop, in turns (0 otherwise). */
  cycleLength: number;
  /** When a strategy file broke the contract: what happened (its seat is the loser). */
  forfeit?: string;
}

/** Prepares an engine with the strategies (and a fresh careless generator) for one game. */
export function configure(game: ZGame, strategies: Strategies, rngSeed: string): void {
  const random = strategies.miss.some((p) => p > 0);
  game.setStrategies(strategies.chooser, strategies.miss, random ? rngFromSeed(rngSeed) : null);
}

export function simulate(deal: ZDeal, opts: SimOptions): SimResult {
  const game = new ZGame(deal.players, opts.variant);
  configure(game, opts.strategies, opts.rngSeed ?? defaultRngSeed(deal.seed));
  if (opts.maxTurns !== undefined) game.maxTurns = opts.maxTurns;
  game.trace = opts.trace ?? null;
  seatFiles(game, opts.strategies.files, opts.strategySeed ?? '1', decisionTimeoutOf(opts.decisionTimeoutMs));
  game.reset(deal);
  try {
    game.play();
  } catch (e) {
    if (!(e instanceof Forfeit)) throw e;
    return { ...game.result(), outcome: 'loser', loser: e.seat, blunders: game.blunders, cycleLength: 0, forfeit: e.message };
  }
  return { ...game.result(), blunders: game.blunders, cycleLength: game.cycleLength };
}
