import { rankOf } from '../../src/cards/card.js';
import type { SearchGame } from '../../src/search/types.js';
import { PILES } from '../../src/games/parterre/deal.js';
import type { PtPosition } from '../../src/games/parterre/position.js';

// The rank relaxation of Parterre, a probe (research/parterre/parterre-probes.ts ranks): a game that is won
// whenever the real one is, with the suits forgotten everywhere. Too weak to prove anything of
// the undecided deals — it wins them in a few hundred nodes (bench/history.md, "Parterre: the
// suit relaxation"); src/games/parterre/suit-relaxation.ts keeps the suits of the cards that have
// not moved, and does.
//
// Rules. Cards are ranks. Piles, the bouquet and the building rule are the real ones (onto a top
// one rank higher, any suit, or an empty pile; one card at a time). Foundations are counted per
// rank: home[r] cards of rank r are home, and a card of rank r may go home when
// home[r-1] > home[r] (home[0] = 4): some suit holds r-1 and not r. Under
// foundations=removable a card of rank r may come off when home[r] > home[r+1] (home[14] = 0),
// onto a pile as a bouquet card goes.
//
// Claim: a real line is a line of this game, so a position whose rank relaxation is lost is lost.
// Every real move is legal here: pile and bouquet moves do not look at suits, and a real move of
// card (r, s) home needs (r-1, s) home and (r, s) not, so among the suits with rank r-1 home one
// (s) lacks r: home[r-1] > home[r]. A real foundation's top card (r, s) has (r+1, s) off the
// foundation, so home[r] > home[r+1]. Both games are won with every card home.
//
// The search here is exhaustive and exact on this game: its key (key()) decodes to the ranks in
// every pile and the bouquet, and the foundations' counts follow (four cards a rank). Its prunings:
//   - forced moves (forcedMove()): an ace goes home (nothing lands on an ace, and no count
//     home[0] limits it; under removable an ace taken off could only cover a card, so some
//     shortest line never takes one off); under foundations=final, a card of rank r when every
//     card of rank r-1 is home (it is then a landing for no card that will ever be off a
//     foundation, and home[r-1] = 4 leaves every other card of rank r free to follow it);
//   - the piles are interchangeable: a move to an empty pile goes to the first one, and the only
//     card of a pile does not move to an empty pile;
//   - PtSearch.searchMoves()' rule for bouquet cards: a bouquet card goes to a pile only when a
//     chain of bouquet ranks leads down from it to a card that can move now (a pile top, or a
//     foundation card that may come off). Its proof (search.ts) moves cards in time and looks at
//     ranks only, so it holds here word for word.

const CAP = 32;
// Move: kind (bits 0-2) | from (3-7) | to (8-10) | rank (11-14).
const P2F = 0; // pile top home
const B2F = 1; // a bouquet card of the rank home
const P2P = 2; // pile top onto a pile
const B2P = 3; // a bouquet card of the rank onto a pile
const F2P = 4; // foundations=removable: a card of the rank off a foundation onto a pile
const pack = (kind: number, from: number, to: number, r: number) => kind | (from << 3) | (to << 8) | (r << 11);

export class RankRelaxation implements SearchGame {
  readonly maxMoves = 256;
  readonly maxKeyWords = 4;
  private readonly pr = new Int8Array(PILES * CAP);
  private readonly plen = new Uint8Array(PILES);
  private readonly dealt = new Int8Array(PILES * CAP);
  private readonly dealtLen = new Uint8Array(PILES);
  private readonly bq = new Int8Array(15);
  /** home[r], r = 0..14: home[0] = 4 and home[14] = 0 stand for the rules' edges. */
  private readonly home = new Int8Array(15);
  private homeTotal = 0;
  private readonly removable: boolean;
  private readonly codes = new Int32Array(PILES);

  /** The rank relaxation of the position as it stands (the piles as dealt: the real position's
   *  own dealt piles, for the key's short form). */
  constructor(pos: PtPosition) {
    this.removable = pos.removable;
    this.home[0] = 4;
    for (let p = 0; p < PILES; p++) {
      const cards = pos.pile(p);
      if (cards.length > CAP) throw new Error(`pile ${p} too high`);
      this.plen[p] = cards.length;
      cards.forEach((c, j) => {
        this.pr[p * CAP + j] = rankOf(c);
      });
      // The key refers to each pile's dealt cards, which in a position in play are its own
      // cards now (any fixed ranks would do: the key decodes either way).
      this.dealtLen[p] = cards.length;
      cards.forEach((c, j) => {
        this.dealt[p * CAP + j] = rankOf(c);
      });
    }
    for (const c of pos.bouquetCards()) this.bq[rankOf(c)]++;
    for (let s = 0; s < 4; s++) for (let r = 1; r <= pos.found[s]; r++) this.home[r]++;
    for (let r = 1; r <= 13; r++) this.homeTotal += this.home[r];
  }

  won(): boolean {
    return this.homeTotal === 52;
  }

  lowerBound(): number {
    return 52 - this.homeTotal;
  }

  private fitsHome(r: number): boolean {
    return this.home[r - 1] > this.home[r];
  }

  forcedMove(): number {
    for (let p = 0; p < PILES; p++) {
      const n = this.plen[p];
      if (n === 0) continue;
      const r = this.pr[p * CAP + n - 1];
      if (r === 1 || (!this.removable && this.home[r - 1] === 4)) return pack(P2F, p, 0, r);
    }
    if (this.bq[1] > 0) return pack(B2F, 0, 0, 1);
    if (!this.removable)
      for (let r = 2; r <= 13; r++) if (this.bq[r] > 0 && this.home[r - 1] === 4) return pack(B2F, 0, 0, r);
    return -1;
  }

  moves(out: Int32Array, offset: number): number {
    return this.searchMoves(out, offset);
  }

  searchMoves(out: Int32Array, offset: number): number {
    let n = offset;
    const pr = this.pr,
      plen = this.plen;
    let topRanks = 0,
      firstEmpty = -1;
    for (let p = 0; p < PILES; p++) {
      if (plen[p] === 0) {
        if (firstEmpty < 0) firstEmpty = p;
      } else topRanks |= 1 << pr[p * CAP + plen[p] - 1];
    }
    // Ranks that may come off a foundation (removable; never an ace, see forcedMove()).
    let offRanks = 0;
    if (this.removable) for (let r = 2; r <= 13; r++) if (this.home[r] > this.home[r + 1]) offRanks |= 1 << r;
    // chainOk bit r: a bouquet card of rank r may go to a pile (the chain rule above).
    let chainOk = 0;
    const chainEnd = topRanks | offRanks;
    for (let r = 2; r <= 13; r++) {
      if (chainEnd & (1 << (r - 1)) || (this.bq[r - 1] > 0 && chainOk & (1 << (r - 1)))) chainOk |= 1 << r;
    }
    // Home first.
    for (let p = 0; p < PILES; p++) {
      if (plen[p] === 0) continue;
      const r = pr[p * CAP + plen[p] - 1];
      if (this.fitsHome(r)) out[n++] = pack(P2F, p, 0, r);
    }
    for (let r = 1; r <= 13; r++) if (this.bq[r] > 0 && this.fitsHome(r)) out[n++] = pack(B2F, 0, 0, r);
    // Pile to pile, then bouquet and foundation cards onto tops, then to the first empty pile.
    for (let p = 0; p < PILES; p++) {
      const len = plen[p];
      if (len === 0) continue;
      const r = pr[p * CAP + len - 1];
      if (r < 13 && topRanks & (1 << (r + 1)))
        for (let q = 0; q < PILES; q++)
          if (q !== p && plen[q] > 0 && pr[q * CAP + plen[q] - 1] === r + 1) out[n++] = pack(P2P, p, q, r);
    }
    for (let r = 1; r < 13; r++) {
      if (!(topRanks & (1 << (r + 1)))) continue;
      const b = this.bq[r] > 0 && (chainOk & (1 << r)) !== 0;
      const f = (offRanks & (1 << r)) !== 0;
      if (!b && !f) continue;
      for (let q = 0; q < PILES; q++) {
        if (plen[q] === 0 || pr[q * CAP + plen[q] - 1] !== r + 1) continue;
        if (b) out[n++] = pack(B2P, 0, q, r);
        if (f) out[n++] = pack(F2P, 0, q, r);
      }
    }
    if (firstEmpty >= 0) {
      for (let p = 0; p < PILES; p++) if (plen[p] > 1) out[n++] = pack(P2P, p, firstEmpty, pr[p * CAP + plen[p] - 1]);
      for (let r = 1; r <= 13; r++) {
        if (this.bq[r] > 0 && chainOk & (1 << r)) out[n++] = pack(B2P, 0, firstEmpty, r);
        if (offRanks & (1 << r)) out[n++] = pack(F2P, 0, firstEmpty, r);
      }
    }
    return n - offset;
  }

  make(m: number): void {
    const from = (m >> 3) & 31,
      to = (m >> 8) & 7,
      r = (m >> 11) & 15;
    switch (m & 7) {
      case P2F:
        this.plen[from]--;
        this.home[r]++;
        this.homeTotal++;
        break;
      case B2F:
        this.bq[r]--;
        this.home[r]++;
        this.homeTotal++;
        break;
      case P2P:
        this.plen[from]--;
        this.pr[to * CAP + this.plen[to]++] = r;
        break;
      case B2P:
        this.bq[r]--;
        this.pr[to * CAP + this.plen[to]++] = r;
        break;
      default:
        this.home[r]--;
        this.homeTotal--;
        this.pr[to * CAP + this.plen[to]++] = r;
    }
  }

  unmake(m: number): void {
    const from = (m >> 3) & 31,
      to = (m >> 8) & 7,
      r = (m >> 11) & 15;
    switch (m & 7) {
      case P2F:
        this.pr[from * CAP + this.plen[from]++] = r;
        this.home[r]--;
        this.homeTotal--;
        break;
      case B2F:
        this.bq[r]++;
        this.home[r]--;
        this.homeTotal--;
        break;
      case P2P:
        this.plen[to]--;
        this.pr[from * CAP + this.plen[from]++] = r;
        break;
      case B2P:
        this.plen[to]--;
        this.bq[r]++;
        break;
      default:
        this.plen[to]--;
        this.home[r]++;
        this.homeTotal++;
    }
  }

  /** Exact: each pile as a code that decodes to its ranks, the six sorted (piles are
   *  interchangeable), then the bouquet's count per rank; the foundations' counts follow (four
   *  cards a rank, the rest in piles and bouquet). A pile's code: 0 when empty; else l, the
   *  longest prefix equal to its own dealt pile's ranks, and what lies above — every card put on a
   *  non-empty pile is one rank below its top, so above the cards never moved the ranks descend
   *  one at a time, and above l too (l is at least the never-moved part) — so
   *  l > 0: 1<<13 | p<<10 | l<<5 | (cards above l); l = 0: 1<<12 | bottom rank<<5 | length - 1. */
  key(out: Uint32Array): number {
    const codes = this.codes;
    for (let p = 0; p < PILES; p++) {
      const n = this.plen[p];
      let code = 0;
      if (n > 0) {
        const base = p * CAP;
        let l = 0;
        const dl = this.dealtLen[p];
        while (l < n && l < dl && this.pr[base + l] === this.dealt[base + l]) l++;
        code = l > 0 ? (1 << 13) | (p << 10) | (l << 5) | (n - l) : (1 << 12) | (this.pr[base] << 5) | (n - 1);
      }
      let i = p;
      while (i > 0 && codes[i - 1] > code) {
        codes[i] = codes[i - 1];
        i--;
      }
      codes[i] = code;
    }
    // Six 14-bit codes (84 bits) and 13 counts of 3 bits (39 bits): 123 bits in four words.
    out[0] = (codes[0] | (codes[1] << 14) | ((codes[2] & 15) << 28)) >>> 0;
    out[1] = ((codes[2] >>> 4) | (codes[3] << 10) | ((codes[4] & 255) << 24)) >>> 0;
    let w2 = (codes[4] >>> 8) | (codes[5] << 6);
    for (let r = 1; r <= 4; r++) w2 |= this.bq[r] << (20 + 3 * (r - 1));
    out[2] = w2 >>> 0;
    let w3 = 0;
    for (let r = 5; r <= 13; r++) w3 |= this.bq[r] << (3 * (r - 5));
    out[3] = w3 >>> 0;
    return 4;
  }

  formatMove(m: number): string {
    const from = (m >> 3) & 31,
      to = (m >> 8) & 7,
      r = 'A23456789TJQK'[((m >> 11) & 15) - 1];
    switch (m & 7) {
      case P2F:
        return `${r} p${from}>F`;
      case B2F:
        return `${r} b>F`;
      case P2P:
        return `${r} p${from}>p${to}`;
      case B2P:
        return `${r} b>p${to}`;
      default:
        return `${r} F>p${to}`;
    }
  }
}
