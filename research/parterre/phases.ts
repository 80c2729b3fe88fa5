// Which run of the 'auto' search decides each deal, with its nodes and CPU time: the figures
// behind the choice of which run comes first (bench/history.md, "Parterre: as fast as
// Solvitaire deal by deal").
//
//   npx tsx research/parterre/phases.ts SEEDS NODES [final|removable] [POLICY_JSON]
//
// One line per deal: seed, outcome, nodes, CPU ms of the solve, the run that ended it (g<guide>w<weight>
// a guided run, s<level>^<order> a streamlined one, r the relaxation, x the exhaustive pass), the
// nodes made before that run began; then a summary. POLICY_JSON: fields over Parterre's policy.
import { parseSeeds } from '../../src/cli/units.js';
import { dealFromSeed, withVariant } from '../../src/games/parterre/deal.js';
import { PT_POLICY } from '../../src/games/parterre/policy.js';
import { PtProbingSearch } from '../../src/games/parterre/search-game.js';
import type { AutoPolicy } from '../../src/search/policy.js';
import { solve } from '../../src/search/solve.js';
import { StateTable } from '../../src/search/table.js';
import type { RelaxationHint, SearchGame, SearchMode } from '../../src/search/types.js';

/** The solver's game, telling which run is on: each search's beginSearch() and the streamliner's
 *  switch name it, and make() counts the moves made (a proxy of the nodes). */
export class Traced extends PtProbingSearch {
  runs: { label: string; at: number }[] = [];
  movesMade = 0;
  private level = -1;
  private order = 0;

  override streamline(on: boolean, level = 0, order = 0): void {
    super.streamline(on, level, order);
    this.level = on ? level : -1;
    this.order = order;
  }

  override beginSearch(mode?: SearchMode): void {
    super.beginSearch(mode);
    const label = this.level >= 0 ? `s${this.level}^${this.order}` : mode?.guided ? 'g' : 'x';
    this.runs.push({ label, at: this.movesMade });
  }

  override make(m: number): void {
    super.make(m);
    this.movesMade++;
  }

  override relaxation(hint: RelaxationHint): SearchGame | undefined {
    const r = super.relaxation(hint);
    if (r) this.runs.push({ label: `r-${hint}`, at: this.movesMade });
    return r;
  }
}

function main(): void {
  const [seedText, nodesText, reading = 'final', policyText] = process.argv.slice(2);
  const policy: Partial<AutoPolicy> = { ...PT_POLICY, ...(policyText ? JSON.parse(policyText) : {}) };
  const table = new StateTable(1 << 30);
  const tally = new Map<string, number>();
  let decided = 0,
    nodesSum = 0,
    cpuSum = 0;
  const decidedNodes: number[] = [];
  for (const seed of parseSeeds(seedText)) {
    const deal = dealFromSeed(seed);
    const game = new Traced(reading === 'removable' ? withVariant(deal, 'foundations=removable') : deal);
    const c0 = process.cpuUsage();
    const r = solve(game, { maxNodes: Number(nodesText), memoryBytes: 512 << 20, policy, table });
    const c = process.cpuUsage(c0);
    const cpu = (c.user + c.system) / 1000;
    const last = game.runs[game.runs.length - 1] ?? { label: '-', at: 0 };
    const by = r.outcome === 'unknown' ? '-' : last.label;
    tally.set(`${r.outcome} ${by}`, (tally.get(`${r.outcome} ${by}`) ?? 0) + 1);
    if (r.outcome !== 'unknown') decided++, decidedNodes.push(r.stats.nodes);
    nodesSum += r.stats.nodes;
    cpuSum += cpu;
    console.log(`${seed} ${r.outcome} ${r.stats.nodes} ${cpu.toFixed(0)} ${by} ${last.at}`);
  }
  decidedNodes.sort((a, b) => a - b);
  const q = (p: number) => decidedNodes[Math.min(decidedNodes.length - 1, Math.floor(p * decidedNodes.length))];
  console.log(
    `decided ${decided}; nodes of a decided deal median ${q(0.5)} p90 ${q(0.9)}; ${nodesSum} nodes, ${(cpuSum / 1000).toFixed(1)} CPU s`,
  );
  for (const [k, v] of [...tally].sort()) console.log(`  ${k}: ${v}`);
}

main();
