// Where Parterre's depth-first search meets a position again: its exhaustive pass (every proof,
// the table never full) run to a node budget, each child found in the table classed by how the
// search got there again. It tells what partial-order reduction could save: a sleep set (Godefroid)
// leaves out exactly the "commuting" class, children by a move m that an ancestor tried before
// the move it played and that commutes (moves on disjoint piles, slots and foundations) with
// every move played since; the "redundant" rule (PtSearch.redundant; PtKnobs.skipRedundant, knobs.ts) leaves out the moves of a card
// right after it moved onto a pile. Counted in nodes, so the figures do not depend on the load.
//
//   npx tsx research/parterre/parterre-duplicates.ts SEED [NODES=1000000] [REDUNDANT=1]
//
// Classes: back (the child is the parent's parent: a card moved back), cycle (an older position
// on the current path), commuting k (as above; k plies up, "F" when a forced move lies between),
// same card (the move moves the card the last move moved), other (another order of dependent
// moves: mostly cards of one rank exchanging places on bases of one rank).
import { dealFromSeed } from '../../src/games/parterre/deal.js';
import { formatMove } from '../../src/games/parterre/notation.js';
import { B2P, MAX_MOVES, P2F, P2P } from '../../src/games/parterre/position.js';
import { plainKnobs } from './knobs.js';
import { StateTable } from '../../src/search/table.js';

const [seed = '117', nodesText = '1000000', redundantText = '1'] = process.argv.slice(2);
const maxNodes = Number(nodesText);
const game = plainKnobs(dealFromSeed(seed));
game.skipRedundant = redundantText !== '0';
game.beginSearch({ guided: false, macros: true });

/** Piles (bits 0-5), bouquet slot (6-21) and foundation (22-25) a move reads or writes: moves
 *  with disjoint footprints commute. */
function footprint(m: number): number {
  const from = (m >> 2) & 31,
    to = (m >> 7) & 7,
    suit = Math.floor(((m >> 10) & 63) / 13);
  switch (m & 3) {
    case P2F:
      return (1 << from) | (1 << (22 + suit));
    case P2P:
      return (1 << from) | (1 << to);
    case B2P:
      return (from >= 16 ? 1 << (22 + suit) : 1 << (6 + from)) | (1 << to);
    default:
      return (1 << (6 + from)) | (1 << (22 + suit));
  }
}
const commute = (a: number, b: number) => (footprint(a) & footprint(b)) === 0;

const table = new StateTable(2 ** 31);
const key = new Uint32Array(game.maxKeyWords);
const keyText = () => Array.from(key.subarray(0, game.key(key))).join(',');
const lists: number[][] = [];
const at: number[] = [];
const forced: boolean[] = [];
const path = new Map<string, number>();
const pathKeys: string[] = [];
const buf = new Int32Array(MAX_MOVES);
const tally = new Map<string, number>();
const count = (k: string) => tally.set(k, (tally.get(k) ?? 0) + 1);

function enter(): void {
  const k = keyText();
  path.set(k, lists.length);
  pathKeys.push(k);
  const f = game.forcedMove();
  let list = f >= 0 ? [f] : Array.from(buf.subarray(0, game.searchMoves(buf, 0)));
  const d = lists.length;
  if (d > 0 && game.redundant) {
    const last = lists[d - 1][at[d - 1] - 1];
    list = list.filter((m) => !game.redundant!(last, m));
  }
  lists.push(list);
  at.push(0);
  forced.push(f >= 0);
}

/** The class of child m of the node at depth `parent` (on the path), found in the table. */
function classify(m: number, parent: number): string {
  const up = path.get(keyText());
  if (up !== undefined) return up === parent - 1 ? 'back' : 'cycle';
  let between = false;
  for (let e = parent - 1; e >= 0; e--) {
    const played = lists[e][at[e] - 1];
    if (!commute(played, m)) break;
    const i = lists[e].indexOf(m);
    const k = parent - e;
    if (i >= 0 && i < at[e] - 1) return `commuting ${k >= 4 ? '4+' : k}${between ? ' F' : ''}`;
    if (forced[e]) between = true;
  }
  const last = parent > 0 ? lists[parent - 1][at[parent - 1] - 1] : -1;
  return ((last ^ m) & (63 << 10)) === 0 ? 'same card' : 'other';
}

table.insert(key, game.key(key));
enter();
let nodes = 0,
  again = 0;
while (lists.length > 0 && nodes < maxNodes) {
  const d = lists.length - 1;
  if (at[d] === lists[d].length) {
    lists.pop();
    at.pop();
    forced.pop();
    path.delete(pathKeys.pop()!);
    if (d > 0) game.unmake(lists[d - 1][at[d - 1] - 1]);
    continue;
  }
  const m = lists[d][at[d]++];
  game.make(m);
  nodes++;
  if (game.won()) {
    console.log(`won at ${nodes} nodes (${formatMove(m)})`);
    break;
  }
  table.insert(key, game.key(key));
  if (table.found) {
    again++;
    count(classify(m, d));
    game.unmake(m);
    continue;
  }
  if (game.dead()) {
    game.unmake(m);
    continue;
  }
  enter();
}
console.log(
  `deal ${seed}, redundant rule ${game.skipRedundant ? 'on' : 'off'}: ${nodes} nodes, ${table.size} positions, ${again} met again (${((100 * again) / nodes).toFixed(1)}% of nodes)${lists.length === 0 ? ', exhausted' : ''}`,
);
for (const [k, n] of [...tally].sort((a, b) => b[1] - a[1]))
  console.log(`  ${k.padEnd(14)} ${String(n).padStart(9)}  ${((100 * n) / again).toFixed(1)}%`);
