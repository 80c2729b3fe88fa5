// The pinned searches: a fixed set of solves, bounded by nodes only, whose outcome, node count
// and unique states must not change when the code is reorganised (a refactor that changes a
// search is not a refactor). Prints one line per solve and a digest per group, then the speed
// of each group in nodes per CPU second (the speed moves with the machine; the lines must not).
//
//   npx tsx bench/same-searches.ts [--group bc-auto|bc-296|bc-variants|pt] [--quiet]
//
// bc-296 is seed 296's plain depth-first search (no plateau macro moves), the node-rate workload.
// Compare two builds: run it on each and diff the lines that do not start with "speed".
import { createHash } from 'node:crypto';
import { solve } from '../src/search/solve.js';
import { StateTable } from '../src/search/table.js';
import { besiegedCity } from '../src/games/besieged-city/kit.js';
import { parterre } from '../src/games/parterre/kit.js';
import type { AutoPolicy } from '../src/search/policy.js';
import type { SearchGame } from '../src/search/types.js';
import { GROUPS, type Group, moveByMove } from './same-searches-groups.js';

/** What this script needs of a game: deals from seeds, their variants, the search adapter and
 *  its policy. */
interface Kit {
  dealFromSeed(seed: string): unknown;
  searchGame(deal: never): SearchGame;
  searchPolicy?: Partial<AutoPolicy>;
  variants?: { apply(deal: never, text: string, where: string): unknown };
}

const KITS: Record<Group['game'], Kit> = { 'besieged-city': besiegedCity, parterre };

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const only = arg('group');
const quiet = process.argv.includes('--quiet');
const table = new StateTable(1024 * 2 ** 20);

for (const g of GROUPS) {
  if (only !== undefined && g.name !== only) continue;
  const digest = createHash('sha256');
  let nodes = 0;
  const cpu0 = process.cpuUsage();
  for (const v of g.variants) {
    for (const s of g.seeds) {
      let deal = KITS[g.game].dealFromSeed(String(s)) as never;
      if (v !== 'default') deal = KITS[g.game].variants!.apply(deal, v, '--variant') as never;
      const game = g.noPlateaus ? moveByMove(deal) : KITS[g.game].searchGame(deal);
      const r = solve(game, { algorithm: g.algorithm, maxNodes: g.maxNodes, policy: KITS[g.game].searchPolicy, table });
      const line = `${g.name} ${v} ${s} ${r.outcome}${r.outcome === 'unknown' ? `(${r.limit})` : ''} nodes=${r.stats.nodes} unique=${r.stats.unique}${r.outcome === 'solved' ? ` moves=${r.moves.length}` : ''}`;
      digest.update(`${line}\n`);
      nodes += r.stats.nodes;
      if (!quiet) console.log(line);
    }
  }
  const cpu = process.cpuUsage(cpu0);
  const sec = (cpu.user + cpu.system) / 1e6;
  console.log(`${g.name} digest ${digest.digest('hex').slice(0, 16)} (${nodes} nodes)`);
  console.log(
    `speed ${g.name} ${Math.round(nodes / sec).toLocaleString('en-US')} nodes per CPU s (${sec.toFixed(1)} s)`,
  );
}
