import { DEFAULT_MEMORY } from '../../search/limits.js';
import { FULL, StateTable } from '../../search/table.js';
import { CELL_TRENCHES, CELLS, PILE_CAP, PLAY_ORDER, RANK, SUIT, TRENCHES } from './layout.js';
import { packMove, R2T, T2F, T2T, type BcPosition } from './position.js';
import { type BcRules, NEIGHBOUR_MASK } from './rules.js';
import { grown } from '../../search/grow.js';

// Plateaus: the exhaustive search treats every set of trench arrangements that reversible
// trench-to-trench moves connect as one node.
//
// Definitions. A suit's arrangement is the content of the non-empty piles whose cards are of
// that suit (a pile is one suit), trench by trench. An internal move is a trench-to-trench move
// that leaves its source non-empty. Its plateau is the set of arrangements internal moves of
// that suit connect (a connected component: see "reversible" below). Two positions are
// equivalent when they agree on everything but the piles and, per suit, their arrangements lie
// in the same plateau.
//
// Claim 1 (internal moves are reversible). Card c moves from a (leaving card d on top) onto b.
// c was lying on d, and every pile card fits the card below it (rule II: each card was added
// onto the top it fits; a dealt pile has one card), so c may move back from b onto a. Neither
// move empties a trench, so no fill is pending before or after. Internal moves of suit s touch
// only suit-s piles and depend only on their tops, so the plateaus of the four suits are
// independent and the positions reachable by internal moves alone are exactly the product of the
// four plateaus (foundations, reserve, talon and stock unchanged).
//
// Claim 2 (equivalent positions are won or lost together). Without a pending fill, each reaches
// the other by internal moves (Claim 1), in both directions. With a pending fill both must fill
// the same trench from the same reserve line; the internal moves that connected them stay legal
// beside the new pile (they touch other piles, and only their tops matter), so the results are
// again equivalent.
//
// Claim 3 (the moves that leave a plateau). Every move other than an internal one either leaves
// the piles alone (stock to foundation or talon) or touches the piles of one suit s only: a
// suit-s top to the foundation, a reserve card of suit s onto a suit-s top, or a trench-to-trench
// move that empties its source (an "exit"). Its result depends on the suit-s arrangement and on
// what is not piles; the other suits keep their plateaus. So from a position P the classes one
// move away from P's class are reached by: the pile-free moves from P, and for each suit s and
// each arrangement B in the plateau of s, each exit from B (other suits as in P). The search
// generates exactly these as "macro moves" (go to B by internal moves, then the exit), keys a
// position by its class (each suit's plateau by an id; key() below), and so searches each class
// once. Exhausting it exhausts every class reachable from the root: "unsolvable" stays exact.
// A class holding a won position holds only it (no cards left in piles), so wins are found.
//
// Variants (rules.ts). Claim 1 needs the trench order's neighbour relation to be symmetric and a
// pile card's fit to depend only on the card below it: true of either, ordinary and play-order,
// not of directional (a run's direction depends on the cards below). Claim 2 needs an emptied
// trench to be filled at once (or stay empty for good): with trench-fill=deferred a fill may come
// at any time from any arrangement, which the macro moves do not generate. The stock switch
// touches no pile. So plateaus serve every variant but those two (plateausApply()), each with
// its order's neighbour table.
//
// Plateaus are found by breadth-first search over arrangements and cached for the whole search
// (members map to their plateau's id; the ids are what the key holds). A plateau larger than
// MAX_MEMBERS, or one the cache has no room for, is "open": its suit is keyed exactly and searched
// with single moves, as without plateaus (sound too: a class of one position).

/** Largest plateau handled as one node (its index must fit the 12 bits of a macro move). A
 *  smaller cap leaves most keys of seed 296's DFS with an open suit; seed 502 meets plateaus
 *  larger than this, whose keys stay open (bench/history.md,
 *  "Besieged City: proving deals unsolvable"). */
const MAX_MEMBERS = 4096;
/** Exits of one arrangement, at most: 2 copies of the needed card on tops, 12 reserve cards onto
 *  4 trenches each, 14 single-card piles onto 13 others. */
const EXITS_PER_MEMBER = 2 + CELLS * 4 + TRENCHES * (TRENCHES - 1);
/** A bound on the moves searchMoves() writes in plateau mode (all four suits, stock moves). */
export const PLATEAU_MAX_MOVES = 4 * MAX_MEMBERS * EXITS_PER_MEMBER + 2;
/** A macro move: the exit (bits 0-18, as position.ts packs moves) | this bit | the arrangement's
 *  index within its plateau << 20. */
export const MACRO = 1 << 19;
export const macroExit = (m: number) => m & (MACRO - 1);

/** Bytes a plateau holds per member (plateau, parent, move: three Int32Array entries), per
 *  plateau (first, size, offset: Int32; open, pile count, card count: Int8; trenches: 14 Int8),
 *  and per card of a member (Int8). */
const MEMBER_BYTES = 12;
const COMP_BYTES = 4 * 4 + 3 + TRENCHES;

/** The memo's parts of a memory budget: the table of arrangements an 8th, the members a 32nd,
 *  their cards 3/32, the plateaus a 128th, in proportion to the cards and plateaus per member in
 *  seed 502's DFS, whose plateaus are large (its memory: bench/history.md,
 *  "`--memory` bounds the whole search"). */
const partsOf = (budget: number) => ({
  table: Math.floor(budget / 8),
  members: Math.floor(budget / 32 / MEMBER_BYTES),
  cards: Math.floor((budget * 3) / 32),
  comps: Math.floor(budget / 128 / COMP_BYTES),
});

/** The bytes the plateau memo holds at most under a search's memory budget of `budget` bytes. */
export function plateauBytes(budget: number): number {
  const p = partsOf(budget);
  return p.table + p.members * MEMBER_BYTES + p.cards + p.comps * COMP_BYTES;
}

const grow32 = grown<Int32Array<ArrayBuffer>>;
const grow8 = grown<Int8Array<ArrayBuffer>>;

/** Per plateau of the memo: its first member, size, open flag, pile count (k), card count (n),
 *  offset in the card arena, trenches (TRENCHES a plateau) and its members' single-card piles
 *  all told (for exitBound()); at most `max` plateaus. */
class PlateauRecords {
  first: Int32Array<ArrayBuffer>;
  size: Int32Array<ArrayBuffer>;
  open: Int8Array<ArrayBuffer>;
  k: Int8Array<ArrayBuffer>;
  n: Int8Array<ArrayBuffer>;
  off: Int32Array<ArrayBuffer>;
  tr: Int8Array<ArrayBuffer>;
  singles: Int32Array<ArrayBuffer>;
  /** Plateaus stored. */
  count = 0;

  constructor(readonly max: number) {
    const comps = Math.min(1024, max);
    this.first = new Int32Array(comps);
    this.size = new Int32Array(comps);
    this.open = new Int8Array(comps);
    this.k = new Int8Array(comps);
    this.n = new Int8Array(comps);
    this.off = new Int32Array(comps);
    this.tr = new Int8Array(comps * TRENCHES);
    this.singles = new Int32Array(comps);
  }

  /** Bytes the arrays hold. */
  get bytes(): number {
    return this.first.length * COMP_BYTES;
  }

  /** A new plateau's index (count < max), the arrays grown to hold it. */
  add(): number {
    const c = this.count++;
    if (c >= this.first.length) {
      const cap = this.max;
      this.first = grow32(this.first, c + 1, cap);
      this.size = grow32(this.size, c + 1, cap);
      this.off = grow32(this.off, c + 1, cap);
      this.open = grow8(this.open, c + 1, cap);
      this.k = grow8(this.k, c + 1, cap);
      this.n = grow8(this.n, c + 1, cap);
      this.tr = grow8(this.tr, (c + 1) * TRENCHES, cap * TRENCHES);
      this.singles = grow32(this.singles, c + 1, cap);
    }
    return c;
  }
}

export class Plateaus {
  private readonly table: StateTable;
  private readonly key = new Uint32Array(16);
  // Scratch arrangement: k piles on trenches str[], lengths slen[], cards scard[i * PILE_CAP + j].
  private sk = 0;
  private ss = 0;
  private readonly str = new Int8Array(TRENCHES);
  private readonly slen = new Uint8Array(TRENCHES);
  private readonly scard = new Int8Array(TRENCHES * PILE_CAP);
  /** Trench -> index among the scratch piles (-1: not a pile of the suit). */
  private readonly local = new Int8Array(TRENCHES);
  /** Scratch for writeExits(): the top card of each pile of a member. */
  private readonly tops = new Int8Array(TRENCHES);
  /** The plateaus met (PlateauRecords). */
  private readonly comps: PlateauRecords;
  // Members: plateau, BFS parent (-1: the first), the move from the parent (a | b << 4, pile
  // indices), cards (per member: k lengths, then the piles' cards, at compOff + local * (k + n)).
  private memComp: Int32Array<ArrayBuffer>;
  private memParent: Int32Array<ArrayBuffer>;
  private memMove: Int32Array<ArrayBuffer>;
  private cards: Int8Array<ArrayBuffer>;
  private cardsUsed = 0;
  private nMembers = 0;
  /** The most members and cards the memo holds (its budget: plateauBytes()). */
  private readonly maxMembers: number;
  private readonly maxCards: number;

  /** `budget`: the search's memory budget, of which the memo takes plateauBytes(budget). */
  constructor(readonly budget = DEFAULT_MEMORY) {
    const parts = partsOf(budget);
    this.table = new StateTable(parts.table);
    this.maxMembers = parts.members;
    this.maxCards = parts.cards;
    this.memComp = new Int32Array(Math.min(4096, this.maxMembers));
    this.memParent = new Int32Array(this.memComp.length);
    this.memMove = new Int32Array(this.memComp.length);
    this.cards = new Int8Array(Math.min(1 << 16, this.maxCards));
    this.comps = new PlateauRecords(parts.comps);
  }

  /** The ranks each rank accepts in a trench, under the trench order of the search's rules. */
  private neighbours: Uint16Array = NEIGHBOUR_MASK.either;

  /** Empties the cache for a new search under `rules` (plateausApply() must hold). */
  clear(rules?: BcRules): void {
    if (rules) this.neighbours = NEIGHBOUR_MASK[rules.trenchOrder];
    this.table.clear();
    this.comps.count = 0;
    this.nMembers = 0;
    this.cardsUsed = 0;
  }

  /** Bytes the memo holds now (its table and arrays), at most plateauBytes(budget). */
  get bytes(): number {
    return this.table.bytes + this.memComp.byteLength * 3 + this.cards.byteLength + this.comps.bytes;
  }

  /** Plateaus met and arrangements stored, for tests and statistics. */
  get plateauCount(): number {
    return this.comps.count;
  }
  get memberCount(): number {
    return this.nMembers;
  }

  /** The member index of suit s's arrangement in the position, computing its plateau when new;
   *  -1 when the suit has no pile or its plateau is open (key it exactly). */
  lookup(p: BcPosition, s: number): number {
    const len = this.packPosition(p, s);
    if (len === 0) return -1;
    const v = this.table.get(this.key, len);
    let m = v;
    if (v < 0) {
      this.loadPosition(p, s);
      m = this.explore();
    }
    return m >= 0 && this.comps.open[this.memComp[m]] === 0 ? m : -1;
  }

  /** pack() of suit s's piles of the position, read in place (a lookup that finds its plateau
   *  needs no copy of them); 0 when the suit has no pile. */
  packPosition(p: BcPosition, s: number): number {
    const key = this.key,
      plen = p.plen,
      piles = p.piles;
    let wi = 1,
      acc = 0,
      nb = 0,
      k = 0;
    for (let t = 0; t < TRENCHES; t++) {
      const n = plen[t];
      if (n === 0 || SUIT[piles[t * PILE_CAP]] !== s) continue;
      k++;
      acc |= t << nb;
      nb += 4;
      if (nb === 32) {
        key[wi++] = acc;
        acc = nb = 0;
      }
      for (let j = t * PILE_CAP, e = j + n; j < e; j++) {
        acc |= RANK[piles[j]] << nb;
        nb += 4;
        if (nb === 32) {
          key[wi++] = acc;
          acc = nb = 0;
        }
      }
      nb += 4;
      if (nb === 32) {
        key[wi++] = acc;
        acc = nb = 0;
      }
    }
    if (k === 0) return 0;
    if (nb > 0) key[wi++] = acc;
    key[0] = s | (k << 2);
    return wi;
  }

  plateauOf(member: number): number {
    return this.memComp[member];
  }
  size(comp: number): number {
    return this.comps.size[comp];
  }
  first(comp: number): number {
    return this.comps.first[comp];
  }

  /** Loads suit s's piles of the position into the scratch; false when it has none. */
  private loadPosition(p: BcPosition, s: number): boolean {
    // (packPosition() writes the key of exactly this scratch, read in place: keep them alike.)
    let k = 0;
    const plen = p.plen,
      piles = p.piles;
    for (let t = 0; t < TRENCHES; t++) {
      const n = plen[t];
      if (n === 0 || SUIT[piles[t * PILE_CAP]] !== s) continue;
      this.str[k] = t;
      this.slen[k] = n;
      for (let j = 0; j < n; j++) this.scard[k * PILE_CAP + j] = piles[t * PILE_CAP + j];
      k++;
    }
    this.sk = k;
    this.ss = s;
    return k > 0;
  }

  private loadMember(m: number): void {
    const c = this.memComp[m],
      k = this.comps.k[c],
      n = this.comps.n[c];
    let off = this.comps.off[c] + (m - this.comps.first[c]) * (k + n);
    const cards = this.cards;
    this.sk = k;
    for (let i = 0; i < k; i++) {
      this.str[i] = this.comps.tr[c * TRENCHES + i];
      this.slen[i] = cards[off + i];
    }
    off += k;
    for (let i = 0; i < k; i++) {
      const len = this.slen[i];
      for (let j = 0; j < len; j++) this.scard[i * PILE_CAP + j] = cards[off + j];
      off += len;
    }
  }

  /** Exact key of the scratch arrangement (packPosition() writes the same from a position): suit
   *  and pile count, then a stream of 4-bit fields,
   *  8 to a word: per pile its trench, its ranks bottom first, and a 0 (ranks are 1..13, so the
   *  0 ends the pile). Packed inline: it runs for every arrangement a plateau search meets and at
   *  every lookup. */
  private pack(): number {
    const key = this.key,
      slen = this.slen,
      str = this.str,
      scard = this.scard,
      k = this.sk;
    key[0] = this.ss | (k << 2);
    let wi = 1,
      acc = 0,
      nb = 0;
    for (let i = 0; i < k; i++) {
      acc |= str[i] << nb;
      nb += 4;
      if (nb === 32) {
        key[wi++] = acc;
        acc = nb = 0;
      }
      for (let j = i * PILE_CAP, e = j + slen[i]; j < e; j++) {
        acc |= RANK[scard[j]] << nb;
        nb += 4;
        if (nb === 32) {
          key[wi++] = acc;
          acc = nb = 0;
        }
      }
      nb += 4; // the 0 that ends the pile
      if (nb === 32) {
        key[wi++] = acc;
        acc = nb = 0;
      }
    }
    if (nb > 0) key[wi++] = acc;
    return wi;
  }

  private addMember(c: number, parent: number, move: number): number {
    const k = this.comps.k[c],
      n = this.comps.n[c];
    const m = this.nMembers++;
    if (m >= this.memComp.length) {
      this.memComp = grow32(this.memComp, m + 1, this.maxMembers);
      this.memParent = grow32(this.memParent, m + 1, this.maxMembers);
      this.memMove = grow32(this.memMove, m + 1, this.maxMembers);
    }
    this.memComp[m] = c;
    this.memParent[m] = parent;
    this.memMove[m] = move;
    this.cards = grow8(this.cards, this.cardsUsed + k + n, this.maxCards);
    let off = this.cardsUsed;
    const cards = this.cards;
    let singles = 0;
    for (let i = 0; i < k; i++) {
      cards[off++] = this.slen[i];
      if (this.slen[i] === 1) singles++;
    }
    this.comps.singles[c] += singles;
    for (let i = 0; i < k; i++) for (let j = 0; j < this.slen[i]; j++) cards[off++] = this.scard[i * PILE_CAP + j];
    this.cardsUsed = off;
    this.comps.size[c]++;
    return m;
  }

  /** Breadth-first search of the plateau of the scratch arrangement (not in the table yet).
   *  Returns its first member, or -1 when there is no room for it (in the memo's budget, room
   *  for a plateau of MAX_MEMBERS members). */
  private explore(): number {
    let cardsPerMember = this.sk;
    for (let i = 0; i < this.sk; i++) cardsPerMember += this.slen[i];
    if (
      this.nMembers + MAX_MEMBERS > this.maxMembers ||
      this.comps.count >= this.comps.max ||
      this.cardsUsed + MAX_MEMBERS * cardsPerMember > this.maxCards
    )
      return -1;
    const slot0 = this.table.insert(this.key, this.pack());
    if (slot0 === FULL) return -1;
    const comps = this.comps,
      c = comps.add();
    const k = this.sk;
    let n = 0;
    for (let i = 0; i < k; i++) {
      n += this.slen[i];
      comps.tr[c * TRENCHES + i] = this.str[i];
    }
    comps.first[c] = this.nMembers;
    comps.size[c] = 0;
    comps.singles[c] = 0;
    comps.open[c] = 0;
    comps.k[c] = k;
    comps.n[c] = n;
    comps.off[c] = this.cardsUsed;
    const first = this.addMember(c, -1, 0);
    this.table.values[slot0] = first;
    const slen = this.slen,
      scard = this.scard,
      nbr = this.neighbours;
    bfs: for (let head = first; head < this.nMembers; head++) {
      this.loadMember(head);
      for (let a = 0; a < k; a++) {
        const na = slen[a];
        if (na < 2) continue; // an internal move leaves its source non-empty
        const x = scard[a * PILE_CAP + na - 1],
          rx = RANK[x];
        for (let b = 0; b < k; b++) {
          const nb = slen[b];
          if (b === a || ((nbr[RANK[scard[b * PILE_CAP + nb - 1]]] >> rx) & 1) === 0) continue;
          slen[a] = na - 1;
          scard[b * PILE_CAP + nb] = x;
          slen[b] = nb + 1;
          const slot = this.table.insert(this.key, this.pack());
          let open = false;
          if (slot === FULL) open = true;
          else if (!this.table.found) {
            if (comps.size[c] >= MAX_MEMBERS) open = true; // stored, as a member of an open plateau
            this.table.values[slot] = this.addMember(c, head, a | (b << 4));
          } else if (this.memComp[this.table.values[slot]] !== c) open = true; // an open plateau's member
          slen[a] = na;
          slen[b] = nb;
          if (open) {
            comps.open[c] = 1;
            break bfs;
          }
        }
      }
    }
    return first;
  }

  /** At most the exits writeExits() writes for member m's plateau, both passes, with `reserve`
   *  cards of its suit in the reserve: per member 2 foundation exits (the needed card's two
   *  copies), 4 per reserve card (its cell's trenches) and k - 1 per single-card pile. */
  exitBound(m: number, reserve: number): number {
    const c = this.memComp[m];
    return this.comps.size[c] * (2 + 4 * reserve) + this.comps.singles[c] * Math.max(0, this.comps.k[c] - 1);
  }

  /** Writes the exits from every arrangement of member m's plateau (suit s), as macro moves;
   *  `foundation` selects the foundation exits, else the others. Returns the new end of out. */
  writeExits(p: BcPosition, m: number, foundation: boolean, out: Int32Array, n: number): number {
    const c = this.memComp[m],
      size = this.comps.size[c];
    const s = SUIT[this.cards[this.comps.off[c] + this.comps.k[c]]];
    const need = p.found[s] < 26 ? s * 13 + PLAY_ORDER[p.found[s]] - 1 : -1;
    const k = this.comps.k[c];
    const local = this.local;
    local.fill(-1);
    for (let i = 0; i < k; i++) local[this.comps.tr[c * TRENCHES + i]] = i;
    const str = this.str,
      reserve = p.reserve,
      nbr = this.neighbours,
      cards = this.cards;
    for (let i = 0; i < k; i++) str[i] = this.comps.tr[c * TRENCHES + i];
    // Exits need only each pile's length and top: read in place (member j's lengths, then its
    // cards, at compOff + j * (k + n), as loadMember() reads them) without copying every card.
    const slen = this.slen,
      tops = this.tops,
      cn = this.comps.n[c],
      off0 = this.comps.off[c];
    if (foundation && need < 0) return n;
    for (let j = 0; j < size; j++) {
      const off = off0 + j * (k + cn);
      for (let i = 0, q = off + k; i < k; i++) {
        q += slen[i] = cards[off + i];
        tops[i] = cards[q - 1];
      }
      const tag = MACRO | (j << 20);
      if (foundation) {
        for (let i = 0; i < k; i++) if (tops[i] === need) out[n++] = tag | packMove(T2F, str[i], 0, need);
        continue;
      }
      for (let cell = 0; cell < CELLS; cell++) {
        const x = reserve[cell];
        if (x < 0 || SUIT[x] !== s) continue;
        const rx = RANK[x];
        for (let q = cell * 4; q < cell * 4 + 4; q++) {
          const t = CELL_TRENCHES[q],
            i = local[t];
          if (i >= 0 && ((nbr[RANK[tops[i]]] >> rx) & 1) === 1) out[n++] = tag | packMove(R2T, cell, t, x);
        }
      }
      for (let a = 0; a < k; a++) {
        if (slen[a] !== 1) continue;
        const x = tops[a],
          rx = RANK[x];
        for (let b = 0; b < k; b++)
          if (b !== a && ((nbr[RANK[tops[b]]] >> rx) & 1) === 1) out[n++] = tag | packMove(T2T, str[a], str[b], x);
      }
    }
    return n;
  }

  /** Sets suit piles of the position to member m's arrangement (of the same plateau). */
  teleport(p: BcPosition, m: number): void {
    const c = this.memComp[m],
      k = this.comps.k[c],
      n = this.comps.n[c];
    let off = this.comps.off[c] + (m - this.comps.first[c]) * (k + n);
    const lens = off;
    off += k;
    const cards = this.cards,
      plen = p.plen,
      piles = p.piles;
    for (let i = 0; i < k; i++) {
      const len = cards[lens + i],
        t = this.comps.tr[c * TRENCHES + i];
      // Members of a plateau differ in a few piles: a pile that is already right stays.
      let same = plen[t] === len;
      for (let j = 0; same && j < len; j++) same = piles[t * PILE_CAP + j] === cards[off + j];
      if (!same) p.loadPile(t, cards, off, len);
      off += len;
    }
  }

  /** Single internal moves (packed T2T moves) leading from member a to member b of one plateau,
   *  through the BFS tree: a up to the first member, then down to b. Reads tops from the
   *  position as it plays them (play() is called on each). */
  path(a: number, b: number, top: (t: number) => number, play: (m: number) => void): void {
    const c = this.memComp[a];
    const tr = (i: number) => this.comps.tr[c * TRENCHES + i];
    for (let x = a; this.memParent[x] >= 0; x = this.memParent[x]) {
      const mv = this.memMove[x],
        from = tr(mv >> 4),
        to = tr(mv & 15); // the move back
      play(packMove(T2T, from, to, top(from)));
    }
    const down: number[] = [];
    for (let x = b; this.memParent[x] >= 0; x = this.memParent[x]) down.push(this.memMove[x]);
    for (let i = down.length - 1; i >= 0; i--) {
      const from = tr(down[i] & 15),
        to = tr(down[i] >> 4);
      play(packMove(T2T, from, to, top(from)));
    }
  }
}

/** Whether the plateau proof holds under these rules (see "Variants" above). */
export const plateausApply = (r: BcRules): boolean => r.trenchOrder !== 'directional' && !r.deferredFill;
