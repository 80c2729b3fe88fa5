import type { Job, Row } from '../../batch/job.js';
import { dealOfItem, SOLVE_COLUMNS, solveRow, type SolveJobConfig } from '../../solitaire/solve-row.js';
import { narrowness, narrowSummary, shortcut } from '../../search/narrow.js';
import { dealFromJson, dealFromSeed, GAME, withVariant } from './deal.js';
import { PT_POLICY } from './policy.js';
import { ptSearchGame } from './search-game.js';
import { NARROW_COLUMNS } from './narrow-columns.js';

// Batch solving: one row per seed (or per deal file). With `narrowNodes` (batch --narrowness N),
// a solved deal's line (shortened: search/narrow.ts shortcut()) is walked and every legal move at every step probed at N nodes
// (src/search/narrow.ts): how narrow the way through the deal is.

export type PtJobConfig = SolveJobConfig & { rules?: string; narrowNodes?: number };

const share = (x: number) => Number(x.toFixed(4));

export const job: Job<PtJobConfig> = {
  columns: (config) => [...SOLVE_COLUMNS, ...(config.narrowNodes ? NARROW_COLUMNS : [])],
  itemColumn: 'seed',
  blockSize: 2,
  baseRow: (config, seed) => ({ game: GAME, seed, settings: config.settings }),
  run: (config, seed) => solveDeal(config, seed).row,
};

/** One deal's row (the seed's, or a deal file's with `dealFiles`); with `narrowNodes` or `walk`,
 *  also the line walked: the solver's, its loops and detours cut, in notation. */
export function solveDeal(config: PtJobConfig, seed: string, walk = false): { row: Row; walked?: string[] } {
  const base = dealOfItem(config, seed, dealFromSeed, dealFromJson);
  // The rule variant as `--variant` writes it (absent: the default reading).
  const game = ptSearchGame(config.rules ? withVariant(base, config.rules, 'variant') : base);
  const { row, result } = solveRow(GAME, seed, game, PT_POLICY, config);
  if (config.narrowNodes) for (const c of NARROW_COLUMNS) row[c] = '';
  if (result.outcome !== 'solved' || !(config.narrowNodes || walk)) return { row };
  // The solver's line, its loops and detours cut: the way measured is one a player might take.
  const walked = shortcut(game, result.moves);
  if (!config.narrowNodes) return { row, walked: walked.map((m) => game.formatMove(m)) };
  const t0 = performance.now();
  const n = narrowness(game, walked, { maxNodes: config.narrowNodes, policy: PT_POLICY });
  const s = narrowSummary(n);
  Object.assign(row, {
    steps: s.steps,
    share_mean: share(s.meanLo),
    share_mean_hi: share(s.meanHi),
    share_min: share(s.minLo),
    share_min_hi: share(s.minHi),
    narrowest_step: s.minStep,
    critical_steps: s.critical,
    unknown_moves: s.unknownMoves,
    probe_nodes: n.nodes,
    probe_ms: Math.round(performance.now() - t0),
  });
  return { row, walked: walked.map((m) => game.formatMove(m)) };
}
