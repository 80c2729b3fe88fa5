// Relaxation probes inside Parterre's exact search (src/games/parterre/relax-probe.ts): at each new
// position of the exhaustive depth-first search at depth >= D that dead() leaves alive, an
// exhaustive search of the suit relaxation from it on at most B nodes; exhausted, the position is
// lost. Relaxed states of exhausted probes are kept as lost and shared by later probes.
//
//   npx tsx research/parterre/parterre-relax-probe.ts exhaust NODES SEED...   plain dfs, then dfs with probes
//   npx tsx research/parterre/parterre-relax-probe.ts auto NODES SEED...      'auto', old then new; the new run
//                                                                 is charged its probe nodes
// The new side is the shipped game (ptSearchGame(): PtProbingSearch, its probes charged through
// SearchGame.spending), the old side PtSearch with its relaxation (main as of a6ec5ba), one after the other in one
// process. With PROBE_T or PROBE_B set, the new side is this file's experimental game instead:
// PROBE_B (budget of a probe at each new position, 0: none), PROBE_D (least depth), PROBE_PERIOD
// (probe only at depths d with (d - D) % PERIOD == 0), PROBE_BACK (cards moved in the last BACK
// plies loose, >= 1000: since the root; 0: the relaxation anchored at the position), PROBE_T,
// PROBE_ALPHA, PROBE_GROW, PROBE_DEEP, PROBE_RATIO (ancestor probes, below), PROBE_WINS=0 (no
// won set). PROBE_ONLY=new|old skips one side.
import { dealFromSeed } from '../../src/games/parterre/deal.js';
import type { PtDeal } from '../../src/games/parterre/deal.js';
import { RelaxProbe } from '../../src/games/parterre/relax-probe.js';
import { PtSearch } from '../../src/games/parterre/search.js';
import { ptSearchGame } from '../../src/games/parterre/search-game.js';
import { SuitRelaxation } from '../../src/games/parterre/suit-relaxation.js';
import { dfs } from '../../src/search/dfs.js';
import { solve } from '../../src/search/solve.js';
import { StateTable } from '../../src/search/table.js';
import type { SearchGame, SearchMode } from '../../src/search/types.js';
import { PT_POLICY } from '../../src/games/parterre/policy.js';

const [mode, nodesText, ...seeds] = process.argv.slice(2);
const maxNodes = nodesText === 'none' ? Infinity : Number(nodesText);
const experimental = process.env.PROBE_T !== undefined || process.env.PROBE_B !== undefined;
const B = Number(process.env.PROBE_B ?? 0),
  D = Number(process.env.PROBE_D ?? 0),
  PERIOD = Number(process.env.PROBE_PERIOD ?? 1),
  only = process.env.PROBE_ONLY,
  BACK = Number(process.env.PROBE_BACK ?? 0),
  // Ancestor probes: an ancestor whose subtree has taken T real nodes (then 4T, 16T, ...) is
  // probed on ALPHA times that; proved lost, every position under it is lost.
  T = Number(process.env.PROBE_T ?? 0),
  ALPHA = Number(process.env.PROBE_ALPHA ?? 0.25),
  GROW = Number(process.env.PROBE_GROW ?? 4),
  // Probe nodes at most RATIO times the real nodes so far; DEEP=1: the deepest due ancestor first.
  RATIO = Number(process.env.PROBE_RATIO ?? Infinity),
  DEEP = process.env.PROBE_DEEP === '1';

/** PtSearch with its suit relaxation offered on every hint, and no probes (the old side). */
class Relaxed extends PtSearch {
  relaxation(): SearchGame {
    return new SuitRelaxation(this);
  }
}

class ProbingGame extends Relaxed {
  ply = 0;
  on = false;
  private streamOn = false;
  constructor(
    deal: PtDeal,
    readonly probe: RelaxProbe,
  ) {
    super(deal);
  }
  // Depth-first paths wander deep (66k plies seen on deal 35): room for 2^20.
  private readonly path = new Int8Array(1 << 20);
  private readonly mv = new Int32Array(1 << 20);
  private readonly entry = new Float64Array(1 << 20);
  private readonly nextProbe = new Float64Array(1 << 20);
  private count = 0;
  /** The shallowest depth on the path whose position a probe proved lost (Infinity: none). */
  private lostLevel = Infinity;
  private readonly moved = new Uint8Array(52);
  override make(m: number): void {
    super.make(m);
    this.mv[this.ply] = m;
    this.path[this.ply++] = (m >> 10) & 63;
    this.entry[this.ply] = this.count++;
    this.nextProbe[this.ply] = T;
  }
  override unmake(m: number): void {
    super.unmake(m);
    if (this.ply === this.lostLevel) this.lostLevel = Infinity;
    this.ply--;
  }
  /** Probes the position at depth d of the path (an ancestor), from there; the game comes back. */
  private probeAncestor(d: number, budget: number): boolean {
    for (let i = this.ply - 1; i >= d; i--) super.unmake(this.mv[i]);
    // With PROBE_BACK, the cards moved in the BACK plies before the ancestor loose.
    let moved: Uint8Array | undefined;
    if (BACK > 0) {
      moved = this.moved;
      moved.fill(0);
      for (let i = Math.max(0, d - BACK); i < d; i++) moved[this.path[i]] = 1;
    }
    const lost = this.probe.lostAt(this, moved, budget);
    for (let i = d; i < this.ply; i++) super.make(this.mv[i]);
    return lost;
  }
  override streamline(on: boolean, level = 0, order = 0): void {
    this.streamOn = on;
    super.streamline(on, level, order);
  }
  override beginSearch(mode?: SearchMode): void {
    super.beginSearch(mode);
    // The current position is the search's root (a best-first search may leave ply off).
    this.ply = 0;
    this.lostLevel = Infinity;
    this.on = mode?.guided !== true && !this.streamOn;
  }
  override dead(): boolean {
    if (super.dead()) return true;
    if (!this.on) return false;
    // Under a position proved lost: every position reachable from it is lost.
    if (this.ply >= this.lostLevel) return true;
    if (T > 0) {
      const lo = Math.max(1, D);
      for (let k = lo; k < this.ply && this.probe.stats.nodes < RATIO * this.count; k++) {
        const d = DEEP ? this.ply - 1 - (k - lo) : k;
        const size = this.count - this.entry[d];
        if (size < this.nextProbe[d]) continue;
        this.nextProbe[d] = size * GROW;
        if (this.probeAncestor(d, Math.ceil(size * ALPHA))) {
          this.lostLevel = d;
          return true;
        }
        break;
      }
      if (B <= 0) return false;
    }
    if (this.ply < D || this.ply < D || (this.ply - D) % PERIOD !== 0) return false;
    if (BACK <= 0) return this.probe.lostAt(this);
    // Anchored BACK plies up (PROBE_BACK >= 1000: at the search's root).
    this.moved.fill(0);
    for (let d = Math.max(0, this.ply - BACK); d < this.ply; d++) this.moved[this.path[d]] = 1;
    return this.probe.lostAt(this, this.moved);
  }
}

const cpu = () => process.cpuUsage().user / 1e6;
const table = new StateTable(1 << 30);
console.log(`# ${mode} nodes=${nodesText} B=${B} D=${D} period=${PERIOD}`);
for (const seed of seeds) {
  const deal = dealFromSeed(seed);
  if (only !== 'new') {
    const t0 = cpu();
    const g = new Relaxed(deal);
    table.clear();
    const r =
      mode === 'exhaust'
        ? dfs(g, { maxNodes }, table)
        : solve(g, { maxNodes, memoryBytes: 1 << 30, policy: PT_POLICY, table });
    console.log(
      `${seed} old ${r.outcome} nodes=${r.stats.nodes} unique=${r.stats.unique} cpu=${(cpu() - t0).toFixed(2)}`,
    );
  }
  if (only !== 'old') {
    const t0 = cpu();
    if (!experimental) {
      const g = ptSearchGame(deal);
      table.clear();
      // Its stats' nodes include the probes' (charged to the budget).
      const r =
        mode === 'exhaust'
          ? dfs(g, { maxNodes }, table)
          : solve(g, { maxNodes, memoryBytes: 1 << 30, policy: PT_POLICY, table });
      const s = g.probeStats;
      console.log(
        `${seed} new ${r.outcome} nodes(with probes)=${r.stats.nodes} probeNodes=${s.nodes} unique=${r.stats.unique} probes=${s.probes} exhausted=${s.exhausted} won=${s.won} wonHits=${s.wonHits} hits=${s.hits} lostStates=${s.lostStates} cpu=${(cpu() - t0).toFixed(2)}`,
      );
      continue;
    }
    const probe = new RelaxProbe(B, 256 << 20, process.env.PROBE_WINS !== '0');
    const g = new ProbingGame(deal, probe);
    let real = 0;
    // Charges the probes' nodes to the budget: the search stops when real + probe nodes reach it.
    const poll = (since: number) => {
      real += since;
      return real + probe.stats.nodes >= maxNodes;
    };
    table.clear();
    const r =
      mode === 'exhaust'
        ? dfs(g, { maxNodes, poll }, table)
        : solve(g, { maxNodes, memoryBytes: 1 << 30, policy: PT_POLICY, table, poll });
    const s = probe.stats;
    console.log(
      `${seed} new ${r.outcome}${r.outcome === 'unknown' ? `(${r.limit})` : ''} nodes=${r.stats.nodes} probeNodes=${s.nodes} total=${r.stats.nodes + s.nodes} unique=${r.stats.unique} probes=${s.probes} exhausted=${s.exhausted} won=${s.won} wonHits=${s.wonHits} hits=${s.hits} lostStates=${s.lostStates} cpu=${(cpu() - t0).toFixed(2)}`,
    );
  }
}
