import type { Job } from '../../batch/job.js';
import { SOLVE_COLUMNS, solveRow, type SolveJobConfig } from '../../batch/solve-row.js';
import { dealFromSeed, withVariant } from './deal.js';
import { BcGame } from './search.js';
import { certificate, makeStrategy, playGame } from './strategies/index.js';

// Batch solving: one row per seed. With strategies, each also plays the deal seeing only what a
// player sees; its result goes in a won_<name> column, and a won game is a certificate: replayed
// by the rules engine, it turns an undecided deal into a solved one (the source column names
// where the proof came from).

export type BcJobConfig = SolveJobConfig & {
  strategies?: string[];
  /** Seeds the strategies' own random choices. Never the deal's seed: from that a strategy
   *  could rebuild the stock order it must not see. */
  strategySeed?: string;
  /** The rule variant as `--variant` writes it (absent: the default reading). */
  rules?: string;
};

export const job: Job<BcJobConfig> = {
  columns: (config) => [...SOLVE_COLUMNS, ...(config.strategies ?? []).flatMap((s) => [`won_${s}`, `ms_${s}`])],
  itemColumn: 'seed',
  blockSize: 4,
  baseRow: (config, seed) => ({ game: 'besieged-city', seed, settings: config.settings }),
  run(config, seed) {
    const deal = config.rules ? withVariant(dealFromSeed(seed), config.rules, 'variant') : dealFromSeed(seed);
    const { row, result: r } = solveRow('besieged-city', seed, new BcGame(deal), config);
    for (const name of config.strategies ?? []) {
      const t0 = performance.now();
      const game = playGame(deal, makeStrategy(name, config.strategySeed ?? '1'));
      row[`ms_${name}`] = Math.round(performance.now() - t0);
      row[`won_${name}`] = game.won;
      const line = certificate(deal, game); // a won line, replayed by the rules engine
      if (!line) continue;
      // An exhaustive search and a real win cannot both be right: surface it, never hide it.
      if (r.outcome === 'unsolvable') throw new Error(`solver said unsolvable, but ${name} won`);
      if (row.outcome !== 'solved') {
        row.outcome = 'solved';
        row.moves = line.length;
        row.limit = '';
        row.source = name;
        row._line = line.join('\n');
      }
    }
    return row;
  },
};
