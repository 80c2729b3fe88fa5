import type { SearchGame, SearchMode } from '../../search/types.js';
import { DEAD } from '../../search/types.js';
import { DEFAULT_MEMORY } from '../../search/limits.js';
import { CELLS, DECK_SIZE, RANK, STOCK_SIZE, SUIT, TRENCHES } from './layout.js';
import { lastAceBuried, RESTLESS } from './aces.js';
import { decoupledSuits, JUDGED_LOST, NOT_JUDGED, SuitEndgames, suitEndgameBytes } from './endgame.js';
import { BC_MAX_KEY_WORDS, packHead, packKey, packPiles } from './key.js';
import { bcHeuristic, GUIDES } from './heuristic.js';
import { formatMove } from './notation.js';
import { MACRO, macroExit, PLATEAU_MAX_MOVES, plateauBytes, Plateaus, plateausApply } from './plateau.js';
import { BcPosition, FILL, MAX_MOVES, packMove, R2T, S2F, S2TAL, T2F, T2T } from './position.js';

/** Every trench in index order, for the plateau key's piles (packPiles()). */
const ALL_TRENCHES = Int8Array.from({ length: TRENCHES }, (_, t) => t);

/** The Besieged City position as the search sees it. */
export class BcGame extends BcPosition implements SearchGame {
  readonly maxKeyWords = BC_MAX_KEY_WORDS;

  /** Plateau search (plateau.ts) in searches that take macro moves (the exhaustive DFS); a switch
   *  for tests and comparisons. It runs where its proof holds (plateau.ts, plateausApply(): a
   *  symmetric trench order and gaps filled at once); under trench-order=directional or
   *  trench-fill=deferred it is off and the exhaustive pass goes move by move. */
  plateaus = true;
  private plateauMode = false;
  private plateau: Plateaus | null = null;
  /** Per suit, the member of its plateau in the current position (-1: keyed exactly), as the
   *  last plateauMembers() call found it. */
  private readonly member = new Int32Array(4);
  /** Undo stack of macro moves: the member the suit left (-1: no teleport). */
  private macroUndo = new Int32Array(1024);
  private macroLen = 0;
  private readonly scratch = new Int32Array(MAX_MOVES);

  /** A plateau node may explore a plateau of thousands of arrangements (plateau.ts). */
  get costlyNodes(): boolean {
    return this.plateauMode;
  }

  /** In plateau mode, what plateauMoves() may write here: the single moves, and the exits of
   *  every member of each plateau-keyed suit (Plateaus.exitBound(); read where the search asks it, after key() has
   *  found the members; memberOf() remembers them), so the move stack holds what the plateaus
   *  met need, not PLATEAU_MAX_MOVES at every ply. */
  get maxMoves(): number {
    if (!this.plateauMode) return MAX_MOVES;
    if (this.pending >= 0) return MAX_MOVES;
    this.plateauMembers();
    let n = MAX_MOVES;
    for (let s = 0; s < 4; s++) {
      if (this.member[s] < 0) continue;
      let reserve = 0;
      for (let c = 0; c < CELLS; c++) if (this.reserve[c] >= 0 && SUIT[this.reserve[c]] === s) reserve++;
      n += this.plateau!.exitBound(this.member[s], reserve);
    }
    return Math.min(n, PLATEAU_MAX_MOVES);
  }

  /** The search's memory budget (solve()) of which the suit puzzles and the plateau memo take
   *  their parts (endgame.ts, plateau.ts): the caches are made to fit it. */
  private cacheBudget = DEFAULT_MEMORY;

  /** Bytes the game's caches hold now (for tests and statistics). */
  get cacheBytes(): number {
    return (this.endgames?.bytes ?? 0) + (this.plateau?.bytes ?? 0);
  }

  memoryBudget(bytes: number): number {
    if (bytes !== this.cacheBudget) {
      this.cacheBudget = bytes;
      this.endgames = null;
      this.plateau = null;
    }
    return suitEndgameBytes(bytes) + plateauBytes(bytes);
  }

  key(out: Uint32Array): number {
    return this.plateauMode ? this.plateauKey(out) : packKey(this, out);
  }

  private plateauMembers(): void {
    for (let s = 0; s < 4; s++) this.member[s] = this.memberOf(s);
  }

  /** The plateau member of suit s's piles (-1: keyed exactly), as Plateaus.lookup() gives it,
   *  remembered per suit while the suit's piles do not change (pileStamp): lookup()'s answer
   *  depends only on them, and for given piles it never changes within a search (a plateau,
   *  once explored, keeps its members, ids and open flag; one not explored for lack of room
   *  never gets room, the cache only fills). A move changes the piles of at most one suit, so
   *  most lookups are skipped. beginSearch() forgets them all (the cache is emptied there). */
  private memberOf(s: number): number {
    const stamp = this.pileStamp[s];
    if (this.memberStamp[s] === stamp) return this.memberMemo[s];
    const m = this.plateau!.lookup(this, s);
    this.memberStamp[s] = stamp;
    this.memberMemo[s] = m;
    return m;
  }
  private readonly memberStamp = new Float64Array(4).fill(-1);
  private readonly memberMemo = new Int32Array(4);
  /** Per ply, the remembered member of the suit whose piles the move made there changes (-2:
   *  none): unmake() gives the suit back exactly the piles it had, so the member too (each move
   *  touches the piles of its card's suit only; a macro move's teleport too). */
  private memoUndo = new Int32Array(1024);

  /** The key of the position's class (plateau.ts, Claim 2): what is not piles as packKey writes
   *  it; per suit its plateau id + 1, or 0 when the suit is keyed exactly; then per trench a
   *  5-bit length, 31 for a pile of a plateau-keyed suit (its content is the plateau's), else
   *  for a non-empty pile its bottom card (6 bits) and 2 bits per further card, as packKey. */
  private plateauKey(out: Uint32Array): number {
    this.plateauMembers();
    const pl = this.plateau!, member = this.member;
    let wi = packHead(this, out), keyed = 0;
    for (let s = 0; s < 4; s++) {
      out[wi++] = member[s] < 0 ? 0 : pl.plateauOf(member[s]) + 1;
      if (member[s] >= 0) keyed |= 1 << s;
    }
    return packPiles(this, ALL_TRENCHES, TRENCHES, out, wi, keyed);
  }

  private rootPly = 0;

  /** Suit-endgame proofs (endgame.ts) on or off: on for exhaustive searches (DFS, A*), off for
   *  the guided best-first runs, where they cost more time than the subtrees they cut (measured:
   *  +60% time on a hard seed, no deal solved sooner). */
  private endgameProofs = true;

  beginSearch(mode: SearchMode): void {
    this.rootPly = this.ply;
    this.memberStamp.fill(-1);
    this.endgameProofs = !mode.guided;
    this.puzzlesChanged = 15;
    this.acesChanged = 15;
    this.restless = RESTLESS[this.rules.trenchOrder];
    this.skippedAt.fill(0);
    this.plateauMode = mode.macros && this.plateaus && plateausApply(this.rules);
    if (this.plateauMode) (this.plateau ??= new Plateaus(this.cacheBudget)).clear(this.rules);
    this.macroLen = 0;
  }

  /** The suits whose endgame puzzle (endgame.ts) may differ from the parent's, or which may have
   *  just met the puzzle's premise (no card in stock or talon). A puzzle holds its suit's piles,
   *  reserve cards and foundation, so a move changes the puzzle of its card's suit, and a refill
   *  (reserve move) that of the refilled card's suit; only a deal or a refill takes a card out
   *  of the stock or the talon, so only those suits can newly meet the premise. Others keep the
   *  parent's verdict (not lost: the parent was searched). Skipping a puzzle only leaves a
   *  position unpruned, never prunes a winnable one. */
  private puzzlesChanged = 15;

  /** Macro moves (plateau.ts): go to another arrangement of the suit's plateau, then the exit. */
  /** Per ply, the suits whose puzzle lowerBound() could not judge there for lack of credit: the
   *  children judge them again (make() adds them to puzzlesChanged), or a suit that no longer
   *  moves would stay unjudged below (measured: that hid a frozen, lost suit for millions of
   *  nodes). */
  private skippedAt = new Uint8Array(1024);

  private setSkipped(mask: number): void {
    const ply = this.ply;
    if (ply >= this.skippedAt.length) {
      const bigger = new Uint8Array(Math.max(ply + 1, 2 * this.skippedAt.length));
      bigger.set(this.skippedAt);
      this.skippedAt = bigger;
    }
    this.skippedAt[ply] = mask;
  }

  override make(m: number): void {
    const parent = this.ply;
    this.makeAndMark(m);
    // A trench-to-trench move that leaves its source non-empty is undone by the move back
    // (plateau.ts, Claim 1: every pile card fits the card below it), under every trench order but
    // directional (where the way back may break a run). So the suit's puzzle after it is won
    // exactly when the parent's was, and the parent's was not judged lost (it was expanded): its
    // verdict is kept, unless the parent could not judge it. (Without this, the search's endless
    // shuffling of open suits spent the puzzles' whole credit.)
    if ((m & (MACRO | 7)) === T2T && this.plen[(m >> 3) & 31] > 0 && this.rules.trenchOrder !== 'directional') this.puzzlesChanged = 0;
    if (parent < this.skippedAt.length) this.puzzlesChanged |= this.skippedAt[parent];
    const kind = m & 7;
    if (kind === R2T || kind === FILL) {
      const x = this.reserve[(m >> 3) & 31];
      if (x >= 0) this.puzzlesChanged |= 1 << SUIT[x];
    }
  }

  private makeAndMark(m: number): void {
    const card = (m >> 13) & 63;
    this.puzzlesChanged = 1 << SUIT[card];
    // Only a move of a restless card (an ace; aces.ts) can bury the last one: onto a top, or the
    // first copy to the foundation while the other is buried. (Internal plateau moves never
    // change which cards are bottoms, so a macro move needs only its exit's card.)
    this.acesChanged = ((this.restless >> RANK[card]) & 1) === 1 ? 1 << SUIT[card] : 0;
    if ((m & MACRO) === 0) {
      if (this.plateauMode) this.saveMember(SUIT[card]);
      super.make(m);
      return;
    }
    const exit = macroExit(m), s = SUIT[(exit >> 13) & 63], pl = this.plateau!;
    const a = this.memberOf(s), b = pl.first(pl.plateauOf(a)) + (m >>> 20);
    this.saveMember(s);
    if (this.macroLen === this.macroUndo.length) {
      const bigger = new Int32Array(this.macroLen * 2);
      bigger.set(this.macroUndo);
      this.macroUndo = bigger;
    }
    if (a !== b) pl.teleport(this, b);
    this.macroUndo[this.macroLen++] = a !== b ? a : -1;
    super.make(exit);
  }

  override unmake(m: number): void {
    this.puzzlesChanged = 15;
    this.acesChanged = 15;
    if ((m & MACRO) === 0) {
      super.unmake(m);
      if (this.plateauMode) this.restoreMember(SUIT[(m >> 13) & 63]);
      return;
    }
    super.unmake(macroExit(m));
    const a = this.macroUndo[--this.macroLen];
    if (a >= 0) this.plateau!.teleport(this, a);
    this.restoreMember(SUIT[(m >> 13) & 63]);
  }

  /** Before a move at this ply changes suit s's piles: its member if remembered (memoUndo). */
  private saveMember(s: number): void {
    const ply = this.ply;
    if (ply >= this.memoUndo.length) {
      const bigger = new Int32Array(Math.max(ply + 1, 2 * this.memoUndo.length));
      bigger.set(this.memoUndo);
      this.memoUndo = bigger;
    }
    this.memoUndo[ply] = this.memberStamp[s] === this.pileStamp[s] ? this.memberMemo[s] : -2;
  }

  /** After the move at this ply is undone: suit s has its piles of before it, so its member. */
  private restoreMember(s: number): void {
    const m = this.memoUndo[this.ply];
    if (m === -2) return;
    this.memberStamp[s] = this.pileStamp[s];
    this.memberMemo[s] = m;
  }

  /** The line with every macro move written out as its single moves (internal moves, then the
   *  exit), from the current position, which it leaves unchanged. */
  expandMoves(moves: readonly number[]): number[] {
    const out: number[] = [];
    const play = (m: number) => {
      out.push(m);
      super.make(m);
    };
    for (const m of moves) {
      if ((m & MACRO) === 0) {
        play(m);
        continue;
      }
      const exit = macroExit(m), pl = this.plateau!;
      const a = pl.lookup(this, SUIT[(exit >> 13) & 63]);
      pl.path(a, pl.first(pl.plateauOf(a)) + (m >>> 20), (t) => this.top(t), play);
      play(exit);
    }
    for (let i = out.length - 1; i >= 0; i--) super.unmake(out[i]);
    return out;
  }

  /** The legal moves less one dominated kind: the card the last move put on trench b by a
   *  trench-to-trench move from a is not moved off b again (to a trench or the foundation).
   *  Proof: if a had one card and its line a reserve card, a is pending and only fills are legal
   *  now, so nothing is left out. Otherwise moving the card from b to x (x != a, a trench whose
   *  top did not change, or F) gives exactly the position its parent P reaches by moving it from
   *  a to x directly (legal there: it was a's top, x's top and the foundations are the same;
   *  a keeps the same card below, or stays empty for good when its line has no reserve card),
   *  and x = a gives P itself. So every position left out is P or a child of P, P is on the
   *  current search path, and P's own children are generated by P (or, when P's move is left
   *  out in turn, by P's parent: the argument climbs the path to the root, which has no
   *  restriction: beginSearch() marks it). Shortest solutions never contain the pattern (it has a
   *  one-move shortcut), so A* stays exact; and any search that expands every position it keeps
   *  still reaches every reachable position, so "unsolvable" stays exact. Trench-to-trench moves
   *  are otherwise reversible: without this rule the move straight back to P is always
   *  generated, and always a transposition.
   *  Variants (rules.ts), re-checked: the legality of c onto x depends only on c and x's pile
   *  (its top, and under trench-order=directional the run its top cards carry), never on where
   *  c comes from, so every trench order keeps the proof; the stock switch plays no part; with
   *  trench-fill=deferred a emptied by the move is not pending but simply empty, in P's child
   *  as in the skipped position (and the move back onto a, empty, is not legal at all). So the
   *  pruning stays on under every variant (test/besieged-city/variants.test.ts checks it). */
  searchMoves(out: Int32Array, offset: number): number {
    if (this.plateauMode && this.pending < 0) return this.plateauMoves(out, offset);
    const n = this.moves(out, offset);
    const b = this.lastT2T;
    if (b < 0 || this.ply <= this.rootPly) return n;
    let k = offset;
    for (let i = offset; i < offset + n; i++) {
      const m = out[i];
      const kind = m & 7;
      if ((kind === T2T || kind === T2F) && ((m >> 3) & 31) === b) continue;
      out[k++] = m;
    }
    return k - offset;
  }

  /** The moves of the position's class (plateau.ts, Claim 3), foundation moves first: stock
   *  moves as they are; per suit keyed by plateau, the exits of every arrangement of its
   *  plateau as macro moves; per suit keyed exactly, its single moves (internal ones included). */
  private plateauMoves(out: Int32Array, offset: number): number {
    this.plateauMembers();
    const pl = this.plateau!, member = this.member, sc = this.scratch;
    const all = this.moves(sc, 0);
    let n = offset;
    for (let pass = 0; pass < 2; pass++) {
      const foundation = pass === 0;
      for (let i = 0; i < all; i++) {
        const m = sc[i], kind = m & 7;
        if (kind === S2F) {
          if (foundation) out[n++] = m;
        } else if (kind !== S2TAL && member[SUIT[(m >> 13) & 63]] < 0 && (kind === T2F) === foundation) out[n++] = m;
      }
      for (let s = 0; s < 4; s++) if (member[s] >= 0) n = pl.writeExits(this, member[s], foundation, out, n);
    }
    if (this.sp < STOCK_SIZE) out[n++] = packMove(S2TAL, 0, 0, this.stock[this.sp]);
    return n - offset;
  }

  private endgames: SuitEndgames | null = null;

  /** The suits whose last-ace verdict (aces.ts) may differ from the parent's: an ace of the suit
   *  moved (make()), or all after unmake() and at the root. A verdict not re-read is the parent's,
   *  which was not lost (the parent was expanded). */
  private acesChanged = 15;
  /** The restless ranks of the trench order (aces.ts), set by beginSearch(). */
  private restless = RESTLESS.either;

  /** Admissible: every card off the foundations needs a move to get there; a reserve card needs
   *  one more (rule I: reserve -> trench first), and a talon card too (it enters the reserve by
   *  a refill, which is no move, then must go reserve -> trench -> foundation). Each move lowers
   *  this bound by at most one, so it is also consistent.
   *  With stock-to-foundation=no, a stock card needs one more as well (below).
   *  DEAD when a suit's last ace is buried (aces.ts), or when a suit whose cards have all left
   *  the stock and the talon is a lost puzzle on its own (the proof is in endgame.ts). */
  lowerBound(): number {
    if (this.aceBuried()) return DEAD;
    let reserve = 0;
    for (let c = 0; c < CELLS; c++) if (this.reserve[c] >= 0) reserve++;
    if (this.endgameProofs) {
      // Only the puzzles the last move changed are looked at again (see make()).
      const mask = this.puzzlesChanged === 0 ? 0 : decoupledSuits(this) & this.puzzlesChanged;
      this.puzzlesChanged = 15;
      let skipped = 0;
      if (mask !== 0) {
        const e = (this.endgames ??= new SuitEndgames(this.cacheBudget));
        for (let s = 0; s < 4; s++) {
          if ((mask & (1 << s)) === 0) continue;
          const v = e.judge(this, s);
          if (v === JUDGED_LOST) return DEAD;
          if (v === NOT_JUDGED) skipped |= 1 << s;
        }
      }
      this.setSkipped(skipped);
    }
    // stock-to-foundation=no: a stock card needs a move to the trenches too (it reaches the
    // reserve by a refill, from the talon or straight from the stock), like a reserve card; a
    // deal to the talon leaves this unchanged, so the bound stays consistent.
    const stock = this.rules.stockToFoundation ? 0 : STOCK_SIZE - this.sp;
    return DECK_SIZE - this.foundTotal + reserve + this.tlen + stock;
  }

  /** Whether lowerBound() would return DEAD, without computing the bound where it need not: in
   *  guided runs (beginSearch()), where the search asks this for every new position, only the
   *  last-ace rule is on. Elsewhere it is lowerBound() itself (same side effects). */
  dead(): boolean {
    return this.endgameProofs ? this.lowerBound() >= DEAD : this.aceBuried();
  }

  /** The last-ace rule (aces.ts) for the suits whose aces moved. On in every search, the guided
   *  runs included: it costs a pile scan only after an ace moves, and it keeps a greedy run from
   *  spending its budget under a buried last ace (measured: seeds 1..300 at 200k nodes, auto,
   *  300 solved with 2.07M nodes in all, against 296 with 6.58M; the seven deals of seeds
   *  1..10,000 no run had solved are solved with 3.4k-24k nodes). */
  private aceBuried(): boolean {
    return this.acesChanged !== 0 && lastAceBuried(this, this.acesChanged, this.restless);
  }

  /** Depth-first search asks dead() before the table (SearchGame.deadFirst): most positions
   *  the exhaustive pass enters are dead (seed 296's plain DFS, 2M nodes: 1.36M of the 1.85M new
   *  positions), and dead() mostly reads cached suit verdicts, cheaper than the key and a probe
   *  into a table of millions. Measured there: 0.49M positions stored instead of 1.85M, the
   *  same 0.49M expanded (31 more), and about 1.6x the nodes per second (bench/RESULTS.md).
   *  dead() judges only the suits the last move changed, so a dead position met again by
   *  another path may pass as live and be searched: nodes, never a verdict. Not with plateaus:
   *  there a dead arrangement stored under its plateau's key (plateauKey()) stands for the
   *  others, which dead() misses more often (deal 7, 117,534 nodes: 7,002 positions expanded
   *  against 3,860), so the table comes first. */
  get deadFirst(): boolean {
    return !this.plateauMode;
  }

  readonly heuristicVariants = GUIDES.length;

  /** The guide of the best-first pass (heuristic.ts); not admissible, decides nothing. */
  heuristic(variant = 0): number {
    return bcHeuristic(this, GUIDES[variant % GUIDES.length]);
  }

  formatMove(m: number): string {
    return formatMove(m);
  }
}
