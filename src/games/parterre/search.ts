import { rankOf, suitOf } from '../../cards/card.js';
import { DEAD, type SearchExtras, type SearchGame, type SearchMode } from '../../search/types.js';
import { DeadTest } from './dead-test.js';
import { BOUQUET_SIZE, PILES } from './deal.js';
import { PT_MAX_KEY_WORDS, packKey, packSuitBlindKey } from './key.js';
import { formatMove } from './notation.js';
import { B2F, B2P, DECK, MAX_MOVES, P2F, P2P, PILE_CAP, PtPosition, packMove } from './position.js';
import { searchMoves } from './search-moves.js';

/** rankOf and suitOf as tables of this module: a load of a module-local table costs the inner
 *  loops least (search-moves.ts). */
const RANK_OF = Uint8Array.from({ length: 52 }, (_, c) => rankOf(c));
const SUIT_OF = Uint8Array.from({ length: 52 }, (_, c) => suitOf(c));

/** The guides' scale (heuristic()): it puts two of the portfolio's weights (f = g + w*h, w = 0.5,
 *  0.2, 3, ∞) near the effective weights on L + R that solve the most hard deals (PT_SCALE in
 *  research/parterre/parterre-knobs.ts; bench/history.md, "Parterre solver (step 4)"). */
const GUIDE_SCALE = 8;

// The Parterre position as the search sees it: a reduced, ordered move list (search-moves.ts), a
// safe-move rule, an admissible lower bound and a dead test (dead-test.ts), a rule that leaves
// out redundant moves, a streamliner and guides for 'auto'. Each pruning rule carries its proof.
// The solver runs it with relaxation probes and its suit relaxation (search-game.ts).

export class PtSearch extends PtPosition implements SearchGame {
  readonly maxMoves = MAX_MOVES;
  readonly maxKeyWords: number = PT_MAX_KEY_WORDS;
  /** dead()'s proofs on this position. */
  protected readonly deadTest = new DeadTest(this);

  /** The game offers its extras (pruning, guides, streamliner, relaxation) itself. */
  get extras(): SearchExtras {
    return this;
  }

  key(out: Uint32Array): number {
    return this.streamlined ? packSuitBlindKey(this, out, this.streamLevel === 2) : packKey(this, out);
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

  /** The streamliner (every card that fits goes home at once, positions keyed without suits by
   *  packSuitBlindKey(): Solvitaire's pair of streamliners, its "suit symmetry" the key, so that
   *  positions that differ only in suits are searched once), run by 'auto' on its policy's share
   *  (policy.ts). With exact keys it does not pay: the suits multiply a restricted space that is
   *  small by ranks. */
  protected streamlined = false;
  /** Level 0: every card that fits goes home at once, suit-blind key. Level 1: only the proved
   *  safe moves are forced, suit-blind key. Level 2: as 0, with the foundation heights in the
   *  key (merges a little less). Under foundations=removable levels 0-2 take no card off a
   *  foundation: they search lines of the final reading, which are lines of this one (it only
   *  adds moves), so the deals they win under final they win here too (level 1 missed some of
   *  them while it took cards off there); level 3 (offered under removable only: under final it
   *  is level 1) is level 1 taking cards off, as the safe rule allows (it wins deals there that
   *  the final-lines levels do not: bench/history.md, "Parterre: the budget split"). */
  private streamHome = true;
  private streamFinal = true;
  private streamLevel = 0;
  private streamOrder = 0;
  /** The streamliner at `level` (above), in move order `order` (searchMoves()), an unproved
   *  restriction tried by 'auto' before the exhaustive pass. Solutions found so are real; a
   *  failure proves nothing. */
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
   *  in PT_POLICY.guideOrder (policy.ts). Their wins overlap little: other second guides (L + R +
   *  I, L + R + 4D, L + R + 2D - E) solved fewer of the deals guide 0 leaves unknown. */
  readonly guideCount: number = 2;

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
        return GUIDE_SCALE * (L + R);
      case 1:
        return 2 * L + D;
      case 2:
        return L + R + D - 2 * E;
      case 3:
        return L + 2 * I;
      default:
        return GUIDE_SCALE * (L + R) + 2 * D;
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

  /** Proves a position lost (dead-test.ts): the relaxed game, and in the first call of each
   *  search, which every search makes at its root (any position would do: the test is sound
   *  everywhere), the capacity test too. That proves some deals lost at 0 nodes that the search
   *  does not decide, for one test a run; at every node it costs more than it saves
   *  (`npx tsx research/parterre/parterre-dead.ts roots 1..1000` counts the first, its `search`
   *  mode times the second; bench/history.md, "Parterre, fourth pass"). */
  dead(): boolean {
    const capacity = this.rootCheck;
    this.rootCheck = false;
    return this.deadTest.lost(capacity, this.finalLines());
  }
  private rootCheck = false;

  /** SearchGame.redundant: movesAgain() (below) in every search but the streamliner's. */
  redundant?: (last: number, m: number) => boolean;

  beginSearch(_mode?: SearchMode): void {
    // Not in the streamliner: its suit-blind key keeps the first position met of each class, so
    // leaving moves out changes which positions stand for a class and which wins the run finds
    // (with the rule there it lost wins: bench/history.md, "Parterre: the study again").
    this.redundant = this.streamlined ? undefined : movesAgain;
    this.rootCheck = true;
  }

  /** Whether the lines searched take no card off a foundation: the final reading, or the
   *  streamliner at levels 0-2 (foundationMaxR() is 13 there). */
  protected finalLines(): boolean {
    return !this.removable || (this.streamlined && this.streamFinal);
  }

  /** The highest rank that never comes off a foundation in the search (searchMoves(), under
   *  foundations=removable): min + 2, min the lowest foundation, as the safe rule (forcedMove)
   *  would send such a card straight back. After the takeoff of a card c of rank r <= min + 2,
   *  c is a top that fits, and min is r - 1 or unchanged, so the rule applies to it: from the
   *  position with c home again — this one — some line is no longer than the best from the
   *  child, so no shortest line starts with the move. The streamliner at levels 0-2 takes none
   *  off (13). */
  protected foundationMaxR(): number {
    if (this.streamlined && this.streamFinal) return 13;
    return this.lowestFoundation() + 2;
  }

  /** Every legal move (the search uses searchMoves()). */
  moves(out: Int32Array, offset: number): number {
    return this.legalMoves(out, offset);
  }

  /** The moves the search tries, best first (search-moves.ts, with the proofs of its prunings):
   *  under foundations=removable no card of rank foundationMaxR() or lower comes off; in move
   *  order 0, or the streamliner's. */
  searchMoves(out: Int32Array, offset: number): number {
    return searchMoves(
      this,
      out,
      offset,
      this.removable ? this.foundationMaxR() : 13,
      this.streamlined ? this.streamOrder : 0,
    );
  }
}

/** SearchGame.redundant: m moves again the card c that `last` moved onto a pile q (from a pile p,
 *  the bouquet or a foundation), from the position x before `last`. x had no forced move (its
 *  list held `last`, and a forced move only ever sends a card home), so its list is
 *  searchMoves(x), and `last` touched only c's source and q. Then m leads to:
 *  - x, when it puts c back (onto p, or home after coming off);
 *  - the child of x by c's own move home (P2F from p, B2F), when it sends c home: c fits there
 *    in x as it does now, and searchMoves() makes every such move;
 *  - the child of x by the move d of c from its source straight to pile r, when it moves c onto
 *    pile r, not empty: r's top is one rank above c in x too, and searchMoves() makes d on the
 *    conditions it made `last` on, which depend only on c's source (its rank: the bouquet rule;
 *    its foundation: foundationMoves()) and the target's top;
 *  - when r is empty (in x too): up to the piles' order, which the key ignores (key.ts), x
 *    itself when c lay alone on p, else the child of x by the move of c from its source to x's
 *    first empty pile, which searchMoves() makes on the same conditions (a pile of more than one
 *    card, the bouquet rule, foundationMoves()).
 *  So every move of c right after `last` is redundant. */
function movesAgain(last: number, m: number): boolean {
  if (((last ^ m) & (63 << 10)) !== 0) return false;
  const kind = last & 3;
  return kind === P2P || kind === B2P;
}
