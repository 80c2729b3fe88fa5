import type { Job } from '../../batch/job.js';
import { dealOfItem, SOLVE_COLUMNS, solveRow, type SolveJobConfig } from '../../solitaire/solve-row.js';
import { dealFromJson, dealFromSeed, withVariant } from './deal.js';
import { BC_POLICY } from './policy.js';
import { BcSearch } from './search.js';
import { solve } from '../../search/solve.js';
import {
  decisionTimeoutOf,
  filesFromConfig,
  Forfeit,
  setLoadTimeout,
  setStrategyMemory,
  StrategyUnavailable,
} from '../../strategies/module.js';
import { keyedSeed } from '../../strategies/deal-key.js';
import { certificate, playGame, type GameResult } from './strategies/index.js';
import { strategyFor } from './strategies/file.js';
import { recordOfLine } from '../../solitaire/record.js';
import { besiegedCity } from './kit.js';

// Batch solving: one row per seed. With strategies, each also plays the deal seeing only what a
// player sees; its result goes in a won_<name> column, and a won game is a certificate: replayed
// by the rules engine, it turns an undecided deal into a solved one (the source column names
// where the proof came from).

export type BcJobConfig = SolveJobConfig & {
  strategies?: string[];
  /** Seeds the strategies' own random choices. Never the deal's seed: from that a strategy
   *  could rebuild the stock order it must not see. */
  strategySeed?: string;
  /** Strategy files, "name=path" (src/strategies/module.ts); their names are in `strategies`. */
  strategyFiles?: string[];
  /** A file strategy's limit per decision, in ms (default 1000). */
  decisionTimeoutMs?: number;
  /** A file strategy's limit for loading in a worker, in ms (default 30 s). */
  loadTimeoutMs?: number;
  /** A file strategy's memory limit in MiB (--strategy-memory). */
  strategyMemoryMiB?: number;
  /** The run's deal key: each deal is that of keyedSeed(seed, key) (src/strategies/deal-key.ts). */
  dealKey?: string;
  /** The rule variant as `--variant` writes it (absent: the default reading). */
  rules?: string;
  /** K independent plays per deal (batch --strategy-seeds K): the items are `<seed>#<k>`, one
   *  row each, played with strategy seed k (1..K); the row's strategy_seed column says which. */
  strategySeeds?: number;
  /** A* node budget for the shortest solution (batch --shortest N; column shortest). */
  shortestNodes?: number;
  /** Put each strategy's game record in the row's `_records` side output (name -> record). */
  records?: boolean;
};

/** The deal and strategy seed of an item: `<seed>#<k>` with strategy seeds, else the seed. */
export function splitItem(config: BcJobConfig, item: string): { seed: string; strategySeed: string | null } {
  if (!config.strategySeeds) return { seed: item, strategySeed: null };
  const at = item.lastIndexOf('#');
  return { seed: item.slice(0, at), strategySeed: item.slice(at + 1) };
}

export const job: Job<BcJobConfig> = {
  columns: (config) => [
    ...SOLVE_COLUMNS,
    ...(config.shortestNodes ? ['shortest'] : []),
    ...(config.strategySeeds ? ['strategy_seed'] : []),
    ...(config.strategies ?? []).flatMap((s) => [`won_${s}`, `ms_${s}`]),
  ],
  itemColumn: 'seed',
  itemOf: (row) => (row.strategy_seed ? `${row.seed}#${row.strategy_seed}` : row.seed),
  blockSize: 4,
  baseRow: (config, item) => {
    const { seed, strategySeed } = splitItem(config, item);
    return {
      game: 'besieged-city',
      seed,
      settings: config.settings,
      ...(strategySeed ? { strategy_seed: strategySeed } : {}),
    };
  },
  // A strategy that could not play (its column empty) is mended by running the deal again.
  failed: (row) => row.outcome === 'error' || Object.keys(row).some((k) => k.startsWith('won_') && row[k] === ''),
  run(config, item) {
    const { seed, strategySeed } = splitItem(config, item);
    const base = dealOfItem(config, seed, (s) => dealFromSeed(keyedSeed(s, config.dealKey)), dealFromJson);
    const deal = config.rules ? withVariant(base, config.rules, 'variant') : base;
    const { row, result: r } = solveRow('besieged-city', seed, new BcSearch(deal), BC_POLICY, config);
    if (strategySeed) row.strategy_seed = strategySeed;
    if (config.shortestNodes) {
      // Once per deal: the shortest line does not depend on the play.
      row.shortest = '';
      if (r.outcome === 'solved' && (strategySeed === null || strategySeed === '1')) {
        const a = solve(new BcSearch(deal), {
          algorithm: 'astar',
          maxNodes: config.shortestNodes,
          memoryBytes: config.memoryBytes,
        });
        if (a.outcome === 'solved') row.shortest = a.moves.length;
      }
    }
    const files = filesFromConfig(config.strategyFiles);
    const timeout = decisionTimeoutOf(config.decisionTimeoutMs);
    setLoadTimeout(config.loadTimeoutMs);
    setStrategyMemory(config.strategyMemoryMiB);
    const problems: string[] = [];
    const records: Record<string, object> = {};
    const player = (name: string) => `${name} (strategy seed ${strategySeed ?? config.strategySeed ?? '1'})`;
    // With several plays of a deal, each play's record has a name of its own: DIR/<seed>-<name>.s<k>.json.
    const recordKey = (name: string) => (strategySeed ? `${name}.s${strategySeed}` : name);
    for (const name of config.strategies ?? []) {
      const t0 = performance.now();
      let game: GameResult;
      const played: string[] = [];
      try {
        game = playGame(deal, strategyFor(name, strategySeed ?? config.strategySeed ?? '1', files, timeout), {
          onMove: (move) => void played.push(move),
        });
      } catch (e) {
        // A file that would not load here played no game: its columns stay empty, the
        // solver's verdict and the other strategies' games stand.
        if (e instanceof StrategyUnavailable) {
          problems.push(e.message);
          continue;
        }
        // A file strategy that breaks the contract loses this game; the row and batch go on.
        if (!(e instanceof Forfeit)) throw e;
        row[`ms_${name}`] = Math.round(performance.now() - t0);
        row[`won_${name}`] = false;
        problems.push(e.message);
        if (config.records)
          records[recordKey(name)] = recordOfLine(besiegedCity, deal, played, {
            player: player(name),
            stopped: 'forfeit',
          });
        continue;
      }
      row[`ms_${name}`] = Math.round(performance.now() - t0);
      row[`won_${name}`] = game.won;
      if (config.records)
        records[recordKey(name)] = recordOfLine(besiegedCity, deal, game.moves, {
          player: player(name),
          stopped: game.reason === 'move-cap' || game.reason === 'resigned' ? game.reason : undefined,
        });
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
    if (problems.length) row.error = problems.join('; ');
    if (config.records) row._records = JSON.stringify(records);
    return row;
  },
};
