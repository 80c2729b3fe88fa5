import { describe, expect, it } from 'vitest';
import { solve } from '../../src/search/solve.js';
import { StateTable } from '../../src/search/table.js';
import { DEAD } from '../../src/search/types.js';
import { dealFromSeed } from '../../src/games/parterre/deal.js';
import { formatMove } from '../../src/games/parterre/notation.js';
import { replay } from '../../src/games/parterre/replay.js';
import { PtSearch } from '../../src/games/parterre/search.js';
import { PT_POLICY } from '../../src/games/parterre/policy.js';
import { game, layout, legal, searchMoves } from './helpers.js';

const table = new StateTable(1 << 26);

describe('safe foundation moves (forcedMove)', () => {
  it('plays an ace at once', () => {
    const g = new PtSearch(dealFromSeed('42')); // AC tops p1
    expect(formatMove(g.forcedMove())).toBe('AC p1>F');
  });

  it('plays a card of rank r when every card of rank r-1 is home', () => {
    // Home: spades and hearts to 4, all diamonds and clubs.
    const g = game(
      [
        ['5H', '5S'],
        ['6S', '7S', '8S'],
        ['9S', 'TS'],
        ['JS', 'QS', 'KS'],
        ['6H', '7H'],
        ['8H', '9H'],
      ],
      ['TH', 'JH', 'QH', 'KH'],
    );
    expect(formatMove(g.forcedMove())).toBe('5S p0>F');
  });

  it('plays a two whenever its ace is home (nothing ever needs to land on an ace)', () => {
    // Home: the ace of spades, all diamonds and clubs; AH lies buried under the hearts.
    const piles = [
      ['3S', '2S'],
      ['4S', '5S', '6S', '7S'],
      ['8S', '9S', 'TS', 'JS'],
      ['QS', 'KS', 'KH', 'QH'],
      ['JH', 'TH', '9H', '8H'],
      ['AH', '7H', '6H', '5H', '4H'],
    ];
    expect(formatMove(game(piles, ['3H', '2H']).forcedMove())).toBe('2S p0>F');
  });

  it('plays a card of rank r when every foundation holds r-2 (a card of rank r-1 may go home instead of onto it)', () => {
    // 5S fits; 4H is not home but hearts are home to 3, so 4H never needs 5S.
    const g = game(
      [
        ['4H', '5S'],
        ['6S', '7S', '8S'],
        ['9S', 'TS'],
        ['JS', 'QS', 'KS'],
        ['5H', '6H', '7H'],
        ['8H', '9H'],
      ],
      ['TH', 'JH', 'QH', 'KH'],
    );
    expect(formatMove(g.forcedMove())).toBe('5S p0>F');
  });

  it('does not force a card while a foundation is more than two ranks behind it', () => {
    // 5S fits, but hearts are home only to 2: 4H may have to go onto 5S so that 3H can come out.
    const g = game(
      [
        ['4H', '5S'],
        ['6S', '7S', '8S'],
        ['9S', 'TS'],
        ['JS', 'QS', 'KS'],
        ['3H', '5H', '6H', '7H'],
        ['8H', '9H'],
      ],
      ['TH', 'JH', 'QH', 'KH'],
    );
    expect(g.forcedMove()).toBe(-1);
    expect(searchMoves(g)).toContain('5S p0>F');
  });
});

describe('move pruning (searchMoves)', () => {
  // Home: spades to 8, hearts to 5, all diamonds and clubs.
  const base = [['9S'], ['TS', 'JS'], ['QS', 'KS'], ['KH'], ['QH'], ['JH', 'TH', '9H']];

  it('keeps a bouquet card off the piles when no chain of lower cards can follow it', () => {
    const g = game(base, ['6H', '7H', '8H']);
    expect(legal(g)).toContain('8H b>p0');
    expect(searchMoves(g)).not.toContain('8H b>p0');
    expect(searchMoves(g).some((m) => m.startsWith('6H b>p'))).toBe(false);
  });

  it('lets it go when a pile top can follow, directly or over bouquet cards', () => {
    const piles = base.map((p) => [...p]);
    piles[4] = ['QH', '7H']; // a top of rank 7: 8H b>p0 then 7H p4>p0
    const g = game(piles, ['6H', '8H']);
    expect(searchMoves(g)).toContain('8H b>p0');
  });

  it('tries one empty pile only, and never moves a lone card to an empty pile', () => {
    const g = game([['KS'], ['QH'], [], [], [], []], ['KH']);
    const m = searchMoves(g);
    expect(m.filter((x) => x.startsWith('QH p1>p'))).toEqual(['QH p1>p0']);
    expect(legal(g)).toContain('QH p1>p3');
    expect(m.filter((x) => x.startsWith('KS p0>p'))).toEqual([]);
  });

  it('only drops legal moves', () => {
    for (const seed of ['1', '2', '42']) {
      const g = new PtSearch(dealFromSeed(seed));
      const all = new Set(legal(g));
      for (const m of searchMoves(g)) expect(all.has(m)).toBe(true);
    }
  });
});

describe('lower bound and dead positions', () => {
  it('counts a move per card left, and two for a card above a lower card of its suit', () => {
    const g = game([['KS'], ['QH', 'KH'], [], [], [], []], []);
    expect(g.lowerBound()).toBe(3 + 1);
  });

  it('proves deal 8 lost at the root (every pile top stuck, no seven to build on)', () => {
    // p0 AD .. KD: KD needs an empty pile; p1 7D 7S AH 7C QD 6C: the sixes need sevens, and the
    // sevens lie under 6C or under KC in p3; the bouquet has no seven.
    const g = new PtSearch(dealFromSeed('8'));
    expect(g.dead()).toBe(true);
    expect(g.lowerBound()).toBe(DEAD);
    expect(solve(g, { algorithm: 'dfs', table })).toMatchObject({ outcome: 'unsolvable' });
  });

  it('proves a position with no way on lost, and finds the win in a small one', () => {
    // All spades left, tops K J 9 7 5 3: nothing fits anything, the ace is buried.
    const stuck = game([
      ['AS', 'KS'],
      ['2S', 'JS'],
      ['4S', '9S'],
      ['6S', '7S'],
      ['8S', 'TS', '5S'],
      ['QS', '3S'],
    ]);
    expect(legal(stuck)).toEqual([]);
    expect(stuck.dead()).toBe(true);
    expect(solve(stuck, { algorithm: 'dfs', table }).outcome).toBe('unsolvable');
    // KS must leave QS for the empty pile: three moves, and A* finds exactly three.
    const small = game([['QS', 'KS'], [], ['KH'], ['KD'], ['KC'], []]);
    expect(small.dead()).toBe(false);
    const r = solve(small, { algorithm: 'astar', table });
    expect(r.outcome).toBe('solved');
    if (r.outcome === 'solved') expect(r.line.length).toBe(6);
    expect(small.lowerBound()).toBeLessThanOrEqual(6);
  });

  it('never calls a position on a winning line dead (lines found without the dead test)', () => {
    for (const seed of ['3', '12', '19']) {
      const g = new PtSearch(dealFromSeed(seed));
      const dead = g.dead.bind(g);
      g.dead = () => false;
      const r = solve(g, { algorithm: 'dfs', maxNodes: 200_000, table });
      expect(r.outcome).toBe('solved');
      if (r.outcome !== 'solved') continue;
      for (const m of r.moves) {
        expect(dead()).toBe(false);
        g.make(m);
      }
    }
  });
});

describe('pruning agrees with a plain search', () => {
  it('gives the same outcomes as a search of every legal move, with no dead test or safe move', () => {
    // Positions late on winning lines, and random walks from them (often lost).
    const positions: PtSearch[] = [];
    let seed = 7;
    const rnd = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const buf = new Int32Array(200);
    for (const s of ['3', '12', '19']) {
      const g = new PtSearch(dealFromSeed(s));
      const r = solve(g, { algorithm: 'dfs', maxNodes: 200_000, table });
      if (r.outcome !== 'solved') throw new Error(`deal ${s} not solved`);
      for (const share of [0.6, 0.75]) {
        for (let walk = 0; walk < 3; walk++) {
          const p = new PtSearch(dealFromSeed(s));
          r.moves.slice(0, Math.floor(r.moves.length * share)).forEach((m) => p.make(m));
          for (let i = 0; i < walk * 8; i++) {
            const n = p.legalMoves(buf);
            if (n === 0) break;
            p.make(buf[Math.floor(rnd() * n)]);
          }
          positions.push(p);
        }
      }
    }
    const seen = { solved: 0, unsolvable: 0 };
    for (const p of positions) {
      const full = solve(p, { algorithm: 'dfs', maxNodes: 200_000, table });
      const plain = Object.assign(Object.create(Object.getPrototypeOf(p)), p) as PtSearch;
      plain.dead = () => false;
      plain.forcedMove = () => -1;
      plain.searchMoves = (out: Int32Array, off: number) => plain.legalMoves(out, off);
      const ref = solve(plain, { algorithm: 'dfs', maxNodes: 400_000, table });
      if (full.outcome === 'unknown' || ref.outcome === 'unknown') continue;
      expect(full.outcome).toBe(ref.outcome);
      seen[full.outcome]++;
    }
    expect(seen.solved).toBeGreaterThanOrEqual(3);
    expect(seen.unsolvable).toBeGreaterThanOrEqual(1);
  });
});

describe('solutions', () => {
  it('replay as legal and won in the rules engine', () => {
    let solved = 0;
    for (const seed of ['3', '12', '16', '19', '26']) {
      const deal = dealFromSeed(seed);
      const r = solve(new PtSearch(deal), { algorithm: 'dfs', maxNodes: 200_000, table });
      if (r.outcome !== 'solved') continue;
      solved++;
      expect(replay(deal, r.line)).toMatchObject({ ok: true, won: true, moves: r.line.length });
    }
    expect(solved).toBeGreaterThanOrEqual(3);
  });

  it('the guide portfolio solves deals the single guide missed (node budget, so deterministic)', () => {
    // Deals 70 and 77: unknown with guide 0 alone at scale 6 within 400k nodes; guides 0 and 4
    // at scale 8 (the defaults) solve each in under 100k nodes (deal 14, once here too, needs
    // more since the stronger safe-move rule changed the guided runs' paths). The share and the
    // first round's budget (what the default schedule gives at this node budget) are pinned so
    // the guided pass gets those nodes whatever the game's defaults.
    for (const seed of ['70', '77']) {
      const deal = dealFromSeed(seed);
      const r = solve(new PtSearch(deal), {
        maxNodes: 150_000,
        policy: { ...PT_POLICY, firstPassShare: 0.75, firstRoundNodes: 14_063 },
        table,
      });
      expect(r.outcome).toBe('solved');
      if (r.outcome === 'solved') expect(replay(deal, r.line)).toMatchObject({ ok: true, won: true });
    }
  });

  it("with the streamliner after round 0, the portfolio's first run has the first of the first round's weights (node budget, so deterministic)", () => {
    // The first run of 'auto' is then best-first on guide 0 with round 0's budget (5k nodes) and
    // the first weight of firstRoundWeights: when that run wins, auto returns the same line after
    // the same nodes. Pick a deal the weighted run wins in 5k nodes and the greedy one does not.
    const policy = { ...PT_POLICY, streamlinerFirst: false };
    let checked = 0;
    for (let s = 1; s <= 30 && checked < 2; s++) {
      const deal = dealFromSeed(String(s));
      const one = (weight: number) =>
        solve(new PtSearch(deal), { algorithm: 'best-first', weight, guide: 0, maxNodes: 5000, table });
      const weighted = one(0.5),
        greedy = one(Infinity);
      if (weighted.outcome !== 'solved' || greedy.outcome === 'solved') continue;
      checked++;
      const auto = solve(new PtSearch(deal), { maxNodes: 400_000, policy, table });
      expect(auto.outcome).toBe('solved');
      expect(auto.stats.nodes, `seed ${s}`).toBe(weighted.stats.nodes);
      if (auto.outcome === 'solved') expect(auto.line).toEqual(weighted.line);
      // Greedy first: the greedy run spends its 5k nodes before anything wins.
      const greedyFirst = solve(new PtSearch(deal), {
        maxNodes: 400_000,
        policy: { ...policy, firstRoundWeights: [Infinity] },
        table,
      });
      expect(greedyFirst.stats.nodes, `seed ${s}`).toBeGreaterThan(5000);
    }
    expect(checked).toBe(2);
  });

  it("Parterre's portfolio begins with the streamlined runs: a deal the level-0 run wins ends there", () => {
    // The first streamlined run is depth-first in the level-0 space (every card that fits goes
    // home at once, suit-blind keys), move order 1, on its share of the budget: when it wins,
    // auto returns its line after its nodes, before any guided run.
    const first = PT_POLICY.streamlinerRuns?.[0];
    expect(PT_POLICY.streamlinerFirst).toBe(true);
    expect(first).toMatchObject({ order: 1 });
    let checked = 0;
    for (let s = 1; s <= 30 && checked < 2; s++) {
      const game = new PtSearch(dealFromSeed(String(s)));
      game.streamline(true, 0, first?.order ?? 0);
      table.clear();
      const alone = solve(game, { algorithm: 'dfs', maxNodes: 50_000, table });
      game.streamline(false);
      if (alone.outcome !== 'solved') continue;
      checked++;
      const auto = solve(new PtSearch(dealFromSeed(String(s))), { maxNodes: 400_000, policy: PT_POLICY, table });
      expect(auto.outcome).toBe('solved');
      expect(auto.stats.nodes, `seed ${s}`).toBe(alone.stats.nodes);
      if (auto.outcome === 'solved' && alone.outcome === 'solved') expect(auto.line).toEqual(alone.line);
      // After round 0 instead, its guided runs' nodes come first.
      const after = solve(new PtSearch(dealFromSeed(String(s))), {
        maxNodes: 400_000,
        policy: { ...PT_POLICY, streamlinerFirst: false },
        table,
      });
      expect(after.stats.nodes, `seed ${s}`).not.toBe(alone.stats.nodes);
    }
    expect(checked).toBe(2);
  });

  it('DFS and A* agree on the outcome where both decide', () => {
    // Deals proved lost (8 and 13 at the root, 133 by an exhaustive search), and positions
    // two thirds of the way along winning lines of deals 3, 12 and 19.
    const cases: PtSearch[] = ['8', '13', '133'].map((s) => new PtSearch(dealFromSeed(s)));
    for (const seed of ['3', '12', '19']) {
      const g = new PtSearch(dealFromSeed(seed));
      const r = solve(g, { algorithm: 'dfs', maxNodes: 200_000, table });
      if (r.outcome !== 'solved') throw new Error(`deal ${seed} not solved`);
      r.moves.slice(0, Math.floor((r.moves.length * 2) / 3)).forEach((m) => g.make(m));
      cases.push(g);
    }
    const outcomes = cases.map((g) => {
      const a = solve(g, { algorithm: 'dfs', maxNodes: 100_000, table });
      const b = solve(g, { algorithm: 'astar', maxNodes: 300_000, table });
      expect(a.outcome).not.toBe('unknown');
      expect(b.outcome).toBe(a.outcome);
      if (a.outcome === 'solved' && b.outcome === 'solved') expect(b.moves.length).toBeLessThanOrEqual(a.moves.length);
      return a.outcome;
    });
    expect(outcomes).toEqual(['unsolvable', 'unsolvable', 'unsolvable', 'solved', 'solved', 'solved']);
  });

  it('A* finds a shortest line in small positions (checked against breadth-first)', () => {
    const pos = layout([['QS', 'KS'], ['QH'], ['KH', 'JH'], [], ['KD'], ['KC']], ['JS']);
    // Breadth-first over legal moves.
    const g0 = new PtSearch(pos);
    const seen = new Set<string>();
    let frontier: number[][] = [[]];
    let depth = 0,
      best = -1;
    const buf = new Int32Array(200);
    while (best < 0 && depth < 12) {
      const next: number[][] = [];
      for (const line of frontier) {
        const g = new PtSearch(pos);
        line.forEach((m) => g.make(m));
        if (g.won()) {
          best = depth;
          break;
        }
        const n = g.legalMoves(buf);
        for (let i = 0; i < n; i++) {
          g.make(buf[i]);
          const k =
            [0, 1, 2, 3, 4, 5]
              .map((p) => g.pile(p).join(','))
              .sort()
              .join('|') + g.bmask;
          if (!seen.has(k)) {
            seen.add(k);
            next.push([...line, buf[i]]);
          }
          g.unmake(buf[i]);
        }
      }
      frontier = next;
      depth++;
    }
    const r = solve(g0, { algorithm: 'astar', table });
    expect(r.outcome).toBe('solved');
    if (r.outcome === 'solved') expect(r.moves.length).toBe(best);
  });
});
