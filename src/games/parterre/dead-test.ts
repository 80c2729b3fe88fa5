import { rankOf, suitOf } from '../../cards/card.js';
import { PILES } from './deal.js';
import { DECK, PILE_CAP, type PtPosition } from './position.js';

/** rankOf and suitOf as tables of this module: a load of a module-local table costs the inner
 *  loops least (search-moves.ts). */
const RANK_OF = Uint8Array.from({ length: 52 }, (_, c) => rankOf(c));
const SUIT_OF = Uint8Array.from({ length: 52 }, (_, c) => suitOf(c));

/** The search's dead test (PtSearch.dead()) on a position: a relaxed game that is won whenever
 *  the real one is, and the capacity test, with their scratch.
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
export class DeadTest {
  // Scratch of relax(): cards freed in the relaxed game (freed[c] === freedMark: marks, so that
  // a call clears nothing), unfreed height per pile, relaxed foundation heights.
  private readonly freed = new Int32Array(DECK);
  private freedMark = 0;
  private readonly lim = new Int8Array(PILES);
  private readonly relaxH = new Int8Array(4);
  // Scratch of the capacity test (block()): cards that never move, lowest never-moving rank
  // per suit, free cards per rank, demand per rank, each pile's possible in-place tops.
  private readonly blocked = new Uint8Array(DECK);
  private readonly capLow = new Int8Array(8);
  private readonly capAvail = new Int8Array(14);
  private readonly capAvail2 = new Int8Array(14);
  private readonly capM = new Int8Array(14);
  private readonly capMaxR = new Int8Array(PILES);
  private readonly capMask = new Int32Array(PILES);

  constructor(private readonly pos: PtPosition) {}

  /** Whether the position is proved lost: by the relaxation, and with `capacity` by the capacity
   *  test too (block()). `finalLines`: the lines searched take no card off a foundation (the
   *  final reading, or the streamliner's lines under removable), so the plain landing rule holds. */
  lost(capacity: boolean, finalLines: boolean): boolean {
    const plen = this.pos.plen;
    // An empty pile now lets every card be freed (rule P above): never dead. Same answer as the
    // fixpoint, without its cost.
    for (let p = 0; p < PILES; p++) if (plen[p] === 0) return false;
    if (!capacity) return !this.relax(false, finalLines);
    let lost: boolean;
    for (;;) {
      if (!this.relax(true, finalLines)) {
        lost = true;
        break;
      }
      if (!this.block(finalLines)) {
        lost = false;
        break;
      }
    }
    this.blocked.fill(0); // relax() reads it whether or not the test is on
    return lost;
  }

  /** The fixpoint of the relaxation, never freeing a card marked in blocked[]; leaves in lim[]
   *  the height of each pile's never-freed part. Returns whether some pile was freed to the
   *  bottom (with `full` false it stops there, lim[] then partial). */
  private relax(full: boolean, finalLines: boolean): boolean {
    const pos = this.pos;
    const piles = pos.piles,
      plen = pos.plen,
      bouquet = pos.bouquet,
      blocked = this.blocked;
    const lim = this.lim,
      freed = this.freed,
      h = this.relaxH;
    // A new mark frees no card; before it would overflow, the marks start again.
    let mark = this.freedMark + 1;
    if (mark > 0x3fffffff) {
      freed.fill(0);
      mark = 1;
    }
    this.freedMark = mark;
    // The bouquet's cards (the cards IN_BOUQUET: none comes back there) are free, and their ranks.
    let bq = 0;
    for (let m = pos.bmask; m !== 0; m &= m - 1) {
      const c = bouquet[31 - Math.clz32(m & -m)];
      freed[c] = mark;
      bq |= 1 << RANK_OF[c];
    }
    for (let p = 0; p < PILES; p++) lim[p] = plen[p];
    for (let s = 0; s < 4; s++) {
      let x = pos.found[s];
      while (x < 13 && freed[s * 13 + x] === mark) x++;
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
      const ok = finalLines ? landings(pileBase, bq) : removableLandings(pileBase, bq, pos.found);
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
          freed[x] = mark;
          freedRanks |= 1 << r;
          if (h[s] === r - 1) {
            let y = r;
            while (y < 13 && freed[s * 13 + y] === mark) y++;
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
  private block(finalLines: boolean): boolean {
    this.capacities(finalLines);
    let any = false;
    for (let p = 0; p < PILES; p++) if (this.blockIn(p)) any = true;
    return any;
  }

  /** block()'s counts over all piles: the lowest rank per suit among the never-moving cards
   *  (capLow[0..3]); the cards neither home nor never-moving, per rank (capAvail); each pile's
   *  possible in-place tops, from its top down to its highest never-moving card or its bottom
   *  (ranks as bits in capMask, the highest in capMaxR). */
  private capacities(finalLines: boolean): void {
    const piles = this.pos.piles,
      plen = this.pos.plen,
      f = this.pos.found,
      lim = this.lim,
      low = this.capLow,
      availBase = this.capAvail,
      maxR = this.capMaxR,
      mask = this.capMask;
    low.fill(14, 0, 4);
    for (let r = 0; r <= 13; r++) availBase[r] = 0;
    // foundations=removable: a card home in P may come back and be parked, so (B) counts it.
    if (!finalLines) for (let c = 0; c < DECK; c++) availBase[RANK_OF[c]]++;
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
  }

  /** block() on pile p: marks the first card above lim[p] that fails (A) or (B), if any; returns
   *  whether it marked one. */
  private blockIn(p: number): boolean {
    const piles = this.pos.piles,
      lim = this.lim,
      low = this.capLow,
      avail = this.capAvail2,
      m = this.capM,
      maxR = this.capMaxR,
      mask = this.capMask;
    const base = p * PILE_CAP,
      n = this.pos.plen[p];
    // low[4..7]: low[] with the cards of p up to y in place; avail likewise.
    for (let s = 0; s < 4; s++) low[4 + s] = low[s];
    for (let r = 0; r <= 13; r++) avail[r] = this.capAvail[r];
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
        return true;
      }
    }
    return false;
  }
}

/** The ranks (bits 2..13) with a landing under the final reading's lines: an exposed or freed pile
 *  card (`pileBase`), or a bouquet card (`bq`) with a landing one rank higher (down from kings). */
export function landings(pileBase: number, bq: number): number {
  let ok = 0;
  for (let b = 13; b >= 2; b--) {
    if (pileBase & (1 << b)) ok |= 1 << b;
    else if (bq & (1 << b) && b < 13 && (ok & (1 << (b + 1))) !== 0) ok |= 1 << b;
  }
  return ok;
}

/** landings() under foundations=removable, where lines take cards off: a card y of rank b on a
 *  foundation now (heights `f`) reaches a pile as a bouquet card does (onto a top one rank
 *  higher, or an empty pile), but only as its foundation's top: every card of its suit above it
 *  on the foundation now (ranks b+1..h) left first, each onto a landing one rank higher. So in
 *  the claim y is a landing when ranks b+1 .. h+1 all are (an empty pile ends the fixpoint
 *  anyway). `cont`: the suits whose foundation cards above b can all come off. */
export function removableLandings(pileBase: number, bq: number, f: Uint8Array): number {
  let ok = 0,
    cont = 15;
  for (let b = 13; b >= 2; b--) {
    if (pileBase & (1 << b)) ok |= 1 << b;
    else if (bq & (1 << b) && b < 13 && (ok & (1 << (b + 1))) !== 0) ok |= 1 << b;
    for (let s = 0; s < 4; s++) {
      if (f[s] < b) continue;
      if (b === 13 || (ok & (1 << (b + 1))) === 0) cont &= ~(1 << s);
      if (cont & (1 << s)) ok |= 1 << b;
    }
  }
  return ok;
}
