import type { Job } from '../../batch/job.js';
import { solve } from '../../search/solve.js';
import { StateTable } from '../../search/table.js';
import type { SolverSettings } from '../../cli/solve.js';
import { dealFromSeed } from './deal.js';
import { BcGame } from './search.js';

// Batch solving: one row per seed. A worker keeps one table and reuses it from deal to deal.

export type BcJobConfig = SolverSettings & { settings: string };

let table: StateTable | null = null;

export const job: Job<BcJobConfig> = {
  columns: ['game', 'seed', 'outcome', 'moves', 'nodes', 'unique', 'ms', 'limit', 'source', 'settings'],
  itemColumn: 'seed',
  blockSize: 4,
  baseRow: (config, seed) => ({ game: 'besieged-city', seed, settings: config.settings }),
  run(config, seed) {
    if (!table || table.memoryBytes !== config.memoryBytes) table = new StateTable(config.memoryBytes);
    const game = new BcGame(dealFromSeed(seed));
    const r = solve(game, { ...config, table });
    return {
      game: 'besieged-city',
      seed,
      outcome: r.outcome,
      moves: r.outcome === 'solved' ? r.moves.length : '',
      nodes: r.stats.nodes,
      unique: r.stats.unique,
      ms: Math.round(r.stats.ms),
      limit: r.outcome === 'unknown' ? r.limit : '',
      source: r.outcome === 'solved' ? 'solver' : '',
      settings: config.settings,
      ...(r.outcome === 'solved' ? { _line: r.line.join('\n') } : {}),
    };
  },
};
