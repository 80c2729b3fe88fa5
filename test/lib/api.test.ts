import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  analyse,
  batch,
  deal,
  Forfeit,
  games,
  hint,
  InputError,
  play,
  record,
  solve,
  StoppedError,
  tournament,
  UserError,
  verify,
  winnable,
  type PublicView,
  type UserStrategy,
} from '../../src/index.js';
import { run } from '../cli/run.js';
import { tempDir } from '../temp-dir.js';

// The library as a program uses it (docs/api.md): the same documents as the command line's
// (each call checked against the command that prints it), typed errors with a code for bad
// input, budgets and signals, and nothing printed, nothing exited.

const dir = tempDir('patience-lib-');
const cli = async (...args: string[]) => {
  const r = await run(...args);
  if (r.code !== 0) throw new Error(`patience ${args.join(' ')}: ${r.err}`);
  return r.out;
};
/** The solution document less its time, which differs from run to run. */
const timeless = (doc: { stats: { ms: number } }) => ({ ...doc, stats: { ...doc.stats, ms: 0 } });

/** What the calls may not do: print, or end the process. */
let quiet: ReturnType<typeof vi.spyOn>[] = [];
beforeEach(() => {
  quiet = [
    vi.spyOn(console, 'log'),
    vi.spyOn(console, 'error'),
    vi.spyOn(console, 'warn'),
    vi.spyOn(process.stdout, 'write'),
    vi.spyOn(process.stderr, 'write'),
    vi.spyOn(process, 'exit').mockImplementation(() => {
      throw new Error('the library ended the process');
    }),
  ];
});
afterEach(() => {
  for (const s of quiet) {
    expect(s, 'the library printed or exited').not.toHaveBeenCalled();
    s.mockRestore();
  }
});

/** Runs the CLI where printing is its job (outside the library's watch). */
async function commandLine(...args: string[]): Promise<string> {
  for (const s of quiet) s.mockRestore();
  try {
    return await cli(...args);
  } finally {
    quiet = [];
  }
}

const solvers = games()
  .filter((g) => g.calls.includes('solve'))
  .map((g) => g.name);

describe('the calls of the issue, for every game that has them', () => {
  it('lists the games and what each offers', () => {
    expect(games().map((g) => g.name)).toEqual(['besieged-city', 'parterre', 'pilstymas', 'zioplys']);
    expect(solvers).toEqual(['besieged-city', 'parterre']);
    for (const g of games()) expect(g.calls[0]).toBe('deal');
  });

  it.each(games().map((g) => g.name))('deal(%s, 42) is the document of `deal --json`', async (game) => {
    expect(deal(game, 42)).toEqual(JSON.parse(await commandLine('deal', game, '--seed', '42', '--json')));
    expect(deal(game, 'hello')).toEqual(deal(game, 'hello'));
    expect(deal(game, 42)).not.toEqual(deal(game, 43));
  });

  it.each(solvers)('%s: solve(d, { maxNodes }) answers as `solve --json`, and verify replays it', async (game) => {
    const d = deal(game, 42);
    const r = solve(d, { maxNodes: 1_000_000 });
    const printed = JSON.parse(
      await commandLine('solve', game, '--seed', '42', '--max-nodes', '1000000', '--timeout', 'none', '--json'),
    );
    expect(timeless(r)).toEqual(timeless(printed));
    expect(r.outcome).toBe('solved');
    const v = verify(d, r.moves ?? []);
    expect(v).toMatchObject({ valid: true, won: true, moves: r.moves!.length });
    // The solution document itself, as `verify --solution` reads it.
    expect(verify(r)).toEqual(v);
    const file = join(dir, `${game}-sol.json`);
    writeFileSync(file, JSON.stringify(r));
    expect(await commandLine('verify', '--solution', file)).toBe(v.text);
  });

  it('verify names the first illegal move, and a line that stops short', () => {
    const d = deal('parterre', 42);
    const r = solve(d, { maxNodes: 1_000_000 });
    const line = [...r.moves!];
    expect(verify(d, line.slice(0, 5))).toMatchObject({ valid: false, won: false, moves: 5 });
    line[3] = 'KS p1>p2';
    const v = verify(d, line);
    expect(v.valid).toBe(false);
    expect(v.illegal).toMatchObject({ index: 3, move: 'KS p1>p2' });
    expect(v.text).toMatch(/^invalid: move 4 "KS p1>p2" is illegal/);
  });

  it('a budget reached is unknown with its limit, never unsolvable', () => {
    const r = solve(deal('besieged-city', 42), { maxNodes: 200, algorithm: 'dfs' });
    expect(r).toMatchObject({ outcome: 'unknown', limit: 'nodes' });
    expect(r.moves).toBeUndefined();
  });
});

describe('bad input is a typed error with a code', () => {
  const codeOf = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      expect(e).toBeInstanceOf(UserError);
      return { code: (e as UserError).code, message: (e as Error).message };
    }
    throw new Error('no error');
  };

  it.each([
    ['an unknown game', () => deal('klondike', 1), 'UNKNOWN_GAME', /"klondike" is not a game here/],
    ['a seed with a leading zero', () => deal('parterre', '042'), 'BAD_INPUT', /seed: "042" is not a deal number/],
    [
      'a call the game has not',
      () => solve(deal('pilstymas', 1)),
      'NOT_AVAILABLE',
      /solve is not available for pilstymas/,
    ],
    ['a deal without its game', () => solve({ seed: '1' } as never), 'BAD_INPUT', /field "game"/],
    [
      'a deal with a card twice',
      () => solve({ ...deal('parterre', 1), bouquet: ['AS', 'AS'] }),
      'BAD_INPUT',
      /^deal: /,
    ],
    ['a budget that is no number', () => solve(deal('parterre', 1), { maxNodes: -5 }), 'BAD_INPUT', /maxNodes/],
    ['an unknown strategy', () => play(deal('besieged-city', 1), 'clever'), 'BAD_INPUT', /unknown strategy "clever"/],
    ['moves that are not a list', () => verify(deal('parterre', 1), 'AS b>F' as never), 'BAD_INPUT', /moves/],
    ['an illegal move in a record', () => record(deal('parterre', 1), ['ZZ']), 'BAD_INPUT', /moves\[0\] "ZZ"/],
    ['too many players', () => play(deal('pilstymas', 1), ['greedy', 'greedy', 'greedy']), 'BAD_INPUT', /two/],
  ])('%s', (_what, f, code, message) => {
    const e = codeOf(f);
    expect(e.code).toBe(code);
    expect(e.message).toMatch(message);
  });

  it('the errors are the classes the entry exports', () => {
    expect(() => deal('klondike', 1)).toThrow(InputError);
  });
});

/** A strategy of the caller's own: the first move offered, counting its calls. */
const firstMove = (name = 'first'): UserStrategy & { calls: number } => ({
  name,
  calls: 0,
  choose(view: PublicView) {
    this.calls++;
    return view.moves[0];
  },
});

describe('play: a built-in or the caller’s own strategy', () => {
  it('a built-in plays as `play --strategy` does, and its record is the one the command writes', async () => {
    const g = play(deal('besieged-city', 42), 'greedy');
    const file = join(dir, 'greedy.json');
    await commandLine('play', 'besieged-city', '--seed', '42', '--strategy', 'greedy', '--record', file);
    expect(g.record).toEqual(JSON.parse(readFileSync(file, 'utf8')));
    expect(g).toMatchObject({ players: ['greedy'], moves: g.record!.moves.length, scores: [0] });
    expect(verify(g.record!).valid).toBe(true);
  });

  it('a strategy object, and a create function, play under the contract', () => {
    const d = deal('besieged-city', 7);
    const own = firstMove();
    const g = play(d, own, { maxMoves: 30 });
    expect(own.calls).toBeGreaterThan(0);
    expect(g.players).toEqual(['first']);
    expect(verify(g.record!).valid).toBe(true);
    const seen: unknown[] = [];
    const create = (ctx: unknown) => (seen.push(ctx), firstMove('made'));
    const h = play(d, create, { maxMoves: 30, strategySeed: '9' });
    expect(h.record!.moves).toEqual(g.record!.moves);
    expect(seen.at(-1)).toEqual({ game: 'besieged-city', seed: '9', seat: 0, players: 1 });
  });

  it.each([
    [
      'throws',
      {
        choose() {
          throw new RangeError('no idea');
        },
      },
      /choose\(view\) threw RangeError: no idea/,
    ],
    ['names a move not offered', { choose: () => 'KS nowhere' }, /chose "KS nowhere", which is not one of the/],
    ['answers with a promise', { choose: async () => 'x' }, /returned a promise/],
  ])('a strategy that %s forfeits its game, and nothing else happens', (_what, s, why) => {
    const g = play(deal('besieged-city', 1), s as UserStrategy);
    expect(g.forfeit).toMatch(why);
    expect(g).toMatchObject({ outcome: 'unfinished', reason: 'forfeit', scores: [0], moves: 0 });
  });

  it('a Forfeit carries what the strategy threw', () => {
    const boom = new Error('boom');
    const d = deal('pilstymas', 3);
    const g = play(d, [
      'greedy',
      {
        name: 'thrower',
        choose() {
          throw boom;
        },
      },
    ]);
    expect(g).toMatchObject({ outcome: 'win', reason: 'forfeit', scores: [1, 0] });
    expect(Forfeit).toBeDefined();
  });

  it('Pilstymas: two players, a record that verify judges valid', () => {
    const g = play(deal('pilstymas', 5), ['greedy', firstMove()], { maxTurns: 200 });
    expect(g.players).toEqual(['greedy', 'first']);
    expect(g.scores.reduce((a, b) => a + b, 0)).toBe(1);
    expect(verify(g.record!)).toMatchObject({ valid: true });
  });

  it('Žioplys: the seats play as `simulate --json` plays them, the caller’s own seat asked', async () => {
    const d = deal('zioplys', 7, { players: 3 });
    const g = play(d, ['rule', 'spiteful', 'rule']);
    const printed = JSON.parse(
      await commandLine(
        'simulate',
        'zioplys',
        '--players',
        '3',
        '--seed',
        '7',
        '--strategies',
        'rule,spiteful,rule',
        '--json',
      ),
    );
    expect(g.result).toEqual(printed);
    // Seed 2 gives seat 1 a card that fits both opponents' wastes (seed 7 never does).
    const own = firstMove('mine');
    const h = play(deal('zioplys', 2, { players: 3 }), ['rule', own, 'rule']);
    expect(h.players).toEqual(['rule', 'mine', 'rule']);
    expect(own.calls).toBeGreaterThan(0);
    expect(h.scores).toHaveLength(3);
  });
});

describe('record, analyse and advice', () => {
  it('analyse gives what `analyse --json` prints', async () => {
    const g = play(deal('besieged-city', 42), 'greedy', { maxMoves: 12 });
    const file = join(dir, 'short.json');
    writeFileSync(file, JSON.stringify(g.record));
    const a = analyse(g.record!, { maxNodes: 20_000, samples: 4 });
    const printed = await commandLine('analyse', '--record', file, '--json', '--max-nodes', '20000', '--samples', '4');
    expect(a).toEqual(JSON.parse(printed));
  });

  it('a line becomes a record, analysed to its losing move', () => {
    const d = deal('parterre', 42);
    const moves = solve(d, { maxNodes: 1_000_000 }).moves!.slice(0, 20);
    const rec = record(d, moves);
    expect(rec).toMatchObject({ format: 'patience-record', game: 'parterre', result: { outcome: 'unfinished' } });
    const a = analyse(rec);
    expect(a).toMatchObject({ game: 'parterre', losingPly: null });
    expect('positions' in a && a.positions.every((p) => p.verdict === 'winnable')).toBe(true);
  });

  it('a hint is a legal move; winnable is exact where every card is face up', async () => {
    const d = deal('parterre', 42);
    const h = await hint(d, [], { maxNodes: 200_000 });
    expect(h.move).not.toBeNull();
    expect(verify(d, [h.move!]).illegal).toBeUndefined();
    const w = await winnable(d, [], { line: true });
    expect(w).toMatchObject({ kind: 'exact', verdict: 'solved' });
    expect(verify(d, w.kind === 'exact' ? w.line! : []).valid).toBe(true);
  });

  it('Besieged City: the chance without peeking, with its interval', async () => {
    const w = await winnable(deal('besieged-city', 42), [], { samples: 2, maxNodes: 500_000 });
    expect(w).toMatchObject({ kind: 'chance', estimator: 'guessed stock orders won', samples: 2, stopped: false });
    if (w.kind === 'chance') expect(w.lo).toBeLessThanOrEqual(w.hi);
  });
});

describe('batch and tournament, in this process', () => {
  it('a batch searches each deal and lets the strategies play it', async () => {
    const seen: string[] = [];
    const r = await batch('besieged-city', {
      seeds: '1..2',
      strategies: ['greedy', firstMove()],
      solve: { maxNodes: 100_000 },
      play: { maxMoves: 40 },
      onItem: (item) => seen.push(item.seed),
    });
    expect(r.stopped).toBe(false);
    expect(seen).toEqual(['1', '2']);
    expect(timeless(r.items[0].solve!)).toEqual(timeless(solve(deal('besieged-city', 1), { maxNodes: 100_000 })));
    expect(r.items[0].plays.map((p) => p.players[0])).toEqual(['greedy', 'first']);
  });

  it('a tournament pairs every two players on every deal, in both seat orders', async () => {
    const t = await tournament('pilstymas', {
      players: ['greedy', 'random', firstMove()],
      seeds: [1],
      play: { maxTurns: 100 },
    });
    expect(t.games).toHaveLength(6);
    expect(t.standings.map((s) => s.games)).toEqual([4, 4, 4]);
    for (const g of t.games) expect(verify(g.record!).valid).toBe(true);
  });
});

describe('a signal stops what is long; what is done is kept', () => {
  it('a search stopped answers unknown (stopped)', () => {
    const c = new AbortController();
    const r = solve(deal('besieged-city', 42), { signal: c.signal, onProgress: () => c.abort() });
    expect(r).toMatchObject({ outcome: 'unknown', limit: 'stopped' });
  });

  it('a game stopped throws StoppedError (STOPPED), with the reason', () => {
    const c = new AbortController();
    let n = 0;
    const s = { choose: (v: PublicView) => (++n === 5 && c.abort('enough'), v.moves[0]) };
    let caught: unknown;
    try {
      play(deal('besieged-city', 3), s, { signal: c.signal });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(StoppedError);
    expect(caught).toMatchObject({ code: 'STOPPED', cause: 'enough' });
  });

  it('a batch and a tournament stopped keep every finished deal and game', async () => {
    const c = new AbortController();
    const b = await batch('zioplys', {
      seeds: '1..50',
      strategies: ['rule', 'rule'],
      signal: c.signal,
      onItem: (item) => item.seed === '3' && c.abort(),
    });
    expect(b).toMatchObject({ stopped: true });
    expect(b.items.map((i) => i.seed)).toEqual(['1', '2', '3']);
    const d = new AbortController();
    const t = await tournament('zioplys', {
      players: ['rule', 'spiteful'],
      seeds: '1..9',
      signal: d.signal,
      onGame: () => d.abort(),
    });
    expect(t).toMatchObject({ stopped: true });
    expect(t.games).toHaveLength(1);
  });

  it('the promise pauses between deals, so an abort from a timer reaches it', async () => {
    const c = new AbortController();
    setTimeout(() => c.abort(), 0);
    // Far more games than run before the first pause (every 20 ms of work).
    const b = await batch('zioplys', { seeds: '1..100000', strategies: ['rule', 'rule'], signal: c.signal });
    expect(b.stopped).toBe(true);
    expect(b.items.length).toBeLessThan(100000);
  });

  it('advice stopped says so', async () => {
    const h = await hint(deal('parterre', 42), [], { signal: AbortSignal.abort() });
    expect(h.stopped).toBe(true);
  });
});
