// Replays every Parterre solution a batch wrote (--solutions DIR) with the `verify` command's own
// check (verifySolution), in one process, and checks that each file's deal is its seed's deal.
// Prints the counts; exit code 1 on any failure.
//
//   npx tsx bench/verify-solutions.ts results/pt-solutions
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { verifySolution } from '../src/solitaire/kit.js';
import { parterre } from '../src/games/parterre/kit.js';
import { dealFromSeed } from '../src/games/parterre/deal.js';
const dir = process.argv[2] ?? 'results/pt-solutions';
let ok = 0,
  bad = 0;
const log = console.log;
for (const f of readdirSync(dir).filter((x) => x.endsWith('.json'))) {
  const file = join(dir, f);
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  const seed = f.replace(/\.json$/, '');
  const d = dealFromSeed(seed);
  const parsed = parterre.dealFromJson({ ...doc.deal, game: 'parterre' }, file);
  const same = JSON.stringify([parsed.piles, parsed.bouquet]) === JSON.stringify([d.piles, d.bouquet]);
  if (!same) {
    bad++;
    log('WRONG DEAL', file);
    continue;
  }
  if (verifySolution(parterre, doc, file).valid) ok++;
  else {
    bad++;
    log('FAIL', file);
  }
}
log(`verified ${ok} valid and won, ${bad} failed`);
process.exitCode = bad ? 1 : 0;
