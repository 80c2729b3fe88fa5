import { rankOf, suitOf } from '../../cards/card.js';
import { DEAD, type RelaxationHint, type SearchExtras, type SearchGame, type SearchMode } from '../../search/types.js';
import { BOUQUET_SIZE, PILES } from './deal.js';
import { PT_MAX_KEY_WORDS, packKey, packSuitBlindKey } from './key.js';
import { formatMove } from './notation.js';
import {
  B2F,
  B2P,
  DECK,
  FROM_FOUNDATION,
  IN_BOUQUET,
  MAX_MOVES,
  P2F,
  P2P,
  PILE_CAP,
  PtPosition,
  packMove,
} from './position.js';

/** rankOf and suitOf as tables of this module, for the inner loops: a load of a module-local
 *  table costs least (calls to rankOf in these large functions, or loads of a table imported from
 *  another module, each cost the search about 4% of its node rate). */
const RANK_OF = Uint8Array.from({ length: 52 }, (_, c) => rankOf(c));
const SUIT_OF = Uint8Array.from({ length: 52 }, (_, c) => suitOf(c));

// The Parterre position as the search sees it: a reduced, ordered move list, a safe-move rule,
// and an admissible lower bound. Each pruning rule carries its proof.

export class PtGame extends PtPosition implements SearchGame {
  readonly maxMoves = MAX_MOVES;
  readonly maxKeyWords: number = PT_MAX_KEY_WORDS;
  private readonly scores = new Int32Array(MAX_MOVES);
  // Scratch for dead(): cards freed in the relaxed game, unfreed height per pile, relaxed
  // foundation heights.
  private readonly freed = new Uint8Array(DECK);
  private readonly lim = new Int8Array(PILES);
  private readonly relaxH = new Int8Array(4);
  // Scratch for the capacity test (block()): cards that never move, lowest never-moving rank
  // per suit, free cards per rank, demand per rank, each pile's possible in-place tops.
  private readonly blocked = new Uint8Array(DECK);
  private readonly capLow = new Int8Array(8);
  private readonly capAvail = new Int8Array(14);
  private readonly capAvail2 = new Int8Array(14);
  private readonly capM = new Int8Array(14);
  private readonly capMaxR = new Int8Array(PILES);
  private readonly capMask = new Int32Array(PILES);
  /** Move-ordering score of a card moving between two bases of equal rank, against 10 for
   *  other pile-to-pile moves (10 measured no worse than 150 on seeds 1..30). */
  shuffleScore = 10;

  /** The suit relaxation (suit-relaxation.ts), set where the game is made for solving
   *  (ptSearchGame()): that module extends this class, so this one cannot import it. */
  relaxation?: (hint: RelaxationHint) => SearchGame | undefined;

  /** The game offers its extras (pruning, guides, streamliner, relaxation) itself. */
  get extras(): SearchExtras {
    return this;
  }

  key(out: Uint32Array): number {
    return this.streamlined && this.suitBlind
      ? packSuitBlindKey(this, out, this.streamLevel === 2)
      : packKey(this, out);
  }

  formatMove(m: number): string {
    return formatMove(m);
  }

  /** Safe foundation move (a dominance): an available card c of rank r that fits its foundation
   *  when every foundation holds at least r-2 cards (every card of rank r-2 or lower is home;
   *  always for an ace or a two). The rule Solvitaire uses for building in any suit.
   *
   *  Proof. Take any winning line L from P; build one from P' = P + (c home), no longer.
   *  (1) A card x of rank r-1 that lands on c in L (before c goes home) may go home instead at
   *  that moment: its foundation holds r-2 or more cards from P on, and exactly r-2 while x is
   *  not home. Its later moves are dropped; nothing ever lands on x (the cards of rank r-2 are
   *  all home), so no move depended on x lying on c. Doing this for every such x gives a winning
   *  line in which nothing lands on c before c goes home at time t, so before t c only moves
   *  itself. (2) Let L' be that line without the moves of c and of the x sent home early, from
   *  P'. Every pile of L' is the same pile of the line with c and those x deleted, so a card
   *  that is a top there (and is not c) is a top in L'; a target that is a top or empty there is
   *  one in L' (the targets that were c are gone with step 1); the foundations of L' are at
   *  least as high, and no card of c's suit goes home before t (its lower cards are home already).
   *  So L' is legal from P' and wins. Each step drops moves, so L' is never longer (A* stays
   *  optimal).
   *
   *  Under foundations=removable the proof needs one more step, first: (0) if every card of rank
   *  m or lower is home in P, some winning line no longer than L takes no card of rank m + 1 or
   *  lower off a foundation. Drop every move of the cards of rank <= m: they stay home, each
   *  pile is L's with them deleted (a top or an empty pile stays one; nothing else lands on
   *  them, as only rank <= m-1 cards could), and a foundation is L's, or at m where L's is lower
   *  (then no other card of its suit moves to or from it in L). Then a card z of rank m + 1
   *  taken off carries nothing (only rank m cards could land on it), and no card of its suit
   *  goes home or comes off while z is off: drop z's moves from its leaving to its return. With
   *  m = r - 2, (1) and (2) hold as written: no card of rank r - 2 ever leaves its foundation,
   *  and the card of rank r - 1 under c's place on its foundation never leaves it before t. */
  forcedMove(): number {
    const f = this.found;
    // Cards of rank r <= min + 2 that fit their foundation; streamlined, every card that fits.
    const maxR = this.streamlined && this.streamHome ? 13 : this.lowestFoundation() + 2;
    for (let p = 0; p < PILES; p++) {
      const n = this.plen[p];
      if (n === 0) continue;
      const c = this.piles[p * PILE_CAP + n - 1];
      const r = RANK_OF[c];
      if (r <= maxR && f[SUIT_OF[c]] === r - 1) return packMove(P2F, p, 0, c);
    }
    for (let k = 0; k < BOUQUET_SIZE; k++) {
      if (!(this.bmask & (1 << k))) continue;
      const c = this.bouquet[k];
      const r = RANK_OF[c];
      if (r <= maxR && f[SUIT_OF[c]] === r - 1) return packMove(B2F, k, 0, c);
    }
    return -1;
  }

  /** The streamliner (every card that fits goes home at once, positions keyed without suits:
   *  Solvitaire's pair of streamliners), run by 'auto' on its policy's share (policy.ts). With
   *  exact keys it does not pay: the suits multiply a restricted space that is small by ranks. */
  private streamlined = false;
  /** A stronger streamliner, for experiments: also no pile-to-pile move between two bases of
   *  equal rank (unless the card exposed goes home). */
  noShuffle = false;
  /** The streamliner also keys positions without suits (packSuitBlindKey: Solvitaire's "suit
   *  symmetry"), so positions that differ only in suits are searched once. */
  suitBlind = true;
  /** Level 0: every card that fits goes home at once, suit-blind key. Level 1: only the proved
   *  safe moves are forced, suit-blind key. Level 2: as 0, with the foundation heights in the
   *  key (merges a little less). Under foundations=removable levels 0-2 take no card off a
   *  foundation: they search lines of the final reading, which are lines of this one (it only
   *  adds moves), so the deals they win under final they win here too (255 and 368 of seeds
   *  1..420 at 5M nodes were lost to level 1 while it took cards off there); level 3 (offered
   *  under removable only: under final it is level 1) is level 1 taking cards off, as the
   *  safe rule allows (it wins 109 there, which the final-lines levels do not). */
  private streamHome = true;
  private streamFinal = true;
  private streamLevel = 0;
  private streamOrder = 0;
  /** The streamliner at `level` (above), an unproved restriction tried by 'auto' before the
   *  exhaustive pass. Solutions found so are real; a failure proves nothing. */
  streamline(on: boolean, level = 0, order = 0): void {
    this.streamlined = on;
    this.streamOrder = order;
    this.streamHome = level !== 1 && level !== 3;
    this.streamFinal = level !== 3;
    this.streamLevel = level;
  }

  streamlineOffered(level: number): boolean {
    return level !== 3 || this.removable;
  }

  /** Two guides, run in turn by the 'auto' portfolio: 0 (L + R) and 4 (L + R plus D), the order
   *  in PT_POLICY.guideOrder (policy.ts). Their wins overlap little: on the 30 first deals that
   *  guide 0 alone left unknown at 1 s, guide 0 at scale 10 solved 5, guides 0 and 4 together
   *  8-9, other second guides (L + R + I, L + R + 4D, L + R + 2D - E) 6-8 (bench/parterre.ts
   *  with SEEDS=…, PT_GUIDES, PT_SCALE; ±2 is noise there). Settable for experiments. */
  guideCount = 2;

  /** The guide is scaled so that the portfolio's weights (f = g + w*h, w = 0.5, 0.2, 3, ∞)
   *  land near effective weights 2-5 on L + R, which solve the most hard deals: on 20 deals left
   *  unknown at 1 s, w*scale = 1.2 solved 0 at 200k nodes, 2: 4, 3: 5, 4: 3, 6: 0, 18: 1,
   *  greedy 0 (on seeds 1..30: 1.5 solved 10, 3 solved 15-17). Scale 8 puts two of
   *  the four weights (0.2, 0.5) near that range; seeds 1..200 at 1 s: 122 solved with scale 6
   *  and guide 0 only, 138 with scale 10 and guides 0 and 4, 136 with scale 8 (median solved
   *  deal 52 ms against 65 ms at scale 10). At 5 s, seeds 1..100, scale 10 with both guides and
   *  scale 6 with guide 0 both solve 76 (the gain is speed, not reach). */
  guideScale = 8;

  /** Guides for the best-first passes (not admissible; they decide nothing, they only order
   *  the open list). Features: L cards off the foundations, R pile cards above a lower card of
   *  their suit (each must move twice), D cards lying on the next card each foundation needs,
   *  I pile cards above any lower card (the piles' disorder), E empty piles. */
  heuristic(guide = 0): number {
    const f = this.found;
    let R = 0,
      D = 0,
      I = 0,
      E = 0;
    for (let p = 0; p < PILES; p++) {
      const n = this.plen[p],
        base = p * PILE_CAP;
      if (n === 0) {
        E++;
        continue;
      }
      let m0 = 14,
        m1 = 14,
        m2 = 14,
        m3 = 14,
        low = 14;
      for (let i = 0; i < n; i++) {
        const c = this.piles[base + i],
          r = RANK_OF[c] - 1,
          s = SUIT_OF[c];
        if (r > low) I++;
        else low = r;
        if (f[s] === r) D += n - 1 - i;
        switch (s) {
          case 0:
            if (m0 < r) R++;
            else m0 = r;
            break;
          case 1:
            if (m1 < r) R++;
            else m1 = r;
            break;
          case 2:
            if (m2 < r) R++;
            else m2 = r;
            break;
          default:
            if (m3 < r) R++;
            else m3 = r;
        }
      }
    }
    const L = DECK - this.foundTotal;
    switch (guide) {
      case 0:
        return this.guideScale * (L + R);
      case 1:
        return 2 * L + D;
      case 2:
        return L + R + D - 2 * E;
      case 3:
        return L + 2 * I;
      default:
        return this.guideScale * (L + R) + 2 * D;
    }
  }

  /** Admissible: every card off the foundations needs a move to get there, and a pile card
   *  with a lower card of its own suit beneath it in its pile needs one more — it must leave
   *  its pile before that card is released, and it cannot go to its foundation before it. */
  lowerBound(): number {
    let extra = 0;
    for (let p = 0; p < PILES; p++) {
      const n = this.plen[p],
        base = p * PILE_CAP;
      let m0 = 14,
        m1 = 14,
        m2 = 14,
        m3 = 14;
      for (let i = 0; i < n; i++) {
        const c = this.piles[base + i],
          r = RANK_OF[c] - 1;
        switch (SUIT_OF[c]) {
          case 0:
            if (m0 < r) extra++;
            else m0 = r;
            break;
          case 1:
            if (m1 < r) extra++;
            else m1 = r;
            break;
          case 2:
            if (m2 < r) extra++;
            else m2 = r;
            break;
          default:
            if (m3 < r) extra++;
            else m3 = r;
        }
      }
    }
    if (this.dead()) return DEAD;
    return DECK - this.foundTotal + extra;
  }

  /** Proves a position lost by a relaxed game that is won whenever the real one is.
   *
   *  Relaxation: a pile card is "freed" once it has left its place (in the current position).
   *  A card may be freed when every card above it is freed and either (F) every lower card of
   *  its suit is on a foundation or freed, or (P) a landing exists: a pile whose cards are all
   *  freed (or an empty pile), or, for rank r < 13, a card B of rank r+1 that is not
   *  on a foundation now and is freed, or is a pile card with every card above it freed, or is
   *  a bouquet card with a landing of its own (an empty pile as above, or recursively a card one
   *  rank higher, computed down from kings). A freed pile card stays usable as a landing
   *  forever (an over-approximation: really it may be covered or gone home). It must: a card
   *  the real line leaves in place as a top may well be freed early in the relaxation. Every
   *  rule only gets easier as more cards are freed, so the freed set is computed as a fixpoint
   *  in any order.
   *
   *  Claim: if the real position is won by a line L, every pile card is freed. Induction on
   *  the moments L first moves each pile card x from its place: the cards above x left
   *  earlier (freed, by induction). If x goes home, its lower suit cards were home earlier:
   *  on a foundation now, in the bouquet (then they count as freed: bouquet cards are free),
   *  or pile cards that left earlier (freed). If x goes onto a top B, B is one rank higher and
   *  not on a foundation now; B never left its place (then everything above it left, so the
   *  relaxation exposed B, and exposed or freed it is a landing), or left it earlier (freed),
   *  or came from the bouquet onto a top or an empty pile (recursively a landing). If x goes to
   *  an empty pile, that pile's cards all left earlier. So a pile card that the fixpoint never
   *  frees proves the position lost. Under foundations=removable a card on a foundation now may
   *  come back and be a top B: a landing on a bouquet card's terms, once the cards above it on
   *  its foundation could come off (relax()). */
  dead(): boolean {
    const plen = this.plen;
    const capacity = this.capacityTest || this.rootCheck;
    this.rootCheck = false;
    // An empty pile now lets every card be freed (rule P below): never dead. Same answer as the
    // fixpoint, without its cost.
    for (let p = 0; p < PILES; p++) if (plen[p] === 0) return false;
    if (!capacity) return !this.relax(false);
    let lost: boolean;
    for (;;) {
      if (!this.relax(true)) {
        lost = true;
        break;
      }
      if (!this.block()) {
        lost = false;
        break;
      }
    }
    this.blocked.fill(0); // relax() reads it whether or not the test is on
    return lost;
  }

  /** Also runs the capacity test (block()) in every dead(): proved (see block()) and
   *  cross-checked against exhaustive search in test/parterre/dead.test.ts. Off: it costs 1.5-3x
   *  the CPU a node and almost never fires inside a search (bench/history.md: the
   *  capacity test). */
  capacityTest = false;
  /** Runs the capacity test in the first dead() call of each search, which every search makes at
   *  its root (any position would do: the test is sound everywhere). It proves some deals lost
   *  at 0 nodes that the search does not decide (deal 691 at 1M nodes), for microseconds a run. */
  capacityAtRoot = true;
  private rootCheck = false;

  /** foundations=removable: whether the guided best-first runs take cards off the foundations
   *  (the exhaustive passes always do). */
  guidedFoundationMoves = true;
  private foundationMovesOn = true;

  /** Depth-first search leaves out the moves redundant() finds; false gives the plain search,
   *  to compare against (tests, bench). */
  skipRedundant = true;
  redundant?: (last: number, m: number) => boolean;
  /** What redundant is while skipRedundant is on (a game that extends this one may have none). */
  protected redundantRule: ((last: number, m: number) => boolean) | undefined = (last, m) => this.movesAgain(last, m);

  /** SearchGame.redundant: m moves again the card c that `last` moved onto a pile q (from a
   *  pile p, the bouquet or a foundation), from the position x before `last`. x had no forced
   *  move (its list held `last`, and a forced move only ever sends a card home), so its list is
   *  searchMoves(x), and `last` touched only c's source and q. Then m leads to:
   *  - x, when it puts c back (onto p, or home after coming off);
   *  - the child of x by c's own move home (P2F from p, B2F), when it sends c home: c fits there
   *    in x as it does now, and searchMoves() makes every such move;
   *  - the child of x by the move d of c from its source straight to pile r, when it moves c onto
   *    pile r, not empty: r's top is one rank above c in x too, and searchMoves() makes d on the
   *    conditions it made `last` on, which depend only on c's source (its pile: noShuffle; its
   *    rank: the bouquet rule; its foundation: foundationMoves()) and the target's top;
   *  - when r is empty (in x too): up to the piles' order, which the key ignores (key.ts), x
   *    itself when c lay alone on p, else the child of x by the move of c from its source to x's
   *    first empty pile, which searchMoves() makes on the same conditions (a pile of more than one
   *    card, the bouquet rule, foundationMoves()).
   *  So every move of c right after `last` is redundant. */
  private movesAgain(last: number, m: number): boolean {
    if (((last ^ m) & (63 << 10)) !== 0) return false;
    const kind = last & 3;
    return kind === P2P || kind === B2P;
  }

  beginSearch(mode?: SearchMode): void {
    // Not in the streamliner: its suit-blind key keeps the first position met of each class, so
    // leaving moves out changes which positions stand for a class and which wins the run finds
    // (with the rule there, 258 is not won at 5M nodes, nor 307 in order 1 at 80k).
    this.redundant = this.skipRedundant && !this.streamlined ? this.redundantRule : undefined;
    this.rootCheck = this.capacityAtRoot;
    this.foundationMovesOn = mode?.guided !== true || this.guidedFoundationMoves;
  }

  /** The fixpoint of dead()'s relaxation, never freeing a card marked in blocked[]; leaves in
   *  lim[] the height of each pile's never-freed part. Returns whether some pile was freed to
   *  the bottom (with `full` false it stops there, lim[] then partial). */
  private relax(full: boolean): boolean {
    const piles = this.piles,
      plen = this.plen,
      loc = this.loc,
      blocked = this.blocked;
    const lim = this.lim,
      freed = this.freed,
      h = this.relaxH;
    for (let c = 0; c < DECK; c++) freed[c] = loc[c] === IN_BOUQUET ? 1 : 0;
    let bq = 0;
    for (let k = 0; k < BOUQUET_SIZE; k++) if (this.bmask & (1 << k)) bq |= 1 << RANK_OF[this.bouquet[k]];
    for (let p = 0; p < PILES; p++) lim[p] = plen[p];
    for (let s = 0; s < 4; s++) {
      let x = this.found[s];
      while (x < 13 && freed[s * 13 + x]) x++;
      h[s] = x;
    }
    // Ranks (bits 1..13) of freed pile cards (each was exposed once: a landing from then on).
    let freedRanks = 0,
      baseOk = 0,
      emptied = false;
    for (;;) {
      // Landings: exposed or freed pile cards, and bouquet cards with a landing of their own
      // (down from kings).
      let pileBase = 0;
      for (let p = 0; p < PILES; p++) if (lim[p] > 0) pileBase |= 1 << RANK_OF[piles[p * PILE_CAP + lim[p] - 1]];
      pileBase |= freedRanks;
      let ok = 0;
      // The streamliner takes no card off (foundationMaxR()): its lines are lines of the final
      // reading, for which the plain rule holds.
      if (this.finalLines()) {
        for (let b = 13; b >= 2; b--) {
          if (pileBase & (1 << b)) ok |= 1 << b;
          else if (bq & (1 << b) && b < 13 && (ok & (1 << (b + 1))) !== 0) ok |= 1 << b;
        }
      } else {
        // foundations=removable: a card y of rank b on a foundation now reaches a pile as a
        // bouquet card does (onto a top one rank higher, or an empty pile), but only as its
        // foundation's top: every card of its suit above it on the foundation now (ranks b+1..h)
        // left first, each onto a landing one rank higher. So in the claim y is a landing when
        // ranks b+1 .. h+1 all are (an empty pile ends the fixpoint anyway). `cont`: the suits
        // whose foundation cards above b can all come off.
        let cont = 15;
        const f = this.found;
        for (let b = 13; b >= 2; b--) {
          if (pileBase & (1 << b)) ok |= 1 << b;
          else if (bq & (1 << b) && b < 13 && (ok & (1 << (b + 1))) !== 0) ok |= 1 << b;
          for (let s = 0; s < 4; s++) {
            if (f[s] < b) continue;
            if (b === 13 || (ok & (1 << (b + 1))) === 0) cont &= ~(1 << s);
            if (cont & (1 << s)) ok |= 1 << b;
          }
        }
      }
      let changed = ok !== baseOk;
      baseOk = ok;
      for (let p = 0; p < PILES; p++) {
        const base = p * PILE_CAP;
        while (lim[p] > 0) {
          const x = piles[base + lim[p] - 1],
            r = RANK_OF[x],
            s = SUIT_OF[x];
          if (blocked[x] || !(h[s] >= r - 1 || (r < 13 && (baseOk & (1 << (r + 1))) !== 0))) break;
          lim[p]--;
          freed[x] = 1;
          freedRanks |= 1 << r;
          if (h[s] === r - 1) {
            let y = r;
            while (y < 13 && freed[s * 13 + y]) y++;
            h[s] = y;
          }
          changed = true;
        }
        if (lim[p] === 0) {
          // The relaxation's empty pile (rule P) would free every card: without `full`, not dead.
          if (!full) return true;
          emptied = true;
        }
      }
      if (!changed) return emptied;
    }
  }

  /** The capacity test: marks in blocked[] the pile cards that can never leave their places
   *  before some pile is first emptied, given lim[] from relax() (cards below lim never leave
   *  then). Returns whether it marked any card.
   *
   *  Proof. Take a winning line L from P (no pile empty in P) and T1, the first moment a pile is
   *  empty (one is, at the latest when all is home). Before T1: (a) the cards of a pile that
   *  never moved since P ("in place") are a bottom segment of it, never empty (its bottom card
   *  leaving would empty the pile); (b) every other card on a pile (a "parked" card: from a
   *  pile or the bouquet) lies directly on a card one rank higher (no pile is empty to take it),
   *  so parked cards form one run of consecutive descending ranks on top of each pile's in-place
   *  segment, and no king is parked. So at any moment t < T1, with pt(r) the number of
   *  in-place tops of rank r and D(r) the number of parked cards of rank r:
   *  D(r) <= pt(r+1) + D(r+1) and D(13) = 0 (each card holds at most one card directly on it).
   *  Take a card y of pile p (index i) that L moves first at a moment t <= T1 (so no pile is
   *  empty just before). Just before t: y is p's top; y, the cards below it and every card
   *  that never leaves before T1 (below lim, by the fixpoint's claim) are in place, so not home;
   *  hence every card above y (at P) whose suit has a lower card among those is not home and,
   *  having left p, is parked: m(r) such cards of rank r. If a lower card of y's suit is in
   *  place, y cannot go home at t: it goes onto a top of rank r_y + 1 (a parked card or an
   *  in-place top with nothing on it), one more unit of demand at r_y that is not itself
   *  parked. Unrolled, D(r) >= m(k) - [pt(k+1) + .. + pt(r)] for every k <= r, so:
   *  (A) m(k) <= pt(k+1) + .. + pt(13): at most #piles q != p whose in-place top can have a rank
   *      above k, i.e. has such a card at or above its lowest possible top (the highest card
   *      below lim, or its bottom);
   *  (B) m(k) - [pt(k+1) + .. + pt(r)] <= D(r) <= the cards of rank r not home in P and not
   *      known to be in place (never-moving, y and below it), plus y itself at r = r_y when it
   *      needs a landing (its unit of demand); pt(k+1) + .. + pt(r) is at most #piles q != p
   *      with a possible top of rank in (k, r].
   *  A card y failing (A) or (B) never moves before T1: it joins the never-moving cards, and
   *  relax() runs again with it blocked (its claim holds with blocked cards, which never move).
   *  When at last no pile is freed to the bottom, no pile can be emptied first: L cannot exist.
   *  Cards that are in no pile (bouquet, home) play no part beyond the counts, and every test is
   *  an upper bound of what L could have, so a false "dead" is impossible. Under
   *  foundations=removable a card may also be parked from a foundation (nothing else changes:
   *  a card above y with a lower card of its suit in place still cannot be home), so (B) counts
   *  the cards home in P too. */
  private block(): boolean {
    const piles = this.piles,
      plen = this.plen,
      lim = this.lim,
      f = this.found;
    const low = this.capLow,
      availBase = this.capAvail,
      avail = this.capAvail2,
      m = this.capM;
    const maxR = this.capMaxR,
      mask = this.capMask;
    // Lowest rank per suit among the never-moving cards; cards neither home nor never-moving,
    // per rank; each pile's possible in-place tops (from its top down to its highest
    // never-moving card, or its bottom).
    low.fill(14, 0, 4);
    for (let r = 0; r <= 13; r++) availBase[r] = 0;
    // foundations=removable: a card home in P may come back and be parked, so (B) counts it.
    if (!this.finalLines()) for (let c = 0; c < DECK; c++) availBase[RANK_OF[c]]++;
    else for (let c = 0; c < DECK; c++) if (RANK_OF[c] > f[SUIT_OF[c]]) availBase[RANK_OF[c]]++;
    for (let q = 0; q < PILES; q++) {
      const base = q * PILE_CAP;
      for (let j = 0; j < lim[q]; j++) {
        const c = piles[base + j],
          r = RANK_OF[c],
          s = SUIT_OF[c];
        if (r < low[s]) low[s] = r;
        availBase[r]--;
      }
      let mk = 0,
        mx = 0;
      for (let j = lim[q] > 0 ? lim[q] - 1 : 0; j < plen[q]; j++) {
        const r = RANK_OF[piles[base + j]];
        mk |= 1 << r;
        if (r > mx) mx = r;
      }
      mask[q] = mk;
      maxR[q] = mx;
    }
    let any = false;
    for (let p = 0; p < PILES; p++) {
      const base = p * PILE_CAP,
        n = plen[p];
      // low[4..7]: low[] with the cards of p up to y in place; avail likewise.
      for (let s = 0; s < 4; s++) low[4 + s] = low[s];
      for (let r = 0; r <= 13; r++) avail[r] = availBase[r];
      for (let i = lim[p]; i < n; i++) {
        const y = piles[base + i],
          ry = RANK_OF[y],
          sy = SUIT_OF[y];
        const lowY = low[4 + sy]; // lowest in-place rank of y's suit other than y
        if (ry < low[4 + sy]) low[4 + sy] = ry;
        avail[ry]--;
        for (let r = 0; r <= 13; r++) m[r] = 0;
        let need = false;
        for (let j = i + 1; j < n; j++) {
          const z = piles[base + j],
            r = RANK_OF[z];
          if (r > low[4 + SUIT_OF[z]]) {
            m[r]++;
            need = true;
          }
        }
        const landing = lowY < ry;
        if (!need && !landing) continue;
        if (landing) m[ry]++;
        let ok = m[13] === 0;
        for (let k = 1; k <= 12 && ok; k++) {
          if (m[k] === 0) continue;
          let above = 0;
          for (let q = 0; q < PILES; q++) if (q !== p && maxR[q] > k) above++;
          if (m[k] > above) ok = false;
          // (B): band = ranks k+1 .. r.
          let band = 0;
          for (let r = k + 1; r <= 12 && ok; r++) {
            band |= 1 << r;
            let tops = 0;
            for (let q = 0; q < PILES; q++) if (q !== p && (mask[q] & band) !== 0) tops++;
            if (m[k] - tops > avail[r] + (landing && r === ry ? 1 : 0)) ok = false;
          }
        }
        if (!ok) {
          this.blocked[y] = 1;
          any = true;
          break;
        }
      }
    }
    return any;
  }

  /** Whether the lines searched take no card off a foundation: the final reading, or the
   *  streamliner at levels 0-2 (foundationMaxR() is 13 there). */
  private finalLines(): boolean {
    return !this.removable || (this.streamlined && this.streamFinal);
  }

  /** The highest rank that the safe rule (forcedMove) sends home: a card of this rank or lower
   *  never comes off a foundation in the search (searchMoves()). A game with another forced move
   *  (the suit relaxation) overrides it with its own proof. */
  protected foundationMaxR(): number {
    if (this.streamlined && this.streamFinal) return 13;
    return this.lowestFoundation() + 2;
  }

  /** The height of the lowest foundation: every card of this rank or lower is home. */
  protected lowestFoundation(): number {
    const f = this.found;
    let min = f[0];
    for (let s = 1; s < 4; s++) if (f[s] < min) min = f[s];
    return min;
  }

  /** foundations=removable: the moves of a foundation's top card onto a pile one rank higher or
   *  the first empty pile, after searchMoves()' rule (above), at out[n..]; returns the new end. */
  private foundationMoves(out: Int32Array, n: number, offset: number, firstEmpty: number): number {
    const f = this.found,
      piles = this.piles,
      plen = this.plen,
      sc = this.scores;
    const maxR = this.foundationMaxR();
    for (let s = 0; s < 4; s++) {
      const r = f[s];
      if (r <= maxR) continue;
      const c = s * 13 + r - 1;
      for (let q = 0; q < PILES; q++) {
        const ql = plen[q];
        if (ql === 0) {
          if (q !== firstEmpty) continue;
          sc[n - offset] = 320;
        } else if (RANK_OF[piles[q * PILE_CAP + ql - 1]] === r + 1) {
          sc[n - offset] = 150;
        } else continue;
        out[n++] = packMove(B2P, FROM_FOUNDATION + s, q, c);
      }
    }
    return n;
  }

  /** Move order: 0 as searchMoves() says (by how soon a card goes home); 1 by the piles' own
   *  order, Solvitaire's — foundation moves, then pile-to-pile moves from the shortest pile (ties
   *  by its cards, bottom up, by rank then suit) to the targets in the same order (an empty pile
   *  first), then bouquet cards from the lowest rank, then foundation tops; 2 as 1 but from the
   *  longest pile and the highest bouquet card (targets still shortest first). The streamliner's
   *  suit-blind key makes its search depend on the order (the first position met stands for all
   *  that differ in suits only), so each order wins deals the others miss: of seeds 1..420 the
   *  level-0 space is won within 2.5M nodes 353 / 351 / 355 times in orders 0 / 1 / 2, 258 only
   *  in order 2, 307 only in order 1. The streamliner's runs pick theirs (streamline()); this one
   *  is for the other searches (the exhaustive pass keeps order 0). */
  moveOrder = 0;
  private readonly pileRank = new Int8Array(PILES);

  /** Rewrites the scores of out[offset..n) for move order 1 or 2 (moveOrder). */
  private rankOrderScores(out: Int32Array, offset: number, n: number, order: number): void {
    const piles = this.piles,
      plen = this.plen,
      pr = this.pileRank,
      sc = this.scores;
    // pr[p]: how many piles come before p in (length, cards bottom up) order.
    for (let p = 0; p < PILES; p++) {
      let k = 0;
      for (let q = 0; q < PILES; q++) {
        if (q === p) continue;
        let d = plen[q] - plen[p];
        for (let i = 0; d === 0 && i < plen[p]; i++) {
          const a = piles[q * PILE_CAP + i],
            b = piles[p * PILE_CAP + i];
          d = RANK_OF[a] * 4 + SUIT_OF[a] - (RANK_OF[b] * 4 + SUIT_OF[b]);
        }
        if (d < 0 || (d === 0 && q < p)) k++;
      }
      pr[p] = k;
    }
    for (let i = offset; i < n; i++) {
      const m = out[i],
        kind = m & 3,
        from = (m >> 2) & 31,
        to = (m >> 7) & 7,
        c = (m >> 10) & 63;
      let v: number;
      if (kind === P2F || kind === B2F) v = 0;
      else if (kind === P2P) v = 1000 + (order === 2 ? 5 - pr[from] : pr[from]) * 8 + pr[to];
      else if (from < FROM_FOUNDATION)
        v = 2000 + (order === 2 ? 63 - (RANK_OF[c] * 4 + SUIT_OF[c]) : RANK_OF[c] * 4 + SUIT_OF[c]) * 8 + pr[to];
      else v = 4000 + (3 - SUIT_OF[c]) * 8 + pr[to];
      sc[i - offset] = v;
    }
  }

  /** Every legal move (the search uses searchMoves()). */
  moves(out: Int32Array, offset: number): number {
    return this.legalMoves(out, offset);
  }

  /** Urgency of pile p (not empty): how soon a card under its top could go home, counting the
   *  cards above it (smaller is sooner). */
  private urgency(p: number): number {
    const piles = this.piles,
      f = this.found,
      len = this.plen[p],
      base = p * PILE_CAP;
    let u = 99;
    for (let i = 0; i < len - 1; i++) {
      const c = piles[base + i];
      const v = RANK_OF[c] - 1 - f[SUIT_OF[c]] + (len - 1 - i);
      if (v < u) u = v;
    }
    return u;
  }

  /** The moves the search tries, best first (a subset of moves()). Pruned (each loses no win):
   *  - moving the only card of a pile to an empty pile (the same position, piles permuted);
   *  - moves onto an empty pile other than the first empty one (piles are interchangeable);
   *  - a bouquet card c (rank r) to a pile when no card of rank r-1 is available now. Proof: in
   *    a winning line, take a bouquet-to-pile move of c at time t. If no card is ever put on c
   *    before c leaves that pile, drop the move and play c from the bouquet where it left
   *    (to a foundation or a pile): the line stays legal, one move shorter. Otherwise move the
   *    placement to just before the first card d lands on c: in between, c sat alone on top
   *    of its pile, untouched (nothing lands on it, it does not leave), so no other move depended
   *    on it. Repeating this gives a winning line, no longer, in which every bouquet-to-pile
   *    move is followed at once by a card of rank r-1 onto c (the bouquet moves are put in this
   *    form last to first; a later one moved past stays next to its own follower, since one
   *    move lands one card on one card). That follower is a bouquet card, itself followed at
   *    once by a card onto it, and so on: the chain ends with a pile top x of rank r-k (k >= 1)
   *    moving onto bouquet cards of ranks r-1 .. r-k+1 — x is a top already before the chain,
   *    which only covers c's target pile. So c may go to a pile only when such x and bouquet
   *    cards exist now. A shortest winning line can be put in this form, and its first move
   *    then also survives the two symmetry prunings above (they would make it not shortest, or
   *    map it to the move kept). Aces never go to piles by this rule (nothing lands on one).
   *    Under foundations=removable the card that ends the chain may also be a foundation's top
   *    card (the chain's moves change no foundation, so it is one now) that the rule below lets
   *    come off (a shortest line's rest is a shortest line from where it starts).
   *  - under foundations=removable, taking a card off a foundation that the safe rule
   *    (forcedMove) would send straight back: rank r <= min + 2 (min the lowest foundation). After
   *    the move c is a top that fits, and min is r - 1 or unchanged, so the rule applies to it:
   *    from the position with c home again — this one — some line is no longer than the best from
   *    the child, so no shortest line starts with the move. */
  searchMoves(out: Int32Array, offset: number): number {
    let n = offset;
    const piles = this.piles,
      plen = this.plen,
      f = this.found,
      sc = this.scores;
    // Ranks of the pile tops and of the bouquet cards (bit r set when present).
    let topRanks = 0,
      bqRanks = 0;
    let firstEmpty = -1;
    for (let p = 0; p < PILES; p++) {
      const len = plen[p];
      if (len === 0) {
        if (firstEmpty < 0) firstEmpty = p;
        continue;
      }
      topRanks |= 1 << RANK_OF[piles[p * PILE_CAP + len - 1]];
    }
    for (let k = 0; k < BOUQUET_SIZE; k++) if (this.bmask & (1 << k)) bqRanks |= 1 << RANK_OF[this.bouquet[k]];
    // foundations=removable: a chain may also end with a foundation's top card that may come
    // off (below).
    let chainEnd = topRanks;
    if (this.removable && this.foundationMovesOn) {
      const maxR = this.foundationMaxR();
      for (let s = 0; s < 4; s++) if (f[s] > maxR) chainEnd |= 1 << f[s];
    }
    // chainOk bit r: a bouquet card of rank r may start a bridge — some pile top has a rank
    // r-k (k >= 1) and the bouquet holds ranks r-1 .. r-k+1 to put between (see above).
    let chainOk = 0;
    for (let r = 2; r <= 13; r++) {
      if (chainEnd & (1 << (r - 1)) || (bqRanks & (1 << (r - 1)) && chainOk & (1 << (r - 1)))) chainOk |= 1 << r;
    }

    for (let p = 0; p < PILES; p++) {
      const len = plen[p];
      if (len === 0) continue;
      const c = piles[p * PILE_CAP + len - 1];
      const r = RANK_OF[c];
      if (f[SUIT_OF[c]] === r - 1) {
        sc[n - offset] = 0;
        out[n++] = packMove(P2F, p, 0, c);
      }
      // Order: foundation moves, exposing a card that goes home, emptying a pile, then the other
      // pile-to-pile moves by how soon their pile could give a card home, bouquet bridges, and
      // moves to an empty pile last.
      // A destination first (most tops have none): the score below costs a walk of the pile.
      if (!(firstEmpty >= 0 && len > 1) && !(topRanks & (1 << (r + 1)))) continue;
      let from: number;
      if (len === 1) from = 2;
      else {
        const w = piles[p * PILE_CAP + len - 2],
          wr = RANK_OF[w];
        if (f[SUIT_OF[w]] === wr - 1) from = 1;
        else if (wr !== r + 1) from = 10 + this.urgency(p);
        else if (this.streamlined && this.noShuffle) continue;
        else from = this.shuffleScore + this.urgency(p);
      }
      for (let q = 0; q < PILES; q++) {
        if (q === p) continue;
        const ql = plen[q];
        if (ql === 0) {
          if (q !== firstEmpty || len === 1) continue;
          sc[n - offset] = 200 + from;
        } else if (RANK_OF[piles[q * PILE_CAP + ql - 1]] === r + 1) {
          sc[n - offset] = from;
        } else continue;
        out[n++] = packMove(P2P, p, q, c);
      }
    }
    for (let k = 0; k < BOUQUET_SIZE; k++) {
      if (!(this.bmask & (1 << k))) continue;
      const c = this.bouquet[k];
      const r = RANK_OF[c];
      if (f[SUIT_OF[c]] === r - 1) {
        sc[n - offset] = 0;
        out[n++] = packMove(B2F, k, 0, c);
      }
      if (!(chainOk & (1 << r))) continue;
      for (let q = 0; q < PILES; q++) {
        const ql = plen[q];
        if (ql === 0) {
          if (q !== firstEmpty) continue;
          sc[n - offset] = 300;
        } else if (RANK_OF[piles[q * PILE_CAP + ql - 1]] === r + 1) {
          sc[n - offset] = 100;
        } else continue;
        out[n++] = packMove(B2P, k, q, c);
      }
    }
    if (this.removable && this.foundationMovesOn) n = this.foundationMoves(out, n, offset, firstEmpty);
    const order = this.streamlined ? this.streamOrder : this.moveOrder;
    if (order > 0) this.rankOrderScores(out, offset, n, order);
    // Stable insertion sort by score (lists are short).
    for (let i = 1; i < n - offset; i++) {
      const m = out[offset + i],
        s = sc[i];
      let j = i;
      while (j > 0 && sc[j - 1] > s) {
        out[offset + j] = out[offset + j - 1];
        sc[j] = sc[j - 1];
        j--;
      }
      out[offset + j] = m;
      sc[j] = s;
    }
    return n - offset;
  }
}
