// What bench/browser-rate.ts bundles: one solve of a pinned search, the same code in Node and in
// a browser's Web Worker. Imports only the games' cores, as the web page does.
import { besiegedCity, dealFromSeed as bcDeal } from '../src/games/besieged-city/core.js';
import { parterre, dealFromSeed as ptDeal } from '../src/games/parterre/core.js';
import { solve, type Algorithm } from '../src/search/solve.js';
import { StateTable } from '../src/search/table.js';
import { moveByMove } from './same-searches-groups.js';

/** One table for every solve, as a batch worker keeps one (and as the page's worker would). */
const table = new StateTable(256 << 20);

export interface Job {
  game: 'besieged-city' | 'parterre';
  /** Deals solved in turn (the rate is of their sum). */
  seeds: string[];
  algorithm: Algorithm;
  maxNodes: number;
  /** Besieged City's depth-first search one move at a time (no plateau macro moves). */
  noPlateaus?: boolean;
}

/** Solves the job's deals from the start, in turn; the nodes and milliseconds of all. */
export function run(job: Job): { outcome: string; nodes: number; ms: number } {
  const kit = job.game === 'besieged-city' ? besiegedCity : parterre;
  let nodes = 0,
    ms = 0;
  const outcomes = new Map<string, number>();
  for (const seed of job.seeds) {
    const search =
      job.game === 'parterre'
        ? parterre.searchGame(ptDeal(seed))
        : job.noPlateaus
          ? moveByMove(bcDeal(seed))
          : besiegedCity.searchGame(bcDeal(seed));
    const t0 = performance.now();
    const r = solve(search, {
      algorithm: job.algorithm,
      maxNodes: job.maxNodes,
      policy: kit.searchPolicy,
      memoryBytes: 256 << 20,
      table,
    });
    ms += performance.now() - t0;
    nodes += r.stats.nodes;
    outcomes.set(r.outcome, (outcomes.get(r.outcome) ?? 0) + 1);
  }
  const outcome = [...outcomes].map(([o, n]) => (job.seeds.length === 1 ? o : `${n} ${o}`)).join(', ');
  return { outcome, nodes, ms };
}
