import { rngFromSeed } from '../../../cards/shuffle.js';
import { InputError, quote } from '../../../io/errors.js';
import type { StrategyFile } from '../../../strategies/contract.js';
import { CHOOSE_EXTERNAL, type ZPosition } from '../position.js';
import { careless } from './careless.js';
import { rule } from './rule.js';
import { spiteful } from './spiteful.js';
import type { BuiltinStrategy, Strategies } from './strategy.js';

// Strategies by name: the built-ins (rule, spiteful, careless:p; each file says its idea) and
// strategy files. A seat list is comma-separated, one per seat ("rule,careless:0.1,rule,rule");
// one name means every seat. Strategy files play through an adapter that needs Node (file.ts),
// so the shell hands it in (FileSeats) and the built-ins run anywhere.

export type { Strategies } from './strategy.js';

export const STRATEGY_NAMES = ['rule', 'spiteful', 'careless'] as const;

function parseOne(
  text: string,
  files: ReadonlyMap<string, StrategyFile>,
): BuiltinStrategy & { file: StrategyFile | null } {
  const f = files.get(text.trim());
  if (f) return { name: f.name, chooser: CHOOSE_EXTERNAL, miss: 0, file: f };
  return { ...parseBuiltin(text), file: null };
}

function parseBuiltin(text: string): BuiltinStrategy {
  const t = text.trim().toLowerCase();
  if (t === rule.name) return rule;
  if (t === spiteful.name) return spiteful;
  const c = careless(t);
  if (c) return c;
  throw new InputError(
    `--strategies: unknown strategy ${quote(text)} (use rule, spiteful, careless:p or a strategy file ./z.mjs)`,
  );
}

/** Built-in names, and the names of `files` (strategy files, loaded by the caller). */
export function parseStrategies(
  text: string | undefined,
  players: number,
  files: ReadonlyMap<string, StrategyFile> = new Map(),
): Strategies {
  const parts = (text ?? 'rule').split(',');
  if (parts.some((p) => p.trim() === '')) throw new InputError(`--strategies: empty strategy in ${quote(text)}`);
  const one = parts.map((p) => parseOne(p, files));
  if (one.length !== 1 && one.length !== players)
    throw new InputError(`--strategies: ${one.length} strategies for ${players} players (give one, or one per seat)`);
  const seats = one.length === 1 ? Array.from({ length: players }, () => one[0]) : one;
  return {
    names: seats.map((s) => s.name),
    chooser: seats.map((s) => s.chooser),
    miss: seats.map((s) => s.miss),
    files: seats.map((s) => s.file),
  };
}

export const strategiesLabel = (s: Strategies): string => s.names.join(',');

/** The generator seed of the careless seats: fixed by the deal's seed unless given. */
export const defaultRngSeed = (dealSeed: string | undefined): string => `zioplys-careless:${dealSeed ?? 'file'}`;

/** Prepares an engine with the strategies (and a fresh careless generator) for one game. */
export function configure(game: ZPosition, strategies: Strategies, rngSeed: string): void {
  const random = strategies.miss.some((p) => p > 0);
  game.seats.set(strategies.chooser, strategies.miss, random ? rngFromSeed(rngSeed) : null);
}

/** Seats a game's strategy files (`files[seat]`, null for a built-in), each with its own seed
 *  made from `strategySeed` and a limit of `timeoutMs` per decision: seatFiles in file.ts. */
export type FileSeats = (
  game: ZPosition,
  files: readonly (StrategyFile | null)[],
  strategySeed: string,
  timeoutMs: number,
) => void;
