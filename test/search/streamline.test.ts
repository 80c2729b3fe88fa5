import { describe, expect, it } from 'vitest';
import { solve } from '../../src/search/solve.js';
import type { AutoPolicy } from '../../src/search/policy.js';
import { DEAD, type RelaxationHint, type SearchExtras, type SearchGame } from '../../src/search/types.js';

// The streamlined pass of 'auto' (Streamliner.streamline, and its policy's streamlinerShare and
// streamlinerRuns): its solutions are taken, its failures prove nothing. A toy game: walk from 0
// to `goal` in steps of +1 or +2, never past it. The streamliner allows +2 only, so its space
// holds a win exactly when the goal is even. The walk is its own capability object: a test adds
// guides, a relaxation or levels to it as members.

class Walk implements SearchGame {
  readonly maxMoves = 2;
  readonly maxKeyWords = 1;
  x = 0;
  restricted = false;
  /** How many times the streamliner was switched on. */
  streamlinedRuns = 0;
  constructor(
    readonly goal: number,
    readonly blocked = -1,
  ) {}
  moves(out: Int32Array, offset: number): number {
    let n = offset;
    if (!this.restricted && this.x + 1 <= this.goal) out[n++] = 1;
    if (this.x + 2 <= this.goal) out[n++] = 2;
    return n - offset;
  }
  make(m: number): void {
    this.x += m;
  }
  unmake(m: number): void {
    this.x -= m;
  }
  key(out: Uint32Array): number {
    out[0] = this.x;
    return 1;
  }
  won(): boolean {
    return this.x === this.goal;
  }
  lowerBound(): number {
    return this.x === this.blocked ? DEAD : Math.ceil((this.goal - this.x) / 2);
  }
  get extras(): SearchExtras {
    return this;
  }
  streamline(on: boolean): void {
    if (on) this.streamlinedRuns++;
    this.restricted = on;
  }
  formatMove(m: number): string {
    return `+${m}`;
  }
}

/** Round 0 of the portfolio: one greedy run of 50 nodes per guide. */
const SHORT_ROUND_0: Partial<AutoPolicy> = { firstRoundNodes: 50, firstRoundWeights: [Infinity] };

/** Two streamlined runs (levels 0 and 1) on a fifth of the budget, the relaxation on half. */
const TWO_LEVELS: Partial<AutoPolicy> = {
  ...SHORT_ROUND_0,
  streamlinerShare: 0.2,
  relaxationShare: 0.5,
  streamlinerRuns: [{}, { level: 1 }],
};

/** A walk to a far goal with a relaxation, whose restricted space at streamliner level L is tiny
 *  and holds no win where tiny(L), else the whole +2 walk (which a streamliner's budget cuts off). */
function levelledWalk(tiny: (level: number) => boolean, relaxation: (hint: RelaxationHint) => SearchGame | undefined) {
  const g = Object.assign(new Walk(1_000_000), { heuristic: () => 0, relaxation });
  let level = 0;
  const streamline = g.streamline.bind(g);
  g.streamline = (on: boolean, l = 0) => {
    level = l;
    streamline(on);
  };
  const moves = g.moves.bind(g);
  g.moves = (out: Int32Array, offset: number) => (g.restricted && tiny(level) && g.x >= 10 ? 0 : moves(out, offset));
  return g;
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
    const capped = solve(new Walk(41), { maxNodes: 30, policy: { streamlinerShare: 0.5 } });
    expect(capped.outcome).toBe('unknown');
    expect(capped.stats.nodes).toBeLessThanOrEqual(30);
  });

  it('can be switched off by the policy', () => {
    const g = new Walk(10);
    expect(solve(g, { maxNodes: 1000, policy: { streamlinerShare: 0 } }).outcome).toBe('solved');
    expect(g.streamlinedRuns).toBe(0);
  });

  it("runs inside the portfolio when the game has guides: once, after round 0's guided runs", () => {
    // A guide that says nothing (BFS): round 0's runs of 50 nodes cannot reach 100; the
    // streamlined run that follows (on its share of the budget) walks +2 straight there.
    let guided = 0,
      guidedBefore = -1;
    const g = Object.assign(new Walk(100), { heuristic: () => (guided++, 0) });
    const on = g.streamline.bind(g);
    g.streamline = (x: boolean) => {
      if (x && guidedBefore < 0) guidedBefore = guided;
      on(x);
    };
    const r = solve(g, { maxNodes: 100_000, policy: SHORT_ROUND_0 });
    expect(r.outcome).toBe('solved');
    expect(guidedBefore).toBeGreaterThan(0); // the guided runs came first
    if (r.outcome === 'solved') expect(r.moves.every((m) => m === 2)).toBe(true);
    expect(g.streamlinedRuns).toBe(1);
    expect(g.restricted).toBe(false);
    expect(g.x).toBe(0);
    // Odd goal: the restricted space is exhausted once and never searched again; the rest wins.
    const odd = Object.assign(new Walk(99), { heuristic: () => 0 });
    const r2 = solve(odd, { maxNodes: 100_000, policy: SHORT_ROUND_0 });
    expect(r2.outcome).toBe('solved');
    expect(odd.streamlinedRuns).toBe(1);
  });

  it("runs the policy's list of streamlined runs in order, each with its level, until one wins", () => {
    // Level 0 allows +2 only (no win for an odd goal), level 1 allows +1 only (a win, found by a
    // best-first run). The guided runs cannot reach 99 on 50 nodes each.
    const levels: number[] = [];
    let weighted = 0;
    const g = Object.assign(new Walk(99), { heuristic: () => (weighted++, 0) });
    const policy = { ...SHORT_ROUND_0, streamlinerRuns: [{}, { weight: 0.5, level: 1 }, { level: 1 }] };
    let level = 0;
    g.streamline = (on: boolean, l = 0) => {
      if (on) levels.push(l), g.streamlinedRuns++;
      g.restricted = on;
      level = on ? l : 0;
    };
    g.moves = (out: Int32Array, offset: number) => {
      let n = offset;
      if (!(g.restricted && level === 0) && g.x + 1 <= g.goal) out[n++] = 1;
      if (!(g.restricted && level === 1) && g.x + 2 <= g.goal) out[n++] = 2;
      return n - offset;
    };
    const before = weighted;
    const r = solve(g, { maxNodes: 100_000, policy });
    expect(r.outcome).toBe('solved');
    if (r.outcome === 'solved') expect(r.moves.every((m) => m === 1)).toBe(true);
    expect(levels).toEqual([0, 1]); // the third run is never needed
    expect(weighted).toBeGreaterThan(before);
    expect(g.restricted).toBe(false);
    expect(g.x).toBe(0);
  });

  it('leaves out the runs at levels the game does not offer', () => {
    const levels: number[] = [];
    const g = Object.assign(new Walk(99), { heuristic: () => 0, streamlineOffered: (l: number) => l !== 1 });
    let level = 0;
    g.streamline = (on: boolean, l = 0) => {
      if (on) levels.push(l);
      g.restricted = on;
      level = on ? l : 0;
    };
    g.moves = (out: Int32Array, offset: number) => {
      let n = offset;
      if (!(g.restricted && level === 0) && g.x + 1 <= g.goal) out[n++] = 1;
      if (!(g.restricted && level > 0) && g.x + 2 <= g.goal) out[n++] = 2;
      return n - offset;
    };
    const policy = { ...SHORT_ROUND_0, streamlinerRuns: [{}, { weight: 0.5, level: 1 }, { level: 2 }] };
    const r = solve(g, { maxNodes: 100_000, policy });
    expect(r.outcome).toBe('solved');
    if (r.outcome === 'solved') expect(r.moves.every((m) => m === 1)).toBe(true);
    expect(levels).toEqual([0, 2]);
  });

  it("splits the streamliner's share between its runs: each gets its part of what is left", () => {
    // The goal is out of reach of the budget: no run wins, each stops at its limit.
    const runs: number[] = [];
    const g = Object.assign(new Walk(1_000_000), { heuristic: () => 0 });
    // Positions looked up per run (one per node in both searches, plus the root).
    const key = g.key.bind(g);
    g.streamline = (on: boolean) => {
      if (on) runs.push(0);
      g.restricted = on;
    };
    g.key = (out: Uint32Array) => {
      if (g.restricted) runs[runs.length - 1]++;
      return key(out);
    };
    const r = solve(g, {
      maxNodes: 20_000,
      policy: { ...SHORT_ROUND_0, streamlinerShare: 0.4, streamlinerRuns: [{}, { weight: 0.5 }] },
    });
    expect(r.outcome).toBe('unknown');
    expect(r.stats.nodes).toBeLessThanOrEqual(20_000);
    // 8,000 nodes for the streamliner: 4,000 to the first run, the rest to the second.
    expect(runs.length).toBe(2);
    expect(runs[0]).toBeGreaterThan(3_900);
    expect(runs[0]).toBeLessThanOrEqual(4_001);
    expect(runs[0] + runs[1]).toBeLessThanOrEqual(8_002);
    expect(runs[1]).toBeGreaterThan(3_900);
    // With a share of its own, the first run takes at most that share; the last run the rest.
    runs.length = 0;
    const shared = { ...SHORT_ROUND_0, streamlinerShare: 0.4, streamlinerRuns: [{ share: 0.25 }, { weight: 0.5 }] };
    expect(solve(g, { maxNodes: 20_000, policy: shared }).outcome).toBe('unknown');
    expect(runs.length).toBe(2);
    expect(runs[0]).toBeGreaterThan(1_900);
    expect(runs[0]).toBeLessThanOrEqual(2_001);
    expect(runs[1]).toBeGreaterThan(5_800);
    expect(runs[0] + runs[1]).toBeLessThanOrEqual(8_002);
  });

  it('moves budget from the guided runs to the exhaustive pass when every restricted space is exhausted', () => {
    // The restricted space (+2 only, never past 10) is tiny and holds no win; the goal is out of
    // reach of the budget. Guided nodes are counted by calls of the guide.
    const run = (xShare: number | undefined, tiny = true) => {
      let guided = 0;
      const g = Object.assign(new Walk(1_000_000), { heuristic: () => (guided++, 0) });
      const moves = g.moves.bind(g);
      g.moves = (out: Int32Array, offset: number) => (g.restricted && tiny && g.x >= 10 ? 0 : moves(out, offset));
      const r = solve(g, {
        maxNodes: 20_000,
        policy: { ...SHORT_ROUND_0, streamlinerShare: 0.1, exhaustedFirstPassShare: xShare },
      });
      expect(r.outcome).toBe('unknown');
      expect(r.stats.nodes).toBeLessThanOrEqual(20_000);
      return guided;
    };
    const before = run(undefined),
      after = run(0.05);
    expect(before).toBeGreaterThan(5_000); // most of three quarters of the budget (the default)
    expect(after).toBeLessThan(1_100); // 5% of it
    // A restricted space not exhausted (its run hit its limit) changes nothing.
    expect(run(0.05, false)).toBe(run(undefined, false));
  });

  it('runs the first streamlined run again on its retry share when its budget cut it off, never when it was exhausted', () => {
    // +2 only reaches 6,000 in 3,000 nodes: more than the streamliner's 2,000, less than the
    // retry's 10,000. The guided runs (4,000 nodes in all, a guide that says nothing) cannot.
    const policy = { ...SHORT_ROUND_0, firstPassShare: 0.2, streamlinerShare: 0.1, streamlinerRuns: [{}] };
    const run = (goal: number, retry: number | undefined) => {
      const g = Object.assign(new Walk(goal), { heuristic: () => 0 });
      const r = solve(g, { maxNodes: 20_000, policy: { ...policy, streamlinerRetryShare: retry } });
      expect(r.outcome).toBe('solved');
      expect(r.stats.nodes).toBeLessThanOrEqual(20_000);
      expect(g.restricted).toBe(false);
      return { runs: g.streamlinedRuns, plusTwo: r.outcome === 'solved' && r.moves.every((m) => m === 2) };
    };
    expect(run(6_000, 0.5)).toEqual({ runs: 2, plusTwo: true });
    // Without a retry share the exhaustive pass wins (its depth-first order tries +1 first).
    expect(run(6_000, undefined)).toEqual({ runs: 1, plusTwo: false });
    // Odd goal: the restricted space is exhausted (no win), so it is not searched again.
    expect(run(3_001, 0.5)).toEqual({ runs: 1, plusTwo: false });
  });
  it('asks for the relaxation when every streamlined run exhausted its space, or every one but the optional ones (partial)', () => {
    // Level 0's restricted space is tiny and holds no win; level 1's too, unless `cut`: then it
    // is the whole +2 walk to the far goal, which its budget cuts off.
    const run = (optional: boolean, cut: boolean, weak?: number) => {
      const asked: RelaxationHint[] = [];
      const g = levelledWalk(
        (level) => level === 0 || !cut,
        (hint) => {
          asked.push(hint);
          return undefined;
        },
      );
      solve(g, {
        maxNodes: 20_000,
        policy: {
          ...SHORT_ROUND_0,
          streamlinerShare: 0.2,
          relaxationShare: 0.1,
          firstExhaustedRelaxationShare: weak,
          streamlinerRuns: [{}, { level: 1, optional }],
        },
      });
      return asked;
    };
    expect(run(true, true)).toEqual(['partial']);
    expect(run(false, true)).toEqual([]);
    expect(run(true, false)).toEqual(['exhausted']);
    expect(run(false, false)).toEqual(['exhausted']);
    // With a share for the weaker hint (the first run exhausted, a later one cut off): asked as
    // partial; without one, or on the full hint, as before.
    expect(run(false, true, 0.1)).toEqual(['partial']);
    expect(run(true, true, 0.1)).toEqual(['partial']);
    expect(run(false, false, 0.1)).toEqual(['exhausted']);
  });

  it('gives the relaxation on the weaker hint its own share, never when the first run was cut off', () => {
    // Level 0's space is tiny and lost; level 1's is the +2 walk (cut off) unless `firstCut`: then
    // level 0's is, and level 1's is tiny. The relaxation is the plain walk towards a goal out of
    // reach: it runs to its budget, counted by its moves() calls.
    const run = (weak: number, firstCut = false) => {
      let relaxed = 0;
      const g = levelledWalk(
        (level) => (level === 0) !== firstCut,
        () => {
          const r = new Walk(1_000_000);
          const moves = r.moves.bind(r);
          r.moves = (out: Int32Array, offset: number) => (relaxed++, moves(out, offset));
          return r;
        },
      );
      const r = solve(g, { maxNodes: 20_000, policy: { ...TWO_LEVELS, firstExhaustedRelaxationShare: weak } });
      expect(r.outcome).toBe('unknown');
      expect(r.stats.nodes).toBeLessThanOrEqual(20_000);
      return relaxed;
    };
    expect(run(0)).toBe(0);
    const tenth = run(0.1);
    expect(tenth).toBeGreaterThan(1_900);
    expect(tenth).toBeLessThanOrEqual(2_001);
    expect(run(0.1, true)).toBe(0);
  });

  it('runs the relaxation early, once, when the first streamlined run exhausted its space, on the streamliner budget', () => {
    // Level 0's space is tiny and lost (unless `firstCut`: then level 1's is, and level 0's is the
    // +2 walk, cut off); level 1's is the +2 walk, which its budget cuts off. The relaxation is
    // `relax()`: won at once, exhausted (+2 steps towards an odd goal), endless, or none.
    const relaxations = {
      won: () => new Walk(100),
      lost: () => Object.assign(new Walk(3_001), { restricted: true }),
      endless: () => new Walk(1_000_000),
      none: () => undefined,
    };
    const run = (early: number | undefined, relax: keyof typeof relaxations, firstCut = false) => {
      const log: string[] = [];
      const g = levelledWalk(
        (level) => (level === 0) !== firstCut,
        (hint) => (log.push(hint), relaxations[relax]()),
      );
      const streamline: (on: boolean, level?: number) => void = g.streamline.bind(g);
      let levelOneNodes = 0,
        level = 0;
      g.streamline = (on: boolean, l = 0) => {
        if (on) log.push(`level ${l}`);
        level = l;
        streamline(on, l);
      };
      const moves = g.moves.bind(g);
      g.moves = (out: Int32Array, offset: number) => {
        if (g.restricted && level === 1) levelOneNodes++;
        return moves(out, offset);
      };
      const r = solve(g, {
        maxNodes: 20_000,
        policy: { ...TWO_LEVELS, firstExhaustedRelaxationShare: 0.1, earlyRelaxationShare: early },
      });
      expect(r.stats.nodes).toBeLessThanOrEqual(20_000);
      return { log: log.join(', '), outcome: r.outcome, levelOneNodes };
    };
    // Without an early share: the weaker hint after level 1 was cut off.
    expect(run(undefined, 'won').log).toBe('level 0, level 1, partial');
    // Early: before level 1, and not again after it (a won relaxation would be won again).
    expect(run(0.1, 'won').log).toBe('level 0, early, level 1');
    // Exhausted, it proves the position lost and nothing runs after it.
    expect(run(0.1, 'lost')).toMatchObject({ log: 'level 0, early', outcome: 'unsolvable' });
    // A game with no relaxation on this hint: the later hints ask as before.
    expect(run(0.1, 'none').log).toBe('level 0, early, level 1, partial');
    // Never early when the first run was cut off.
    expect(run(0.1, 'won', true).log).toBe('level 0, level 1');
    // Its nodes are not the streamliner's 4,000: after a relaxation cut off at 2,000, level 1
    // keeps its part (all but level 0's few nodes); after one cut off at 18,000, it gets what is
    // left of the whole 20,000.
    const endless = run(0.1, 'endless');
    expect(endless.log).toBe('level 0, early, level 1');
    expect(endless.levelOneNodes).toBeGreaterThan(3_900);
    expect(endless.levelOneNodes).toBeLessThanOrEqual(4_001);
    const most = run(0.9, 'endless');
    expect(most).toMatchObject({ log: 'level 0, early, level 1', outcome: 'unknown' });
    expect(most.levelOneNodes).toBeGreaterThan(1_800);
    expect(most.levelOneNodes).toBeLessThanOrEqual(2_001);
  });

  it("passes each run's move order to the game, and retries with the policy's retry run when it names one", () => {
    // As above: +2 only reaches 6,000 past the first run's budget. Record each run's (level, order).
    const policy = { ...SHORT_ROUND_0, firstPassShare: 0.2, streamlinerShare: 0.1, streamlinerRetryShare: 0.5 };
    const run = (p: Partial<AutoPolicy>) => {
      const calls: string[] = [];
      const g = Object.assign(new Walk(6_000), { heuristic: () => 0 });
      g.streamline = (on: boolean, level = 0, order = 0) => {
        if (on) calls.push(`${level}/${order}`);
        g.restricted = on;
      };
      const r = solve(g, { maxNodes: 20_000, policy: { ...policy, ...p } });
      expect(r.outcome).toBe('solved');
      expect(g.restricted).toBe(false);
      return calls;
    };
    expect(run({ streamlinerRuns: [{ order: 1 }] })).toEqual(['0/1', '0/1']);
    expect(run({ streamlinerRuns: [{ order: 1 }], streamlinerRetryRun: { order: 0 } })).toEqual(['0/1', '0/0']);
    expect(run({ streamlinerRuns: [{ level: 2 }], streamlinerRetryRun: { level: 1, order: 2 } })).toEqual([
      '2/0',
      '1/2',
    ]);
  });
});
