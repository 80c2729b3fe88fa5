import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { run as runCli } from '../cli/run.js';
import { dealFromSeed, dealToJson } from '../../src/games/zioplys/deal.js';
import { huntDeals } from '../../src/games/zioplys/deal-hunt.js';
import { simulate } from '../../src/games/zioplys/match.js';
import { parseStrategies } from '../../src/games/zioplys/strategies/index.js';
import { tempDir } from '../temp-dir.js';

const run = (args: string[]) => runCli(...args);

const dir = tempDir('zioplys-');
afterEach(() => vi.restoreAllMocks());

describe('CLI', () => {
  it("deal --json prints the page's deal JSON", async () => {
    const r = await run(['deal', 'zioplys', '--players', '4', '--seed', '42', '--json']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out);
    expect(Object.keys(doc)).toEqual(['game', 'players', 'seed', 'start', 'reserves']);
    expect(doc).toEqual(dealToJson(dealFromSeed('42', 4)));
  });

  it("simulate --json prints the page's result JSON, the same on every run", async () => {
    const a = await run(['simulate', 'zioplys', '--players', '4', '--seed', '42', '--json']);
    const b = await run(['simulate', 'zioplys', '--players', '4', '--seed', '42', '--json']);
    expect(a.code).toBe(0);
    const doc = JSON.parse(a.out);
    expect(Object.keys(doc)).toEqual(['outcome', 'loser', 'outOrder', 'turns', 'centrePlays']);
    expect(a.out).toBe(b.out);
    expect(doc.outOrder.length).toBe(3);
    expect([...doc.outOrder, doc.loser].sort()).toEqual([0, 1, 2, 3]);
  });

  it('simulate --deal FILE plays the file; --show lists every play; show renders it', async () => {
    const file = join(dir, 'deal.json');
    writeFileSync(file, JSON.stringify(dealToJson(dealFromSeed('9', 3))));
    const fromFile = await run(['simulate', 'zioplys', '--deal', file, '--json']);
    const fromSeed = await run(['simulate', 'zioplys', '--players', '3', '--seed', '9', '--json']);
    expect(fromFile.out).toBe(fromSeed.out);
    const shown = await run(['simulate', 'zioplys', '--players', '3', '--seed', '9', '--show']);
    expect(shown.out).toMatch(/seat 0: \S\S R>/);
    expect(shown.out).toMatch(/is the žioplys/);
    const show = await run(['show', '--deal', file]);
    expect(show.code).toBe(0);
    expect(show.out).toMatch(/seat 2 reserve \(17, top first\)/);
  });

  it('bad input: one line, exit 2', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ ...dealToJson(dealFromSeed('1', 2)), start: 'QQ' }));
    const cases: [string[], RegExp][] = [
      [['simulate', 'zioplys', '--deal', bad], /bad\.json: start: unknown card "QQ"/],
      [['deal', 'zioplys', '--players', '7'], /--players: players must be an integer from 2 to 6/],
      [['simulate', 'zioplys', '--players', '2', '--strategies', 'rule,rule,rule'], /3 strategies for 2 players/],
      [['simulate', 'zioplys', '--strategies', 'lazy'], /unknown strategy "lazy"/],
      [['simulate', 'zioplys', '--deal', bad, '--seed', '3'], /either --seed or --deal/],
      [['search', 'zioplys', '--objective', 'cycle', '--budget', '10'], /no game can loop/],
      [['search', 'zioplys', '--budget', 'soon'], /--budget/],
    ];
    for (const [args, msg] of cases) {
      const r = await run(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toMatch(msg);
      expect(r.err.trim().split('\n')).toHaveLength(1);
    }
  });

  it('batch writes one CSV row per game and a summary', async () => {
    const csv = join(dir, 'b.csv');
    const r = await run(['batch', 'zioplys', '--players', '2..3', '--seeds', '1..20', '--out', csv]);
    expect(r.code).toBe(0);
    const lines = readFileSync(csv, 'utf8').trim().split('\n');
    expect(lines[0]).toBe(
      'game,item,players,seed,strategies,outcome,loser,outOrder,turns,centrePlays,blunders,cycleLength,settings,error',
    );
    expect(lines).toHaveLength(41);
    // Rows are written in the order games finish (several workers), so find the row by item.
    expect(lines.find((l) => l.startsWith('zioplys,2/1,'))).toMatch(
      /^zioplys,2\/1,2,1,"rule,rule",loser,[01],[01],\d+,\d+,0,0,strategies=rule wrap=yes centre-alternate-colours=no,$/,
    );
    expect(new Set(lines.slice(1).map((l) => l.split(',')[1])).size).toBe(40);
    expect(r.out).toMatch(/2 players: 20 games/);
    expect(r.out).toMatch(/3 players: 20 games/);
    const again = await run(['batch', 'zioplys', '--players', '2', '--seeds', '1..3', '--out', csv]);
    expect(again.code).toBe(2);
    expect(again.err).toMatch(/file exists/);
  });
});

describe('determinism and search', () => {
  it('careless play is reproducible from its generator seed', () => {
    const deal = dealFromSeed('5', 4);
    const strategies = parseStrategies('rule,careless:0.3,spiteful,rule', 4);
    const variant = { wrap: true, alternateColours: false };
    const a = simulate(deal, { variant, strategies, rngSeed: 'r1' });
    expect(simulate(deal, { variant, strategies, rngSeed: 'r1' })).toEqual(a);
    expect(a.blunders).toBeGreaterThan(0);
    const others = ['r2', 'r3', 'r4', 'r5'].map((s) => simulate(deal, { variant, strategies, rngSeed: s }));
    expect(others.some((o) => JSON.stringify(o) !== JSON.stringify(a))).toBe(true);
  });

  it('search is reproducible for an evaluation budget and its deals replay to what it reports', () => {
    const opts = {
      players: 2,
      variant: { wrap: true, alternateColours: false },
      objective: 'longest' as const,
      seed: 's',
      budget: { evaluations: 3000 },
      top: 3,
      stall: 500,
    };
    const a = huntDeals(opts),
      b = huntDeals(opts);
    expect(a.evaluations).toBe(3000);
    expect(b.best).toEqual(a.best);
    expect(a.best.length).toBe(3);
    for (const f of a.best) {
      const r = simulate(f.deal, { variant: opts.variant, strategies: parseStrategies('rule', 2) });
      expect(r.turns).toBe(f.turns);
      expect(r.outcome).toBe('loser');
    }
    // the best found beats a typical deal (median about 150 turns for two players)
    expect(a.best[0].turns).toBeGreaterThan(200);
  });

  it('search finds never-ending deals without wrap', () => {
    const r = huntDeals({
      players: 2,
      variant: { wrap: false, alternateColours: false },
      objective: 'shortest-cycle',
      seed: 'c',
      budget: { evaluations: 1500 },
      top: 2,
    });
    expect(r.best.length).toBeGreaterThan(0);
    for (const f of r.best) {
      expect(f.outcome).toBe('cycle');
      const again = simulate(f.deal, {
        variant: { wrap: false, alternateColours: false },
        strategies: parseStrategies('rule', 2),
      });
      expect(again.cycleLength).toBe(f.cycleLength);
    }
  });
});
