import type { Job } from '../../batch/job.js';
import { dealOfItem, SOLVE_COLUMNS, solveRow, type SolveJobConfig } from '../../solitaire/solve-row.js';
import { dealFromJson, dealFromSeed, GAME } from './deal.js';
import { PT_POLICY } from './policy.js';
import { PtGame } from './search.js';

// Batch solving: one row per seed (or per deal file).

export const job: Job<SolveJobConfig> = {
  columns: SOLVE_COLUMNS,
  itemColumn: 'seed',
  blockSize: 2,
  baseRow: (config, seed) => ({ game: GAME, seed, settings: config.settings }),
  run: (config, seed) =>
    solveRow(GAME, seed, new PtGame(dealOfItem(config, seed, dealFromSeed, dealFromJson)), PT_POLICY, config).row,
};
