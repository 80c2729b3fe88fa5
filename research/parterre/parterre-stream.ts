// The streamlined space alone, for experiments with the streamlined runs: runs one search of the
// Parterre streamliner's restricted space per seed and prints its outcome and nodes ('unsolvable'
// there means only that the restricted space holds no win).
//
//   NODES=2000000 SEEDS="9 25" [ALG=dfs|<weight>|inf] [GUIDE=0] [PT_NOSHUF=1] [PT_BLIND=0] [PT_LEVEL=1] [PT_ORDER=1] \
//     [VARIANT=foundations=removable] npx tsx research/parterre/parterre-stream.ts
import { astar } from '../../src/search/astar.js';
import { dfs } from '../../src/search/dfs.js';
import { StateTable } from '../../src/search/table.js';
import { dealFromSeed, withVariant } from '../../src/games/parterre/deal.js';
import { plainKnobs } from './knobs.js';

const table = new StateTable(1 << 30);
const seeds = (process.env.SEEDS ?? '1')
  .trim()
  .split(/[\s,]+/)
  .map(Number);
const maxNodes = Number(process.env.NODES ?? 2_000_000);
const alg = process.env.ALG ?? 'dfs';
let solved = 0,
  exhausted = 0,
  open = 0,
  nodes = 0;
const won: number[] = [];
for (const s of seeds) {
  const deal = dealFromSeed(s);
  const game = plainKnobs(process.env.VARIANT ? withVariant(deal, process.env.VARIANT) : deal);
  if (process.env.PT_NOSHUF) game.noShuffle = process.env.PT_NOSHUF === '1';
  if (process.env.PT_BLIND) game.suitBlind = process.env.PT_BLIND !== '0';
  game.streamline(true, Number(process.env.PT_LEVEL ?? 0), Number(process.env.PT_ORDER ?? 0));
  table.clear();
  const t = performance.now();
  const r =
    alg === 'dfs'
      ? dfs(game, { maxNodes }, table)
      : astar(game, { maxNodes }, table, alg === 'inf' ? Infinity : Number(alg), Number(process.env.GUIDE ?? 0));
  game.streamline(false);
  nodes += r.stats.nodes;
  if (r.outcome === 'solved') solved++, won.push(s);
  else if (r.outcome === 'unsolvable') exhausted++;
  else open++;
  console.log(
    `${s} ${r.outcome === 'unsolvable' ? 'exhausted' : r.outcome} ${r.stats.nodes} nodes ${(performance.now() - t).toFixed(0)} ms`,
  );
}
console.log(`alg ${alg}: ${solved} won (${won.join(' ')}), ${exhausted} exhausted, ${open} open; ${nodes} nodes`);
