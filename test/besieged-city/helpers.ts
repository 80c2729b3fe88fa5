import { PLAY_ORDER } from '../../src/games/besieged-city/layout.js';
import { expect } from 'vitest';
import seedrandom from 'seedrandom';
import { BcPosition, MAX_MOVES, T2T } from '../../src/games/besieged-city/position.js';
import { BcExtras, BcSearch } from '../../src/games/besieged-city/search.js';
import { DEAD, type SearchMode } from '../../src/search/types.js';
import { formatMove } from '../../src/games/besieged-city/notation.js';
import { setupPosition, type PositionSpec } from './setup.js';
import { BC_MAX_KEY_WORDS, packKey } from '../../src/games/besieged-city/key.js';
import { dfs } from '../../src/search/dfs.js';
import { FULL, StateTable } from '../../src/search/table.js';
import type { SearchGame } from '../../src/search/types.js';

/** Besieged City's capability object telling the game that no search takes macro moves. */
class MoveByMoveExtras extends BcExtras {
  override beginSearch(mode: SearchMode): void {
    super.beginSearch({ ...mode, macros: false });
  }
}

/** Besieged City searched one move at a time: depth-first search without plateau macro moves,
 *  to compare the plateau search against. */
export class BcMoveByMove extends BcSearch {
  override readonly extras: BcExtras = new MoveByMoveExtras(this);
}

export function legal(pos: BcPosition): string[] {
  const buf = new Int32Array(MAX_MOVES);
  return Array.from(buf.subarray(0, pos.moves(buf)), formatMove);
}

/** A full snapshot of a position's observable state, for exact comparisons. */
export function snapshot(pos: BcPosition): string {
  return JSON.stringify({
    reserve: Array.from(pos.reserve),
    piles: Array.from({ length: 14 }, (_, t) => pos.pile(t)),
    found: Array.from(pos.found),
    sp: pos.sp,
    talon: Array.from(pos.talon.subarray(0, pos.tlen)),
    mask: Array.from(pos.talonMask),
    pcode: Array.from(pos.pcode),
    pending: pos.pending,
    total: pos.foundTotal,
  });
}

/** Plays the line on a fresh copy of the problem, each move checked against the legal moves;
 *  returns whether it ends won. */
export function playsToWin(spec: PositionSpec, moves: number[]): boolean {
  const g = setupPosition(spec);
  const buf = new Int32Array(MAX_MOVES);
  for (const m of moves) {
    const n = g.moves(buf, 0);
    if (!buf.subarray(0, n).includes(m)) return false;
    g.make(m);
  }
  return g.won();
}

/** Plain exhaustive search on the rules alone (no bound, no pruning): can the position be won?
 *  undefined when it needs more than `cap` positions. */
export function winnable(pos: BcPosition, cap = 40_000): boolean | undefined {
  const seen = new StateTable(64 << 20);
  const key = new Uint32Array(32);
  const bufs: Int32Array[] = [];
  let aborted = false;
  const go = (depth: number): boolean => {
    if (pos.won()) return true;
    if (seen.insert(key, packKey(pos, key)) === FULL) aborted = true;
    if (aborted || seen.found) return false;
    if (seen.size > cap) {
      aborted = true;
      return false;
    }
    const buf = (bufs[depth] ??= new Int32Array(MAX_MOVES));
    const n = pos.moves(buf, 0);
    for (let i = 0; i < n && !aborted; i++) {
      pos.make(buf[i]);
      const w = go(depth + 1);
      pos.unmake(buf[i]);
      if (w) return true;
    }
    return false;
  };
  const w = go(0);
  return aborted ? undefined : w;
}

/** The same question as winnable(), asked faster: the game-independent depth-first search over
 *  the rules alone (moves(), exact keys, no bound, no dominance, no proofs). undefined past
 *  `maxNodes` nodes. */
export function plainlyWinnable(pos: BcPosition, maxNodes = 2_000_000): boolean | undefined {
  const game: SearchGame = {
    maxMoves: MAX_MOVES,
    maxKeyWords: BC_MAX_KEY_WORDS,
    moves: (out, offset) => pos.moves(out, offset),
    make: (m) => pos.make(m),
    unmake: (m) => pos.unmake(m),
    key: (out) => packKey(pos, out),
    won: () => pos.won(),
    lowerBound: () => 0,
    formatMove,
  };
  PLAIN_TABLE.clear();
  const r = dfs(game, { maxNodes }, PLAIN_TABLE);
  return r.outcome === 'unknown' ? undefined : r.outcome === 'solved';
}

/** plainlyWinnable()'s table, kept from call to call (cleared first): a test asks it hundreds of
 *  times, and a table that has grown once grows in place. */
const PLAIN_TABLE = new StateTable(64 << 20);

const keyText = (g: BcSearch) => {
  const k = new Uint32Array(32);
  return Array.from(k.subarray(0, g.key(k))).join(',');
};

/** Random play from g (trench-to-trench moves preferred, so the rule has work to do): every move
 *  the search's searchMoves() leaves out must lead to the parent or one of the parent's children.
 *  Returns how many left-out moves were checked. */
export function checkLeftOutMoves(g: BcSearch, rngSeed: string, steps: number): number {
  const buf = new Int32Array(MAX_MOVES);
  const rng = seedrandom.alea(rngSeed);
  let checked = 0;
  g.extras.beginSearch({ guided: false, macros: false });
  for (let step = 0; step < steps; step++) {
    const n = g.moves(buf, 0);
    if (n === 0) break;
    const moves = Array.from(buf.subarray(0, n));
    const t2t = moves.filter((m) => (m & 7) === T2T);
    const m = t2t.length && rng() < 0.7 ? t2t[Math.floor(rng() * t2t.length)] : moves[Math.floor(rng() * n)];
    // The parent's position and children, before the move.
    const around = new Set([keyText(g)]);
    for (const x of moves) {
      g.make(x);
      around.add(keyText(g));
      g.unmake(x);
    }
    g.make(m);
    const all = Array.from(buf.subarray(0, g.moves(buf, 0)));
    const kept = new Set(Array.from(buf.subarray(0, g.extras.searchMoves(buf, 0))));
    for (const x of all) {
      if (kept.has(x)) continue;
      g.make(x);
      expect(around.has(keyText(g))).toBe(true);
      g.unmake(x);
      checked++;
    }
  }
  return checked;
}

/** A rules-only copy of a position (same cards, same rules, no search state). */
export function positionCopy(g: BcPosition): BcPosition {
  const p = new BcPosition({
    reserve: new Array(12).fill(0),
    trenches: new Array(14).fill(0),
    stock: Array.from(g.stock),
    rules: g.rules,
  });
  p.reserve.set(g.reserve);
  for (let t = 0; t < 14; t++) p.setPile(t, g.pile(t));
  p.found.set(g.found);
  p.foundTotal = g.foundTotal;
  p.sp = g.sp;
  for (let i = 0; i < g.tlen; i++) p.pushTalon(g.talon[i]);
  p.pending = g.pending;
  return p;
}

/** Along a random line of a few moves from g: at the first position lowerBound() calls DEAD,
 *  plain exhaustive search (up to `cap` positions) must find no win. Returns whether DEAD was
 *  met, and whether plain search could check it. */
export function deadOnlyWhereLost(g: BcSearch, rngSeed: string, cap: number): { dead: boolean; checked: boolean } {
  const buf = new Int32Array(MAX_MOVES);
  const rng = seedrandom.alea(rngSeed);
  for (let step = 0; step < 6; step++) {
    if (g.lowerBound() >= DEAD) {
      const w = winnable(positionCopy(g.pos), cap);
      if (w !== undefined) expect(w, `${rngSeed} step ${step}`).toBe(false);
      return { dead: true, checked: w !== undefined };
    }
    const n = g.moves(buf, 0);
    if (n === 0) break;
    g.make(buf[Math.floor(rng() * n)]);
  }
  return { dead: false, checked: false };
}

/** Every card of a position: reserve, piles, foundations (by play order), talon, stock. */
export function allCards(g: BcPosition): number[] {
  const out: number[] = [];
  for (const c of g.reserve) if (c >= 0) out.push(c);
  for (let t = 0; t < 14; t++) out.push(...g.pile(t));
  for (let s = 0; s < 4; s++) for (let h = 0; h < g.found[s]; h++) out.push(s * 13 + PLAY_ORDER[h] - 1);
  for (let i = 0; i < g.tlen; i++) out.push(g.stock[g.talon[i]]);
  for (let i = g.sp; i < 78; i++) out.push(g.stock[i]);
  return out;
}

/** Card conservation: all 104 cards are somewhere, two of each. */
export function expectEachCardTwice(g: BcPosition): void {
  const counts = new Array(52).fill(0);
  for (const c of allCards(g)) counts[c]++;
  expect(counts.every((k) => k === 2)).toBe(true);
}
