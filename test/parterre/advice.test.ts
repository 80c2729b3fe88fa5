import { describe, expect, it } from 'vitest';
import { dealFromSeed, hint, parterre, runTask, winnable } from '../../src/games/parterre/core.js';
import { replayLine } from '../../src/solitaire/kit.js';
import { InputError } from '../../src/io/errors.js';

// Parterre's cards are all face up: "winnable?" is the solver's exact verdict at a node budget,
// and a hint is the first move of the winning line it finds, else the guide's favourite move.

const game = (seed: number, moves: string[] = []) => ({ deal: dealFromSeed(seed), moves });

/** Whether the move is legal after `moves` on deal `seed`. */
function legal(seed: number, moves: string[], move: string): boolean {
  return replayLine(parterre, dealFromSeed(seed), [...moves, move]).ok;
}

describe('parterre winnable', () => {
  it('solved, with a line that replays to a win (and from mid-game)', () => {
    const r = runTask(winnable(parterre, game(1), { line: true }));
    if (r.kind !== 'exact') throw new Error('expected an exact answer');
    expect(r.verdict).toBe('solved');
    expect(r.spoiler).toBe(false);
    const end = replayLine(parterre, dealFromSeed(1), r.line!);
    expect(end.ok && end.won).toBe(true);
    const mid = r.line!.slice(0, 40);
    const r2 = runTask(winnable(parterre, game(1, mid), { line: true }));
    if (r2.kind !== 'exact') throw new Error('expected an exact answer');
    expect(r2.verdict).toBe('solved');
    const end2 = replayLine(parterre, dealFromSeed(1), [...mid, ...r2.line!]);
    expect(end2.ok && end2.won).toBe(true);
    // Without asking, no line.
    expect('line' in runTask(winnable(parterre, game(1)))).toBe(false);
  });

  it.each([
    [52, true],
    [119, true],
    [8, false],
  ])('deal %i: lost, after an exhaustive search (nodes > 0: %s)', (seed, searched) => {
    const r = runTask(winnable(parterre, game(seed), { maxNodes: 200_000 }));
    if (r.kind !== 'exact') throw new Error('expected an exact answer');
    expect(r.verdict).toBe('lost');
    expect(r.nodes > 0).toBe(searched);
    expect(r.text).toMatch(/^lost: no winning line exists \(exhaustive search/);
  });

  it('unknown at the budget, in slices of growing budgets (one per step), the same answer each run', () => {
    const task = winnable(parterre, game(10), { maxNodes: 300_000 });
    const progress: number[] = [];
    let s = task.step();
    while (!s.done) progress.push(s.nodes), (s = task.step());
    // 50k, 200k, then the whole budget.
    expect(progress).toEqual([50_000, 250_000]);
    const r = s.result;
    if (r.kind !== 'exact') throw new Error('expected an exact answer');
    expect(r).toMatchObject({ verdict: 'unknown', limit: 'nodes', nodes: 550_000 });
    expect(runTask(winnable(parterre, game(10), { maxNodes: 300_000 }))).toEqual(r);
  });

  it('stops when the poll says so, having reported the nodes so far', () => {
    const seen: number[] = [];
    const r = runTask(winnable(parterre, game(10), { maxNodes: 300_000, poll: (n) => (seen.push(n), n >= 20_000) }));
    if (r.kind !== 'exact') throw new Error('expected an exact answer');
    expect(r).toMatchObject({ verdict: 'unknown', limit: 'stopped' });
    expect(seen.at(-1)).toBeGreaterThanOrEqual(20_000);
    expect(seen.every((n, i) => i === 0 || n >= seen[i - 1])).toBe(true);
    expect(r.nodes).toBeLessThan(21_000);
  });
});

describe('parterre hint', () => {
  it('is the first move of the winning line the solver finds', () => {
    const h = runTask(hint(parterre, game(1)));
    const w = runTask(winnable(parterre, game(1), { line: true, maxNodes: 200_000 }));
    expect(h.by).toBe('solver');
    expect(w.kind === 'exact' && w.line?.[0]).toBe(h.move);
    expect(h.text).toMatch(/^hint: \S+ \S+ \(the first move of a winning line of \d+ moves\)$/);
  });

  it.each([
    [10, 'no winning line found'],
    [52, 'the position is lost'],
  ])('deal %i: a legal move the heuristic likes best when the solver finds no line (%s)', (seed, why) => {
    const h = runTask(hint(parterre, game(seed), { maxNodes: 60_000 }));
    expect(h.by).toBe('heuristic');
    expect(legal(seed, [], h.move!)).toBe(true);
    expect(h.text).toContain(why);
  });

  it('names a bad move, and refuses "dealt" (no face-down stock)', () => {
    expect(() => hint(parterre, game(1, ['AH p2>F', 'KS p0>F']))).toThrow(/moves\[1\] "KS p0>F" is illegal/);
    expect(() => hint(parterre, { ...game(1), dealt: true })).toThrow(InputError);
  });
});
