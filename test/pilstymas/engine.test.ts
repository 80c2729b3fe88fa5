import { describe, expect, it } from 'vitest';
import { rngFromSeed } from '../../src/cards/shuffle.js';
import { dealFromSeed } from '../../src/games/pilstymas/deal.js';
import {
  END,
  HAND,
  MAX_MOVES,
  PASS,
  PilPosition,
  WASTE,
  moveFrom,
  packMove,
} from '../../src/games/pilstymas/position.js';
import { holdsView, loadSeen, loadView, viewOf } from '../../src/games/pilstymas/view.js';
import { snapshot } from './helpers.js';

// The engine's fast paths against the plain rules: move generation against isLegal over every
// source and target, keys computed from a move against keys after making it, and the views
// loaded without building a view against loadView.

/** Positions along random games (the engine's own, every card known), `count` in all. */
function walk(count: number, tag: string, visit: (pos: PilPosition) => void): void {
  const buf = new Int32Array(MAX_MOVES);
  let seen = 0;
  for (let g = 0; seen < count; g++) {
    const rng = rngFromSeed(`${tag}/${g}`);
    const pos = PilPosition.fromDeal(dealFromSeed(`${tag}${g}`));
    for (let i = 0; i < 600 && pos.winner < 0 && seen < count; i++) {
      visit(pos);
      seen++;
      const n = pos.moves(buf);
      pos.make(buf[Math.floor(rng() * n)]);
    }
  }
}

/** The legal moves by the rules, in the order moves() documents: sources stock, hand, piles
 *  0..7; for each the foundation, the other's stock, the other's waste, piles 0..7; then end or
 *  pass. */
function reference(pos: PilPosition): number[] {
  const out: number[] = [];
  for (const from of [1, 0, 2, 3, 4, 5, 6, 7, 8, 9]) {
    const c = pos.sourceCard(from);
    if (c < 0) continue;
    for (const to of [0, 9, 10, 1, 2, 3, 4, 5, 6, 7, 8]) {
      const m = packMove(from, to, c);
      if (pos.isLegal(m)) out.push(m);
    }
  }
  out.push(pos.isLegal(END) ? END : PASS);
  return out;
}

/** A copy of pos as the mover sees it (hidden cards unknown). */
function seenBy(pos: PilPosition): PilPosition {
  const v = new PilPosition();
  loadView(v, viewOf(pos, pos.turn));
  return v;
}

describe('engine fast paths', () => {
  it('moves() gives exactly the moves the rules allow, in its documented order', () => {
    const buf = new Int32Array(MAX_MOVES);
    let checked = 0;
    walk(3000, 'gen', (pos) => {
      for (const p of [pos, seenBy(pos)]) {
        const got = Array.from(buf.subarray(0, p.moves(buf)));
        const want = reference(p);
        if (got.join() !== want.join()) expect(got).toEqual(want);
        checked++;
      }
    });
    expect(checked).toBe(6000);
  });

  it('childSymKey() gives the key symKey() gives after the move, for every move but the one it declines', () => {
    const buf = new Int32Array(MAX_MOVES);
    let keyed = 0,
      declined = 0;
    walk(1500, 'child', (pos) => {
      for (const p of [pos, seenBy(pos)]) {
        const n = p.moves(buf);
        for (let i = 0; i < n; i++) {
          const m = buf[i];
          if (m === END || m === PASS) continue;
          const lastHand = moveFrom(m) === 0 && p.len[HAND + p.turn] === 1 && p.len[WASTE + p.turn] > 0;
          const ok = p.keys.childSymKey(p, m);
          expect(ok).toBe(!lastHand);
          if (!ok) {
            declined++;
            continue;
          }
          const a = p.keys.s1,
            b = p.keys.s2;
          p.make(m);
          p.keys.symKey();
          if (p.keys.s1 !== a || p.keys.s2 !== b) expect([p.keys.s1, p.keys.s2]).toEqual([a, b]);
          p.unmake(m);
          keyed++;
        }
      }
    });
    expect(keyed).toBeGreaterThan(10000);
    expect(declined).toBeGreaterThan(0);
  });

  it('loadSeen() loads what loadView(viewOf()) loads, for either seat', () => {
    const a = new PilPosition(),
      b = new PilPosition();
    walk(2000, 'seen', (pos) => {
      for (const seat of [0, 1]) {
        loadSeen(a, pos, seat);
        loadView(b, viewOf(pos, seat));
        const sa = snapshot(a);
        if (sa !== snapshot(b)) expect(sa).toBe(snapshot(b));
      }
    });
  });

  it('holdsView() says whether loadView would load the position already held', () => {
    const held = new PilPosition(),
      fresh = new PilPosition();
    const buf = new Int32Array(MAX_MOVES);
    let same = 0,
      differ = 0;
    walk(2000, 'holds', (pos) => {
      const v = viewOf(pos, pos.turn);
      loadView(held, v);
      expect(holdsView(held, v)).toBe(true);
      // One move on the held position, then the engine's view after the same move.
      const n = held.moves(buf);
      const m = buf[(pos.turns * 7 + n) % n];
      if (!pos.isLegal(m)) return;
      held.make(m);
      pos.make(m);
      const after = viewOf(pos, pos.turn);
      loadView(fresh, after);
      const equal = held.winner < 0 && snapshot(held) === snapshot(fresh);
      expect(holdsView(held, after)).toBe(equal);
      if (equal) same++;
      else differ++;
      pos.unmake(m);
    });
    expect(same).toBeGreaterThan(100);
    expect(differ).toBeGreaterThan(100);
  });
});
