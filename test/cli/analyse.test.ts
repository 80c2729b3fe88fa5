import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { besiegedCity } from '../../src/games/besieged-city/kit.js';
import { dealFromSeed } from '../../src/games/besieged-city/deal.js';
import { makeStrategy, playGame } from '../../src/games/besieged-city/strategies/index.js';
import { parterre } from '../../src/games/parterre/kit.js';
import { dealFromSeed as ptDeal } from '../../src/games/parterre/deal.js';
import { type AnalysedPosition, analyseLine, type Analysis, chanceOf, costliest } from '../../src/solitaire/analyse.js';
import { readRecord, recordOfLine } from '../../src/solitaire/record.js';
import { solve } from '../../src/search/solve.js';
import { tempDir } from '../temp-dir.js';
import { dealFromSeed as pilDeal } from '../../src/games/pilstymas/deal.js';
import { playGame as pilPlay } from '../../src/games/pilstymas/match.js';
import { makeStrategy as pilStrategy } from '../../src/games/pilstymas/strategies/index.js';
import { recordToJson } from '../../src/games/pilstymas/replay.js';
import type { PilAnalysis } from '../../src/games/pilstymas/analyse.js';
import { run } from './run.js';

// `analyse --record`: the verdict at every position of a played line, the losing move and a
// winning continuation from before it, and the no-peek chance. Budgets are nodes, so every
// figure here is the same on any machine.

const dir = tempDir('analyse-');
const put = (name: string, doc: unknown) => {
  const f = join(dir, name);
  writeFileSync(f, typeof doc === 'string' ? doc : JSON.stringify(doc));
  return f;
};
const BUDGET = ['--max-nodes', '100000', '--samples', '4', '--seed', '7'];

// Greedy loses deal 32 (a solvable deal: the batch solves it in a few thousand nodes): its
// line reaches a lost position some moves before the end.
const deal32 = dealFromSeed('32');
const greedy32 = playGame(deal32, makeStrategy('greedy', '1'));
const greedyFile = put('greedy-32.json', recordOfLine(besiegedCity, deal32, greedy32.moves, { player: 'greedy' }));
// Its analysis as JSON, made once for every check below that reads it.
const analysed = await run('analyse', '--record', greedyFile, '--json', ...BUDGET);

describe('a game greedy lost on a solvable deal', () => {
  const r = analysed;
  const a = JSON.parse(r.out) as Analysis;

  it('has a losing move: winnable before it, lost after it', () => {
    expect(r.code).toBe(0);
    expect(Object.keys(a)).toEqual(['game', 'deal', 'positions', 'losingPly', 'continuation', 'chance']);
    expect(a.chance).toEqual({ estimator: 'guessed stock orders won', samples: 4, seed: '7' });
    expect(a.positions).toHaveLength(greedy32.moves.length + 1);
    expect(a.positions[0]).toMatchObject({ ply: 0, move: null, verdict: 'winnable' });
    const lp = a.losingPly!;
    expect(lp).toBeGreaterThan(0);
    expect(a.positions[lp - 1].verdict).toBe('winnable');
    expect(a.positions[lp]).toMatchObject({ ply: lp, move: greedy32.moves[lp - 1], verdict: 'lost' });
    for (const p of a.positions.slice(0, lp)) expect(p.verdict).toBe('winnable');
  });

  it("the record's first losingPly - 1 moves and the continuation replay as won in verify", async () => {
    const lp = a.losingPly!;
    const line = [...greedy32.moves.slice(0, lp - 1), ...a.continuation!];
    const f = put('continued.json', recordOfLine(besiegedCity, deal32, line));
    const v = await run('verify', '--solution', f);
    expect(v.out).toBe(`valid: won in ${line.length} moves`);
    expect(v.code).toBe(0);
  });

  it('every position it calls lost after the losing move is lost by an exhaustive search', () => {
    const lost = a.positions.filter((p) => p.verdict === 'lost');
    expect(lost.length).toBeGreaterThan(0);
    for (const p of lost) {
      const g = besiegedCity.searchGame(deal32);
      const rec = readRecord(besiegedCity, JSON.parse(readFileSync(greedyFile, 'utf8')), greedyFile);
      for (const m of rec.line.slice(0, p.ply)) g.make(m);
      const s = solve(g, { algorithm: 'dfs', maxNodes: 5_000_000, policy: besiegedCity.searchPolicy });
      expect(s.outcome, `ply ${p.ply}`).toBe('unsolvable');
    }
  });

  it('gives a chance with its interval at every position', () => {
    for (const p of a.positions) {
      expect(p.chance).toBeDefined();
      expect(p.chance!.lo).toBeLessThanOrEqual(p.chance!.p);
      expect(p.chance!.p).toBeLessThanOrEqual(p.chance!.hi);
    }
    // Past the losing move the stock order is known at the end: nothing is left to guess.
    expect(a.positions.at(-1)!.chance).toEqual({ p: 0, lo: 0, hi: 0 });
  });

  it('the text marks the losing move and names the moves that cost the most chance', async () => {
    const t = await run('analyse', '--record', greedyFile, ...BUDGET);
    expect(t.code).toBe(0);
    const lp = a.losingPly!;
    expect(t.out).toMatch(new RegExp(`^ *${lp}\\. .*lost .*<- the losing move`, 'm'));
    expect(t.out).toMatch(new RegExp(`^The losing move: ${lp}\\. `, 'm'));
    expect(t.out).toMatch(/^The moves that cost the most chance: /m);
  });
});

describe('chances', () => {
  it('are reproducible from the seed, and depend on it', () => {
    const rec = readRecord(besiegedCity, JSON.parse(readFileSync(greedyFile, 'utf8')), greedyFile);
    // The whole line: early on every guess is won whatever the seed.
    const line = rec.line;
    const go = (seed: string) =>
      analyseLine(besiegedCity, deal32, line, { solver: { maxNodes: 20000 }, chance: { samples: 4, seed } }).analysis
        .positions;
    const a = go('1');
    expect(go('1')).toEqual(a);
    expect(go('2').map((p) => p.chance)).not.toEqual(a.map((p) => p.chance));
  });
});

describe('the moves that cost the most chance', () => {
  const at = (ply: number, wins: number, samples: number): AnalysedPosition => ({
    ply,
    move: `m${ply}`,
    verdict: 'unknown',
    chance: chanceOf(wins, samples),
  });
  it('are only drops outside both intervals, largest first', () => {
    // 32 guesses: 20 -> 17 lies within both intervals (the draw could make it), 17 -> 4 does not.
    const line = [at(0, 20, 32), at(1, 17, 32), at(2, 4, 32), at(3, 4, 32), at(4, 30, 32), at(5, 12, 32)];
    expect(costliest(line).map((p) => p.ply)).toEqual([5, 2]);
    // The same shares on 4 guesses: every interval overlaps its neighbour's.
    const few = [at(0, 3, 4), at(1, 2, 4), at(2, 1, 4), at(3, 1, 4)];
    expect(costliest(few)).toEqual([]);
  });
});

describe('a won game', () => {
  it('has no losing move, and every position is winnable', async () => {
    const deal = ptDeal('12');
    const s = solve(parterre.searchGame(deal), { maxNodes: 200000, policy: parterre.searchPolicy });
    expect(s.outcome).toBe('solved');
    if (s.outcome !== 'solved') return;
    const f = put('pt-won.json', recordOfLine(parterre, deal, s.line));
    const r = await run('analyse', '--record', f, '--json', '--max-nodes', '20000');
    expect(r.code).toBe(0);
    const a = JSON.parse(r.out) as Analysis;
    expect(a.losingPly).toBeNull();
    expect(a.continuation).toBeNull();
    expect(a.positions.every((p) => p.verdict === 'winnable')).toBe(true);
    // Parterre has nothing face down: no chance to estimate.
    expect(a.positions.some((p) => p.chance)).toBe(false);
    const t = await run('analyse', '--record', f, '--max-nodes', '20000');
    expect(t.out).toMatch(/^No losing move: every position of the line is winnable\./m);
  });
});

describe('bad input: one line, exit 2', () => {
  const text = readFileSync(greedyFile, 'utf8');
  const doc = JSON.parse(text);
  const cases: [string, unknown, RegExp][] = [
    [
      'wrong-game.json',
      { ...doc, game: 'parterre' },
      /wrong-game\.json: deal: field "game" is "besieged-city", expected "parterre"|wrong-game\.json: .*game/,
    ],
    [
      'illegal.json',
      { ...doc, moves: [doc.moves[0], { move: 'KS N0>F' }, ...doc.moves.slice(2)] },
      /illegal\.json: moves\[1\] \(move 2\) "KS N0>F" is illegal/,
    ],
    ['torn.json', text.slice(0, 500), /torn\.json: not valid JSON/],
    ['solution.json', { game: 'besieged-city', deal: doc.deal, moves: [] }, /solution\.json: not a game record/],
    ['no-result.json', { ...doc, result: undefined }, /no-result\.json: field "result" is missing/],
  ];
  for (const [name, bad, msg] of cases)
    it(name, async () => {
      const r = await run('analyse', '--record', put(name, bad), ...BUDGET);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(msg);
      expect(r.err.trim().split('\n')).toHaveLength(1);
    });

  it('a bad budget is named', async () => {
    const r = await run('analyse', '--record', greedyFile, '--max-nodes', 'lots');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--max-nodes/);
    const s = await run('analyse', '--record', greedyFile, '--samples', '0');
    expect(s.code).toBe(2);
    expect(s.err).toMatch(/--samples/);
  });
});

describe('pilstymas', () => {
  const deal = pilDeal('1');
  const game = pilPlay(deal, [pilStrategy('greedy', 'a'), pilStrategy('random', 'b')], { record: true });
  const doc = recordToJson(deal, game, 'cleared', 1000, ['greedy', 'random']) as { moves: { move: string }[] };
  const f = put('pil.json', doc);

  it("gives the expert's evaluation after every turn and the turn where the game turned", async () => {
    const r = await run('analyse', '--record', f, '--json');
    expect(r.code).toBe(0);
    const a = JSON.parse(r.out) as PilAnalysis;
    expect(a.winner).toBe(game.winner === 0 ? 'A' : 'B');
    expect(a.turns.flatMap((t) => t.moves)).toEqual(doc.moves.map((m) => m.move));
    expect(a.turns.at(-1)!.eval).toBe(a.turns.at(-1)!.player === a.winner ? 1e6 : -1e6);
    const t = a.turningTurn!;
    const forWinner = (x: PilAnalysis['turns'][number]) => (x.player === a.winner ? x.eval : -x.eval);
    for (const x of a.turns.slice(t - 1)) expect(forWinner(x)).toBeGreaterThan(0);
    if (t > 1) expect(forWinner(a.turns[t - 2])).toBeLessThanOrEqual(0);
    const text = await run('analyse', '--record', f);
    expect(text.out).toMatch(new RegExp(`^ *${t}\\. [AB] .*<- the game turned`, 'm'));
  });

  it('an illegal move is bad input', async () => {
    const bad = structuredClone(doc);
    const i = bad.moves.findIndex((m) => m.move !== 'end' && m.move !== 'pass');
    bad.moves[i].move = 'KS hand>F';
    const r = await run('analyse', '--record', put('pil-bad.json', bad));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(new RegExp(`pil-bad\\.json: move ${i + 1} "KS hand>F"`));
  });
});

describe('replay --record --analysis', () => {
  it('draws the chance and the verdicts over the moves and marks the losing move', async () => {
    const an = put('greedy-32-analysis.json', analysed.out);
    const a = JSON.parse(readFileSync(an, 'utf8')) as Analysis;
    const out = join(dir, 'greedy-32.html');
    const r = await run('replay', '--record', greedyFile, '--analysis', an, '--out', out);
    expect(r.code).toBe(0);
    const html = readFileSync(out, 'utf8');
    expect(html).toContain('<svg id="chart"');
    expect(html).toContain(`losing move ${a.losingPly}<`);
    expect(html).toMatch(/<polyline points="[^"]+" fill="none" stroke="#2f5fa8"/);
  });

  it("another line's analysis is refused, naming the position", async () => {
    const other = JSON.parse(analysed.out);
    other.positions[3].move = 'KS N0>F';
    const r = await run(
      'replay',
      '--record',
      greedyFile,
      '--analysis',
      put('other.json', other),
      '--out',
      join(dir, 'x.html'),
    );
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--analysis .*other\.json: positions\[3\]\.move is "KS N0>F", the record's move 3 is/);
  });
});
