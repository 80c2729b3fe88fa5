import type { Job } from '../../batch/job.js';
import { dealOfItem, SOLVE_COLUMNS, solveRow, type SolveJobConfig } from '../../solitaire/solve-row.js';
import { dealFromJson, dealFromSeed, GAME, withVariant } from './deal.js';
import { PT_POLICY } from './policy.js';
import { PtGame } from './search.js';

// Batch solving: one row per seed (or per deal file).

export const job: Job<SolveJobConfig & { rules?: string }> = {
  columns: SOLVE_COLUMNS,
  itemColumn: 'seed',
  blockSize: 2,
  baseRow: (config, seed) => ({ game: GAME, seed, settings: config.settings }),
  run: (config, seed) => {
    const base = dealOfItem(config, seed, dealFromSeed, dealFromJson);
    // The rule variant as `--variant` writes it (absent: the default reading).
    const deal = config.rules ? withVariant(base, config.rules, 'variant') : base;
    return solveRow(GAME, seed, new PtGame(deal), PT_POLICY, config).row;
  },
};
