import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCsvRows } from '../../src/batch/csv.js';
import { dealFromSeed, dealToJson } from '../../src/games/besieged-city/deal.js';
import { run } from '../cli/run.js';
import { tempDir } from '../temp-dir.js';

// Strategy files (docs/strategies.md) through the CLI: the examples play against built-ins, and
// each way of misbehaving loses that game only. Timeouts are tested far from the boundary: a
// decision that busy-waits 2 s, or never returns, against --decision-timeout 500ms or 100ms (the
// well-behaved decisions of a file run under the same limit use a fraction of a millisecond).

const dir = tempDir('patience-files-');
const out = (name: string) => join(dir, name);
const fx = (name: string) => `./test/strategies/fixtures/${name}.mjs`;
const example = (game: string) => `./examples/strategies/${game}.mjs`;
// What fixtures/spy.mjs and counter.mjs print: the referee shows a module's console output on
// stderr, each line after the file's name. A long game (the deal key is drawn per run) goes past
// the output limit of a game, and the referee's note of what it dropped is not the module's.
const spied = (err: string, file = 'spy.mjs') =>
  err
    .split('\n')
    .filter(
      (l) => l.startsWith(`${file}: `) && !/^\(\d+ more characters of output dropped\)$/.test(l.slice(file.length + 2)),
    )
    .map((l) => JSON.parse(l.slice(file.length + 2)));

describe('Besieged City strategy files', () => {
  it('the example plays every deal of a batch beside greedy, with win % and interval in the summary', async () => {
    const csv = out('bc-example.csv');
    const r = await run(
      'batch',
      'besieged-city',
      '--seeds',
      '1..3',
      '--max-nodes',
      '2000',
      '--workers',
      '1',
      '--strategies',
      `greedy,${example('besieged-city')}`,
      '--out',
      csv,
    );
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/strategy foundations-first\s+won\s+\d+\/3\s+\S+%\s+95% interval/);
    const { header, rows } = readCsvRows(csv);
    expect(header).toContain('won_foundations-first');
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(['true', 'false']).toContain(row['won_foundations-first']);
      expect(row.error).toBe('');
    }
  }, 120_000);

  it('play --strategy watches a file play, move by move', async () => {
    const r = await run('play', 'besieged-city', '--seed', '3', '--strategy', example('besieged-city'));
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^\s+1\. \S+ \S+>\S+$/m);
    expect(r.out).toMatch(/foundations-first (won|lost: no legal move left|stopped at the move cap)/);
  }, 60_000);

  it('a throw, an illegal move, a non-move, a slow and a hung decision each lose that game; greedy and the batch go on', async () => {
    const csv = out('bc-bad.csv');
    const bad = ['throws', 'illegal', 'not-a-move', 'slow', 'hangs'];
    const r = await run(
      'batch',
      'besieged-city',
      '--seeds',
      '1..2',
      '--max-nodes',
      '2000',
      '--workers',
      '1',
      '--decision-timeout',
      '500ms',
      '--strategies',
      ['greedy', ...bad.map(fx)].join(','),
      '--out',
      csv,
    );
    expect(r.code).toBe(0);
    const { rows } = readCsvRows(csv);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.outcome).not.toBe('error');
      expect(['true', 'false']).toContain(row.won_greedy);
      for (const b of bad) expect(row[`won_${b}`]).toBe('false');
      expect(row.error).toContain('throws forfeits at move 3: choose(view) threw Error: boom');
      expect(row.error).toContain('illegal forfeits at move 1: chose "KS nowhere>F", which is not one of the');
      expect(row.error).toContain('not-a-move forfeits at move 1: choose(view) returned number 42, not a move');
      expect(row.error).toMatch(/slow forfeits at move 1: \S+ took/);
      expect(row.error).toMatch(/hangs forfeits at move 1: \S+ took longer than 500 ms/);
    }
    expect(r.out).toMatch(/strategy hangs\s+won\s+0\/2/);
  }, 120_000);

  it('a pool worker imports the module once and calls create(ctx) for every game', async () => {
    const r = await run(
      'batch',
      'besieged-city',
      '--seeds',
      '1..3',
      '--max-nodes',
      '500',
      '--workers',
      '1',
      '--strategies',
      fx('counter'),
      '--out',
      out('bc-count.csv'),
    );
    expect(r.code).toBe(0);
    const calls = spied(r.err, 'counter.mjs');
    // The main thread checks the file once (one import, one create) before the batch starts.
    expect(calls.filter((x) => x === 'import')).toHaveLength(2);
    expect(calls.filter((x) => x === 'create')).toHaveLength(1 + 3);
  }, 60_000);

  it('a file that cannot be loaded is one line and exit 2, before any game', async () => {
    const cases: [string, RegExp][] = [
      ['./test/strategies/fixtures/missing.mjs', /missing\.mjs: no such strategy file/],
      [fx('syntax-error'), /syntax-error\.mjs: cannot load: SyntaxError/],
      [fx('no-default'), /no-default\.mjs: no default export/],
      [fx('default-object'), /default-object\.mjs: the default export is not a function create\(ctx\)/],
      [fx('create-throws'), /create-throws\.mjs: create\(ctx\) threw Error: not today/],
    ];
    for (const [file, message] of cases) {
      const csv = out('never.csv');
      const r = await run('batch', 'besieged-city', '--seeds', '1', '--strategies', `greedy,${file}`, '--out', csv);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(message);
      expect(r.err.trim().split('\n')).toHaveLength(1);
      expect(existsSync(csv)).toBe(false);
    }
    const t = await run(
      'tournament',
      'pilstymas',
      '--players',
      `greedy,${fx('no-default')}`,
      '--games',
      '2',
      '--out',
      out('never.csv'),
    );
    expect([t.code, t.err.trim()]).toEqual([
      2,
      expect.stringMatching(/^patience: .*no-default\.mjs: no default export/),
    ]);
    const z = await run('simulate', 'zioplys', '--strategies', `rule,./nowhere/z.mjs,rule,rule`);
    expect([z.code, z.err.trim()]).toEqual([2, 'patience: ./nowhere/z.mjs: no such strategy file']);
  }, 60_000);

  it('the view is plain data with the rules page names, and does not depend on the stock order', async () => {
    const deal = dealToJson(dealFromSeed('7'));
    const swapped = structuredClone(deal);
    [swapped.stock[5], swapped.stock[60]] = [swapped.stock[60], swapped.stock[5]];
    const views = [];
    for (const d of [deal, swapped]) {
      const f = out('deal.json');
      writeFileSync(f, JSON.stringify(d));
      const r = await run('play', 'besieged-city', '--deal', f, '--strategy', fx('spy'));
      expect(r.code).toBe(0);
      views.push(spied(r.err));
    }
    const first = views[0][0];
    expect(first.ctx).toEqual({ game: 'besieged-city', seed: '1', seat: 0, players: 1 });
    const v = first.start;
    expect(Object.keys(v.reserve)).toEqual([
      'r0c0',
      'r0c1',
      'r0c2',
      'r1c0',
      'r1c1',
      'r1c2',
      'r2c0',
      'r2c1',
      'r2c2',
      'r3c0',
      'r3c1',
      'r3c2',
    ]);
    expect(Object.keys(v.trenches)).toEqual([
      'N0',
      'N1',
      'N2',
      'E0',
      'E1',
      'E2',
      'E3',
      'S0',
      'S1',
      'S2',
      'W0',
      'W1',
      'W2',
      'W3',
    ]);
    expect(v.stock).toBe(78);
    expect(v.unseen).toHaveLength(78);
    expect(v.reserve.r0c0).toMatch(/^[A2-9TJQK][SHDC]$/);
    for (const m of v.moves) expect(m.notation).toMatch(/^(deal|[A2-9TJQK][SHDC] \S+>\S+)$/);
    // Until a stock card is turned (dealt, or into an emptied reserve cell), both deals look the
    // same to the player, move after move.
    const unturned = (vs: { start?: { stock: number }; view?: { stock: number } }[]) =>
      vs.filter((x) => (x.view ?? x.start)!.stock === 78);
    expect(unturned(views[0]).length).toBeGreaterThan(1);
    expect(unturned(views[1])).toEqual(unturned(views[0]));
  }, 60_000);
});

describe('Pilstymas strategy files', () => {
  it('the example plays a tournament against the planner, with pairings and ratings', async () => {
    const csv = out('pil-example.csv');
    const r = await run(
      'tournament',
      'pilstymas',
      '--players',
      `planner,${example('pilstymas')}`,
      '--games',
      '4',
      '--workers',
      '1',
      '--out',
      csv,
    );
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/planner vs unloader\s+4 /);
    expect(r.out).toMatch(/^\s+unloader\s+[+-]\s*\d+\s+95% \[-?\d+, -?\d+\]\s+score/m);
    const { rows } = readCsvRows(csv);
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(row.error).toBe('');
  }, 120_000);

  it('a hung and a throwing file lose by forfeit; the tournament goes on', async () => {
    const csv = out('pil-bad.csv');
    const r = await run(
      'tournament',
      'pilstymas',
      '--players',
      `greedy,${fx('hangs')},${fx('throws')}`,
      '--games',
      '2',
      '--workers',
      '1',
      '--decision-timeout',
      '500ms',
      '--out',
      csv,
    );
    expect(r.code).toBe(0);
    const { rows } = readCsvRows(csv);
    expect(rows).toHaveLength(6);
    for (const row of rows.filter((x) => x.seatA === 'greedy' || x.seatB === 'greedy')) {
      expect(row).toMatchObject({ outcome: 'win', winnerStrategy: 'greedy', reason: 'forfeit' });
      expect(row.error).toMatch(
        /^(hangs forfeits at its move 1 \(turn \d+\): \S+ took longer than 500 ms|throws forfeits at its move 3 \(turn \d+\): choose\(view\) threw Error: boom)$/,
      );
    }
    expect(r.out).toMatch(/greedy vs hangs\s+2\s+2\s+0\s+0/);
  }, 120_000);

  it('sees a plain view: its hand card, counts and sets of hidden cards, moves in notation', async () => {
    const r = await run(
      'tournament',
      'pilstymas',
      '--players',
      `greedy,${fx('spy')}`,
      '--seeds',
      '3',
      '--workers',
      '1',
      '--max-turns',
      '4',
      '--out',
      out('pil-spy.csv'),
    );
    expect(r.code).toBe(0);
    const { view, ctx } = spied(r.err).find((x) => x.view)!;
    expect(ctx).toMatchObject({ game: 'pilstymas', players: 2 });
    expect(Object.keys(view.tableau)).toEqual(['A0', 'A1', 'A2', 'A3', 'B0', 'B1', 'B2', 'B3']);
    expect(view.players.A.hidden).toHaveLength(
      view.players.A.hand + view.players.A.stockDown - (view.seat === 'A' && view.handCard ? 1 : 0),
    );
    for (const m of view.moves)
      expect(m.notation).toMatch(/^(end|pass|[A2-9TJQK][SHDC] (hand|stock|[AB][0-3])>(F|[AB][0-3]|ostock|owaste))$/);
  }, 60_000);
});

describe('Žioplys strategy files', () => {
  it('the example takes a seat in simulate and batch; the loser shares include it', async () => {
    const s = await run(
      'simulate',
      'zioplys',
      '--players',
      '4',
      '--seed',
      '5',
      '--strategies',
      `rule,${example('zioplys')},rule,rule`,
    );
    expect(s.code).toBe(0);
    expect(s.out).toMatch(/strategies rule,leader-loader,rule,rule/);
    const csv = out('z-example.csv');
    const r = await run(
      'batch',
      'zioplys',
      '--players',
      '4',
      '--seeds',
      '1..40',
      '--workers',
      '1',
      '--strategies',
      `rule,${example('zioplys')},rule,rule`,
      '--out',
      csv,
    );
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/4 players: 40 games/);
    expect(r.out).toMatch(/leader-loader: \S+% \[/);
  }, 120_000);

  it('a file seat that breaks the contract is the loser, with the reason; nothing else changes', async () => {
    const csv = out('z-bad.csv');
    const r = await run(
      'batch',
      'zioplys',
      '--players',
      '4',
      '--seeds',
      '1..40',
      '--workers',
      '1',
      '--strategies',
      `rule,${fx('illegal')},rule,rule`,
      '--out',
      csv,
    );
    expect(r.code).toBe(0);
    const { rows } = readCsvRows(csv);
    const forfeits = rows.filter((x) => x.error !== '');
    expect(forfeits.length).toBeGreaterThan(0);
    for (const row of forfeits) {
      expect(row).toMatchObject({ outcome: 'loser', loser: '1' });
      expect(row.error).toMatch(
        /^illegal forfeits at turn \d+: chose "KS nowhere>F", which is not one of the [2-3] legal moves$/,
      );
    }
    expect(r.out).toMatch(/4 players: 40 games, 40 with a loser/);
  }, 120_000);

  it("an error thrown outside a call (from a timer) is the strategy's, and loses its game", async () => {
    const r = await run(
      'simulate',
      'zioplys',
      '--players',
      '4',
      '--seed',
      '5',
      '--json',
      '--strategies',
      `rule,${fx('stray')},rule,rule`,
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({
      outcome: 'loser',
      loser: 1,
      forfeit: expect.stringMatching(
        /^stray forfeits at turn \d+: choose\(view\) threw Error: late boom \(outside a call\)$/,
      ),
    });
  }, 60_000);

  it('a slow decision is cut off at --decision-timeout', async () => {
    const r = await run(
      'simulate',
      'zioplys',
      '--players',
      '4',
      '--seed',
      '5',
      '--decision-timeout',
      '100ms',
      '--json',
      '--strategies',
      `rule,${fx('slow')},rule,rule`,
    );
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j).toMatchObject({ outcome: 'loser', loser: 1 });
    expect(j.forfeit).toMatch(/^slow forfeits at turn \d+: \S+ took/);
  }, 60_000);
});
