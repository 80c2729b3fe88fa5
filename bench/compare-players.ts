// Two Besieged City players, each from its own compiled build, on the same seeds in ONE process,
// alternating by seed (the order flips every seed), so both meet the same machine load: the way
// to say "N× the games per CPU second". Prints each side's wins (95% Wilson interval), CPU
// seconds and games per CPU second, the new/old ratio, and the seeds only one side won.
//
//   git worktree add ../old <rev> && ln -s "$PWD/node_modules" ../old/node_modules
//   (cd ../old && npx tsc -p tsconfig.json --noEmit false --outDir .bench-build)
//   npx tsc -p tsconfig.json --noEmit false --outDir .bench-build
//   node .bench-build/bench/compare-players.js ../old/.bench-build .bench-build \
//       [--from 1] [--to 200] [--old sampler] [--new hindsight] [--seed 1] [--verbose]
//
// Each build is asked only what every version has: dealFromSeed, makeStrategy, playGame.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { wilson } from '../src/batch/stats.js';

// biome-ignore lint/suspicious/noExplicitAny: the two builds are of different versions
type Any = any;

const args = process.argv.slice(2);
const [oldDir, newDir] = args;
if (!oldDir || !newDir || oldDir.startsWith('--') || newDir.startsWith('--')) {
  console.error('usage: node <build>/bench/compare-players.js OLD_BUILD_DIR NEW_BUILD_DIR [--from 1] [--to 200] ...');
  process.exit(2);
}
const arg = (name: string, dflt: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : dflt;
};
const from = Number(arg('from', '1')),
  to = Number(arg('to', '200'));
const strategySeed = arg('seed', '1');
const verbose = args.includes('--verbose');

const load = async (dir: string, name: string) => {
  const at = (p: string) => import(pathToFileURL(resolve(dir, p)).href);
  const { dealFromSeed } = await at('src/games/besieged-city/deal.js');
  const { makeStrategy, playGame } = await at('src/games/besieged-city/strategies/index.js');
  return { name, dealFromSeed, playGame, strategy: makeStrategy(name, strategySeed) as Any };
};
const sides = {
  old: await load(oldDir, arg('old', 'sampler')),
  new: await load(newDir, arg('new', 'hindsight')),
};
const tally = {
  old: { wins: 0, cpu: 0, nodes: 0 },
  new: { wins: 0, cpu: 0, nodes: 0 },
};
const onlyOld: number[] = [],
  onlyNew: number[] = [];
for (let s = from; s <= to; s++) {
  const won: Record<string, boolean> = {};
  for (const k of s % 2 === 1 ? (['old', 'new'] as const) : (['new', 'old'] as const)) {
    const side = sides[k];
    const cpu0 = process.cpuUsage();
    const g = side.playGame(side.dealFromSeed(String(s)), side.strategy);
    const cpu = process.cpuUsage(cpu0);
    tally[k].cpu += (cpu.user + cpu.system) / 1e6;
    tally[k].nodes += side.strategy.solveNodes ?? 0;
    if (g.won) tally[k].wins++;
    won[k] = g.won;
  }
  if (won.old && !won.new) onlyOld.push(s);
  if (won.new && !won.old) onlyNew.push(s);
  if (verbose) console.log(`seed ${s}: old ${won.old ? 'won' : 'lost'}, new ${won.new ? 'won' : 'lost'}`);
}
const n = to - from + 1;
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
console.log(`besieged-city players, seeds ${from}..${to} (${n} deals), strategy seed ${strategySeed}`);
for (const k of ['old', 'new'] as const) {
  const t = tally[k],
    w = wilson(t.wins, n);
  console.log(
    `${k} ${sides[k].name.padEnd(10)} won ${t.wins} (${pct(t.wins / n)} [${pct(w.lo)}, ${pct(w.hi)}]); ` +
      `${t.cpu.toFixed(1)} CPU s, ${(n / t.cpu).toFixed(3)} games per CPU s, ${Math.round(t.nodes / n / 1000)}k solver nodes a game`,
  );
}
console.log(
  `new/old games per CPU s: ${(tally.old.cpu / tally.new.cpu).toFixed(2)}; solver nodes old/new: ${(tally.old.nodes / tally.new.nodes).toFixed(2)}`,
);
console.log(`won by old only: ${onlyOld.join(' ') || '-'}; by new only: ${onlyNew.join(' ') || '-'}`);
