import { DEFAULT_MEMORY } from '../../search/limits.js';
import { grown } from '../../search/grow.js';
import { CELLS, STOCK_SIZE, SUIT, TRENCHES } from './layout.js';
import { packHead, packPiles } from './key.js';
import type { MoveHook } from './move-hook.js';
import { PLATEAU_MAX_MOVES, Plateaus } from './plateau.js';
import { MAX_MOVES, moveCard, packMove, S2F, S2TAL, T2F, type BcPosition } from './position.js';

/** Every trench in index order, for the plateau key's piles (packPiles()). */
const ALL_TRENCHES = Int8Array.from({ length: TRENCHES }, (_, t) => t);

/** Plateau search (plateau.ts) as a part of the search (search.ts): the plateau memo, each
 *  suit's member in the current position, and the key and moves of the position's class. */
export class PlateauKeying implements MoveHook {
  /** On in this search (the game's beginSearch() decides: macro moves asked for, and the proof
   *  holds under the rules). While off, nothing here is kept or read. */
  on = false;
  private budget = DEFAULT_MEMORY;
  private cache: Plateaus | null = null;
  /** Per suit, the member of its plateau in the current position (-1: keyed exactly), as the
   *  last members() call found it. */
  private readonly member = new Int32Array(4);
  /** Per suit, a count of the moves that changed its piles (made, unmade, macro moves' teleports
   *  included), never decreasing while on: while it stays the same the suit's piles have not
   *  changed. */
  private readonly stamp = new Float64Array(4);
  /** memberOf()'s memo: per suit the stamp its member was found at (-1: none), and the member. */
  private readonly memberStamp = new Float64Array(4).fill(-1);
  private readonly memberMemo = new Int32Array(4);
  /** Per ply, the remembered member of the suit whose piles the move made there changes (-2:
   *  none): unmaking the move gives the suit back exactly the piles it had, so the member too
   *  (each move touches the piles of its card's suit only; a macro move's teleport too). */
  private memoUndo = new Int32Array(1024);
  private readonly scratch = new Int32Array(MAX_MOVES);

  constructor(private readonly pos: BcPosition) {}

  /** The plateaus met in this search (set while on). */
  get plateaus(): Plateaus {
    return this.cache!;
  }

  /** Bytes the plateau memo holds now. */
  get bytes(): number {
    return this.cache?.bytes ?? 0;
  }

  /** A new solve under a memory budget: the memo is made again to fit it when next needed, and
   *  the keying is off until the next begin() (while on it reads the memo). */
  setBudget(bytes: number): void {
    this.budget = bytes;
    this.cache = null;
    this.on = false;
  }

  /** The memo starts empty in every search, so every remembered member is forgotten. */
  begin(): void {
    this.memberStamp.fill(-1);
    if (this.on) (this.cache ??= new Plateaus(this.budget)).clear(this.pos.rules);
  }

  made(m: number): void {
    const s = SUIT[moveCard(m)],
      ply = this.pos.ply - 1;
    if (ply >= this.memoUndo.length) this.memoUndo = grown(this.memoUndo, ply + 1);
    this.memoUndo[ply] = this.memberStamp[s] === this.stamp[s] ? this.memberMemo[s] : -2;
    this.stamp[s]++;
  }

  unmade(m: number): void {
    const s = SUIT[moveCard(m)];
    this.stamp[s]++;
    const member = this.memoUndo[this.pos.ply];
    if (member === -2) return;
    this.memberStamp[s] = this.stamp[s];
    this.memberMemo[s] = member;
  }

  /** The plateau member of suit s's piles (-1: keyed exactly), as Plateaus.lookup() gives it,
   *  remembered per suit while the suit's piles do not change (stamp): lookup()'s answer depends
   *  only on them, and for given piles it never changes within a search (a plateau, once
   *  explored, keeps its members, ids and open flag; one not explored for lack of room never gets
   *  room, the cache only fills). A move changes the piles of at most one suit, so most lookups
   *  are skipped. */
  memberOf(s: number): number {
    const stamp = this.stamp[s];
    if (this.memberStamp[s] === stamp) return this.memberMemo[s];
    const m = this.cache!.lookup(this.pos, s);
    this.memberStamp[s] = stamp;
    this.memberMemo[s] = m;
    return m;
  }

  private members(): void {
    for (let s = 0; s < 4; s++) this.member[s] = this.memberOf(s);
  }

  /** What moves() may write: the single moves, and the exits of every member of each
   *  plateau-keyed suit (Plateaus.exitBound()), so the move stack holds what the plateaus met
   *  need, not PLATEAU_MAX_MOVES at every ply. */
  maxMoves(): number {
    const pos = this.pos;
    if (pos.pending >= 0) return MAX_MOVES;
    this.members();
    let n = MAX_MOVES;
    for (let s = 0; s < 4; s++) {
      if (this.member[s] < 0) continue;
      let reserve = 0;
      for (let c = 0; c < CELLS; c++) if (pos.reserve[c] >= 0 && SUIT[pos.reserve[c]] === s) reserve++;
      n += this.cache!.exitBound(this.member[s], reserve);
    }
    return Math.min(n, PLATEAU_MAX_MOVES);
  }

  /** The key of the position's class (plateau.ts, Claim 2): what is not piles as packKey writes
   *  it; per suit its plateau id + 1, or 0 when the suit is keyed exactly; then per trench a
   *  5-bit length, 31 for a pile of a plateau-keyed suit (its content is the plateau's), else
   *  for a non-empty pile its bottom card (6 bits) and 2 bits per further card, as packKey. */
  key(out: Uint32Array): number {
    this.members();
    const pl = this.cache!,
      member = this.member,
      pos = this.pos;
    let wi = packHead(pos, out),
      keyed = 0;
    for (let s = 0; s < 4; s++) {
      out[wi++] = member[s] < 0 ? 0 : pl.plateauOf(member[s]) + 1;
      if (member[s] >= 0) keyed |= 1 << s;
    }
    return packPiles(pos, ALL_TRENCHES, TRENCHES, out, wi, keyed);
  }

  /** The moves of the position's class (plateau.ts, Claim 3), foundation moves first: stock
   *  moves as they are; per suit keyed by plateau, the exits of every arrangement of its
   *  plateau as macro moves; per suit keyed exactly, its single moves (internal ones included). */
  moves(out: Int32Array, offset: number): number {
    this.members();
    const pos = this.pos,
      pl = this.cache!,
      member = this.member,
      sc = this.scratch;
    const all = pos.moves(sc, 0);
    let n = offset;
    for (let pass = 0; pass < 2; pass++) {
      const foundation = pass === 0;
      for (let i = 0; i < all; i++) {
        const m = sc[i],
          kind = m & 7;
        if (kind === S2F) {
          if (foundation) out[n++] = m;
        } else if (kind !== S2TAL && member[SUIT[moveCard(m)]] < 0 && (kind === T2F) === foundation) out[n++] = m;
      }
      for (let s = 0; s < 4; s++) if (member[s] >= 0) n = pl.writeExits(pos, member[s], foundation, out, n);
    }
    if (pos.sp < STOCK_SIZE) out[n++] = packMove(S2TAL, 0, 0, pos.stock[pos.sp]);
    return n - offset;
  }
}
