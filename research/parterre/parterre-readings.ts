// Both readings of Parterre on the same seeds and node budget: 'auto' under foundations=final and
// foundations=removable (MODES=final,rem; rem-noguided: removable without foundation moves in the
// guided runs), the outcome counts and nodes of each. V=1 prints one line per seed.
//
//   npx tsx research/parterre/parterre-readings.ts FROM TO NODES        e.g. 1 100 100000
import { solve } from '../../src/search/solve.js';
import { StateTable } from '../../src/search/table.js';
import { dealFromSeed, withVariant } from '../../src/games/parterre/deal.js';
import { PT_POLICY } from '../../src/games/parterre/policy.js';
import { plainKnobs } from './knobs.js';
const table = new StateTable(1 << 27);
const [a, b, nodes] = process.argv.slice(2).map(Number);
const modes = (process.env.MODES ?? 'final,rem').split(',');
const tot: Record<string, Record<string, number>> = {};
for (let s = a; s <= b; s++) {
  const line: string[] = [];
  for (const m of modes) {
    const d = m === 'final' ? dealFromSeed(String(s)) : withVariant(dealFromSeed(String(s)), 'foundations=removable');
    const g = plainKnobs(d);
    if (m === 'rem-noguided') g.guidedFoundationMoves = false;
    const r = solve(g, { maxNodes: nodes, policy: PT_POLICY, table });
    tot[m] ??= {};
    tot[m][r.outcome] = (tot[m][r.outcome] ?? 0) + 1;
    tot[m].nodes = (tot[m].nodes ?? 0) + r.stats.nodes;
    line.push(`${m}=${r.outcome}/${r.stats.nodes}`);
  }
  if (process.env.V) console.log(s, line.join(' '));
}
console.log(JSON.stringify(tot));
