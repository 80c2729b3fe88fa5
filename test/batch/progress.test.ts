import { describe, expect, it } from 'vitest';
import { Progress } from '../../src/batch/progress.js';

// The progress line follows the items done and a clock the test gives it, never a real timer:
// no rate or ETA from one item, and its tag is the command's.

describe('progress', () => {
  const lines: string[] = [];
  let clock = 0;
  const progress = (total: number, label = 'batch', unit = 'deals') =>
    new Progress(total, () => 'solved 100.0% so far', {
      label,
      unit,
      tty: false,
      intervalMs: 0,
      now: () => clock,
      write: (l) => lines.push(l),
    });

  it('gives a rate and an ETA only after 10 more items than the first, over 2 s', () => {
    lines.length = 0;
    clock = 0;
    const p = progress(10_000);
    clock = 600; // the workers took 0.6 s to start
    p.tick();
    expect(lines[0]).toBe('[batch] 1/10000 done, 1s in, ETA after 11 deals, solved 100.0% so far\n');
    for (let i = 2; i <= 11; i++) (clock += 100), p.tick(); // 10 more in 1 s: not long enough
    expect(lines.at(-1)).toMatch(/^\[batch\] 11\/10000 done, 2s in, ETA after 11 deals/);
    for (let i = 12; i <= 21; i++) (clock += 100), p.tick(); // 20 in 2 s after the first
    expect(lines.at(-1)).toBe('[batch] 21/10000 done, 10.0 deals/s, ETA 16m38s, solved 100.0% so far\n');
  });

  it('says how long it took at the end, and a tournament is labelled as one', () => {
    lines.length = 0;
    clock = 0;
    const p = progress(2, 'tournament', 'games');
    (clock = 1000), p.tick();
    (clock = 3000), p.tick();
    expect(lines).toEqual([
      '[tournament] 1/2 done, 1s in, ETA after 11 games, solved 100.0% so far\n',
      '[tournament] 2/2 done, 3s in all, solved 100.0% so far\n',
    ]);
  });
});
