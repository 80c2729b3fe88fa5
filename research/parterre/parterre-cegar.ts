// Refining the suit relaxation by its own wins (counterexample-guided): search the relaxation of a
// deal (suit-relaxation.ts) to the end; when it is won, the cards that the winning line's exchanges
// touched (the card played and the card sent home in its stead) keep their suits from then on
// (SuitRelaxationModes' `keep`, suit-relaxation-modes.ts), and the relaxation is searched again from the deal. Every round is
// still a relaxation, so an exhausted round proves the deal lost; a won line with no exchange is a
// real line (replayed here in the rules engine), so the deal is won; a round cut off by its budget
// ends the deal undecided.
//
//   npx tsx research/parterre/parterre-cegar.ts SEEDS ROUND_NODES ROUNDS [first|all] [removable]
//   npx tsx research/parterre/parterre-cegar.ts 117,283,3144 3000000 16 first
//
// `first` keeps the two cards of the line's first exchange a round, `all` those of every exchange.
// Per deal: LOST, WON or unknown, the nodes of all rounds, and each round's outcome, nodes,
// exchanges in its line and cards kept (k). Node counts, so the same on any machine.
import { dealFromSeed, withVariant } from '../../src/games/parterre/deal.js';
import { formatMove } from '../../src/games/parterre/notation.js';
import { moveCard } from '../../src/games/parterre/position.js';
import { replay } from '../../src/games/parterre/replay.js';
import { PtSearch } from '../../src/games/parterre/search.js';
import { exchangedCard, SWAP } from '../../src/games/parterre/suit-relaxation.js';
import { SuitRelaxationModes } from './suit-relaxation-modes.js';
import { dfs } from '../../src/search/dfs.js';
import { StateTable } from '../../src/search/table.js';

const [seedsText, nodesText = '3000000', roundsText = '8', refine = 'first', reading] = process.argv.slice(2);
if (!seedsText || (refine !== 'first' && refine !== 'all')) {
  console.error('usage: npx tsx research/parterre/parterre-cegar.ts SEEDS ROUND_NODES ROUNDS [first|all] [removable]');
  process.exit(2);
}
const roundNodes = Number(nodesText);
const rounds = Number(roundsText);
const table = new StateTable(448 * 2 ** 20);
for (const seed of seedsText.split(',')) {
  let deal = dealFromSeed(seed);
  if (reading === 'removable') deal = withVariant(deal, 'foundations=removable');
  const root = new PtSearch(deal);
  const keep = new Uint8Array(52);
  let verdict = 'unknown',
    total = 0;
  const trail: string[] = [];
  for (let round = 0; round < rounds; round++) {
    const kept = keep.reduce((a, b) => a + b, 0);
    table.clear();
    const r = dfs(new SuitRelaxationModes(root, true, keep), { maxNodes: roundNodes }, table);
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
      if (exchanges === 0 || refine === 'all') {
        keep[moveCard(m)] = 1;
        keep[exchangedCard(m)] = 1;
      }
      exchanges++;
    }
    trail.push(`r${round}:won@${r.stats.nodes}/x${exchanges}(k${kept})`);
    if (exchanges === 0) {
      // The rules engine's own replay of the line in notation.
      const replayed = replay(deal, r.moves.map(formatMove));
      verdict = replayed.ok && replayed.won ? 'WON' : 'NOT-REPLAYED';
      break;
    }
  }
  console.log(seed, verdict, total, trail.join(' '));
}
