import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '../../src/cli.js';
import { dealFromSeed, dealToJson } from '../../src/games/pilstymas/deal.js';
import { playGame } from '../../src/games/pilstymas/match.js';
import { itemsFor, runGameItem } from '../../src/games/pilstymas/job.js';
import { recordFromJson, recordToJson, verifyRecord } from '../../src/games/pilstymas/replay.js';
import { makeStrategy } from '../../src/games/pilstymas/strategies/index.js';
import { summarize } from '../../src/games/pilstymas/summary.js';
import { tempDir } from '../temp-dir.js';

let out: string[] = [],
  err: string[] = [];
beforeEach(() => {
  out = [];
  err = [];
  process.exitCode = undefined;
  vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  vi.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => (err.push(String(s)), true));
});
afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = undefined;
});

const dir = tempDir('pilstymas-');
const file = (name: string, doc: unknown) => {
  const f = join(dir, name);
  writeFileSync(f, typeof doc === 'string' ? doc : JSON.stringify(doc));
  return f;
};

describe('CLI', () => {
  it("deal --json prints the deal of the rules page's Files section", async () => {
    expect(await main(['deal', 'pilstymas', '--seed', '42', '--json'])).toBe(0);
    expect(JSON.parse(out.join('\n'))).toEqual(dealToJson(dealFromSeed('42')));
  });

  it('show renders a deal file; verify checks a record', async () => {
    const deal = file('deal.json', dealToJson(dealFromSeed('5')));
    expect(await main(['show', '--deal', deal])).toBe(0);
    expect(out.join('\n')).toMatch(/Pack A in deal order/);
    const deal5 = dealFromSeed('5');
    const r = playGame(deal5, [makeStrategy('greedy', 'a'), makeStrategy('greedy', 'b')], {
      record: true,
      maxTurns: 1000,
    });
    const rec = file('rec.json', recordToJson(deal5, r, 'cleared', 1000));
    out = [];
    expect(await main(['verify', '--solution', rec])).toBe(0);
    expect(out.join('\n')).toMatch(/^valid/);
  });

  it('bad input: one line, exit 2', async () => {
    const cases: [string[], RegExp][] = [
      [['play', 'pilstymas', '--seed', '1', '--ai', 'clever'], /--ai: unknown strategy "clever"/],
      [['deal', 'pilstymas', '--seed', '1', '--json', '--deal', 'x.json'], /Unknown argument|either --seed or --deal/],
      [
        ['show', '--deal', file('short.json', { game: 'pilstymas', packs: [['AS'], []] })],
        /packs\[0\]: expected 52 cards, got 1/,
      ],
      [
        [
          'show',
          '--deal',
          file('dup.json', {
            game: 'pilstymas',
            packs: [Array(52).fill('AS'), dealToJson(dealFromSeed('1')).packs[1]],
          }),
        ],
        /packs\[0\]: card AS appears 52 times/,
      ],
      [
        ['show', '--deal', file('junk.json', { game: 'pilstymas', packs: [['ZZ', ...Array(51).fill('AS')], []] })],
        /packs\[0\]\[0\]: unknown card "ZZ"/,
      ],
      [
        ['verify', '--solution', file('norec.json', { game: 'pilstymas', deal: dealToJson(dealFromSeed('1')) })],
        /field "moves" is missing/,
      ],
      [['tournament', 'pilstymas', '--players', 'greedy', '--games', '2', '--out', join(dir, 'x.csv')], /at least two/],
      [
        [
          'tournament',
          'pilstymas',
          '--players',
          'greedy,random',
          '--games',
          '2',
          '--win',
          'fast',
          '--out',
          join(dir, 'y.csv'),
        ],
        /--win: "fast"/,
      ],
      [['show', '--deal', file('notjson.json', '{')], /not valid JSON/],
    ];
    for (const [args, msg] of cases) {
      err = [];
      expect(await main(args), args.join(' ')).toBe(2);
      expect(err.join(''), args.join(' ')).toMatch(msg);
      expect(err.join('').trim().split('\n')).toHaveLength(1);
    }
  });

  it('tournament writes one row per game, mirrored seats, and the records', async () => {
    const csv = join(dir, 't.csv'),
      recs = join(dir, 'recs');
    expect(
      await main([
        'tournament',
        'pilstymas',
        '--players',
        'random,greedy',
        '--games',
        '4',
        '--max-turns',
        '300',
        '--out',
        csv,
        '--records',
        recs,
        '--workers',
        '1',
      ]),
    ).toBe(0);
    const lines = readFileSync(csv, 'utf8').trim().split('\n');
    expect(lines[0]).toBe(
      'game,item,seed,seatA,seatB,outcome,winner,winnerStrategy,turns,reason,starter,settings,error',
    );
    expect(lines).toHaveLength(5);
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',').slice(2, 5).join(' '))
        .sort(),
    ).toEqual(['1 greedy random', '1 random greedy', '2 greedy random', '2 random greedy']);
    expect(readdirSync(recs)).toHaveLength(4);
    for (const f of readdirSync(recs)) {
      const doc = JSON.parse(readFileSync(join(recs, f), 'utf8'));
      expect(verifyRecord(recordFromJson(doc, f)).ok).toBe(true);
    }
    expect(out.join('\n')).toMatch(/random vs greedy/);
  });
  it('--win russian-bank is carried into the records and replayed under that rule', async () => {
    const csv = join(dir, 'rb.csv'),
      recs = join(dir, 'rb');
    expect(
      await main([
        'tournament',
        'pilstymas',
        '--players',
        'greedy,random',
        '--games',
        '2',
        '--win',
        'russian-bank',
        '--out',
        csv,
        '--records',
        recs,
      ]),
    ).toBe(0);
    for (const f of readdirSync(recs)) {
      const doc = JSON.parse(readFileSync(join(recs, f), 'utf8'));
      expect(doc.rule).toBe('russian-bank');
      const rec = recordFromJson(doc, f);
      expect(verifyRecord(rec).ok).toBe(true);
      if (doc.result.outcome === 'win') expect(verifyRecord({ ...rec, rule: 'cleared' }).ok).toBe(false);
    }
  });
});

describe('records', () => {
  it('a tampered record fails verification with the move named', () => {
    const deal = dealFromSeed('8');
    const r = playGame(deal, [makeStrategy('greedy', 'a'), makeStrategy('random', 'b')], {
      record: true,
      maxTurns: 200,
    });
    const doc = recordToJson(deal, r, 'cleared', 200) as {
      moves: { player: number; move: string }[];
      result: { turns: number };
    };
    expect(verifyRecord(recordFromJson(doc, 'r.json')).ok).toBe(true);
    const i = doc.moves.findIndex((m) => m.move !== 'end' && m.move !== 'pass');
    const bad = structuredClone(doc);
    bad.moves[i].move = bad.moves[i].move.replace(/>.*/, '>owaste');
    const v = verifyRecord(recordFromJson(bad, 'r.json'));
    expect(v.ok).toBe(false);
    expect(v.message).toMatch(new RegExp(`^move ${i + 1} `));
    const wrongTurns = structuredClone(doc);
    wrongTurns.result.turns += 1;
    expect(verifyRecord(recordFromJson(wrongTurns, 'r.json')).ok).toBe(false);
  });
});

describe('tournament job and summary', () => {
  it('pairs every two players on every seed in both seat orders', () => {
    expect(itemsFor(['a', 'b', 'c'], ['1'])).toEqual(['a:b:1', 'b:a:1', 'a:c:1', 'c:a:1', 'b:c:1', 'c:b:1']);
  });

  it('a game row is deterministic', () => {
    const a = runGameItem({ maxTurns: 200 }, 'random:greedy:4');
    expect(runGameItem({ maxTurns: 200 }, 'random:greedy:4')).toEqual(a);
    expect(a.seatA).toBe('random');
    expect(['A', 'B', 'draw']).toContain(a.winner);
  });

  it('summarizes win shares with Wilson intervals, draws and Bradley–Terry ratings', () => {
    const rows: Record<string, string>[] = [];
    const add = (a: string, b: string, w: string, n: number) => {
      for (let i = 0; i < n; i++)
        rows.push({ seatA: a, seatB: b, outcome: w === '' ? 'draw' : 'win', winnerStrategy: w, turns: '10' });
    };
    add('x', 'y', 'x', 30);
    add('y', 'x', 'x', 30);
    add('y', 'x', 'y', 20);
    add('x', 'y', '', 20);
    add('y', 'z', 'y', 40);
    add('z', 'x', 'x', 40);
    const s = summarize(rows, ['x', 'y', 'z']);
    const xy = s.pairs.find((p) => p.a === 'x' && p.b === 'y')!;
    expect([xy.games, xy.aWins, xy.bWins, xy.draws]).toEqual([100, 60, 20, 20]);
    expect(xy.aRate).toBeCloseTo(0.75);
    expect(xy.lo).toBeLessThan(0.75);
    expect(xy.hi).toBeGreaterThan(0.75);
    expect(xy.lo).toBeCloseTo(0.6452, 3); // by hand: 60 of 80, z = 1.96
    expect(xy.drawRate).toBeCloseTo(0.2);
    const elo = Object.fromEntries(s.ratings.map((r) => [r.name, r.elo]));
    expect(elo.x).toBeGreaterThan(elo.y);
    expect(elo.y).toBeGreaterThan(elo.z);
    expect(elo.x + elo.y + elo.z).toBeCloseTo(0, 6);
  });
});

describe('play', () => {
  it('a person plays seat A in the terminal against an AI (piped input)', async () => {
    const { execFileSync } = await import('node:child_process');
    const text = execFileSync('npx', ['tsx', 'src/cli.ts', 'play', 'pilstymas', '--seed', '42', '--ai', 'greedy'], {
      input: 'moves\nKH hand>A9\nend\nquit\n',
      encoding: 'utf8',
    });
    expect(text).toMatch(/you are A, greedy is B\. A starts\./);
    expect(text).toMatch(/\d+\. end/);
    expect(text).toMatch(/illegal: unknown place "A9"/);
    expect(text).toMatch(/B \(greedy\): /);
    expect(text).toMatch(/waste KH on top, 1 card;?/);
  });
});
