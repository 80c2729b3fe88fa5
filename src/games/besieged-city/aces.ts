import { PILE_CAP, PLAY_ORDER, RANK, SUIT, TRENCHES } from './layout.js';
import type { MoveHook } from './move-hook.js';
import { moveCard, type BcPosition } from './position.js';
import { NEIGHBOUR_MASK, type TrenchOrder } from './rules.js';

// The last ace, and every other card that must end alone. A card is "buried" when it lies in a
// trench pile above another card (not the pile's bottom).
//
// Claim: a position is lost when, for some suit s whose foundation is not complete and some
// "restless" rank x, every suit-s card of rank x that is not on the foundation is buried. A rank
// is restless under a trench order when no rank that a card of rank x may lie on (rule II under
// that order) comes in the play order after x's last place. Under the default reading only the
// ace is (the play order A K 2 … K A ends with it); under trench-order=ordinary the king too (it
// lies only on a queen, and both queens come before the last king); under directional the
// default's table is used (its fits are a subset of the default's).
//
// Proof. Both copies of rank x go to foundation s, one at each place of x in the play order, so
// one of the copies left goes at x's last place L. At that moment the cards of s still off the
// foundation are exactly those of the places after L. That copy leaves from a trench top or
// straight from the stock (rule I). From a trench, the card directly under it, if any, is of
// suit s (a pile holds one suit), still off the foundation, and one it was laid on (rule II: it
// fits the card below it): a rank that x may lie on with a place after L — none, for a
// restless x. So that copy is then its pile's bottom. But a buried card never becomes a bottom:
// a card below it leaves only after it has left (only tops move), it can only leave onto another
// top (again not a bottom) or to the foundation, and a card becomes a bottom only by a fill
// (rule IV), which takes a reserve card; no card returns from a trench to the reserve or the
// stock. So if every copy of x left is buried, the one that goes at L is buried for good, and
// suit s cannot finish. (A copy at x's first place may leave a top with cards under it: those
// are needed later. So with both copies left, one buried copy alone is no proof.)
//
// Variants (rules.ts): besides the trench order's table, the proof uses only that a pile holds
// one suit, that a trench card moves only onto a top or to the foundation, that fills come from
// the reserve, and the play order of the foundations — true under every stock and fill switch.
//
// The suit puzzles (suit-puzzles.ts) follow the same moves and prune the last ace the same way.

/** Per trench order, a bit per restless rank (bit r for rank r, 1..13). */
function restlessRanks(order: TrenchOrder): number {
  const fits = NEIGHBOUR_MASK[order]; // fits[z] >> x & 1: a card of rank x may lie on rank z
  let mask = 0;
  for (let x = 1; x <= 13; x++) {
    const last = PLAY_ORDER.lastIndexOf(x);
    let rests = false;
    for (let i = last + 1; i < 26; i++) if (((fits[PLAY_ORDER[i]] >> x) & 1) === 1) rests = true;
    if (!rests) mask |= 1 << x;
  }
  return mask;
}

/** RESTLESS[order]: restlessRanks(order), precomputed. */
export const RESTLESS: Record<TrenchOrder, number> = {
  either: restlessRanks('either'),
  directional: restlessRanks('directional'),
  ordinary: restlessRanks('ordinary'),
  'play-order': restlessRanks('play-order'),
};

const buried = new Int8Array(14);

/** Whether some suit in `mask` (a bit per suit) has a restless rank (bits of `restless`, default
 *  the ace) whose every copy left is buried: then the position is lost. */
export function lastAceBuried(p: BcPosition, mask: number, restless = 1 << 1): boolean {
  const found = p.found,
    plen = p.plen,
    piles = p.piles;
  for (let s = 0; s < 4; s++) {
    if ((mask & (1 << s)) === 0 || found[s] >= 26) continue;
    const base = s * 13 - 1; // card id of rank r in suit s: base + r
    buried.fill(0);
    let any = false;
    for (let t = 0; t < TRENCHES; t++) {
      for (let j = t * PILE_CAP + 1, e = t * PILE_CAP + plen[t]; j < e; j++) {
        const r = piles[j] - base;
        if (r >= 1 && r <= 13 && ((restless >> r) & 1) === 1) {
          buried[r]++;
          any = true;
        }
      }
    }
    if (!any) continue;
    const h = found[s];
    for (let r = 1; r <= 13; r++) {
      if (buried[r] === 0) continue;
      let left = 0;
      for (let i = h; i < 26; i++) if (PLAY_ORDER[i] === r) left++;
      if (buried[r] >= left) return true;
    }
  }
  return false;
}

/** The last-ace rule as a part of the search (search.ts): the suits to check again after a
 *  move, and the trench order's restless ranks. On in every search, the guided runs included: it
 *  costs a pile scan only after an ace moves, and it keeps a greedy run from spending its budget
 *  under a buried last ace: `auto` solves more deals in fewer nodes, among them the deals no
 *  search had solved (`npm run bench -- --from 1 --to 300 --max-nodes 200000`; bench/history.md,
 *  "Besieged City unsolvability, third round: the last ace"). */
export class LastAceProof implements MoveHook {
  /** The suits whose verdict may differ from the parent's: a restless card of the suit moved
   *  (made()), or all after unmade() and at the root. A verdict not re-read is the parent's, which
   *  was not lost (the parent was expanded). */
  private changed = 15;
  /** The restless ranks of the trench order, set by begin(). */
  private restless = RESTLESS.either;

  constructor(private readonly pos: BcPosition) {}

  begin(): void {
    this.changed = 15;
    this.restless = RESTLESS[this.pos.rules.trenchOrder];
  }

  made(m: number): void {
    // Only a move of a restless card (an ace) can bury the last one: onto a top, or the first copy
    // to the foundation while the other is buried. (Internal plateau moves never change which
    // cards are bottoms, so a macro move needs only its exit's card.)
    const card = moveCard(m);
    this.changed = ((this.restless >> RANK[card]) & 1) === 1 ? 1 << SUIT[card] : 0;
  }

  unmade(): void {
    this.changed = 15;
  }

  /** Whether a suit whose aces moved has its last ace (or restless rank) buried: then lost. */
  buried(): boolean {
    return this.changed !== 0 && lastAceBuried(this.pos, this.changed, this.restless);
  }
}
