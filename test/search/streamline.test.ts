import { describe, expect, it } from 'vitest';
import { solve } from '../../src/search/solve.js';
import { DEAD, type SearchGame } from '../../src/search/types.js';

// The streamlined pass of 'auto' (SearchGame.streamline): its solutions are taken, its failures
// prove nothing. A toy game: walk from 0 to `goal` in steps of +1 or +2, never past it. The
// streamliner allows +2 only, so its space holds a win exactly when the goal is even.

class Walk implements SearchGame {
  readonly maxMoves = 2;
  readonly maxKeyWords = 1;
  x = 0;
  restricted = false;
  /** How many times the streamliner was switched on. */
  streamlinedRuns = 0;
  constructor(readonly goal: number, readonly blocked = -1) {}
  moves(out: Int32Array, offset: number): number {
    let n = offset;
    if (!this.restricted && this.x + 1 <= this.goal) out[n++] = 1;
    if (this.x + 2 <= this.goal) out[n++] = 2;
    return n - offset;
  }
  make(m: number): void { this.x += m; }
  unmake(m: number): void { this.x -= m; }
  key(out: Uint32Array): number { out[0] = this.x; return 1; }
  won(): boolean { return this.x === this.goal; }
  lowerBound(): number { return this.x === this.blocked ? DEAD : Math.ceil((this.goal - this.x) / 2); }
  streamline(on: boolean): void {
    if (on) this.streamlinedRuns++;
    this.restricted = on;
  }
  formatMove(m: number): string { return `+${m}`; }
}

describe('search: streamlined pass', () => {
  it('takes a win found in the restricted space, and leaves the streamliner off', () => {
    const g = new Walk(10);
    const r = solve(g, { maxNodes: 1000 });
    expect(r.outcome).toBe('solved');
    if (r.outcome === 'solved') expect(r.moves.every((m) => m === 2)).toBe(true);
    expect(g.streamlinedRuns).toBe(1);
    expect(g.restricted).toBe(false);
    expect(g.x).toBe(0);
  });

  it('never reports "unsolvable" from the restricted space: the full search follows', () => {
    // Odd goal: the +2-only space is exhausted without a win, yet the walk is winnable.
    const g = new Walk(9);
    const r = solve(g, { maxNodes: 1000 });
    expect(r.outcome).toBe('solved');
    if (r.outcome === 'solved') expect(r.moves.reduce((a, b) => a + b, 0)).toBe(9);
    expect(g.restricted).toBe(false);
  });

  it('still proves a loss with the full search, and counts every pass in the budget', () => {
    // Goal 9 with 7 and 8 proved dead: steps of at most 2 cannot pass both.
    const g = new Walk(9, 8);
    const lb = g.lowerBound.bind(g);
    g.lowerBound = () => (g.x === 7 ? DEAD : lb());
    const r = solve(g, { maxNodes: 1000 });
    expect(r.outcome).toBe('unsolvable');
    const capped = solve(new Walk(41), { maxNodes: 30, streamlinerShare: 0.5 });
    expect(capped.outcome).toBe('unknown');
    expect(capped.stats.nodes).toBeLessThanOrEqual(30);
  });

  it('can be switched off by the option', () => {
    const g = new Walk(10);
    expect(solve(g, { maxNodes: 1000, streamlinerShare: 0 }).outcome).toBe('solved');
    expect(g.streamlinedRuns).toBe(0);
  });

  it('runs inside the portfolio when the game has guides: once, after round 0\'s guided runs', () => {
    // A guide that says nothing (BFS): round 0's runs of 50 nodes cannot reach 100; the
    // streamlined run that follows (on its share of the budget) walks +2 straight there.
    let guided = 0, guidedBefore = -1;
    const g = Object.assign(new Walk(100), {
      heuristic: () => (guided++, 0), firstRoundNodes: 50, firstRoundWeights: [Infinity],
    });
    const on = g.streamline.bind(g);
    g.streamline = (x: boolean) => {
      if (x && guidedBefore < 0) guidedBefore = guided;
      on(x);
    };
    const r = solve(g, { maxNodes: 100_000 });
    expect(r.outcome).toBe('solved');
    expect(guidedBefore).toBeGreaterThan(0); // the guided runs came first
    if (r.outcome === 'solved') expect(r.moves.every((m) => m === 2)).toBe(true);
    expect(g.streamlinedRuns).toBe(1);
    expect(g.restricted).toBe(false);
    expect(g.x).toBe(0);
    // Odd goal: the restricted space is exhausted once and never searched again; the rest wins.
    const odd = Object.assign(new Walk(99), { heuristic: () => 0, firstRoundNodes: 50, firstRoundWeights: [Infinity] });
    const r2 = solve(odd, { maxNodes: 100_000 });
    expect(r2.outcome).toBe('solved');
    expect(odd.streamlinedRuns).toBe(1);
  });
});
