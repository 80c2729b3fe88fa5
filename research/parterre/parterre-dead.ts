// What the capacity test (PtKnobs.capacityTest / capacityAtRoot, knobs.ts; block() in
// src/games/parterre/dead-test.ts) adds to the relaxation's dead test, counted in positions
// (load-independent) plus the CPU time of exhaustive searches with it off and on.
//
//   npx tsx research/parterre/parterre-dead.ts roots 1..1000        deals proved lost at the root, without/with
//   npx tsx research/parterre/parterre-dead.ts search 300000 52 27 78 9 15
//       depth-first search of each deal (test off), counting the positions the relaxation leaves
//       alive and how many of them the capacity test proves lost; then the same search with the
//       test on at every node and off, nodes and CPU ms of each.
import { solve } from '../../src/search/solve.js';
import { StateTable } from '../../src/search/table.js';
import { dealFromSeed } from '../../src/games/parterre/deal.js';
import { plainKnobs } from './knobs.js';

const [mode, ...args] = process.argv.slice(2);

if (mode === 'roots') {
  const [from, to] = (args[0] ?? '1..1000').split('..').map(Number);
  let without = 0,
    withCap = 0;
  const extra: number[] = [];
  for (let s = from; s <= to; s++) {
    const g = plainKnobs(dealFromSeed(String(s)));
    const a = g.dead();
    g.capacityTest = true;
    const b = g.dead();
    if (a) without++;
    if (b) withCap++;
    if (b && !a) extra.push(s);
  }
  console.log(
    `seeds ${from}..${to}: dead at the root ${without} without the capacity test, ${withCap} with it (new: ${extra.join(' ') || 'none'})`,
  );
} else if (mode === 'search') {
  const maxNodes = Number(args[0]);
  const table = new StateTable(1 << 26);
  for (const seed of args.slice(1)) {
    const g = plainKnobs(dealFromSeed(seed));
    g.capacityAtRoot = false;
    const relaxed = g.dead.bind(g);
    let alive = 0,
      extra = 0;
    g.dead = () => {
      const d = relaxed();
      if (!d) {
        alive++;
        g.capacityTest = true;
        if (relaxed()) extra++;
        g.capacityTest = false;
      }
      return d;
    };
    const r = solve(g, { algorithm: 'dfs', maxNodes, table });
    const timed = (on: boolean) => {
      const h = plainKnobs(dealFromSeed(seed));
      h.capacityAtRoot = false;
      h.capacityTest = on;
      const t = process.cpuUsage();
      const x = solve(h, { algorithm: 'dfs', maxNodes, table });
      return `${x.outcome} ${x.stats.nodes} nodes ${Math.round(process.cpuUsage(t).user / 1000)} ms`;
    };
    console.log(
      `deal ${seed}: ${r.outcome} after ${r.stats.nodes} nodes; alive positions ${alive}, proved lost by the capacity test ${extra}; off: ${timed(false)}; on: ${timed(true)}`,
    );
  }
} else {
  console.error('usage: parterre-dead.ts roots FROM..TO | search NODES SEED...');
  process.exitCode = 2;
}
