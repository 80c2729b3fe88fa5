import { grown } from '../../search/grow.js';
import type { RelaxationHint, SearchGame, SearchMode } from '../../search/types.js';
import type { PtDeal } from './deal.js';
import { DECK } from './position.js';
import { type ProbeStats, RelaxProbe } from './relax-probe.js';
import { PtSearch } from './search.js';
import { SuitRelaxation } from './suit-relaxation.js';

// The search game the solver runs on a Parterre deal ('auto' in batch, the CLI and the page):
// PtSearch, with relaxation probes in its exhaustive passes (relax-probe.ts) and the suit
// relaxation (suit-relaxation.ts) offered to 'auto' on the streamlined runs' hints.

/** The search game for a deal (PtProbingSearch, below). */
export function ptSearchGame(deal: PtDeal): PtProbingSearch {
  return new PtProbingSearch(deal);
}

/** PtSearch with its suit relaxation (relaxation()), and probes of that relaxation inside its
 *  exhaustive depth-first searches, under both readings (under foundations=removable they prove
 *  lost deals that the same budget left undecided without them, and change no verdict:
 *  bench/history.md, "Parterre: relaxation probes under foundations=removable").
 *
 *  The probes (bench/history.md, "Parterre: relaxation probes inside the exact search"): an
 *  ancestor A on the search's path whose subtree has taken probeFirst real nodes so far (then
 *  probeGrow times that, and so on) is probed on probeShare times that many relaxed nodes, the
 *  deepest such ancestor first, while the probes have spent less than probeRatio of the real
 *  nodes. The probe starts from the state the relaxation anchored at the search's root reaches by
 *  the real line from the root to A (the cards moved since the root loose: the state space of
 *  every probe is the same one, which the lost set serves best). Proved lost, A is lost, and so is
 *  every position reachable from it: dead() is true for every position under A until the search
 *  leaves A, which it then unwinds at the cost of the moves still on its stack. */
export class PtProbingSearch extends PtSearch {
  /** The schedule above. */
  protected readonly probeFirst: number = 300;
  protected readonly probeGrow: number = 4;
  protected readonly probeShare: number = 2;
  protected readonly probeRatio: number = 0.25;
  /** Ancestors more than this many plies up are never probed: a probe unmakes and remakes the
   *  path down to its ancestor, which on paths tens of thousands of plies deep costs more than
   *  the probes save. */
  protected readonly probeWindow: number = 1000;
  /** What a probe costs before its first node (restarting the relaxation, its key, the path
   *  unmade and remade), in nodes, for probeRatio: probes that end at once on the won or lost
   *  set count too (on some deals they are most of the probes). */
  protected readonly probeSetup: number = 50;
  private attempts = 0;
  protected probe = new RelaxProbe(0);
  private on = false;
  private ply = 0;
  private cap = 1 << 12;
  /** Per depth of the path: the move into it, its card, the real nodes made when the search
   *  entered the position, and the nodes at which it is probed next. */
  private mv = new Int32Array(this.cap);
  private card = new Int8Array(this.cap);
  private entry = new Float64Array(this.cap);
  private nextProbe = new Float64Array(this.cap);
  /** Per depth: the least node count at which it or an ancestor is due for a probe (so that a
   *  dead() with none due costs nothing: paths run tens of thousands of plies deep). */
  private minDue = new Float64Array(this.cap);
  private made = 0;
  /** The shallowest depth on the path whose position a probe proved lost (Infinity: none). */
  private lostLevel = Infinity;
  private readonly moved = new Uint8Array(DECK);
  /** Per card, its moves on the path from the root. */
  private readonly onPath = new Int32Array(DECK);
  /** SearchGame.spending: the probes' nodes, charged to the search's budget. */
  readonly spending = { left: Number.POSITIVE_INFINITY, spent: 0 };

  /** SearchGame.relaxation: the suit relaxation from here, which 'auto' runs on
   *  PT_POLICY.relaxationShare. Under foundations=removable on the partial hint only (the level-3
   *  streamlined run, which takes cards off, cut off, the others exhausted): where level 3 is
   *  exhausted too the exhaustive pass proves lost deals that the relaxation cannot (it runs out
   *  of its nodes and takes the exhaustive pass's budget), while on the partial hint it proves
   *  many (bench/history.md, "Parterre: the suit relaxation under foundations=removable"). Not
   *  early either (PT_POLICY.earlyRelaxationShare): under this reading the level-0 space is
   *  often exhausted on deals that are won or that the exhaustive pass proves lost, where the
   *  relaxation, larger here, runs to the end of its nodes (bench/history.md,
   *  "Parterre: the relaxation early"). */
  relaxation(hint: RelaxationHint): SearchGame | undefined {
    return this.removable && hint !== 'partial' ? undefined : new SuitRelaxation(this);
  }

  override make(m: number): void {
    super.make(m);
    if (this.ply === this.cap) this.grow();
    this.mv[this.ply] = m;
    this.onPath[(m >> 10) & 63]++;
    this.card[this.ply++] = (m >> 10) & 63;
    this.entry[this.ply] = this.made++;
    this.nextProbe[this.ply] = this.probeFirst;
    const due = this.entry[this.ply] + this.probeFirst;
    this.minDue[this.ply] = this.ply > 1 ? Math.min(this.minDue[this.ply - 1], due) : due;
  }

  override unmake(m: number): void {
    super.unmake(m);
    if (this.ply === this.lostLevel) this.lostLevel = Infinity;
    this.onPath[(m >> 10) & 63]--;
    this.ply--;
  }

  private grow(): void {
    this.cap *= 2;
    this.mv = grown(this.mv, this.cap);
    this.card = grown(this.card, this.cap);
    this.entry = grown(this.entry, this.cap);
    this.nextProbe = grown(this.nextProbe, this.cap);
    this.minDue = grown(this.minDue, this.cap);
  }

  override beginSearch(mode?: SearchMode): void {
    super.beginSearch(mode);
    // The current position is the search's root, the probes' anchor.
    this.ply = 0;
    this.lostLevel = Infinity;
    this.onPath.fill(0);
    // Exhaustive depth-first searches only (both readings: relax-probe.ts).
    this.on = mode?.guided !== true && !this.streamlined;
  }

  /** The probes' lost and won sets and scratch table take an eighth of the memory budget. */
  memoryBudget(bytes: number): number {
    const part = Math.floor(bytes / 8);
    this.probe = new RelaxProbe(0, Math.floor(part * 0.6), true, Math.floor(part * 0.2), Math.floor(part * 0.2));
    this.attempts = 0;
    return part;
  }

  get probeStats(): ProbeStats {
    return this.probe.stats;
  }

  /** PtSearch's dead test, then the probes' verdict (probedLost()). */
  override dead(): boolean {
    return super.dead() || this.probedLost();
  }

  /** Whether the position lies under an ancestor a probe proved lost, probing the deepest due
   *  ancestor first (the schedule above). */
  protected probedLost(): boolean {
    if (!this.on) return false;
    if (this.ply >= this.lostLevel) return true;
    const stats = this.probe.stats;
    if (
      this.ply < 2 ||
      this.made < this.minDue[this.ply - 1] ||
      stats.nodes + this.probeSetup * this.attempts >= this.probeRatio * this.made
    )
      return false;
    // The deepest due ancestor; those more than probeWindow plies up are never probed.
    let changed = this.ply,
      probed = false;
    for (let d = this.ply - 1; d >= 1; d--) {
      const size = this.made - this.entry[d];
      if (size < this.nextProbe[d]) continue;
      changed = d;
      if (this.ply - d > this.probeWindow) {
        this.nextProbe[d] = Number.POSITIVE_INFINITY;
        continue;
      }
      this.nextProbe[d] = size * this.probeGrow;
      // Within the search's budget (SearchGame.spending): a probe never overruns it.
      const budget = Math.min(Math.ceil(size * this.probeShare), this.spending.left - 1);
      if (budget >= 1 && this.probeAt(d, budget)) {
        this.lostLevel = d;
        probed = true;
      }
      break;
    }
    for (let e = changed; e <= this.ply; e++) {
      const due = this.entry[e] + this.nextProbe[e];
      this.minDue[e] = e > 1 ? Math.min(this.minDue[e - 1], due) : due;
    }
    return probed;
  }

  /** Probes the position at depth d of the path; the game comes back here. */
  private probeAt(d: number, budget: number): boolean {
    for (let i = this.ply - 1; i >= d; i--) super.unmake(this.mv[i]);
    // The cards moved on the path above d: those moved on the whole path, less the moves below.
    const moved = this.moved,
      onPath = this.onPath;
    for (let i = d; i < this.ply; i++) onPath[this.card[i]]--;
    for (let c = 0; c < DECK; c++) moved[c] = onPath[c] > 0 ? 1 : 0;
    for (let i = d; i < this.ply; i++) onPath[this.card[i]]++;
    this.attempts++;
    const before = this.probe.stats.nodes;
    const lost = this.probe.lostAt(this, moved, budget);
    this.spending.spent += this.probe.stats.nodes - before;
    for (let i = d; i < this.ply; i++) super.make(this.mv[i]);
    return lost;
  }
}
