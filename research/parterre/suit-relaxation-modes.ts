import { PILES } from '../../src/games/parterre/deal.js';
import { B2F, DECK, P2F, PILE_CAP, type PtPosition, moveCard } from '../../src/games/parterre/position.js';
import { SuitRelaxation } from '../../src/games/parterre/suit-relaxation.js';

// Stronger suit relaxations of Parterre, experiments beside the one the solver runs
// (src/games/parterre/suit-relaxation.ts, whose header holds the proofs these extend): fewer
// cards are loose, so fewer real positions merge and the space is larger. None has paid: bench/
// history.md, "Parterre: where the last undecided deals stand" (bouquet cards kept), "the
// relaxation refined by its own wins" (kept cards, parterre-cegar.ts) and "a relaxation that keeps
// the suits near home" (near cards, parterre-probes.ts near).
//
// `bouquetLoose` false: only cards that have left a pile are loose: bouquet cards, and cards
// from the bouquet wherever they lie, keep their suits; every argument of suit-relaxation.ts holds
// as written, and the bouquet rule's proof needs no extra step (c keeps its suit in both places).
// Under foundations=removable a card home where the relaxation starts keeps its suit when it comes
// off (it is not from a pile), as cards from the bouquet do: pileKey() codes it with its suit.
//
// `keep` (parterre-cegar.ts: cards chosen from the exchanges of a relaxed win keep their suits, and
// the relaxation is searched again): the cards marked there are never loose, as bouquet cards are
// not with `bouquetLoose` false: each argument reads "loose" through canLoose() and holds as
// written (the forced move's substitute z goes home on another suit than its own, so it is loose,
// not kept), and the key is pileKey(), which codes every card that cannot be loose by its suit.
//
// `near` = k > 0: a card that can be loose is loose only while it is *far* from home: rank above
// its suit's foundation + k. A near card keeps its suit wherever it lies, and goes home as itself
// (a card that fits is near): no exchange at home. A card turns near when its foundation rises: the
// move that sends (h, s) home makes (h + k, s) near, and the relaxed position did not know which of
// the far loose cards of rank h + k was (h + k, s). So each such home move comes in several forms:
// as it is, and with (h + k, s) exchanging places with each far loose card of its rank (a RESOLVE
// move), one form for each place (h + k, s) may have had. In other words the position is the real
// one up to exchanging far loose cards of one rank, at any time.
//   - claim: every real line is a line here (no exchange), won alike.
//   - key: pileKey(), with "never loose" read as "not far and loose" (keyLoose()): a far loose
//     card is coded by its rank and place, as a loose one is, and the foundations give which
//     cards are near; a bouquet slot keeps its rank (an exchange swaps cards of one rank), and the
//     near cards in the bouquet are the near cards neither home nor coded on a pile (the bouquet
//     is a set: which slot holds which does not matter). The moves searched depend on nothing
//     more: real moves look at ranks and at the suits of cards that fit (near), and the forms of
//     a home move at the far loose cards of one rank.
//   - prunings: searchMoves()' hold as in suit-relaxation.ts (ranks, and c keeps its status: near
//     or far depends on its rank and foundation only). No forced move and no redundant-move rule
//     (their proofs use exchanges at home).
//   - dead test: dead() as in suit-relaxation.ts, unchanged. Its relaxation (exchanges at home
//     among all cards that can be loose, near or far) has every line of this one: there a card
//     that can be loose is a token of its rank, so an exchange of two of them is no move at all,
//     and a near card going home as itself is a token of its rank going home on its suit, whose
//     rank-r card (it) can be loose. Final reading only (the relaxation's own removable rules are
//     not re-proved for it).
// Tests: research/parterre/suit-relaxation-modes.test.ts.

/** A home move that also exchanges the card it makes near with the far loose card in bits 20-25
 *  (`near` > 0, above). */
export const RESOLVE = 1 << 19;

export class SuitRelaxationModes extends SuitRelaxation {
  /** Per card: 1 when it lay in a pile where the relaxation starts (only such a card can be
   *  loose when the bouquet is not). */
  private readonly fromPile = new Uint8Array(DECK);
  private readonly keyOrder = new Int32Array(PILES);
  private readonly keyHdrs = new Int32Array(PILES);
  private readonly runHi = new Float64Array(PILES);

  /** `bouquetLoose`: whether bouquet cards, and cards that came from the bouquet, are loose too
   *  (the solver's relaxation); else only cards that have left a pile are. `keep`: cards (by id,
   *  1 = kept) that are never loose, wherever they go. `near`: k above (0: every card that can be
   *  loose is). */
  constructor(
    pos: PtPosition,
    readonly bouquetLoose = true,
    readonly keep?: Uint8Array,
    readonly near = 0,
  ) {
    if (near > 0 && pos.removable) throw new Error('near: final reading only');
    super(pos);
    this.markFromPile();
  }

  override restart(pos: PtPosition): void {
    super.restart(pos);
    this.markFromPile();
  }

  private markFromPile(): void {
    this.fromPile.fill(0);
    for (let p = 0; p < PILES; p++)
      for (let i = 0; i < this.plen[p]; i++) this.fromPile[this.piles[p * PILE_CAP + i]] = 1;
  }

  /** No redundant-move rule with `near` (its proof uses exchanges at home). */
  override beginSearch(): void {
    super.beginSearch();
    if (this.near > 0) this.redundant = undefined;
  }

  protected override canLoose(c: number): boolean {
    if (this.keep !== undefined && this.keep[c] === 1) return false;
    return this.bouquetLoose || this.fromPile[c] === 1;
  }

  /** Whether the key codes card c by its rank only, when it is not placed: it can be loose and,
   *  with `near`, is far from home. */
  private keyLoose(c: number): boolean {
    return this.canLoose(c) && (this.near === 0 || (c % 13) + 1 - this.found[(c / 13) | 0] > this.near);
  }

  override forcedMove(): number {
    return this.near > 0 ? -1 : super.forcedMove();
  }

  override searchMoves(out: Int32Array, offset: number): number {
    if (this.near === 0) return super.searchMoves(out, offset);
    // Each home move of (r, s) also in a form per far loose card y of rank r + k: (r + k, s),
    // far and loose until now, exchanges places with y.
    let n = offset + this.realMoves(out, offset);
    const f = this.found,
      end = n;
    for (let i = offset; i < end; i++) {
      const m = out[i],
        kind = m & 3;
      if (kind !== P2F && kind !== B2F) continue;
      const c = moveCard(m),
        r = (c % 13) + 1 + this.near;
      if (r > 13) continue;
      const a = ((c / 13) | 0) * 13 + r - 1;
      if (!this.loose(a)) continue;
      for (let y = r - 1; y < DECK; y += 13)
        if (y !== a && this.loose(y) && r - f[(y / 13) | 0] > this.near) out[n++] = m | RESOLVE | (y << 20);
    }
    return n - offset;
  }

  override make(m: number): void {
    if (m & RESOLVE) {
      super.make(m & 0xffff);
      this.swap(this.resolved(m), (m >> 20) & 63);
    } else super.make(m);
  }

  override unmake(m: number): void {
    if (m & RESOLVE) {
      this.swap(this.resolved(m), (m >> 20) & 63);
      super.unmake(m & 0xffff);
    } else super.unmake(m);
  }

  /** The card a RESOLVE move makes near: its home card's rank + k, same suit. */
  private resolved(m: number): number {
    return moveCard(m) + this.near;
  }

  override key(out: Uint32Array): number {
    return this.bouquetLoose && this.keep === undefined && this.near === 0 ? super.key(out) : this.pileKey(out);
  }

  /** With some cards never loose (bouquetLoose false, `keep`, or near ones with `near`: "can be
   *  loose" below is keyLoose()): per pile its header (below), then 3 bits a card above its
   *  placed ones (above its bottom when none: the header holds the bottom, by rank when it can be
   *  loose, else as 16 + the card; empty 127) (0 for a card that can be loose, else 1 + its suit),
   *  the piles sorted; then the bouquet's slots and the foundations' heights. The header and the
   *  suits decode to the pile (ranks descend one at a time above the placed cards), a slot to its
   *  rank (an exchange swaps cards of one rank) and, for a card never loose, to the card; the
   *  foundations then give the loose set (the cards that can be loose, neither placed nor home). */
  private pileKey(out: Uint32Array): number {
    const hdr = this.keyHdrs,
      order = this.keyOrder,
      hi = this.runHi;
    for (let p = 0; p < PILES; p++) {
      const n = this.plen[p],
        l = this.placed[p],
        base = p * PILE_CAP;
      hdr[p] =
        n === 0
          ? 127 << 4
          : l > 0
            ? (1 << 12) | (p << 9) | (l << 4) | (n - l)
            : ((this.keyLoose(this.piles[base]) ? this.piles[base] % 13 : 16 + this.piles[base]) << 4) | (n - 1);
      // Cards above the placed ones (above the bottom when none is placed): at most 12, 36 bits.
      let v = 0;
      for (let i = Math.max(l, 1); i < n; i++) {
        const c = this.piles[base + i];
        v = v * 8 + (this.keyLoose(c) ? 0 : 1 + ((c / 13) | 0));
      }
      hi[p] = v;
      let i = p;
      while (i > 0) {
        const q = order[i - 1];
        if (hdr[q] < hdr[p] || (hdr[q] === hdr[p] && hi[q] <= hi[p])) break;
        order[i] = q;
        i--;
      }
      order[i] = p;
    }
    // Bit writer: values up to 18 bits.
    let w = 0,
      acc = 0,
      nb = 0;
    const put = (v: number, bits: number) => {
      acc += v * 2 ** nb;
      nb += bits;
      while (nb >= 32) {
        out[w++] = (acc % 2 ** 32) >>> 0;
        acc = Math.floor(acc / 2 ** 32);
        nb -= 32;
      }
    };
    put(this.bmask, 16);
    const f = this.found;
    put(f[0] | (f[1] << 4) | (f[2] << 8) | (f[3] << 12), 16);
    for (let k = 0; k < PILES; k++) {
      const p = order[k];
      put(hdr[p], 13);
      const n = this.plen[p],
        cards = n === 0 ? 0 : n - Math.max(this.placed[p], 1);
      if (cards > 0) {
        const v = hi[p];
        put(v % 2 ** 18, Math.min(18, 3 * cards));
        if (cards > 6) put(Math.floor(v / 2 ** 18), 3 * (cards - 6));
      }
    }
    if (nb > 0) out[w++] = acc >>> 0;
    return w;
  }
}
