// What the program costs before and around a search, two compiled builds side by side: each
// round runs bare Node (`node -e 0`), `patience --version`, and a one-off
// `patience solve parterre --seed S --timeout 5s --json` of each build, the builds' order
// flipping every round, so both meet the same machine. Prints the medians (and quartiles) of each
// command's wall time and CPU time (user + system, the child's own count), and a solve's fixed
// cost: its wall time less the search's own clock (the "ms" it prints), less bare Node's.
//
//   git worktree add ../old <rev> && (cd ../old && npm ci && npx tsc -p tsconfig.build.json --outDir /tmp/old-build)
//   ln -s "$PWD/node_modules" /tmp/old-build/node_modules && cp package.json /tmp/old-build/
//   npm run build && ln -sfn "$PWD/dist" /tmp/new-build   (or any build laid out as dist/)
//   npx tsx bench/startup.ts /tmp/old-build /tmp/new-build [rounds] [seeds]
//
// A build directory holds src/cli.js and a package.json beside src/ (dist/ is laid out so once
// `npm run build` has run: package.json is one level up, as yargs finds it). Seeds: a range,
// default 100001..100020, one per round in turn (fresh deals: nothing was tuned on them).
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { parseSeeds } from '../src/cli/units.js';

/** Makes the child print its own CPU time (µs, user + system) as its last line on stderr. */
const CPU_PROBE = `data:text/javascript,process.on("exit",()=>{const u=process.cpuUsage();process.stderr.write("\\ncpu-us "+(u.user+u.system)+"\\n")})`;

interface Run {
  wallMs: number;
  cpuMs: number;
  stdout: string;
}

function run(args: string[]): Run {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ['--import', CPU_PROBE, ...args], { encoding: 'utf8' });
  const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const m = /cpu-us (\d+)\s*$/.exec(r.stderr);
  if (r.status !== 0 || !m) throw new Error(`node ${args.join(' ')}: exit ${r.status}: ${r.stderr.slice(0, 300)}`);
  return { wallMs, cpuMs: Number(m[1]) / 1000, stdout: r.stdout };
}

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  const i = (s.length - 1) * q;
  const lo = Math.floor(i);
  return s[lo] + (s[Math.min(lo + 1, s.length - 1)] - s[lo]) * (i - lo);
};
const fmt = (xs: number[]) =>
  `${quantile(xs, 0.5).toFixed(0)} (${quantile(xs, 0.25).toFixed(0)}–${quantile(xs, 0.75).toFixed(0)})`;

function main(): void {
  const [oldDir, newDir, roundsText = '10', seedsText = '100001..100020'] = process.argv.slice(2);
  if (!oldDir || !newDir) {
    console.error('usage: npx tsx bench/startup.ts OLD_BUILD NEW_BUILD [rounds] [seeds]');
    process.exit(2);
  }
  const builds = [
    { name: 'old', cli: resolve(oldDir, 'src/cli.js') },
    { name: 'new', cli: resolve(newDir, 'src/cli.js') },
  ];
  const seeds = [...parseSeeds(seedsText)];
  const rounds = Number(roundsText);
  const bare = { wall: [] as number[], cpu: [] as number[] };
  const fig = builds.map(() => ({
    versionWall: [] as number[],
    versionCpu: [] as number[],
    solveWall: [] as number[],
    solveCpu: [] as number[],
    fixed: [] as number[],
  }));
  for (let round = 0; round < rounds; round++) {
    const seed = String(seeds[round % seeds.length]);
    const b0 = run(['-e', '0']);
    bare.wall.push(b0.wallMs);
    bare.cpu.push(b0.cpuMs);
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    for (const i of order) {
      const v = run([builds[i].cli, '--version']);
      fig[i].versionWall.push(v.wallMs);
      fig[i].versionCpu.push(v.cpuMs);
    }
    for (const i of order) {
      const s = run([builds[i].cli, 'solve', 'parterre', '--seed', seed, '--timeout', '5s', '--json']);
      const searchMs = (JSON.parse(s.stdout) as { stats: { ms: number } }).stats.ms;
      fig[i].solveWall.push(s.wallMs);
      fig[i].solveCpu.push(s.cpuMs);
      fig[i].fixed.push(s.wallMs - searchMs - b0.wallMs);
    }
    process.stderr.write(`round ${round + 1}/${rounds} (seed ${seed})\n`);
  }
  console.log(`${rounds} rounds, seeds ${seedsText}; medians (quartiles), ms`);
  console.log(`bare node (node -e 0): wall ${fmt(bare.wall)}, cpu ${fmt(bare.cpu)}`);
  console.log(
    '| build | --version wall | --version cpu | solve wall | solve cpu | solve fixed cost (wall − search − bare node) |',
  );
  console.log('|---|---|---|---|---|---|');
  builds.forEach((b, i) => {
    const f = fig[i];
    console.log(
      `| ${b.name} ${oldDir === newDir ? '' : i === 0 ? oldDir : newDir} | ${fmt(f.versionWall)} | ${fmt(f.versionCpu)} | ${fmt(f.solveWall)} | ${fmt(f.solveCpu)} | ${fmt(f.fixed)} |`,
    );
  });
}

main();
