import type { Argv } from 'yargs';
import { InputError } from '../io/errors.js';
import type { SolveResult } from '../search/solve.js';
import { parseBytes, parseCount, parseDecimal, parseDuration } from './units.js';
import type { SolverSettings } from '../lib/solve.js';

export { describeSettings, type SolverSettings } from '../lib/solve.js';

// Solver options shared by `solve` and `batch` of every game that has a solver.

export const ALGORITHMS = ['auto', 'dfs', 'astar', 'best-first'] as const;
const WHEN_FULL = ['evict', 'stop'] as const;

export function solverOptions(y: Argv, defaults: { timeout?: string; memory?: string; maxNodes?: string } = {}): Argv {
  return y
    .option('algorithm', {
      choices: ALGORITHMS as unknown as string[],
      default: 'auto',
      describe: 'auto: guided best-first runs, then exhaustive depth-first; dfs; astar (shortest); best-first',
    })
    .option('optimal', {
      type: 'boolean',
      default: false,
      describe: 'shortest solution: A* with an admissible bound (same as --algorithm astar)',
    })
    .option('weight', { type: 'string', describe: 'best-first: f = g + weight*h (default: h alone)' })
    .option('max-nodes', {
      type: 'string',
      default: defaults.maxNodes,
      describe: 'stop after this many nodes (unknown: nodes)',
    })
    .option('timeout', {
      type: 'string',
      default: defaults.timeout,
      describe: 'stop after this long, e.g. 10s, 500ms (unknown: time); none: no time limit',
    })
    .option('memory', {
      type: 'string',
      default: defaults.memory ?? '1GiB',
      describe: "memory for the whole search of a deal (table, stacks, the game's caches), per worker, e.g. 1GiB",
    })
    .option('when-full', {
      choices: WHEN_FULL as unknown as string[],
      default: 'evict',
      describe:
        'table full: evict forgets the deeper half of its states and goes on (depth-first; best-first runs stop); stop ends with unknown: memory',
    });
}

export function solverSettings(argv: Record<string, unknown>): SolverSettings {
  const optimal = argv.optimal === true;
  let algorithm = String(argv.algorithm ?? 'auto') as SolverSettings['algorithm'];
  if (optimal) {
    if (argv.algorithm !== undefined && argv.algorithm !== 'auto' && argv.algorithm !== 'astar')
      throw new InputError(`--optimal needs A*; it cannot go with --algorithm ${String(argv.algorithm)}`);
    algorithm = 'astar';
  }
  const weight = argv.weight === undefined ? undefined : parseDecimal(argv.weight, '--weight', 1);
  return {
    algorithm,
    ...(weight !== undefined ? { weight } : {}),
    ...(argv.maxNodes !== undefined ? { maxNodes: parseCount(argv.maxNodes, '--max-nodes') } : {}),
    // "none": a run bounded by nodes or memory alone decides the same on every machine.
    ...(argv.timeout !== undefined && argv.timeout !== 'none'
      ? { timeoutMs: parseDuration(argv.timeout, '--timeout') }
      : {}),
    memoryBytes: parseBytes(argv.memory ?? '1GiB', '--memory'),
    ...(argv.whenFull === 'stop' ? { whenFull: 'stop' as const } : {}),
  };
}

const LIMIT_TEXT = {
  nodes: 'node limit reached',
  time: 'time limit reached',
  memory: 'memory budget full',
  stopped: 'stopped',
} as const;

/** One line that says what the solver found. */
export function outcomeLine(r: SolveResult): string {
  if (r.outcome === 'solved') return `solved in ${r.moves.length} moves`;
  if (r.outcome === 'unsolvable') return 'unsolvable (exhaustive search: no winning line exists)';
  return `unknown (${LIMIT_TEXT[r.limit]})`;
}

export function statsLine(r: SolveResult): string {
  const s = r.stats;
  const rate = s.ms > 0 ? Math.round((s.nodes / s.ms) * 1000) : 0;
  const evicted = s.evicted ? `, ${s.evicted.toLocaleString('en-US')} states evicted from the full table` : '';
  return `nodes ${s.nodes.toLocaleString('en-US')}, unique states ${s.unique.toLocaleString('en-US')}${evicted}, ${(s.ms / 1000).toFixed(2)} s (${rate.toLocaleString('en-US')} nodes/s), max depth ${s.maxDepth}`;
}
