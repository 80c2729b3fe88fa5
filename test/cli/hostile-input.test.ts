import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { readCsvRows } from '../../src/batch/csv.js';
import { countBy } from '../../src/batch/stats.js';
import { resolveGameArgument } from '../../src/cli.js';
import { dealFromSeed, dealToJson } from '../../src/games/besieged-city/deal.js';
import { dealFromSeed as ptDealFromSeed, dealToJson as ptDealToJson } from '../../src/games/parterre/deal.js';
import { oneLine, quote } from '../../src/io/errors.js';
import { fileProblem, JSON_LIMIT } from '../../src/io/files.js';
import { scriptJson } from '../../src/report/html.js';
import { tempDir } from '../temp-dir.js';
import { run } from './run.js';

// Bad input as a hostile user gives it: each ends in one line on stderr naming the file, field
// or path, exit code 2 — never a stack trace, a hang, a runaway read or a terminal escape.

const dir = tempDir('patience-hostile-');
const f = (name: string) => join(dir, name);
const file = (name: string, content: unknown) => {
  writeFileSync(f(name), typeof content === 'string' ? content : JSON.stringify(content));
  return f(name);
};

const oneLineError = (r: { code: number; err: string }, message: RegExp) => {
  expect(r.code, r.err).toBe(2);
  expect(r.err).toMatch(message);
  expect(r.err.trim().split('\n'), r.err).toHaveLength(1);
  expect(r.err).not.toMatch(/internal error|\u001b/);
};

/** CLI calls in a child process (cli-calls.ts), for what would hang or spin in this one; it is
 *  killed after 60 s, a safety net far above the fraction of a second the calls take. */
function runInChild(...calls: string[][]): { code: number; out: string; err: string }[] {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'test/cli/cli-calls.ts', JSON.stringify(calls)], {
    encoding: 'utf8',
    timeout: 60_000,
    killSignal: 'SIGKILL',
  });
  const results = r.stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l));
  expect(results, `the child ended (${r.signal ?? r.status}) after ${results.length} calls: ${r.stderr}`).toHaveLength(
    calls.length,
  );
  return results;
}

/** A parterre deal whose first bouquet card is an array nested `depth` deep. */
const nested = (depth: number) =>
  JSON.stringify(ptDealToJson(ptDealFromSeed('3'))).replace(
    /"bouquet":\["[^"]+"/,
    `"bouquet":[${'['.repeat(depth)}${']'.repeat(depth)}`,
  );

describe('deeply nested JSON (200,000 levels where a card goes)', () => {
  const deal = file('nested.json', nested(200_000));
  const sol = file('nested-sol.json', `{"game":"parterre","deal":${nested(200_000)},"moves":[]}`);

  it('show, solve, verify and replay say so in one line, naming the file', async () => {
    for (const args of [
      ['show', '--deal', deal],
      ['solve', 'parterre', '--deal', deal],
      ['verify', '--solution', sol],
      ['replay', '--solution', sol, '--out', f('n.html')],
    ])
      oneLineError(await run(...args), /nested(-sol)?\.json: nested more than 64 levels deep/);
  });

  it('a card field that is a (shallow) array is named by its kind', async () => {
    oneLineError(
      await run('show', '--deal', file('shallow.json', nested(3))),
      /bouquet\[0\]: expected a card string, got an array of 1/,
    );
  });
});

describe('user-given names are looked up in maps, never in plain objects', () => {
  const bc = dealToJson(dealFromSeed('7'));

  it('--variant constructor=x, __proto__=x, toString=x: an unknown switch', async () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty'])
      for (const verb of [
        ['deal', '--seed', '1'],
        ['solve', '--seed', '1', '--max-nodes', '10'],
        ['batch', '--seeds', '1', '--out', f('v.csv')],
      ])
        oneLineError(
          await run(verb[0], 'besieged-city', ...verb.slice(1), '--variant', `${name}=x`),
          /--variant: unknown variant switch "[a-z_]+"/i,
        );
  });

  it("a deal file's variant with such a name: an unknown switch, naming the file", async () => {
    const stock = JSON.stringify(bc);
    for (const name of ['constructor', '__proto__', 'toString']) {
      // Written as text: JSON.parse makes "__proto__" an own field, as a hand-written file has it.
      const p = file(`v-${name}.json`, stock.replace(/}$/, `,"variant":{"${name}":"x"}}`));
      oneLineError(
        await run('show', '--deal', p),
        new RegExp(`v-${name}\\.json: field "variant": unknown variant switch "${name}"`),
      );
    }
  });

  it('a verb name is not found on Object.prototype', () => {
    const p = file('bc.json', bc);
    expect(resolveGameArgument(['toString', '--deal', p])).toEqual(['toString', '--deal', p]);
    expect(resolveGameArgument(['constructor', '--deal', p])).toEqual(['constructor', '--deal', p]);
  });

  it('counts keyed by values from a file: "constructor" and "__proto__" are keys like others', () => {
    const c = countBy(['constructor', '__proto__', 'constructor', 'toString']);
    expect(Object.keys(c)).toEqual(['constructor', '__proto__', 'toString']);
    expect([c.constructor, Object.getOwnPropertyDescriptor(c, '__proto__')?.value, c.toString]).toEqual([2, 1, 1]);
  });

  it('a deal solved by a strategy named "constructor" is counted as its certificate', async () => {
    const rows = [
      {
        game: 'parterre',
        seed: '1',
        outcome: 'solved',
        moves: '40',
        nodes: '10',
        unique: '10',
        ms: '1',
        limit: '',
        source: 'constructor',
        settings: 'dfs',
        error: '',
      },
      {
        game: 'parterre',
        seed: '2',
        outcome: 'solved',
        moves: '40',
        nodes: '10',
        unique: '10',
        ms: '1',
        limit: '',
        source: 'constructor',
        settings: 'dfs',
        error: '',
      },
    ];
    const csv = file('ctor.csv', stringify(rows, { header: true }));
    const r = await run('summary', csv, '--json');
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out).certificates).toEqual({ constructor: 2 });
  });
});

describe('special files: regular files only, with a size cap', () => {
  const linux = existsSync('/dev/zero');

  it.skipIf(!linux)('show --deal /dev/zero and summary /dev/zero: one line, no endless read', () => {
    for (const r of runInChild(['show', '--deal', '/dev/zero'], ['summary', '/dev/zero']))
      oneLineError(r, /\/dev\/zero: a character device, not a regular file/);
  });

  it.skipIf(!linux)('summary of a FIFO with no writer: one line, no hang', () => {
    const fifo = f('fifo.csv');
    spawnSync('mkfifo', [fifo]);
    const [r] = runInChild(['summary', fifo]);
    oneLineError(r, /fifo\.csv: a pipe, not a regular file/);
  });

  it('a directory, and a file over the cap, are refused by name', async () => {
    oneLineError(await run('show', '--deal', dir), /: a directory, not a regular file/);
    const big = file('big.json', '{}');
    truncateSync(big, JSON_LIMIT + 1); // sparse: no disk is used
    oneLineError(
      await run('show', '--deal', big),
      /big\.json: 65 MiB, larger than the 64 MiB allowed for a JSON document/,
    );
  });
});

describe('output paths: checked before any work, one line naming the path', () => {
  const proc = existsSync('/proc/self');
  const aFile = file('file.json', '{}');
  const batch = (...more: string[]) => [
    'batch',
    'parterre',
    '--seeds',
    '1',
    '--max-nodes',
    '100',
    '--workers',
    '1',
    ...more,
  ];

  it.skipIf(!proc)('--out /proc/foo.csv, /dev/full, an empty path, a path through a file', async () => {
    oneLineError(
      await run(...batch('--out', '/proc/foo.csv')),
      /--out \/proc\/foo\.csv: cannot create the file: the directory \/proc takes no new entries/,
    );
    oneLineError(
      await run(...batch('--out', '/dev/full', '--force')),
      /--out \/dev\/full: a character device, not a regular file/,
    );
    oneLineError(await run(...batch('--out', '')), /--out: empty path/);
    oneLineError(
      await run(...batch('--out', join(aFile, 'x.csv'))),
      /--out .*file\.json\/x\.csv: .*file\.json is a file, not a directory/,
    );
    oneLineError(
      await run(...batch('--out', f('o1.csv'), '--solutions', aFile)),
      /--solutions .*file\.json: .*file\.json is a file, not a directory/,
    );
    oneLineError(
      await run(
        'tournament',
        'pilstymas',
        '--players',
        'random,greedy',
        '--games',
        '2',
        '--out',
        f('t1.csv'),
        '--records',
        aFile,
      ),
      /--records .*file\.json: .* is a file, not a directory/,
    );
    const empty = file('empty-sol.json', { game: 'parterre', deal: ptDealToJson(ptDealFromSeed('3')), moves: [] });
    oneLineError(
      await run('replay', '--solution', empty, '--out', '/proc/r.html'),
      /--out \/proc\/r\.html: cannot create the file/,
    );
    oneLineError(
      await run('report', f('none.csv'), '--out', '/proc/r.html'),
      /--out \/proc\/r\.html: cannot create the file/,
    );
    expect(existsSync(f('o1.csv')) || existsSync(f('t1.csv'))).toBe(false);
  });

  it.skipIf(!proc)('a directory under /proc: one line at once (a recursive mkdir would spin forever)', () => {
    const cases: [string[], RegExp][] = [
      [
        batch('--out', '/proc/x/y.csv'),
        /--out \/proc\/x\/y\.csv: cannot create directory \/proc\/x: the directory \/proc takes no new entries/,
      ],
      [
        batch('--out', f('o2.csv'), '--solutions', '/proc/foo'),
        /--solutions \/proc\/foo: cannot create directory \/proc\/foo/,
      ],
      [
        [
          'tournament',
          'pilstymas',
          '--players',
          'random,greedy',
          '--games',
          '2',
          '--out',
          f('t2.csv'),
          '--records',
          '/proc/foo',
        ],
        /--records \/proc\/foo: cannot create directory/,
      ],
      [
        ['search', 'zioplys', '--players', '2', '--budget', '50', '--out', '/proc/x/best'],
        /--out \/proc\/x\/best: cannot create directory \/proc\/x/,
      ],
    ];
    const results = runInChild(...cases.map(([args]) => args));
    for (const [i, [, message]] of cases.entries()) oneLineError(results[i], message);
  });

  it('missing directories are made, level by level', async () => {
    const out = f('made/deep/r.csv');
    expect((await run(...batch('--out', out))).code).toBe(0);
    expect(readCsvRows(out).rows).toHaveLength(1);
  });

  const root = process.getuid?.() === 0;
  if (root)
    console.warn(
      'hostile-input: running as root, which may write anywhere: the unwritable-directory case checks only the message mapping',
    );
  it.skipIf(root)('a directory without write permission', async () => {
    const ro = f('readonly');
    mkdirSync(ro);
    chmodSync(ro, 0o555);
    try {
      oneLineError(
        await run(...batch('--out', join(ro, 'x.csv'))),
        /--out .*readonly\/x\.csv: cannot create the file: permission denied \(EACCES\)/,
      );
      oneLineError(
        await run(...batch('--out', f('o3.csv'), '--solutions', join(ro, 'sols'))),
        /cannot create directory .*readonly\/sols: permission denied \(EACCES\)/,
      );
    } finally {
      chmodSync(ro, 0o755);
    }
  });

  it('file system errors are said in words with their code', () => {
    expect(fileProblem({ code: 'EACCES' })).toBe('permission denied (EACCES)');
    expect(fileProblem({ code: 'ENOSPC' })).toBe('no space left on the device (ENOSPC)');
    expect(fileProblem({ code: 'EROFS' })).toBe('read-only file system (EROFS)');
    expect(fileProblem({ code: 'EWHATEVER' })).toBe('EWHATEVER');
  });
});

describe('CSVs given to summary and report are checked row by row', () => {
  let bc: Record<string, string>[], pil: Record<string, string>[], z: Record<string, string>[];
  beforeAll(async () => {
    for (const args of [
      ['batch', 'parterre', '--seeds', '1..3', '--max-nodes', '2000', '--workers', '1', '--out', f('pt.csv')],
      [
        'tournament',
        'pilstymas',
        '--players',
        'random,greedy',
        '--games',
        '2',
        '--max-turns',
        '200',
        '--workers',
        '1',
        '--out',
        f('t.csv'),
      ],
      ['batch', 'zioplys', '--players', '2..3', '--seeds', '1..3', '--workers', '1', '--out', f('z.csv')],
    ]) {
      const r = await run(...args);
      if (r.code !== 0) throw new Error(r.err);
    }
    bc = readCsvRows(f('pt.csv')).rows;
    pil = readCsvRows(f('t.csv')).rows;
    z = readCsvRows(f('z.csv')).rows;
  }, 120_000);

  /** The rows with row `k`'s `field` set to `value`, as a CSV file. */
  const edited = (name: string, rows: Record<string, string>[], k: number, field: string, value: string) =>
    file(
      name,
      stringify(
        rows.map((r, i) => (i === k ? { ...r, [field]: value } : r)),
        { header: true },
      ),
    );

  it('the files as written pass', async () => {
    for (const csv of ['pt.csv', 't.csv', 'z.csv']) expect((await run('summary', f(csv))).code).toBe(0);
  });

  it('a bad cell is one line naming the file, line and field, for summary and report alike', async () => {
    const cases: [string, RegExp][] = [
      [
        edited('b1.csv', bc, 0, 'outcome', 'frobbed'),
        /b1\.csv: line 2: field "outcome" is "frobbed"; expected one of solved, unsolvable, unknown, error/,
      ],
      [edited('b2.csv', bc, 1, 'ms', '-5'), /b2\.csv: line 3: field "ms" is "-5"; expected a whole number >= 0/],
      [edited('t1.csv', pil, 0, 'winner', 'Q'), /t1\.csv: line 2: field "winner" is "Q"; expected one of (A, B|draw)/],
      [
        edited('t2.csv', pil, 1, 'turns', 'abc'),
        /t2\.csv: line 3: field "turns" is "abc"; expected a whole number >= 0/,
      ],
      [
        edited('z1.csv', z, 2, 'players', '-3'),
        /z1\.csv: line 4: field "players" is "-3"; expected a whole number from 2 to 6/,
      ],
      [
        edited('s1.csv', bc, 0, 'settings', 'dfs \u001b[2J'),
        /s1\.csv: line 2: field "settings" is "dfs \\u001b\[2J"; expected text without control characters/,
      ],
      [
        edited('g1.csv', bc, 0, 'game', 'frobnitz'),
        /g1\.csv: line 2: field "game" is "frobnitz"; expected one of besieged-city, parterre, pilstymas, zioplys/,
      ],
    ];
    const k = z.findIndex((r) => r.outcome === 'loser');
    cases.push([
      edited('z2.csv', z, k, 'loser', z[k].players),
      new RegExp(
        `z2\\.csv: line ${k + 2}: field "loser" is "${z[k].players}"; expected a whole number from 0 to ${Number(z[k].players) - 1}`,
      ),
    ]);
    for (const [csv, message] of cases) {
      oneLineError(await run('summary', csv), message);
      oneLineError(await run('report', csv, '--out', f('r.html')), message);
    }
  });

  it('a file that is not a batch or tournament CSV says so, and which columns were expected', async () => {
    const sol = file('sol.json', JSON.stringify(ptDealToJson(ptDealFromSeed('1')), null, 2));
    oneLineError(
      await run('summary', sol),
      /sol\.json: not a batch or tournament CSV \(its first line is "\{"\); expected the columns game,seed,outcome,.*,error \(batch: besieged-city\); game,seed,outcome,.*\[share_mean\].*,error \(batch: parterre\); game,item,seed,seatA,.* \(tournament: pilstymas\); game,item,players,.* \(batch: zioplys\)/,
    );
  });
});

describe('what is echoed from the input is quoted', () => {
  it('a card with a newline and an ANSI escape: one line, the escape shown, not sent', async () => {
    const d = dealToJson(dealFromSeed('7'));
    d.reserve[0][0] = 'A\u001b[2J\nS';
    const r = await run('show', '--deal', file('ansi.json', d));
    oneLineError(r, /ansi\.json: reserve\[0\]\[0\]: unknown card "A\\u001b\[2J\\nS"/);
  });

  it('a move with a newline, in verify and replay', async () => {
    const sol = file('nl-sol.json', {
      game: 'parterre',
      deal: ptDealToJson(ptDealFromSeed('3')),
      moves: ['AS p0\n>F\u009b2J'],
    });
    const v = await run('verify', '--solution', sol);
    expect(v.code).toBe(1);
    expect(v.out.split('\n')).toHaveLength(1);
    expect(v.out).toMatch(/^invalid: move 1 "AS p0\\n>F\\u009b2J" is illegal/);
    oneLineError(
      await run('replay', '--solution', sol, '--out', f('nl.html')),
      /moves\[0\] "AS p0\\n>F\\u009b2J" is illegal/,
    );
  });

  it('flags are quoted too', async () => {
    oneLineError(await run('solve', 'parterre', '--seed', 'a\nb'), /--seed: "a\\nb" is not a seed/);
    oneLineError(
      await run('solve', 'parterre', '--seed', '1', '--timeout', '\u001b[31m'),
      /--timeout: "\\u001b\[31m" is not a duration/,
    );
  });

  it('quote: control, C1, separator and bidi characters escaped; long text cut; other values by kind', () => {
    expect(quote('a"b\\c')).toBe('"a\\"b\\\\c"');
    expect(quote('\u0000\u007f\u0085\u2028\u202e\u2066')).toBe('"\\u0000\\u007f\\u0085\\u2028\\u202e\\u2066"');
    expect(quote('x'.repeat(100), 10)).toBe(`"${'x'.repeat(10)}"…`);
    expect(quote('😀😀', 3)).toBe('"😀"…'); // never half a character
    expect([quote(undefined), quote(null), quote(3), quote(true), quote([1, 2]), quote({ a: 1 })]).toEqual([
      'nothing',
      'null',
      '3',
      'true',
      'an array of 2',
      'an object',
    ]);
    expect(oneLine('a\nb\u001bc')).toBe('a\\nb\\u001bc');
  });
});

describe('fields the program does not read are refused, naming them', () => {
  const pt = ptDealToJson(ptDealFromSeed('3'));

  it('a solution with "variant" at the top level (where deal.variant was meant)', async () => {
    const sol = file('top-variant.json', {
      game: 'besieged-city',
      deal: dealToJson(dealFromSeed('7')),
      moves: [],
      variant: { 'trench-order': 'ordinary' },
    });
    oneLineError(
      await run('verify', '--solution', sol),
      /top-variant\.json: unknown field "variant" \(known: game, deal, moves, outcome, limit, stats, solver\); the rule variant is a field of "deal" \(deal\.variant\)/,
    );
  });

  it('in deals of every game, in a deal inside a solution, and in records', async () => {
    oneLineError(
      await run('show', '--deal', file('x1.json', { ...pt, colour: 'red' })),
      /x1\.json: unknown field "colour" \(known: game, seed, piles, bouquet, variant\)/,
    );
    const bc = dealToJson(dealFromSeed('7'));
    oneLineError(
      await run('show', '--deal', file('x2.json', { ...bc, trenches: { ...bc.trenches, X: [] } })),
      /x2\.json: trenches: unknown field "X" \(known: N, E, S, W\)/,
    );
    oneLineError(
      await run('verify', '--solution', file('x3.json', { game: 'parterre', deal: { ...pt, rules: 'x' }, moves: [] })),
      /x3\.json: deal: unknown field "rules"/,
    );
    const z = JSON.parse((await run('deal', 'zioplys', '--seed', '2', '--json')).out);
    oneLineError(
      await run('show', '--deal', file('x4.json', { ...z, wrap: false })),
      /x4\.json: unknown field "wrap" \(known: game, seed, players, start, reserves\)/,
    );
    const pil = JSON.parse((await run('deal', 'pilstymas', '--seed', '2', '--json')).out);
    oneLineError(
      await run('show', '--deal', file('x5.json', { ...pil, rule: 'russian-bank' })),
      /x5\.json: unknown field "rule" \(known: game, seed, packs\)/,
    );
    const rec = {
      game: 'pilstymas',
      deal: pil,
      moves: [{ player: 0, move: 'end', note: 1 }],
      result: { outcome: 'draw', turns: 1 },
    };
    oneLineError(
      await run('verify', '--solution', file('x6.json', rec)),
      /x6\.json: moves\[0\]: unknown field "note" \(known: player, move, turned\)/,
    );
    oneLineError(
      await run('verify', '--solution', file('x7.json', { ...rec, moves: [], win: 'russian-bank' })),
      /x7\.json: unknown field "win" \(known: format, version, game, deal, rule, maxTurns, players, moves, result\)/,
    );
  });

  it('a seed with a control character (it is shown in titles) is refused', async () => {
    const d = { ...pt, seed: 'x\u001b]0;owned\u0007' };
    oneLineError(
      await run('show', '--deal', file('seed.json', d)),
      /seed\.json: field "seed" "x\\u001b\]0;owned\\u0007" holds a control character/,
    );
  });

  it('what solve --json and --solutions write still verifies', async () => {
    const r = await run('solve', 'parterre', '--seed', '12', '--max-nodes', '200000', '--json');
    expect((await run('verify', '--solution', file('s12.json', r.out))).out).toMatch(/^valid/);
    const sols = f('sols');
    expect(
      (
        await run(
          'batch',
          'parterre',
          '--seeds',
          '12',
          '--max-nodes',
          '200000',
          '--workers',
          '1',
          '--out',
          f('s12.csv'),
          '--solutions',
          sols,
        )
      ).code,
    ).toBe(0);
    for (const name of readdirSync(sols))
      expect((await run('verify', '--solution', join(sols, name))).out).toMatch(/^valid/);
  });
});

describe('JSON inside a <script> element', () => {
  const SEEDS = ['<!--<script>', '</script><script>document.title="owned"</script>', 'a\u2028b'];

  it('escapes every "<" and U+2028/2029, and still parses to the same value', () => {
    for (const seed of SEEDS) {
      const text = scriptJson({ seed });
      expect(text).not.toMatch(/[<\u2028\u2029]/);
      expect(JSON.parse(text)).toEqual({ seed });
    }
  });

  it('a replay page of a deal whose seed is "<!--<script>" keeps its data intact', async () => {
    const sol = JSON.parse((await run('solve', 'parterre', '--seed', '12', '--max-nodes', '200000', '--json')).out);
    sol.deal.seed = SEEDS[0];
    const page = f('seed-replay.html');
    expect((await run('replay', '--solution', file('seed-sol.json', sol), '--out', page)).code).toBe(0);
    const html = readFileSync(page, 'utf8');
    const data = /<script type="application\/json" id="replay-data">(.*?)<\/script>/s.exec(html)![1];
    expect(data).not.toContain('<');
    expect(JSON.parse(data).title).toBe(`Parterre, deal ${SEEDS[0]}`);
    // That the page's script runs and draws the board, in chromium: test/report/browser.e2e.test.ts.
  });
});
