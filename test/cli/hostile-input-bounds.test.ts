import { closeSync, openSync, readdirSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { run } from './run.js';
import { tempDir } from '../temp-dir.js';

// Input that was accepted and then crashed, or was read as something else: every case is one
// line naming the problem and exit code 2, before any work (or at the first bad line of a file,
// without reading the rest into memory).

const dir = tempDir('patience-bounds-');

/** One line on stderr, exit code 2, matching `what`. */
function oneLineError(r: { code: number; out: string; err: string }, what: RegExp): void {
  expect([r.code, r.err.trim().split('\n').length], r.err).toEqual([2, 1]);
  expect(r.err).toMatch(/^patience: /);
  expect(r.err).not.toMatch(/internal error| at /);
  expect(r.err).toMatch(what);
}

describe('bounds said before any work', () => {
  it('a file of NULs (64 MiB) is refused at its first line, whatever its size', async () => {
    const file = join(dir, 'nuls.csv');
    const fd = openSync(file, 'w');
    const mib = Buffer.alloc(2 ** 20);
    for (let i = 0; i < 64; i++) writeSync(fd, mib);
    closeSync(fd);
    oneLineError(await run('summary', file), /nuls\.csv: line 1 holds a NUL byte: not a CSV text file/);
    // A line of 2 MiB without a line end is no batch CSV either.
    const long = join(dir, 'long.csv');
    writeFileSync(long, 'x'.repeat(2 * 2 ** 20));
    oneLineError(await run('summary', long), /long\.csv: line 1 is longer than 1 MiB/);
  }, 60_000);

  it('--seeds 0..50000000, --strategy-seeds 1e9 and analyse --samples 1e12: refused in one line', async () => {
    oneLineError(
      await run('batch', 'zioplys', '--seeds', '0..50000000', '--out', join(dir, 'big.csv')),
      /--seeds: 50,000,001 seeds, more than the 10,000,000 one run takes/,
    );
    oneLineError(
      await run(
        'batch',
        'besieged-city',
        '--seeds',
        '1..10',
        '--strategies',
        'greedy',
        '--strategy-seeds',
        '1e9',
        '--out',
        join(dir, 'plays.csv'),
      ),
      /--strategy-seeds: 10,000,000,000 plays \(1000000000 of each of 10 deals\), more than the 10,000,000 one run takes/,
    );
    oneLineError(
      await run('analyse', 'besieged-city', '--seed', '1', '--samples', '1e12'),
      /--samples: "1e12" is more than 100,000, the most it takes/,
    );
    // A shard of a long range holds only its share.
    const shard = await run(
      'batch',
      'zioplys',
      '--seeds',
      '1..40000000',
      '--shard',
      '1/8',
      '--out',
      join(dir, 'shard.csv'),
      '--workers',
      '0x10',
    );
    oneLineError(shard, /--workers: "0x10" is not a whole number >= 1/);
  }, 60_000);
});

describe('values read as what they say', () => {
  it('--workers 0x10, --max-nodes 0x10, --weight Infinity and an option given twice: refused', async () => {
    const out = join(dir, 'x.csv');
    oneLineError(
      await run('batch', 'zioplys', '--seeds', '1', '--workers', '0x10', '--out', out),
      /--workers: "0x10" is not a whole number/,
    );
    oneLineError(
      await run('solve', 'parterre', '--seed', '1', '--max-nodes', '0x10'),
      /--max-nodes: "0x10" is not a whole number/,
    );
    oneLineError(
      await run('solve', 'parterre', '--seed', '1', '--weight', 'Infinity'),
      /--weight: "Infinity" is not a number >= 1/,
    );
    oneLineError(
      await run('batch', 'zioplys', '--seeds', '1', '--out', join(dir, 'a.csv'), '--out', join(dir, 'b.csv')),
      /--out: given 2 times \(".*a\.csv", ".*b\.csv"\); it takes one value/,
    );
    expect(readdirSync(dir).filter((f) => /^[ab]\.csv/.test(f))).toEqual([]);
    // 2e6 and 2_000_000 still count.
    expect((await run('solve', 'parterre', '--seed', '1', '--max-nodes', '2_000')).code).not.toBe(2);
  }, 60_000);

  it('a CSV header naming a column twice is refused', async () => {
    const file = join(dir, 'twice.csv');
    writeFileSync(file, 'game,seed,outcome,moves,seed\nzioplys,1,won,3,2\n');
    oneLineError(await run('summary', file), /twice\.csv: line 1: the header names the column "seed" twice/);
  });
});

describe("a replay page checks the analysis's continuation", () => {
  let record = '';
  let moves: string[] = [];
  beforeAll(async () => {
    const r = await run(
      'batch',
      'besieged-city',
      '--seeds',
      '1',
      '--max-nodes',
      '200',
      '--workers',
      '1',
      '--strategies',
      'greedy',
      '--records',
      join(dir, 'rec'),
      '--out',
      join(dir, 'rec.csv'),
    );
    expect(r.code).toBe(0);
    record = join(dir, 'rec', readdirSync(join(dir, 'rec'))[0]);
    moves = JSON.parse(readFileSync(record, 'utf8')).moves.map((m: { move: string }) => m.move);
  }, 60_000);

  const analysis = (continuation: unknown, last = 'winnable', losingPly: number | null = null) => {
    const file = join(dir, `analysis-${Math.random().toString(36).slice(2)}.json`);
    const positions = [null, ...moves].map((move, k) => ({
      move,
      verdict: k === (losingPly === null ? moves.length : losingPly - 1) ? last : 'unknown',
    }));
    writeFileSync(file, JSON.stringify({ game: 'besieged-city', positions, losingPly, continuation }));
    return file;
  };

  it('a continuation that is no list of moves, or from a position not winnable, is refused; a good one is shown', async () => {
    const page = join(dir, 'replay.html');
    const replay = (a: string) => run('replay', '--solution', record, '--analysis', a, '--out', page);
    oneLineError(await replay(analysis('<script>alert(1)</script>')), /field "continuation" must be null or a list/);
    oneLineError(await replay(analysis([5])), /continuation\[0\] is 5, not a move's notation/);
    oneLineError(await replay(analysis(['1C\u001b[2J'])), /continuation\[0\] is .*, not a move's notation/);
    oneLineError(await replay(analysis(['9C r0c0>F'], 'lost')), /whose verdict is lost: not this analysis/);
    // Well formed but not a winning line in the game's rules: an illegal move, or a line that
    // stops short of the win.
    oneLineError(
      await replay(analysis(['9C r0c0>F'])),
      /is no winning line from position \d+: its move 1, "9C r0c0>F", is illegal there/,
    );
    const solved = await run('solve', 'besieged-city', '--seed', '1', '--json');
    const line: string[] = JSON.parse(solved.out).moves;
    oneLineError(
      await replay(analysis(line.slice(0, -1), 'winnable', 1)),
      /is no winning line from position 0: it does not win: 103\/104 cards/,
    );
    // The solver's line of the deal, from before the first move: shown.
    const ok = await replay(analysis(line, 'winnable', 1));
    expect(ok.code).toBe(0);
    expect(readFileSync(page, 'utf8')).toContain(line[0].replace('>', '&gt;'));
  }, 60_000);
});
