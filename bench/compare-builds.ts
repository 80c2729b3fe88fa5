// The pinned searches of same-searches.ts on two compiled builds in ONE process, alternating by
// group and round (the order flips each round), so both meet the same machine: the way to say
// whether a change moved the node rate. Prints the median nodes per CPU second of each build
// and the new/old ratio of every round.
//
//   git worktree add ../old <rev> && (cd ../old && npm ci && npx tsc -p tsconfig.json --noEmit false --outDir .bench-build)
//   npx tsc -p tsconfig.json --noEmit false --outDir .bench-build
//   node .bench-build/bench/compare-builds.js ../old/.bench-build .bench-build [rounds]
//
// Each build is asked only what every version has: solve(), StateTable and the kits (with their
// search policy where the kit carries one); for the groups without plateaus, the build's
// moveByMove() (same-searches-groups.ts), or in a build older than it the game's plateaus switch.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { GROUPS } from './same-searches-groups.js';

// biome-ignore lint/suspicious/noExplicitAny: the two builds are of different versions
type Any = any;

const [oldDir, newDir, roundsText] = process.argv.slice(2);
if (!oldDir || !newDir) {
  console.error('usage: node <build>/bench/compare-builds.js OLD_BUILD_DIR NEW_BUILD_DIR [rounds]');
  process.exit(2);
}
const load = async (dir: string) => {
  const at = (p: string) => import(pathToFileURL(resolve(dir, p)).href);
  const m: Any = {
    solve: (await at('src/search/solve.js')).solve,
    kits: {
      'besieged-city': (await at('src/games/besieged-city/kit.js')).besiegedCity,
      parterre: (await at('src/games/parterre/kit.js')).parterre,
    },
  };
  m.table = new (await at('src/search/table.js')).StateTable(1024 * 2 ** 20);
  const moveByMove = (await at('bench/same-searches-groups.js')).moveByMove;
  m.noPlateaus =
    moveByMove ??
    ((deal: unknown) => {
      const game = m.kits['besieged-city'].searchGame(deal);
      game.plateaus = false;
      return game;
    });
  return m;
};
const builds: Record<'old' | 'new', Any> = { old: await load(oldDir), new: await load(newDir) };
const rounds = Number(roundsText ?? 5);
const rates = new Map<string, number[]>();
for (let r = 0; r < rounds; r++) {
  for (const g of GROUPS) {
    for (const k of r % 2 === 0 ? (['old', 'new'] as const) : (['new', 'old'] as const)) {
      const m = builds[k];
      const kit = m.kits[g.game];
      let nodes = 0;
      const cpu0 = process.cpuUsage();
      for (const v of g.variants) {
        for (const s of g.seeds) {
          let deal = kit.dealFromSeed(String(s));
          if (v !== 'default') deal = kit.variants.apply(deal, v, '--variant');
          const game = g.noPlateaus ? m.noPlateaus(deal) : kit.searchGame(deal);
          const policy = kit.searchPolicy ? { policy: kit.searchPolicy } : {};
          nodes += m.solve(game, { algorithm: g.algorithm, maxNodes: g.maxNodes, table: m.table, ...policy }).stats
            .nodes;
        }
      }
      const cpu = process.cpuUsage(cpu0);
      const key = `${g.name} ${k}`;
      rates.set(key, [...(rates.get(key) ?? []), nodes / ((cpu.user + cpu.system) / 1e6)]);
    }
  }
}
const median = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1];
const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
for (const g of GROUPS) {
  const o = rates.get(`${g.name} old`)!;
  const n = rates.get(`${g.name} new`)!;
  const ratios = o.map((x, i) => (n[i] / x).toFixed(3));
  console.log(
    `${g.name}: old ${fmt(median(o))}, new ${fmt(median(n))} nodes per CPU s; new/old by round ${ratios.join(' ')}`,
  );
}
