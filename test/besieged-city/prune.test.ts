import { describe, expect, it } from 'vitest';
import { dealFromSeed } from '../../src/games/besieged-city/deal.js';
import { formatMove } from '../../src/games/besieged-city/notation.js';
import { MAX_MOVES } from '../../src/games/besieged-city/position.js';
import { BcSearch } from '../../src/games/besieged-city/search.js';
import { setupPosition } from './setup.js';
import { bcHeuristic } from '../../src/games/besieged-city/heuristic.js';
import { solve } from '../../src/search/solve.js';
import { checkLeftOutMoves } from './helpers.js';

// The search's dominance pruning (BcSearch.searchMoves): after a trench-to-trench move puts card c
// on trench b, c is not moved off b again — every position that would give is the parent's, or
// one of the parent's children.

const buf = new Int32Array(MAX_MOVES);
const names = (g: BcSearch, search: boolean) =>
  Array.from(buf.subarray(0, search ? g.extras.searchMoves(buf, 0) : g.moves(buf, 0)), formatMove).sort();
const keyOf = (g: BcSearch) => {
  const k = new Uint32Array(32);
  return Array.from(k.subarray(0, g.key(k))).join(',');
};
const play = (g: BcSearch, text: string) => {
  const n = g.moves(buf, 0);
  const m = Array.from(buf.subarray(0, n)).find((x) => formatMove(x) === text);
  if (m === undefined) throw new Error(`not legal: ${text}`);
  g.make(m);
  return m;
};

describe('Besieged City search: the just-moved card is not moved again', () => {
  // 5S on N0 (over 9S) may go on 6S (E0) or 4S (W1); spades need 5S next (height 8).
  const spec = {
    found: { S: 8, H: 26, D: 26, C: 26 },
    trenches: { N0: ['9S', '5S'], E0: ['6S'], W1: ['4S'] },
  };

  it('leaves out exactly the moves of that card off its new trench', () => {
    const g = setupPosition(spec);
    g.extras.beginSearch({ guided: false, macros: false });
    expect(names(g, true)).toEqual(names(g, false)); // at the root nothing is left out
    play(g, '5S N0>E0');
    const all = names(g, false),
      kept = names(g, true);
    expect(all).toEqual(expect.arrayContaining(['5S E0>F', '5S E0>N0', '5S E0>W1']));
    expect(kept.filter((m) => m.startsWith('5S E0>'))).toEqual([]);
    expect(kept).toEqual(all.filter((m) => !m.startsWith('5S E0>')));
    // Each left-out position is the parent or a child of it.
    const parent = setupPosition(spec);
    const parentAndChildren = new Set([
      keyOf(parent),
      ...names(parent, false).map((t) => {
        const m = play(parent, t);
        const k = keyOf(parent);
        parent.unmake(m);
        return k;
      }),
    ]);
    for (const t of all.filter((m) => m.startsWith('5S E0>'))) {
      const m = play(g, t);
      expect(parentAndChildren.has(keyOf(g)), t).toBe(true);
      g.unmake(m);
    }
  });

  it('does not restrict the root, whatever moves came before it', () => {
    // Spades need Q 2 K A (height 22): QS on 2S in N0 may go on KS in E0.
    const g = setupPosition({
      found: { S: 22, H: 26, D: 26, C: 26 },
      trenches: { N0: ['2S', 'QS'], E0: ['KS'], W1: ['AS'] },
    });
    play(g, 'QS N0>E0');
    g.extras.beginSearch({ guided: false, macros: false });
    expect(names(g, true)).toEqual(names(g, false));
    expect(names(g, true)).toContain('QS E0>F');
    const r = solve(g, { algorithm: 'astar' });
    expect(r.outcome === 'solved' && r.line).toEqual(['QS E0>F', '2S N0>F', 'KS E0>F', 'AS W1>F']);
  });

  it('in random play, every left-out move leads to the parent or one of its children', () => {
    let checked = 0;
    for (let seed = 1; seed <= 20; seed++)
      checked += checkLeftOutMoves(new BcSearch(dealFromSeed(String(seed))), `prune${seed}`, 200);
    expect(checked).toBeGreaterThan(100);
  });
});

describe('Besieged City guide', () => {
  it('is lower for a position nearer the win', () => {
    const far = setupPosition({ found: { S: 8, H: 26, D: 26, C: 26 }, trenches: { N0: ['5S', '9S'], E0: ['6S'] } });
    const near = setupPosition({ found: { S: 8, H: 26, D: 26, C: 26 }, trenches: { N0: ['9S', '5S'], E0: ['6S'] } });
    expect(bcHeuristic(near.pos)).toBeLessThan(bcHeuristic(far.pos));
  });
});
