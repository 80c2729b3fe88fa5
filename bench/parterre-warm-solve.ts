// One Parterre deal solved as `patience solve parterre --seed N --timeout …ms --json` solves it,
// but in a process whose search is already compiled: it first solves warm-up deals (seeds 1..5,
// 100,000 nodes each, the same reading), then the deal, and prints the deal's solution document.
// The deal's own clock then measures the search without V8's cold start (the interpreter and the
// compile of the hot functions, paid by every one-off command), as a batch worker runs it.
// Run by `bench/solvitaire-compare.ts` (its tools ours-warm, ours-warm-removable):
//   node --import tsx bench/parterre-warm-solve.ts DIST SEED LIMIT_MS [removable]
// DIST: a build's output folder (`npm run build` writes dist/; or tsc --outDir).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [dist, seed, limitText, reading] = process.argv.slice(2);
if (!dist || !seed || !limitText) {
  console.error('usage: parterre-warm-solve.ts DIST SEED LIMIT_MS [removable]');
  process.exit(2);
}
const load = (path: string) => import(pathToFileURL(join(dist, 'src', path)).href);
const { parterre } = await load('games/parterre/kit.js');
const { solveDeal } = await load('lib/solve.js');
const dealOf = (s: string) => {
  const d = parterre.dealFromSeed(s);
  return reading === 'removable' ? parterre.variants.apply(d, 'foundations=removable', '--variant') : d;
};
// The settings of the command's solve (src/cli/solve.ts): no node limit, the time limit, 1 GiB.
const settings = { algorithm: 'auto', timeoutMs: Number(limitText), memoryBytes: 2 ** 30 };
for (const s of ['1', '2', '3', '4', '5']) solveDeal(parterre, dealOf(s), { ...settings, maxNodes: 100_000 });
const { document } = solveDeal(parterre, dealOf(seed), settings);
console.log(JSON.stringify(document));
// Node 20 can hang at exit after a search (docs/api.md): end at once.
process.exit(0);
