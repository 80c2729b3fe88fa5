import { grown } from '../../search/grow.js';
import type { SearchExtras, SearchGame } from '../../search/types.js';
import { landings, removableLandings } from './dead-test.js';
import { PILES, type PtDeal } from './deal.js';
import { formatMove } from './notation.js';
import {
  B2F,
  B2P,
  DECK,
  FROM_FOUNDATION,
  IN_BOUQUET,
  MAX_MOVES,
  ON_FOUNDATION,
  P2F,
  P2P,
  PILE_CAP,
  PtPosition,
  moveCard,
  packMove,
} from './position.js';
import { REMOVABLE_RULES } from './rules.js';
import { searchMoves } from './search-moves.js';

// The suit relaxation of Parterre (foundations=final): the real game in which a card forgets its
// suit once it has left its dealt place, so that positions that differ only in where such cards
// of one rank lie are one position. It is won whenever the real game is, and it is small enough
// to be searched to the end where the real game is not: the real search spends its budget on
// positions that differ only in which suit lies where (bench/history.md,
// "Parterre: the suit relaxation").
//
// Rules. A card is *placed* (its own identity) while it and every card under it have never moved
// since the position the relaxation starts from; every other card off the foundations — one that
// has moved, or lies in the bouquet — is *loose*. The moves are the real ones, and one more: a
// loose card of rank r that is available (a pile top or in the bouquet) may go home on the
// foundation of any suit s that holds r-1, when the card (r, s) is itself loose. (Played as: the
// two cards swap places, and (r, s) goes home from where the first one was.) In other words the
// position is the real one up to exchanging loose cards of one rank, freely, at any time.
//
// Claim: every real line is a line here (the real moves are all here, with no exchange), and the
// goal is the same (all 52 home), so a position whose relaxation is lost is lost in the real game.
//
// The search of it (a depth-first search, exhaustive, with the state table) is exact on the
// relaxed game:
//   - key(): each pile as (its placed cards, by its dealt pile and their number, or its bottom's
//     rank when none), the number of cards above them (they descend one rank at a time: a card
//     lands on a non-empty pile only one rank below its top), the bouquet as a count per rank, and
//     the foundations' heights. That decodes to the relaxed position: the placed cards exactly, the
//     loose ones by rank and place, and which cards are loose (neither placed, nor home).
//   - the moves searched are the same relaxed positions from any real position with that key:
//     pile and bouquet moves look at ranks only, a placed card goes home as itself, and a loose one
//     on every suit that holds r-1 and whose rank-r card is loose (own suit included).
//   - prunings: searchMoves()' (search-moves.ts: interchangeable piles; a bouquet card goes to a pile only
//     when a chain of bouquet ranks leads down from it to a pile top). Their proofs move cards in
//     time and look at ranks only; the bouquet rule's first case plays c from the bouquet where the
//     line played it from its pile, to a foundation or a pile: c is loose in both places, so its
//     relaxed home moves are the same. Forced: a placed top of rank r that fits when every
//     foundation holds r-1 (forcedMove(), proved there; PtSearch's safe rule is about the real game's
//     suits); the dead test is PtSearch's (dead-test.ts), with this game's foundation rule (dead()).
// Under foundations=removable. A foundation s at height h holds exactly (1..h, s) here too (a card
// goes home as (r, s), and only the top comes off); its top card may come off, onto a pile one
// rank higher or an empty pile, and is loose from then on (it has moved), as in the real game.
//   - claim: the takeoff is a real move, so every real line is still a line here, won alike;
//   - key: a card taken off lands on a top one rank higher or an empty pile, so the piles above
//     their placed cards still descend one rank at a time, and the foundations' heights still
//     give the cards home; the key decodes as above;
//   - moves: a takeoff looks at the foundation's height and a top's rank only;
//   - prunings: no shortest line here takes off a card of rank m or lower, m the lowest
//     foundation now (foundationMaxR()); with that bound the bouquet rule's removable case holds
//     as searchMoves() argues it (the chain's takeoff sees the foundations of now, and the
//     rest of a shortest line is shortest). PtSearch's own bound, min + 2, rests on its safe rule,
//     which is not this game's forced move, so it is not inherited;
//   - forced move: off (forcedMove()); the dead test: dead(), with a removable branch.
//
// Stronger relaxations, with fewer cards loose (bouquet cards keeping their suits, cards kept by
// hand, cards near home), are experiments: research/parterre/suit-relaxation-modes.ts.

/** A foundation move of a loose card onto another suit's foundation: bit 16 set, that suit in bits
 *  17-18, the move's own fields as a P2F or B2F of the card played (the card swapped home is
 *  (rank, suit)). */
export const SWAP = 1 << 16;

/** The card an exchange (a SWAP move) sends home: the played card's rank on the move's suit. */
export const exchangedCard = (m: number): number => ((m >> 17) & 3) * 13 + (moveCard(m) % 13);

/** The deal a relaxation starting from `pos` is made of: its piles, bouquet and rules. */
function startOf(pos: PtPosition): PtDeal {
  return {
    piles: Array.from({ length: PILES }, (_, p) => pos.pile(p)),
    bouquet: pos.bouquetCards(),
    ...(pos.removable ? { rules: REMOVABLE_RULES } : {}),
  };
}

export class SuitRelaxation extends PtPosition implements SearchGame {
  readonly maxMoves = MAX_MOVES;
  readonly maxKeyWords: number = 10;
  /** The relaxation offers its extras (pruning, dead test) itself. */
  get extras(): SearchExtras {
    return this;
  }
  /** Per pile, how many cards at its bottom are placed (never moved). */
  protected readonly placed = new Int8Array(PILES);
  /** placed[] of the source pile before each move on the path (depth-first paths may run tens of
   *  thousands of moves deep: it grows). */
  private undo = new Int8Array(1 << 12);
  private depth = 0;
  private readonly order = new Int32Array(PILES);
  private readonly hdr = new Int32Array(PILES);
  private readonly counts = new Int32Array(14);

  constructor(pos: PtPosition) {
    super(startOf(pos));
    this.anchor();
  }

  /** Makes the relaxation start from `pos` (a position of the same deal's rules), as a new
   *  SuitRelaxation(pos) would, without allocating its arrays again. */
  restart(pos: PtPosition): void {
    this.reset(startOf(pos));
    this.depth = 0;
    this.anchor();
  }

  /** Every pile card placed: the relaxation starts here. */
  private anchor(): void {
    for (let p = 0; p < PILES; p++) this.placed[p] = this.plen[p];
  }

  formatMove(m: number): string {
    return formatMove(m);
  }

  /** SearchGame.redundant: movesLooseAgain() (below). */
  redundant?: (last: number, m: number) => boolean;
  private readonly redundantRule = (last: number, m: number) => this.movesLooseAgain(last, m);

  beginSearch(): void {
    this.redundant = this.redundantRule;
  }

  /** SearchGame.redundant here: m moves again the card c that `last` moved onto pile q, from the
   *  position x before `last`. PtSearch's argument (movesAgain(), search.ts) carries over where x's child by
   *  c's own move is this game's position: x had no forced move (only a placed card going home
   *  is forced here), so its list is searchMoves(x) — the real game's pruned moves (or every legal move,
   *  in a plain search), and the exchanges of loose available cards. Then:
   *  - c was loose in x (a bouquet card, or placed[] of its pile at most the pile's height now:
   *    undo[] holds it from before `last`): x and its children by c's moves have c loose as here,
   *    placed[] of c's pile is unchanged by `last`, and each case of movesAgain holds as written;
   *    an exchange too: x's list holds c's exchange from its source on the same conditions (c
   *    loose and available, the other card loose, that foundation at r - 1), and both lines leave
   *    c where the other card lay and that card home.
   *  - c was placed in x: it is loose here, as in x's children by its moves, so m is redundant
   *    when it sends c home on its own suit, or onto a pile that is not empty, or onto an empty one
   *    while c's old pile is not empty; not when it puts c back (c loose there is not x) or onto
   *    an empty pile when c lay alone (not x up to the piles' order, for the same reason), nor an
   *    exchange (x has none for a placed card).
   *  - c came off a foundation s (foundations=removable): c home on s again gives x, and c onto a
   *    pile the child of x by c's takeoff straight there (foundationMoves() makes it on the same
   *    conditions, checked in x); not an exchange: c home on another suit u leaves s one lower and
   *    u one higher, no child of x (x has no exchange from a foundation). */
  private movesLooseAgain(last: number, m: number): boolean {
    if (((last ^ m) & (63 << 10)) !== 0) return false;
    const kind = last & 3;
    if (kind === B2P) return ((last >> 2) & 31) < FROM_FOUNDATION || (m & SWAP) === 0;
    if (kind !== P2P) return false;
    const p = (last >> 2) & 31;
    if (this.undo[this.depth - 1] <= this.plen[p]) return true;
    if (m & SWAP) return false;
    if ((m & 3) === P2F) return true;
    const to = (m >> 7) & 7;
    return to !== p && (this.plen[to] > 0 || this.plen[p] > 0);
  }

  /** Forced (a dominance of this game): a placed pile top x = (r, s) that fits its foundation
   *  when every foundation holds r-1 or more (all cards of rank r-1 are home, so nothing can land
   *  on a card of rank r: every such card is a pile top or in the bouquet, at every moment).
   *
   *  Proof. Take a winning line L from P; build one from P' = P + (x home), shorter. x stays its
   *  pile's top until its first move, at t0. If that move sends x home (on s: it is placed), drop
   *  it. Else x is loose from t0 and foundation s gets its rank-r card at some later E by a loose
   *  card z of rank r (placed cards go home on their own suit only; (r, s) is x, loose from t0).
   *  If z is x, drop x's moves. Else let z, in the new line, make x's moves from t0 on (x's
   *  place is always a top or the bouquet, and so is z's: a card of rank r lies on a top or an
   *  empty pile, or is sent home, exactly as x did), and drop z's own moves from t0 to E. Until
   *  t0 the new line is L with x home: a subset of L's cards in the same places (x's pile shows
   *  the card under x sooner), foundation s one higher, which only a rank-r card going home on
   *  s could mind, and none does before E. From t0 to E it is L with z's place emptied and x's
   *  card renamed z, both of rank r and loose (z loose from t0 now: a loose card's moves are a
   *  placed one's, plus exchanges). A home move of x on a suit u there stays legal for z: (r, u)
   *  is loose in L, hence in the new line, whose loose cards are L's but x plus z. After E the
   *  two lines reach the same relaxed positions: foundation s holds r, a loose card of rank r lies
   *  where x lies in L. Every step drops at least E's move, so the line is shorter (the prunings
   *  of searchMoves() keep their proofs, which ask for a shortest line). The same holds with
   *  fewer cards loose (canLoose()): z, going home on another suit than its own, is loose.
   *
   *  Under foundations=removable: off. The proof needs every card of rank r = min + 1 to be off
   *  the foundations from P on, z among them at t0. The real game's safe rule gets that from its
   *  step (0), "some winning line no longer takes no card of rank min + 1 off"
   *  (PtSearch.forcedMove()); here that step is not proved: a card of rank min + 1 taken off may go
   *  home on another suit, so dropping the takeoff leaves a foundation short, and the repair
   *  (another loose card of that rank goes home there instead) may leave covered, on its pile, a
   *  card that the line uncovered. Only the step's first half holds (foundationMaxR()). */
  forcedMove(): number {
    if (this.removable) return -1;
    const f = this.found,
      min = this.lowestFoundation();
    for (let p = 0; p < PILES; p++) {
      const n = this.plen[p];
      if (n === 0 || this.placed[p] !== n) continue;
      const c = this.piles[p * PILE_CAP + n - 1],
        r = (c % 13) + 1;
      if (r <= min + 1 && f[(c / 13) | 0] === r - 1) return packMove(P2F, p, 0, c);
    }
    return -1;
  }

  /** Under foundations=removable (min the lowest foundation now): no shortest winning line takes
   *  a card of rank min or lower off a foundation, so the search never does.
   *
   *  Proof. Take a winning line L from P that does, and drop every move of a card of rank m =
   *  min or lower (each such card off a foundation was taken off in L, as all of them are home in
   *  P; a placed card has rank above m). The rest is legal and wins, and is shorter: foundation s
   *  there stands at max(L's height, m), so a card of rank above m goes home or comes off on the
   *  same heights as in L, with the same cards loose (placed cards are the same); a dropped card
   *  lay on a pile top or an empty pile and carried only dropped cards (rank m - 1 or lower), so a
   *  pile is L's without them, every top L uses is a top here (nothing in L moves the card under
   *  a dropped one while it lies there), and every pile L fills is empty here. */
  protected foundationMaxR(): number {
    return this.lowestFoundation();
  }

  /** PtSearch.dead()'s relaxation (dead-test.ts) carried over to this game: the same fixpoint of
   *  freed pile cards, with the foundation rule of this game.
   *
   *  Claim: if this game is won from here by a line L, every pile card is freed. The proof is
   *  DeadTest's, induction on the moments L first moves each pile card x from its place, with
   *  one case changed. x going home goes on the foundation of a suit s that holds r-1 then: s is
   *  its own suit when x is placed (it has not moved), or any suit whose rank-r card is loose then
   *  when x is loose now. A card that is loose then is loose now, or has moved before — freed,
   *  and loose when it can be (`canLoose`). And suit s holds r-1 when each of its cards of rank
   *  k < r is home now, or went home itself (freed, or in the bouquet), or was loose then (loose
   *  now, else freed) and a loose card of rank k went home in its stead, one that has moved
   *  (freed) or lies in the bouquet. The fixpoint's height of suit s counts exactly these levels
   *  (freed card, or loose card with a freed loose card of its rank), so it is at least the
   *  height L reaches; the landings are the real ones (ranks only).
   *
   *  Under foundations=removable, three more cases. (1) A card home now may come off, loose
   *  (when it can be), and go home in another card's stead: its rank counts as a freed loose one
   *  (looseFree). (2) x loose goes home on s whose rank-r card is home now: it came off first, so
   *  s counts (its height is r or more now). (3) Landings: a card of rank b taken off lands as a
   *  bouquet card does, and before it every card of its suit above it now came off, each onto a
   *  landing one rank higher (or its foundation sank below b and rose again, its rank-b card then
   *  being a freed pile card or a bouquet card that came back off): DeadTest's removable
   *  rule, ranks only, as here. */
  dead(): boolean {
    const plen = this.plen,
      piles = this.piles;
    for (let p = 0; p < PILES; p++) if (plen[p] === 0) return false;
    const freed = this.rFreed,
      loose = this.rLoose,
      lim = this.rLim,
      h = this.rH,
      f = this.found;
    const rem = this.removable;
    let looseFree = 0,
      bq = 0;
    // loose[] as loose() has it, without its walk of the pile per card: every card off the
    // foundations that canLoose(), then the placed cards of each pile taken out.
    const loc = this.loc;
    for (let c = 0; c < DECK; c++) loose[c] = loc[c] !== ON_FOUNDATION && this.canLoose(c) ? 1 : 0;
    for (let p = 0; p < PILES; p++)
      for (let i = 0, base = p * PILE_CAP; i < this.placed[p]; i++) loose[piles[base + i]] = 0;
    for (let c = 0; c < DECK; c++) {
      freed[c] = loc[c] === IN_BOUQUET ? 1 : 0;
      if (freed[c] && loose[c]) looseFree |= 1 << ((c % 13) + 1);
      else if (rem && loc[c] === ON_FOUNDATION && this.canLoose(c)) looseFree |= 1 << ((c % 13) + 1);
    }
    for (let k = 0; k < this.bouquet.length; k++) if (this.bmask & (1 << k)) bq |= 1 << ((this.bouquet[k] % 13) + 1);
    for (let p = 0; p < PILES; p++) lim[p] = plen[p];
    let freedRanks = 0,
      baseOk = 0;
    for (;;) {
      for (let s = 0; s < 4; s++) {
        let x = f[s];
        while (x < 13 && (freed[s * 13 + x] || (loose[s * 13 + x] && looseFree & (1 << (x + 1))))) x++;
        h[s] = x;
      }
      let pileBase = freedRanks;
      for (let p = 0; p < PILES; p++) pileBase |= 1 << ((piles[p * PILE_CAP + lim[p] - 1] % 13) + 1);
      // The landings, by rank (DeadTest's, ranks only).
      const ok = rem ? removableLandings(pileBase, bq, f) : landings(pileBase, bq);
      let changed = ok !== baseOk;
      baseOk = ok;
      for (let p = 0; p < PILES; p++) {
        const base = p * PILE_CAP;
        while (lim[p] > 0) {
          const x = piles[base + lim[p] - 1],
            r = (x % 13) + 1;
          let home = false;
          // A card that keeps its suit (placed, or one that cannot be loose) goes home on its own
          // suit only.
          if (lim[p] > this.placed[p] && this.canLoose(x)) {
            for (let s = 0; s < 4 && !home; s++) {
              const y = s * 13 + r - 1;
              home = h[s] >= r - 1 && (loose[y] === 1 || ((freed[y] === 1 || (rem && f[s] >= r)) && this.canLoose(y)));
            }
          } else home = h[(x / 13) | 0] >= r - 1;
          if (!home && !(r < 13 && (baseOk & (1 << (r + 1))) !== 0)) break;
          lim[p]--;
          freed[x] = 1;
          freedRanks |= 1 << r;
          if (this.canLoose(x)) looseFree |= 1 << r;
          changed = true;
        }
        // An emptied pile frees every card (DeadTest's rule P): not dead.
        if (lim[p] === 0) return false;
      }
      if (!changed) return true;
    }
  }

  /** Whether card c is loose once it has moved: every card here. A stronger relaxation keeps
   *  some cards' suits (research/parterre/suit-relaxation-modes.ts); every argument above reads
   *  "loose" through this. */
  protected canLoose(_c: number): boolean {
    return true;
  }

  private readonly rFreed = new Uint8Array(DECK);
  private readonly rLoose = new Uint8Array(DECK);
  private readonly rLim = new Int8Array(PILES);
  private readonly rH = new Int8Array(4);

  lowerBound(): number {
    return DECK - this.foundTotal;
  }

  /** Whether card c is loose: off the foundations and not placed. */
  protected loose(c: number): boolean {
    const l = this.loc[c];
    if (l === ON_FOUNDATION) return false;
    if (!this.canLoose(c)) return false;
    if (l === IN_BOUQUET) return true;
    const base = l * PILE_CAP;
    for (let i = 0; i < this.placed[l]; i++) if (this.piles[base + i] === c) return false;
    return true;
  }

  /** The real game's moves (searchMoves(), search-moves.ts) with this game's bound on takeoffs
   *  (foundationMaxR()), then the exchanges. */
  searchMoves(out: Int32Array, offset: number): number {
    const n = offset + this.realMoves(out, offset);
    return this.exchanges(out, n) - offset;
  }

  /** The real game's moves as the search prunes them (a plain search, a test's, takes every legal move). */
  protected realMoves(out: Int32Array, offset: number): number {
    return searchMoves(this, out, offset, this.removable ? this.foundationMaxR() : 13, 0);
  }

  /** The exchanges, at out[n..]: a loose available card of rank r home on another suit s, where
   *  f[s] = r-1 and (r, s) is loose. Returns the new end. */
  protected exchanges(out: Int32Array, n: number): number {
    for (let p = 0; p < PILES; p++) {
      const len = this.plen[p];
      if (len > this.placed[p]) {
        const c = this.piles[p * PILE_CAP + len - 1];
        if (this.canLoose(c)) n = this.exchangesOf(out, n, c, P2F, p);
      }
    }
    for (let k = 0; k < this.bouquet.length; k++)
      if (this.bmask & (1 << k) && this.canLoose(this.bouquet[k]))
        n = this.exchangesOf(out, n, this.bouquet[k], B2F, k);
    return n;
  }

  /** The exchanges of loose available card c (a `kind` move from `from`), at out[n..]. */
  private exchangesOf(out: Int32Array, n: number, c: number, kind: number, from: number): number {
    const f = this.found,
      r = (c % 13) + 1,
      own = (c / 13) | 0;
    for (let s = 0; s < 4; s++) {
      if (s === own || f[s] !== r - 1) continue;
      if (this.loose(s * 13 + r - 1)) out[n++] = packMove(kind, from, 0, c) | SWAP | (s << 17);
    }
    return n;
  }

  moves(out: Int32Array, offset: number): number {
    return this.searchMoves(out, offset);
  }

  /** Exchanges the places of two cards (both off the foundations). */
  protected swap(a: number, b: number): void {
    const la = this.loc[a],
      lb = this.loc[b];
    // Both places found first: the two cards may share a pile or the bouquet.
    const ia = this.slot(la, a),
      ib = this.slot(lb, b);
    this.write(la, ia, b);
    this.write(lb, ib, a);
    this.loc[a] = lb;
    this.loc[b] = la;
  }

  /** The index of card c in its place l: a bouquet slot or a height in pile l. */
  private slot(l: number, c: number): number {
    if (l === IN_BOUQUET) {
      for (let k = 0; k < this.bouquet.length; k++) if (this.bouquet[k] === c && this.bmask & (1 << k)) return k;
    } else {
      const base = l * PILE_CAP;
      for (let i = 0; i < this.plen[l]; i++) if (this.piles[base + i] === c) return i;
    }
    throw new Error('swap: card not found');
  }

  private write(l: number, i: number, c: number): void {
    if (l === IN_BOUQUET) this.bouquet[i] = c;
    else {
      this.piles[l * PILE_CAP + i] = c;
      this.keyDirty |= 1 << l;
    }
  }

  override make(m: number): void {
    const from = (m >> 2) & 31,
      kind = m & 3;
    const fromPile = kind === P2F || kind === P2P;
    this.undo = grown(this.undo, this.depth + 1);
    this.undo[this.depth++] = fromPile ? this.placed[from] : 0;
    if (m & SWAP) {
      const c = moveCard(m),
        other = exchangedCard(m);
      this.swap(c, other);
      super.make((m & ~(SWAP | (3 << 17)) & ~(63 << 10)) | (other << 10));
    } else super.make(m);
    if (fromPile && this.plen[from] < this.placed[from]) this.placed[from] = this.plen[from];
  }

  override unmake(m: number): void {
    const from = (m >> 2) & 31,
      kind = m & 3;
    const fromPile = kind === P2F || kind === P2P;
    const was = this.undo[--this.depth];
    if (m & SWAP) {
      const c = moveCard(m),
        other = exchangedCard(m);
      super.unmake((m & ~(SWAP | (3 << 17)) & ~(63 << 10)) | (other << 10));
      this.swap(c, other);
    } else super.unmake(m);
    if (fromPile) this.placed[from] = was;
  }

  /** The relaxed position's key (see the header): per pile a 13-bit header — placed cards:
   *  1<<12 | p<<9 | count<<4 | cards above; none: bottom rank<<4 | cards above; empty: 63<<4 —
   *  sorted, then the bouquet's count per rank and the foundations' heights. 5 words. */
  key(out: Uint32Array): number {
    const hdr = this.hdr,
      order = this.order;
    for (let p = 0; p < PILES; p++) {
      const n = this.plen[p],
        l = this.placed[p];
      hdr[p] =
        n === 0
          ? 63 << 4
          : l > 0
            ? (1 << 12) | (p << 9) | (l << 4) | (n - l)
            : ((this.piles[p * PILE_CAP] % 13) << 4) | (n - 1);
      let i = p;
      while (i > 0 && hdr[order[i - 1]] > hdr[p]) {
        order[i] = order[i - 1];
        i--;
      }
      order[i] = p;
    }
    const counts = this.counts;
    counts.fill(0);
    for (let k = 0; k < this.bouquet.length; k++) if (this.bmask & (1 << k)) counts[this.bouquet[k] % 13]++;
    let w0 = 0,
      w1 = 0;
    for (let r = 0; r < 10; r++) w0 |= counts[r] << (3 * r);
    for (let r = 10; r < 13; r++) w1 |= counts[r] << (3 * (r - 10));
    out[0] = w0 >>> 0;
    out[1] = (w1 | (hdr[order[0]] << 9)) >>> 0;
    out[2] = (hdr[order[1]] | (hdr[order[2]] << 13)) >>> 0;
    out[3] = (hdr[order[3]] | (hdr[order[4]] << 13)) >>> 0;
    const f = this.found;
    out[4] = (hdr[order[5]] | ((f[0] | (f[1] << 4) | (f[2] << 8) | (f[3] << 12)) << 13)) >>> 0;
    return 5;
  }
}
