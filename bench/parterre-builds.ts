// Parterre's batch throughput, two compiled builds side by side in ONE process: for each seed the
// two builds' batch jobs solve the deal in turn (the order flips from seed to seed, so both meet
// the same machine), each as a batch worker does (its own table, kept from deal to deal, the
// same limits). Prints per build the deals decided (solved or proved unsolvable), the CPU seconds
// spent, the deals decided per CPU second and the new/old ratio; any verdict the builds disagree
// on (one solved, the other proved unsolvable); the seeds only one build decides. Figures only.
//
//   git worktree add /tmp/old <rev> && (cd /tmp/old && npm ci && npx tsc -p tsconfig.json --noEmit false --outDir .bench-build)
//   npx tsc -p tsconfig.json --noEmit false --outDir .bench-build
//   node .bench-build/bench/parterre-builds.js /tmp/old/.bench-build .bench-build 1..1000 [5s] [final|removable]
//
// Each build is asked only what every version has: its Parterre batch job (job.run(config, seed)).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseDuration, parseSeeds } from '../src/cli/units.js';

// biome-ignore lint/suspicious/noExplicitAny: the two builds are of different versions
type Any = any;

const [oldDir, newDir, seedsText, timeoutText = '5s', reading = 'final'] = process.argv.slice(2);
if (!oldDir || !newDir || !seedsText || (reading !== 'final' && reading !== 'removable')) {
  console.error(
    'usage: node <build>/bench/parterre-builds.js OLD_BUILD_DIR NEW_BUILD_DIR SEEDS [TIMEOUT] [final|removable]',
  );
  process.exit(2);
}
const seeds = parseSeeds(seedsText);
const timeoutMs = parseDuration(timeoutText, 'TIMEOUT');
const config = {
  algorithm: 'auto',
  timeoutMs,
  memoryBytes: 1 << 30,
  settings: 'bench',
  ...(reading === 'removable' ? { rules: 'foundations=removable' } : {}),
};

const load = async (dir: string) =>
  (await import(pathToFileURL(resolve(dir, 'src/games/parterre/job.js')).href)).job as Any;
const builds = { old: await load(oldDir), new: await load(newDir) };
const tally = {
  old: { decided: 0, solved: 0, unsolvable: 0, cpu: 0 },
  new: { decided: 0, solved: 0, unsolvable: 0, cpu: 0 },
};
const only = { old: [] as string[], new: [] as string[] };
const disagree: string[] = [];
let i = 0;
for (const seed of seeds) {
  const outcome: Record<string, string> = {};
  for (const k of i++ % 2 === 0 ? (['old', 'new'] as const) : (['new', 'old'] as const)) {
    const cpu0 = process.cpuUsage();
    const row = builds[k].run(config, seed);
    const cpu = process.cpuUsage(cpu0);
    const t = tally[k];
    t.cpu += (cpu.user + cpu.system) / 1e6;
    outcome[k] = String(row.outcome);
    if (row.outcome === 'solved') t.solved++;
    if (row.outcome === 'unsolvable') t.unsolvable++;
  }
  for (const k of ['old', 'new'] as const) if (outcome[k] !== 'unknown') tally[k].decided++;
  if (outcome.old !== 'unknown' && outcome.new !== 'unknown' && outcome.old !== outcome.new) disagree.push(seed);
  if (outcome.old !== 'unknown' && outcome.new === 'unknown') only.old.push(seed);
  if (outcome.new !== 'unknown' && outcome.old === 'unknown') only.new.push(seed);
}
console.log(`parterre (${reading}), seeds ${seedsText} (${seeds.length} deals), ${timeoutText} a deal, one process`);
for (const k of ['old', 'new'] as const) {
  const t = tally[k];
  console.log(
    `${k}: decided ${t.decided} (${t.solved} solved, ${t.unsolvable} unsolvable), ${t.cpu.toFixed(1)} CPU s, ` +
      `${(t.decided / t.cpu).toFixed(2)} deals decided per CPU s`,
  );
}
const rate = (k: 'old' | 'new') => tally[k].decided / tally[k].cpu;
console.log(`new/old deals decided per CPU s: ${(rate('new') / rate('old')).toFixed(2)}`);
console.log(`verdicts that disagree: ${disagree.length ? disagree.join(' ') : 'none'}`);
console.log(`only old decides (${only.old.length}): ${only.old.join(' ')}`);
console.log(`only new decides (${only.new.length}): ${only.new.join(' ')}`);
