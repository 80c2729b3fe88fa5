import type { Job } from '../../batch/job.js';
import { SOLVE_COLUMNS, solveRow, type SolveJobConfig } from '../../batch/solve-row.js';
import { dealFromSeed, GAME } from './deal.js';
import { PtGame } from './search.js';

// Batch solving: one row per seed.

export const job: Job<SolveJobConfig> = {
  columns: SOLVE_COLUMNS,
  itemColumn: 'seed',
  blockSize: 2,
  baseRow: (config, seed) => ({ game: GAME, seed, settings: config.settings }),
  run: (config, seed) => solveRow(GAME, seed, new PtGame(dealFromSeed(seed)), config).row,
};
