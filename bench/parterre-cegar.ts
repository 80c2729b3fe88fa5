// Refining the suit relaxation by its own wins (counterexample-guided): search the relaxation of a
// deal (suit-relaxation.ts) to the end; when it is won, the cards that the winning line's exchanges
// touched (the card played and the card sent home in its stead) keep their suits from then on
// (SuitRelaxation's `keep`), and the relaxation is searched again from the deal. Every round is
// still a relaxation, so an exhausted round proves the deal lost; a won line with no exchange is a
// real line (replayed here in the rules engine), so the deal is won; a round cut off by its budget
// ends the deal undecided.
//
//   npx tsx bench/parterre-cegar.ts SEEDS ROUND_NODES ROUNDS [first|all] [removable]
//   npx tsx bench/parterre-cegar.ts 117,283,3144 3000000 16 first
//
// `first` keeps the two cards of the line's first exchange a round, `all` those of every exchange.
// Per deal: LOST, WON or unknown, the nodes of all rounds, and each round's outcome, nodes,
// exchanges in its line and cards kept (k). Node counts, so the same on any machine.
import { dealFromSeed, withVariant } from '../src/games/parterre/deal.js';
import { PtPosition } from '../src/games/parterre/position.js';
import { PtGame } from '../src/games/parterre/search.js';
import { SuitRelaxation } from '../src/games/parterre/suit-relaxation.js';
import { dfs } from '../src/search/dfs.js';
import { StateTable } from '../src/search/table.js';

const [seedsText, nodesText = '3000000', roundsText = '8', refine = 'first', reading] = process.argv.slice(2);
if (!seedsText || (refine !== 'first' && refine !== 'all')) {
  console.error('usage: npx tsx bench/parterre-cegar.ts SEEDS ROUND_NODES ROUNDS [first|all] [removable]');
  process.exit(2);
}
const roundNodes = Number(nodesText);
const rounds = Number(roundsText);
const table = new StateTable(448 * 2 ** 20);
/** SuitRelaxation's exchange bit, and the suit sent home in bits 17-18. */
const SWAP = 1 << 16;

/** Whether `moves` is a legal winning line of the real game from the deal. */
function realWin(pos: PtPosition, moves: readonly number[]): boolean {
  const buf = new Int32Array(256);
  for (const m of moves) {
    const n = pos.legalMoves(buf);
    if (!buf.subarray(0, n).includes(m)) return false;
    pos.make(m);
  }
  return pos.won();
}

for (const seed of seedsText.split(',')) {
  let deal = dealFromSeed(seed);
  if (reading === 'removable') deal = withVariant(deal, 'foundations=removable');
  const root = new PtGame(deal);
  const keep = new Uint8Array(52);
  let verdict = 'unknown',
    total = 0;
  const trail: string[] = [];
  for (let round = 0; round < rounds; round++) {
    const kept = keep.reduce((a, b) => a + b, 0);
    table.clear();
    const r = dfs(new SuitRelaxation(root, true, keep), { maxNodes: roundNodes }, table);
    total += r.stats.nodes;
    if (r.outcome === 'unsolvable') {
      verdict = 'LOST';
      trail.push(`r${round}:lost@${r.stats.nodes}(k${kept})`);
      break;
    }
    if (r.outcome === 'unknown') {
      trail.push(`r${round}:cut(k${kept})`);
      break;
    }
    let exchanges = 0;
    for (const m of r.moves) {
      if (!(m & SWAP)) continue;
      const c = (m >> 10) & 63;
      if (exchanges === 0 || refine === 'all') {
        keep[c] = 1;
        keep[((m >> 17) & 3) * 13 + (c % 13)] = 1;
      }
      exchanges++;
    }
    trail.push(`r${round}:won@${r.stats.nodes}/x${exchanges}(k${kept})`);
    if (exchanges === 0) {
      verdict = realWin(new PtPosition(deal), r.moves) ? 'WON' : 'NOT-REPLAYED';
      break;
    }
  }
  console.log(seed, verdict, total, trail.join(' '));
}
