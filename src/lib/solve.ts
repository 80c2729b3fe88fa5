import { InputError, quote } from '../io/errors.js';
import type { WhenFull } from '../search/limits.js';
import { type Algorithm, solve, type SolveResult as SearchAnswer } from '../search/solve.js';
import type { Solitaire, SolitairePosition } from '../solitaire/kit.js';
import type { SolveOptions, SolveResult, SolveStats } from './types.js';
import { pollOf } from './stop.js';

// A search of a deal and the document that says what it found: the one `patience solve --json`
// prints (the command line builds it here) and the library's solve() returns.

/** The solver's settings, as a command's options or a call's give them. */
export interface SolverSettings {
  algorithm: Algorithm;
  weight?: number;
  maxNodes?: number;
  timeoutMs?: number;
  memoryBytes: number;
  /** Absent: evict (the default). */
  whenFull?: WhenFull;
}

/** The settings as the solution document and a batch's settings column write them. */
export const describeSettings = (s: SolverSettings) =>
  [
    s.algorithm,
    s.weight !== undefined ? `weight=${s.weight}` : '',
    s.timeoutMs !== undefined ? `timeout=${s.timeoutMs}ms` : '',
    s.maxNodes !== undefined ? `max-nodes=${s.maxNodes}` : '',
    `memory=${Math.round(s.memoryBytes / 2 ** 20)}MiB`,
    s.whenFull === 'stop' ? 'when-full=stop' : '',
  ]
    .filter(Boolean)
    .join(' ');

/** The search statistics as they appear in JSON output. */
export const statsJson = (r: SearchAnswer): SolveStats => ({
  nodes: r.stats.nodes,
  unique: r.stats.unique,
  ms: Math.round(r.stats.ms),
  maxDepth: r.stats.maxDepth,
  ...(r.stats.evicted ? { evicted: r.stats.evicted } : {}),
});

const ALGORITHMS: readonly Algorithm[] = ['auto', 'dfs', 'astar', 'best-first'];
/** A call's node budget when it names none: a search of seconds, the same on every machine. */
export const DEFAULT_MAX_NODES = 10_000_000;
const DEFAULT_MEMORY_BYTES = 2 ** 30;

/** A whole number of at least `min`, or InputError naming the option. */
export function wholeNumber(v: unknown, option: string, min = 1): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min)
    throw new InputError(`${option}: ${quote(v)} is not a whole number >= ${min}`);
  return v;
}

/** A call's solver options, checked, with the library's defaults. */
export function settingsOf(
  opts: SolveOptions,
  defaults: { maxNodes?: number; memoryBytes?: number } = {},
): SolverSettings {
  let algorithm = opts.algorithm ?? 'auto';
  if (!ALGORITHMS.includes(algorithm))
    throw new InputError(`algorithm: ${quote(algorithm)} is not one of ${ALGORITHMS.join(', ')}`);
  if (opts.optimal === true) {
    if (opts.algorithm !== undefined && opts.algorithm !== 'auto' && opts.algorithm !== 'astar')
      throw new InputError(`optimal needs A*; it cannot go with algorithm ${quote(opts.algorithm)}`);
    algorithm = 'astar';
  }
  if (opts.weight !== undefined && !(typeof opts.weight === 'number' && opts.weight >= 1))
    throw new InputError('weight: must be a number >= 1');
  if (opts.whenFull !== undefined && opts.whenFull !== 'evict' && opts.whenFull !== 'stop')
    throw new InputError(`whenFull: ${quote(opts.whenFull)} is not "evict" or "stop"`);
  const memoryBytes = wholeNumber(opts.memoryBytes ?? defaults.memoryBytes ?? DEFAULT_MEMORY_BYTES, 'memoryBytes');
  if (memoryBytes < 2 ** 20) throw new InputError('memoryBytes: at least 1 MiB');
  return {
    algorithm,
    ...(opts.weight !== undefined ? { weight: opts.weight } : {}),
    maxNodes: wholeNumber(opts.maxNodes ?? defaults.maxNodes ?? DEFAULT_MAX_NODES, 'maxNodes'),
    ...(opts.timeoutMs !== undefined ? { timeoutMs: wholeNumber(opts.timeoutMs, 'timeoutMs') } : {}),
    memoryBytes,
    ...(opts.whenFull === 'stop' ? { whenFull: 'stop' as const } : {}),
  };
}

/** Searches a deal of a patience: the search's answer, and its solution document. */
export function solveDeal<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Solitaire<D, P>,
  deal: D,
  settings: SolverSettings,
  stop: Pick<SolveOptions, 'signal' | 'onProgress'> = {},
): { answer: SearchAnswer; document: SolveResult } {
  const answer = solve(kit.searchGame(deal), { ...settings, policy: kit.searchPolicy, poll: pollOf(stop) });
  return { answer, document: solutionDocument(kit, deal, answer, settings) };
}

/** The solution document of a search's answer. */
export function solutionDocument<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Solitaire<D, P>,
  deal: D,
  r: SearchAnswer,
  settings: SolverSettings,
): SolveResult {
  return {
    game: kit.name,
    deal: kit.dealToJson(deal) as SolveResult['deal'],
    outcome: r.outcome,
    ...(r.outcome === 'unknown' ? { limit: r.limit } : {}),
    ...(r.outcome === 'solved' ? { moves: r.line } : {}),
    stats: statsJson(r),
    solver: describeSettings(settings),
  } as SolveResult;
}
