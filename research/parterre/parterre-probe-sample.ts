// Beside the exhaustive depth-first search of a deal, a sample of the positions it enters: each
// searched from scratch to the end (on at most CAP nodes) in the real game and in its suit
// relaxation, to compare the sizes of the two searches where a probe could prune.
//
//   npx tsx research/parterre/parterre-probe-sample.ts SEED EVERY CAP
import { PILES, dealFromSeed } from '../../src/games/parterre/deal.js';
import { RelaxProbe } from '../../src/games/parterre/relax-probe.js';
import { PtSearch } from '../../src/games/parterre/search.js';
import { SuitRelaxation } from '../../src/games/parterre/suit-relaxation.js';
import { dfs } from '../../src/search/dfs.js';
import { StateTable } from '../../src/search/table.js';

const [seed, everyText, capText] = process.argv.slice(2);
const every = Number(everyText),
  cap = Number(capText);
const scratch = new StateTable(1 << 28);
const rows: string[] = [];

class Sampling extends PtSearch {
  ply = 0;
  calls = 0;
  private readonly path = new Int8Array(1 << 16);
  private count = 0;
  /** Samples whose subtree in this search is still open: their row, depth and node count at entry. */
  private readonly open: { row: number; ply: number; at: number }[] = [];
  override make(m: number): void {
    super.make(m);
    this.count++;
    this.path[this.ply++] = (m >> 10) & 63;
  }
  override unmake(m: number): void {
    super.unmake(m);
    // Leaving a sampled position: the nodes this search spent under it.
    const o = this.open;
    while (o.length > 0 && o[o.length - 1].ply === this.ply) {
      const { row, at } = o.pop()!;
      rows[row] += ` ${this.count - at}`;
    }
    this.ply--;
  }
  /** The suit relaxation from here with the cards moved in the last `back` plies loose, from
   *  scratch (an empty lost set): its outcome and nodes. */
  anchored(back: number): string {
    const moved = new Uint8Array(52);
    for (let d = Math.max(0, this.ply - back); d < this.ply; d++) moved[this.path[d]] = 1;
    const probe = new RelaxProbe(cap, 64 << 20, false);
    const lost = probe.lostAt(this, moved);
    return `${lost ? 'unsolvable' : 'not'} ${probe.stats.nodes}`;
  }
  override dead(): boolean {
    if (super.dead()) return true;
    if (++this.calls % every !== 0) return false;
    const pos = { piles: Array.from({ length: PILES }, (_, p) => this.pile(p)), bouquet: this.bouquetCards() };
    scratch.clear();
    const real = dfs(new PtSearch(pos), { maxNodes: cap }, scratch);
    scratch.clear();
    const rel = dfs(new SuitRelaxation(new PtSearch(pos)), { maxNodes: cap }, scratch);
    rows.push(
      `${this.ply} ${this.foundTotal} ${real.outcome} ${real.stats.nodes} ${rel.outcome} ${rel.stats.nodes} ${this.anchored(10)} ${this.anchored(1 << 20)}`,
    );
    // dfs() stores and checks the position after this call: its subtree (if it expands it) is
    // closed when the search unmakes the move into it.
    this.open.push({ row: rows.length - 1, ply: this.ply, at: this.count });
    return false;
  }
}

const table = new StateTable(1 << 30);
const r = dfs(new Sampling(dealFromSeed(seed)), {}, table);
console.log(
  `# seed ${seed}: ${r.outcome} ${r.stats.nodes} nodes; per sample: depth home real-outcome real-nodes relaxed-outcome relaxed-nodes, then the same with the cards moved in the last 10 plies loose, and since the deal, then the nodes this search spent under the position`,
);
for (const row of rows) console.log(row);
