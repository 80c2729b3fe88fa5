import { PILE_CAP, TRENCHES } from './layout.js';
import type { BcPosition } from './position.js';

// The last ace. Claim: a position is lost when, for some suit s whose foundation is not complete,
// every ace of s that is not on the foundation lies in a trench pile above another card (a
// "buried" ace: not the pile's bottom). With one ace of s on the foundation that is the one ace
// left; with none, both.
//
// Proof. The play order ends with an ace (A K 2 … K A), so the last suit-s card to reach the
// foundation is an ace, and at that moment every other suit-s card is already there. It leaves
// from a trench top or straight from the stock (rule I). From a trench, nothing lies under it:
// a pile holds one suit (rule II), and no other suit-s card is left. So that ace is a pile's only
// card then — its bottom. But a buried ace never becomes a bottom: a card below it leaves only
// after it has left (only tops move), and it can only leave onto another top (rule II, again not
// a bottom) or to the foundation; a card becomes a bottom only by a fill (rule IV), which takes a
// reserve card, and no card returns from a trench to the reserve or the stock. With one ace of s
// left, that ace is the last suit-s card, so it is buried for good and the suit cannot finish.
// With both left and both buried, whichever goes last is buried for good. Either way the position
// cannot be won. (The first ace, at height 0, may leave a pile top with cards under it: those are
// needed later; so one buried ace alone is no proof while both remain.)
//
// Variants (rules.ts): the proof uses only that a pile holds one suit, that a trench card moves
// only onto a top or to the foundation, that fills come from the reserve, and the play order of
// the foundations — true under every trench order, stock switch and fill switch.
//
// The suit puzzles (endgame.ts) follow the same moves and so prune the same way inside.

/** Whether some suit in `mask` (a bit per suit) has every ace left buried: the position is lost. */
export function lastAceBuried(p: BcPosition, mask: number): boolean {
  const found = p.found, plen = p.plen, piles = p.piles;
  for (let s = 0; s < 4; s++) {
    if ((mask & (1 << s)) === 0 || found[s] >= 26) continue;
    const ace = s * 13; // card ids: suit * 13 + rank - 1
    let left = found[s] === 0 ? 2 : 1;
    for (let t = 0; t < TRENCHES && left > 0; t++) {
      for (let j = t * PILE_CAP + 1, e = t * PILE_CAP + plen[t]; j < e; j++) if (piles[j] === ace) left--;
    }
    if (left <= 0) return true;
  }
  return false;
}
