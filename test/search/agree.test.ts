import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { setupPosition, type PositionSpec } from '../besieged-city/setup.js';
import { MAX_MOVES } from '../../src/games/besieged-city/position.js';
import type { BcSearch } from '../../src/games/besieged-city/search.js';
import { BC_POLICY } from '../../src/games/besieged-city/policy.js';
import { solve, type Algorithm } from '../../src/search/solve.js';
import type { Endgame } from './make-endgames.js';
import { playsToWin } from '../besieged-city/helpers.js';

// DFS, A*, best-first and the default 'auto' agree on the outcome of every problem in
// data/besieged-city/endgames.json (recorded by make-endgames.ts) and on two constructed
// problems whose answers are worked out by hand; every solution is checked move by move.

const endgames: Endgame[] = JSON.parse(
  readFileSync(new URL('../../data/besieged-city/endgames.json', import.meta.url), 'utf8'),
);
const ALGORITHMS: Algorithm[] = ['dfs', 'astar', 'best-first', 'auto'];

function check(spec: PositionSpec, outcome: 'solved' | 'unsolvable', optimal?: number) {
  for (const algorithm of ALGORITHMS) {
    const g: BcSearch = setupPosition(spec);
    const r = solve(g, { algorithm, maxNodes: 2_000_000, policy: BC_POLICY });
    expect(r.outcome, algorithm).toBe(outcome);
    expect(g.pos.ply, 'the position is left as it was').toBe(0);
    if (r.outcome === 'solved') {
      expect(playsToWin(spec, r.moves), algorithm).toBe(true);
      expect(r.line.length).toBe(r.moves.length);
      if (optimal !== undefined) {
        if (algorithm === 'astar') expect(r.moves.length).toBe(optimal);
        else expect(r.moves.length).toBeGreaterThanOrEqual(optimal);
      }
    }
  }
}

describe('search: constructed problems with known answers', () => {
  // Spades need 2S, KS, AS (height 23); every other suit is complete. 2S is in r0c0, which reaches
  // N0, where KS lies on AS: 2S goes on KS (K-2 are neighbours in the play order), then the three
  // come off N0 in order. Nothing else can move, so the only and shortest win is 4 moves.
  const fewMoves: PositionSpec = {
    found: { S: 23, H: 26, D: 26, C: 26 },
    reserve: { r0c0: '2S' },
    trenches: { N0: ['AS', 'KS'] },
  };
  // Spades need 2S next, but it lies under AS in N0, and N0 is the only pile: AS has nowhere to go,
  // KS in r3c2 reaches only W3, E3, N2 and S2, all empty, and there is no stock. No legal move.
  const stuck: PositionSpec = {
    found: { S: 23, H: 26, D: 26, C: 26 },
    reserve: { r3c2: 'KS' },
    trenches: { N0: ['2S', 'AS'] },
  };

  it('solves the 4-move problem, A* in exactly 4', () => {
    check(fewMoves, 'solved', 4);
    const r = solve(setupPosition(fewMoves), { algorithm: 'astar' });
    expect(r.outcome === 'solved' && r.line).toEqual(['2S r0c0>N0', '2S N0>F', 'KS N0>F', 'AS N0>F']);
  });

  it('proves the stuck problem unsolvable', () => {
    const g = setupPosition(stuck);
    expect(g.moves(new Int32Array(MAX_MOVES), 0)).toBe(0);
    check(stuck, 'unsolvable');
  });
});

describe('search: DFS, A*, best-first and auto agree on the endgame set', () => {
  it('has both outcomes in the set', () => {
    expect(endgames.filter((e) => e.outcome === 'solved').length).toBeGreaterThanOrEqual(8);
    expect(endgames.filter((e) => e.outcome === 'unsolvable').length).toBeGreaterThanOrEqual(5);
  });
  for (const e of endgames) {
    it(`${e.name}: ${e.outcome}${e.optimal ? ` in ${e.optimal}` : ''}`, () => check(e.spec, e.outcome, e.optimal));
  }
});
