import type { Job } from '../../batch/job.js';
import { solve } from '../../search/solve.js';
import { StateTable } from '../../search/table.js';
import type { SolverSettings } from '../../cli/solve.js';
import { dealFromSeed, GAME } from './deal.js';
import { PtGame } from './search.js';

// Batch solving: one row per seed. A worker keeps one table and reuses it from deal to deal.
// Registered in src/batch/jobs.ts as "parterre" (see the report: that shared file is the
// lead's to edit).

export type PtJobConfig = SolverSettings & { settings: string };

let table: StateTable | null = null;

export const job: Job<PtJobConfig> = {
  columns: ['game', 'seed', 'outcome', 'moves', 'nodes', 'unique', 'ms', 'limit', 'settings'],
  itemColumn: 'seed',
  blockSize: 2,
  baseRow: (config, seed) => ({ game: GAME, seed, settings: config.settings }),
  run(config, seed) {
    if (!table || table.memoryBytes !== config.memoryBytes) table = new StateTable(config.memoryBytes);
    const game = new PtGame(dealFromSeed(seed));
    const r = solve(game, { ...config, table });
    return {
      game: GAME,
      seed,
      outcome: r.outcome,
      moves: r.outcome === 'solved' ? r.moves.length : '',
      nodes: r.stats.nodes,
      unique: r.stats.unique,
      ms: Math.round(r.stats.ms),
      limit: r.outcome === 'unknown' ? r.limit : '',
      settings: config.settings,
      ...(r.outcome === 'solved' ? { _line: r.line.join('\n') } : {}),
    };
  },
};
