import { describe, expect, it } from 'vitest';
import type { PtDeal } from '../../src/games/parterre/deal.js';
import { parseCard } from '../../src/cards/card.js';
import { formatMove } from '../../src/games/parterre/notation.js';
import { P2F, P2P, packMove } from '../../src/games/parterre/position.js';
import { replay } from '../../src/games/parterre/replay.js';
import { REMOVABLE_RULES } from '../../src/games/parterre/rules.js';
import { PtSearch } from '../../src/games/parterre/search.js';
import { SuitRelaxation } from '../../src/games/parterre/suit-relaxation.js';
import { solve } from '../../src/search/solve.js';
import { StateTable } from '../../src/search/table.js';
import { game, plainSolve, randomEndgames, withoutRedundant } from './helpers.js';

// The redundant moves that depth-first search leaves out (PtSearch.redundant: a card moved again
// right after it moved, dfs.ts "Redundant moves") against the same search without them and a plain
// search of every legal move: the same verdict on every endgame, the same positions entered when
// the search is exhausted, and every line found replays to a win.

const table = new StateTable(1 << 24);

/** `exhaust`: won() never true, so the search enters every position it can reach (a win too),
 *  and no forced move: the key merges positions that differ by the piles' order, and the safe
 *  move chosen (the first by pile) would depend on which of them the search met first, so the
 *  positions entered would depend on the order of the search; searchMoves() does not. */
function dfs(deal: PtDeal, skip: boolean, maxNodes: number, exhaust = false, relaxed = false) {
  const made = relaxed ? new SuitRelaxation(new PtSearch(deal)) : new PtSearch(deal);
  const g = skip ? made : withoutRedundant(made);
  if (exhaust) {
    g.won = () => false;
    g.forcedMove = () => -1;
  }
  return solve(g, { algorithm: 'dfs', maxNodes, table });
}

/** The verdicts, with and without the rule (and a plain search where it finishes). */
function verdicts(deals: Iterable<PtDeal>) {
  let lost = 0,
    won = 0;
  for (const deal of deals) {
    const where = JSON.stringify(deal);
    // The search with the rule only where the one without it decides (else nothing is compared).
    const a = dfs(deal, false, 200_000);
    if (a.outcome === 'unknown') continue;
    const b = dfs(deal, true, 200_000);
    if (b.outcome === 'unknown') continue;
    expect(b.outcome, where).toBe(a.outcome);
    if (b.outcome === 'solved') {
      const line = replay(deal, b.moves.map(formatMove));
      expect(line.ok && line.won, where).toBe(true);
      won++;
    } else {
      // The plain search where it can finish (it searches far more positions).
      expect(plainSolve(deal, 200_000, table), where).not.toBe('solved');
      lost++;
    }
  }
  return { lost, won };
}

/** Searched to the end, wins or not: the same positions, each entered once with its list less
 *  the moves left out. */
function positions(deals: Iterable<PtDeal>, relaxed = false, maxNodes = 20_000) {
  let fewer = 0,
    exhausted = 0;
  for (const deal of deals) {
    const where = JSON.stringify(deal);
    const a = dfs(deal, false, maxNodes, true, relaxed);
    if (a.outcome === 'unknown') continue;
    const b = dfs(deal, true, maxNodes, true, relaxed);
    if (b.outcome === 'unknown') continue;
    expect(b.stats.unique, where).toBe(a.stats.unique);
    expect(b.stats.nodes, where).toBeLessThanOrEqual(a.stats.nodes);
    exhausted++;
    if (b.stats.nodes < a.stats.nodes) fewer++;
  }
  return { fewer, exhausted };
}

describe('redundant moves in depth-first search', () => {
  it('decide every endgame as the search without them, and a plain search, do', () => {
    const final = verdicts(randomEndgames(35, 200, 14, 22, 3));
    const removable = verdicts([...randomEndgames(36, 100, 12, 18, 3)].map((d) => ({ ...d, rules: REMOVABLE_RULES })));
    expect(final.lost + removable.lost).toBeGreaterThanOrEqual(2);
    expect(final.won + removable.won).toBeGreaterThanOrEqual(250);
  });

  it('enter the same positions as the search without them, fewer children made', () => {
    const final = positions(randomEndgames(37, 120, 8, 10, 1));
    const removable = positions([...randomEndgames(38, 80, 8, 9, 1)].map((d) => ({ ...d, rules: REMOVABLE_RULES })));
    // Not vacuous (the others reach the node limit; with no forced move the spaces are large).
    expect(final.exhausted).toBeGreaterThanOrEqual(40);
    expect(final.fewer).toBeGreaterThanOrEqual(40);
    expect(removable.exhausted).toBeGreaterThanOrEqual(10);
    expect(removable.fewer).toBeGreaterThanOrEqual(10);
  });

  it('enter the same positions of the suit relaxation as its search without them', () => {
    // Its own rule (SuitRelaxation.redundant).
    const r = positions(randomEndgames(39, 100, 8, 10, 2), true);
    expect(r.exhausted).toBeGreaterThanOrEqual(20);
    expect(r.fewer).toBeGreaterThanOrEqual(20);
    // Under foundations=removable: takeoffs, and exchanges right after them.
    const rem = positions(
      [...randomEndgames(40, 30, 7, 8, 1)].map((d) => ({ ...d, rules: REMOVABLE_RULES })),
      true,
      100_000,
    );
    expect(rem.exhausted).toBeGreaterThanOrEqual(3);
    expect(rem.fewer).toBeGreaterThanOrEqual(3);
  });

  it('are the moves of a card that has just moved onto a pile', () => {
    const g = game([['KS'], ['QS'], ['QH'], ['KH'], ['KD'], []]);
    const p2p = (from: number, to: number, c: string) => packMove(P2P, from, to, parseCard(c));
    g.beginSearch({ guided: false, macros: true });
    const last = p2p(2, 0, 'QH'); // onto the king of spades, emptying p2
    g.make(last);
    expect(g.redundant!(last, p2p(0, 2, 'QH'))).toBe(true); // back, even to the pile it emptied
    expect(g.redundant!(last, p2p(0, 3, 'QH'))).toBe(true); // on to the other king: from p2 directly
    expect(g.redundant!(last, packMove(P2F, 0, 0, parseCard('QH')))).toBe(true); // home: from p2 directly
    expect(g.redundant!(last, p2p(0, 5, 'QH'))).toBe(true); // to an empty pile: p2 and p5 alike
    expect(g.redundant!(last, p2p(1, 3, 'QS'))).toBe(false); // another card
    g.unmake(last);
    const f = packMove(P2F, 1, 0, parseCard('QS'));
    g.make(f);
    expect(g.redundant!(f, p2p(0, 3, 'QH'))).toBe(false); // after a move home (which may be forced)
  });
});
