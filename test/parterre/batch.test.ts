import { describe, expect, it } from 'vitest';
import { columnsOf } from '../../src/batch/job.js';
import { job } from '../../src/games/parterre/job.js';
import { formatSummary, summarize as summarizeRows } from '../../src/solitaire/solvability.js';

const summarize = (rows: Record<string, string>[]) => summarizeRows(rows, 'Parterre');
import { replay } from '../../src/games/parterre/replay.js';
import { dealFromSeed, withVariant } from '../../src/games/parterre/deal.js';

const config = { algorithm: 'dfs' as const, maxNodes: 100_000, memoryBytes: 1 << 26, settings: 'dfs max-nodes=100000' };

describe('batch job and summary', () => {
  it('turns a seed into one row with every column, and the line on the side', () => {
    const cols = columnsOf(job, config);
    const a = job.run(config, '3');
    expect(
      Object.keys(a)
        .filter((k) => !k.startsWith('_'))
        .sort(),
    ).toEqual([...cols].sort());
    expect(a).toMatchObject({ game: 'parterre', seed: '3', outcome: 'solved', limit: '' });
    expect(replay(dealFromSeed('3'), String(a._line).split('\n'))).toMatchObject({ ok: true, won: true });
    expect(job.run(config, '8')).toMatchObject({ outcome: 'unsolvable', moves: '' });
    expect(job.run({ ...config, maxNodes: 50 }, '2')).toMatchObject({ outcome: 'unknown', limit: 'nodes' });
  });

  it('plays each row under the variant the batch gives it (rules), and replays its line under it', () => {
    const rules = 'foundations=removable';
    // Best-first: its line takes a card back off a foundation ('auto' wins this deal in the
    // streamlined space, where cards only go home).
    const row = job.run({ ...config, algorithm: 'best-first', rules }, '42');
    expect(row).toMatchObject({ outcome: 'solved' });
    const line = String(row._line).split('\n');
    expect(line.some((m) => m.includes(' F>p'))).toBe(true);
    expect(replay(withVariant(dealFromSeed('42'), rules), line)).toMatchObject({ ok: true, won: true });
    expect(replay(dealFromSeed('42'), line)).toMatchObject({ ok: false });
  });

  it('summarises rows with the solvable share and its interval', () => {
    const row = (seed: string, outcome: string, ms: number) => ({
      game: 'parterre',
      seed,
      outcome,
      ms: String(ms),
      nodes: '1000',
      limit: outcome === 'unknown' ? 'time' : '',
      settings: 's',
    });
    const rows = [
      row('1', 'solved', 10),
      row('2', 'solved', 30),
      row('3', 'unsolvable', 5),
      row('4', 'unknown', 1000),
      row('4', 'solved', 20),
    ];
    const s = summarize(rows);
    expect(s).toMatchObject({ deals: 4, solved: 3, unsolvable: 1, unknown: 0, duplicates: 1 });
    expect(s.solvable.proven).toBe(0.75);
    expect(s.solvable.lo).toBeLessThan(0.75);
    expect(s.solvable.hi).toBeGreaterThan(0.75);
    expect(s.solvedMs?.median).toBe(20);
    expect(formatSummary(s)).toContain('Parterre: 4 deals');
  });
});
