import { dfs } from '../../search/dfs.js';
import { FULL, StateTable } from '../../search/table.js';
import { PILES } from './deal.js';
import { PILE_CAP, type PtPosition } from './position.js';
import { SuitRelaxation } from './suit-relaxation.js';

// Small probes of the suit relaxation inside the exact search, with a memory of the relaxed
// states they proved lost: they close lost subtrees that the exact search would walk to the end
// (research/parterre/parterre-relax-probe.ts runs the search with and without them;
// bench/history.md, "Parterre: relaxation probes inside the exact search").
//
// A probe at a real position N searches the suit relaxation anchored at N (every pile card of N
// placed) depth-first, exhaustively, on at most `budget` nodes. Exhausted without a win, the
// relaxation of N is lost, so N is lost (suit-relaxation.ts: every real line is a relaxed line).
//
// The lost set. An exhausted probe from R proves R relaxed-lost, and so every relaxed state it
// entered: each was reached from R by legal relaxed moves (forced moves and the searched moves are
// legal moves; what the prunings leave out only makes fewer states entered), and a state reachable
// from a lost state is lost. Those states join `lost`; a later probe prunes a state found there as
// dead (sound as dead() is), and a real position whose own relaxed state is there is lost at once.
// A probe cut off by its budget, or won, proves nothing and stores nothing.
//
// For the states of one probe to mean the same in another, anchored elsewhere, the key must not
// depend on the anchor: SuitRelaxation.key() codes placed cards by their pile at the anchor, so
// here they are coded by identity (ProbeRelaxation.key()). The relaxed game from a state depends
// on the state only — which cards are placed (they keep their suits), where the loose cards lie
// by rank, the foundations' heights (the loose cards are the rest) — and its moves, prunings,
// forced move and dead test read only that (their proofs in suit-relaxation.ts are about the
// relaxed game from any such state), so a state lost in one probe is lost in every other.
//
// Under foundations=removable every step above holds, checked one by one (the relaxation's own
// removable proofs are in suit-relaxation.ts):
//   - a relaxation of the real game from any anchor: startOf() gives the relaxation the anchor's
//     reading, and its removable form has every real move, takeoffs included (a card taken off is
//     loose from then on, as any card that has moved), with the same goal;
//   - the key: a foundation s at height h holds exactly (1..h, s), in both games, so the heights
//     give the cards home. A card taken off lands on a top one rank higher or on an empty pile,
//     as every other landing does, so the cards above a pile's placed ones still descend one rank
//     at a time from the top placed card (or from the bottom, given, when none is placed).
//     Placed cards only ever leave: a placed card that goes home leaves its pile (placed[] drops
//     to the pile's height, in make()), and when it comes back off it lands as a loose card, never
//     placed again. So the key decodes to the relaxed state as above, and the relaxed game from
//     it is the same from every anchor: a takeoff reads a foundation's height and a top's rank,
//     the card taken off is (h, s) whatever the anchor;
//   - the lost and won sets: reachability and the state's meaning are all they rest on;
//   - what the probes search: the forced move is off (SuitRelaxation.forcedMove()), the dead test
//     has its removable cases, the prunings their removable bound (foundationMaxR(): the lowest
//     foundation now) and the redundant rule its takeoff case (movesLooseAgain()), each proved of
//     the relaxed game from any state;
//   - the probe of an ancestor A (lostAt() with `moved`): a card taken off on the line from the
//     root lies on a pile at A and is marked moved, so it and every card above it are loose, as in
//     the relaxation from the root, where it is loose from its takeoff on; a card that went home
//     and came back is marked too; cards home at A are home in both. The first moved card of a
//     pile landed on the unmoved card under it (one rank higher: a takeoff lands so too), so the
//     loosened pile descends as the key needs. A real line from A stays a relaxed line from there
//     (the takeoffs are relaxed moves).
// Tests: test/parterre/relax-probe.test.ts, the key and the ancestor's state under both readings,
// and probing search against plain exhaustive search on endgames of the removable reading.

/** The suit relaxation keyed independently of its anchor, pruning on the shared lost set. */
export class ProbeRelaxation extends SuitRelaxation {
  override readonly maxKeyWords = 40;
  private readonly seq = new Uint32Array(PILES * 5);
  private readonly seqLen = new Int32Array(PILES);
  private readonly ord = new Int32Array(PILES);
  private readonly cnt = new Int32Array(13);
  private readonly kbuf = new Uint32Array(40);

  constructor(
    pos: PtPosition,
    private readonly lost: StateTable,
    private readonly wins: StateTable | undefined,
  ) {
    super(pos);
  }

  /** Also true at a state that an earlier probe's winning line went through (relaxed-won): the
   *  probe then ends "won", which proves nothing, as a real relaxed win would — it only spares
   *  the budget. No verdict rests on it. */
  override won(): boolean {
    if (super.won()) return true;
    return this.wins !== undefined && this.wins.size > 0 && this.wins.get(this.kbuf, this.key(this.kbuf)) >= 0;
  }

  /** Per pile: a header (placed count << 10 | cards above them << 5 | the bottom's rank when none
   *  is placed; 0 for an empty pile), then its placed cards by identity, 5 to a word (6 bits
   *  each); the piles sorted by those words; then the bouquet's count per rank and the
   *  foundations' heights. It decodes to the relaxed state: the placed cards exactly, the loose
   *  ones above them by rank (each lands one rank below the top it lands on, or first on an empty
   *  pile: then the pile's bottom rank is given), the bouquet's loose cards by rank, the cards
   *  home; the loose cards are all the others. */
  override key(out: Uint32Array): number {
    const seq = this.seq,
      len = this.seqLen,
      ord = this.ord;
    for (let p = 0; p < PILES; p++) {
      const n = this.plen[p],
        l = this.placed[p],
        base = p * PILE_CAP,
        o = p * 5;
      seq[o] = n === 0 ? 0 : (l << 10) | ((n - l) << 5) | (l === 0 ? (this.piles[base] % 13) + 1 : 0);
      let w = 1;
      for (let i = 0; i < l; i += 5) {
        let v = 0;
        for (let j = i; j < Math.min(l, i + 5); j++) v = v * 64 + this.piles[base + j];
        seq[o + w++] = v;
      }
      len[p] = w;
      let i = p;
      while (i > 0 && this.less(p, ord[i - 1])) {
        ord[i] = ord[i - 1];
        i--;
      }
      ord[i] = p;
    }
    let w = 0;
    for (let k = 0; k < PILES; k++) {
      const p = ord[k];
      for (let j = 0; j < len[p]; j++) out[w++] = seq[p * 5 + j];
    }
    const cnt = this.cnt;
    cnt.fill(0);
    for (let k = 0; k < this.bouquet.length; k++) if (this.bmask & (1 << k)) cnt[this.bouquet[k] % 13]++;
    let w0 = 0,
      w1 = 0;
    for (let r = 0; r < 10; r++) w0 |= cnt[r] << (3 * r);
    for (let r = 10; r < 13; r++) w1 |= cnt[r] << (3 * (r - 10));
    const f = this.found;
    out[w++] = w0 >>> 0;
    out[w++] = (w1 | ((f[0] | (f[1] << 4) | (f[2] << 8) | (f[3] << 12)) << 9)) >>> 0;
    return w;
  }

  /** Whether pile a's words come before pile b's (any total order will do). */
  private less(a: number, b: number): boolean {
    const seq = this.seq,
      la = this.seqLen[a],
      lb = this.seqLen[b];
    for (let j = 0; j < Math.min(la, lb); j++) {
      const x = seq[a * 5 + j],
        y = seq[b * 5 + j];
      if (x !== y) return x < y;
    }
    return la < lb;
  }

  /** Makes the cards marked in `moved` loose, with every card above them (they came later):
   *  the state the relaxation anchored at an earlier position reaches by the real moves since
   *  (see lostAt()). */
  loosen(moved: Uint8Array): void {
    for (let p = 0; p < PILES; p++) {
      const base = p * PILE_CAP;
      let i = 0;
      while (i < this.placed[p] && moved[this.piles[base + i]] === 0) i++;
      this.placed[p] = i;
    }
  }

  /** Lost when the lost set holds the state (see the header), else SuitRelaxation's test. */
  override dead(): boolean {
    if (this.lost.size > 0 && this.lost.get(this.kbuf, this.key(this.kbuf)) >= 0) return true;
    return super.dead();
  }
}

export interface ProbeStats {
  /** Probes run, probes exhausted (the position proved lost), positions found lost in the set
   *  without a search, relaxed nodes spent, states in the lost set. */
  probes: number;
  exhausted: number;
  hits: number;
  nodes: number;
  lostStates: number;
  /** Probes won (a relaxed win, or a state of an earlier win met), and of them at the root. */
  won: number;
  wonHits: number;
}

/** The probes of one exact search: a relaxation reused from probe to probe, its scratch table,
 *  and the lost set (bounded by `lostBytes`: when full, no more states join it). */
export class RelaxProbe {
  readonly stats: ProbeStats = { probes: 0, exhausted: 0, hits: 0, nodes: 0, lostStates: 0, won: 0, wonHits: 0 };
  private readonly lost: StateTable;
  private readonly wins?: StateTable;
  private readonly scratch: StateTable;
  private relax?: ProbeRelaxation;
  private readonly buf = new Uint32Array(64);
  private full = false;

  constructor(
    readonly budget: number,
    lostBytes = 256 << 20,
    keepWins = true,
    winBytes = 64 << 20,
    scratchBytes = 16 << 20,
  ) {
    this.lost = new StateTable(lostBytes);
    if (keepWins) this.wins = new StateTable(winBytes);
    this.scratch = new StateTable(scratchBytes);
  }

  /** Whether a probe proves the real position `pos` lost (see the header). With `moved`, the
   *  probe starts from the state that the relaxation anchored at an ancestor A of pos reaches by
   *  the real line from A to pos, the cards it moved (marked in `moved`) loose: a real line from
   *  pos is a relaxed line from that state (the real moves are all relaxed moves, whatever is
   *  loose), so that state lost proves pos lost. More cards loose: a smaller space, shared with
   *  more probes, and a weaker proof. */
  lostAt(pos: PtPosition, moved?: Uint8Array, budget = this.budget): boolean {
    if (this.relax === undefined) this.relax = new ProbeRelaxation(pos, this.lost, this.wins);
    else this.relax.restart(pos);
    const g = this.relax;
    if (moved) g.loosen(moved);
    const n = g.key(this.buf);
    if (this.lost.get(this.buf, n) >= 0) {
      this.stats.hits++;
      return true;
    }
    this.stats.probes++;
    this.scratch.clear();
    const r = dfs(g, { maxNodes: budget, whenFull: 'stop' }, this.scratch);
    this.stats.nodes += r.stats.nodes;
    if (r.outcome === 'solved') {
      this.stats.won++;
      if (r.moves.length === 0) this.stats.wonHits++;
      // Every state of the winning line is relaxed-won.
      const w = this.wins;
      if (w !== undefined) {
        for (const m of r.moves) {
          g.make(m);
          w.insert(this.buf, g.key(this.buf));
        }
        for (let i = r.moves.length - 1; i >= 0; i--) g.unmake(r.moves[i]);
        w.insert(this.buf, g.key(this.buf));
      }
    }
    if (r.outcome !== 'unsolvable') return false;
    this.stats.exhausted++;
    if (!this.full) {
      const buf = this.buf;
      this.scratch.forEachKey((words, from, len) => {
        if (this.full) return;
        for (let j = 0; j < len; j++) buf[j] = words[from + j];
        if (this.lost.insert(buf, len) === FULL) this.full = true;
      });
      this.stats.lostStates = this.lost.size;
    }
    return true;
  }
}
