import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { besiegedCity } from '../../src/games/besieged-city/kit.js';
import { classifyLoss, judgeLoss, MARGIN, SAFE } from './luck.js';
import { S2F, S2TAL, moveCard, moveKind, packMove } from '../../src/games/besieged-city/position.js';
import { lineVerdicts } from '../../src/solitaire/analyse.js';
import { readRecord } from '../../src/solitaire/record.js';
import { solve } from '../../src/search/solve.js';

// Bad luck or a mistake: the losing move judged over guesses of the cards the player has not
// seen. The records are two games hindsight lost (batch --strategies hindsight --records) on
// deals every one of which is solvable: 174, lost by putting a dealt king on the talon, and
// 1593, given up in a winnable position. Budgets are nodes: the same on any machine.

const record = (name: string) => {
  const file = join(import.meta.dirname, 'records', name);
  return readRecord(besiegedCity, JSON.parse(readFileSync(file, 'utf8')), file);
};
const ANALYSE = { maxNodes: 100_000, memoryBytes: 256 << 20, policy: besiegedCity.searchPolicy };

describe('the class of a losing move', () => {
  it('mistake: a move kept nearly every guess and the played one did not', () => {
    expect(classifyLoss(0, 1, true)).toBe('mistake');
    expect(classifyLoss(SAFE - 0.05, SAFE, true)).toBe('mistake');
  });
  it('worse guess: no move was safe, and the played one was well below the best', () => {
    expect(classifyLoss(0.5, 0.5 + MARGIN, true)).toBe('worse guess');
    expect(classifyLoss(0, SAFE - 0.05, true)).toBe('worse guess');
  });
  it('bad luck: no move was safe and the played one was about as good, or it was safe itself', () => {
    expect(classifyLoss(0.7, 0.8, true)).toBe('bad luck');
    expect(classifyLoss(0, 0, true)).toBe('bad luck');
    expect(classifyLoss(SAFE, 1, true)).toBe('bad luck');
  });
  it('lost before: no legal move kept the real game', () => {
    expect(classifyLoss(0, 1, false)).toBe('lost before');
  });
});

describe('judgeLoss on games hindsight lost', () => {
  it('deal 174: the dealt king to the talon is a mistake; to its foundation the game is kept', () => {
    const rec = record('174-hindsight.json');
    const v = lineVerdicts(besiegedCity, rec.deal, rec.line, ANALYSE);
    expect(v.losingPly).toBe(130);
    const j = judgeLoss(rec.deal, rec.line, 130, { worlds: 8, seed: 't' });
    expect(j).toMatchObject({
      decision: 'place',
      played: 'KC stock>talon',
      best: 'KC stock>F',
      after: 0,
      bestShare: 1,
      before: 1,
      class: 'mistake',
      worlds: 8,
    });
    expect(j.moves.map((m) => m.move)).toEqual(['KC stock>F', 'KC stock>talon']);
    // The best move keeps the real game: with the stock known, the position after it is won.
    const g = besiegedCity.searchGame(rec.deal);
    for (const m of rec.line.slice(0, 129)) g.make(m);
    expect(moveKind(rec.line[129])).toBe(S2TAL);
    g.make(packMove(S2F, 0, 0, moveCard(rec.line[129])));
    expect(solve(g, ANALYSE).outcome).toBe('solved');
    // Reproducible from its seed.
    expect(judgeLoss(rec.deal, rec.line, 130, { worlds: 8, seed: 't' })).toEqual(j);
  });

  it('deal 1593: given up in a winnable position, a mistake', () => {
    const rec = record('1593-hindsight.json');
    const v = lineVerdicts(besiegedCity, rec.deal, rec.line, ANALYSE);
    expect(v.losingPly).toBeNull();
    expect(v.verdicts.at(-1)).toBe('winnable');
    const j = judgeLoss(rec.deal, rec.line, rec.line.length + 1, { worlds: 8, seed: 't' });
    expect(j.decision).toBe('resign');
    expect(j.played).toBe('resign');
    expect(j.after).toBe(0);
    expect(j.bestShare).toBeGreaterThanOrEqual(SAFE);
    expect(j.class).toBe('mistake');
  });

  it('names a move outside the line', () => {
    const rec = record('174-hindsight.json');
    expect(() => judgeLoss(rec.deal, rec.line, 0, { seed: 't' })).toThrow(/no move 0/);
    expect(() => judgeLoss(rec.deal, rec.line, rec.line.length + 2, { seed: 't' })).toThrow(/no move/);
  });
});
