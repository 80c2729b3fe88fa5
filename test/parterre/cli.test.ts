import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../cli/run.js';
import { tempDir } from '../temp-dir.js';

const dir = tempDir('parterre-');
const file = (name: string, doc: unknown) => {
  const p = join(dir, name);
  writeFileSync(p, typeof doc === 'string' ? doc : JSON.stringify(doc));
  return p;
};

describe('patience … parterre', () => {
  it('deals a seed as a layout and as JSON that show reads back', async () => {
    const a = await run('deal', 'parterre', '--seed', '42');
    expect(a.code).toBe(0);
    expect(a.out).toContain('p0: QH QD 6H 6S TH 8C');
    expect(a.out).toContain('b:  4S 6D');
    const j = await run('deal', 'parterre', '--seed', '42', '--json');
    const doc = JSON.parse(j.out);
    expect(doc).toMatchObject({ game: 'parterre', seed: '42' });
    expect(doc.piles).toHaveLength(6);
    expect(doc.bouquet).toHaveLength(16);
    const s = await run('show', '--deal', file('d42.json', doc));
    expect(s.code).toBe(0);
    expect(s.out).toContain('p0: QH QD 6H 6S TH 8C');
  });

  it('solves to a JSON document that verify accepts, and rejects a broken one', async () => {
    const r = await run('solve', 'parterre', '--seed', '3', '--json', '--max-nodes', '200000');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out);
    expect(doc.outcome).toBe('solved');
    const ok = await run('verify', '--solution', file('sol.json', doc));
    expect(ok).toMatchObject({ code: 0 });
    expect(ok.out).toMatch(/^valid: won in \d+ moves/);
    const cut = await run('verify', '--solution', file('cut.json', { ...doc, moves: doc.moves.slice(0, 10) }));
    expect(cut.code).toBe(1);
    expect(cut.out).toMatch(/invalid: the line ends unwon after 10 moves/);
    const bad = await run('verify', '--solution', file('bad.json', { ...doc, moves: ['KS p0>p1', ...doc.moves] }));
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/invalid: move 1 "KS p0>p1" is illegal/);
  });

  it('plays under --variant foundations=removable: solve, the file records it, verify replays it', async () => {
    const r = await run(
      'solve',
      'parterre',
      '--seed',
      '42',
      '--variant',
      'foundations=removable',
      '--json',
      '--max-nodes',
      '100000',
      '--algorithm',
      'best-first',
    );
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out);
    expect(doc).toMatchObject({ outcome: 'solved', deal: { variant: { foundations: 'removable' } } });
    // This line takes a card back off a foundation (found at 3.4k nodes; 'auto' wins this deal in
    // the streamlined space, where cards only go home).
    const back = doc.moves.findIndex((m: string) => / F>p\d$/.test(m));
    expect(back).toBeGreaterThan(0);
    expect(await run('verify', '--solution', file('rem.json', doc))).toMatchObject({ code: 0 });
    const { variant: _, ...finalDeal } = doc.deal;
    const fin = await run('verify', '--solution', file('fin.json', { ...doc, deal: finalDeal }));
    expect(fin.code).toBe(1);
    expect(fin.out).toContain(
      `invalid: move ${back + 1} "${doc.moves[back]}" is illegal: cards on a foundation never leave it`,
    );
    const other = await run(
      'solve',
      'parterre',
      '--deal',
      file('rem.json', doc.deal),
      '--variant',
      'foundations=final',
    );
    expect(other.code).toBe(2);
    expect(other.err).toMatch(/records variant foundations=removable/);
    const bad = await run('deal', 'parterre', '--seed', '1', '--variant', 'foundations=sometimes');
    expect(bad.code).toBe(2);
    expect(bad.err.trim()).toBe(
      'patience: --variant: foundations=sometimes is not a value of that switch (use final, removable)',
    );
  });

  it('says unsolvable for a deal proved lost', async () => {
    const r = await run('solve', 'parterre', '--seed', '8', '--max-nodes', '5000000', '--timeout', 'none');
    expect(r.code).toBe(0);
    expect(r.out).toContain('outcome: unsolvable');
  });

  it('reports bad input in one line with exit code 2', async () => {
    const good = JSON.parse((await run('deal', 'parterre', '--seed', '1', '--json')).out);
    const cases: [string[], RegExp][] = [
      [['show', '--deal', file('g.json', { ...good, game: 'nope' })], /unknown game "nope"/],
      [
        ['solve', 'parterre', '--deal', file('bc.json', { ...good, game: 'besieged-city' })],
        /field "game" is "besieged-city", expected "parterre"/,
      ],
      [
        ['show', '--deal', file('card.json', { ...good, bouquet: ['ZZ', ...good.bouquet.slice(1)] })],
        /bouquet\[0\]: unknown card "ZZ"/,
      ],
      [
        [
          'show',
          '--deal',
          file('count.json', { ...good, piles: [good.piles[0], ...good.piles.slice(1, 5), good.piles[0]] }),
        ],
        /appears 2 times/,
      ],
      [['show', '--deal', file('notjson.json', '{')], /not valid JSON/],
      [['verify', '--solution', file('nomoves.json', { game: 'parterre', deal: good })], /field "moves" is missing/],
      [['solve', 'parterre', '--seed', '1', '--timeout', 'soon'], /--timeout: "soon" is not a duration/],
      [['solve', 'parterre', '--seed', '1', '--deal', 'x.json'], /either --seed or --deal/],
      [['deal', 'parterre', '--bogus'], /Unknown argument/i],
    ];
    for (const [args, msg] of cases) {
      const r = await run(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toMatch(msg);
      expect(r.err.trim().split('\n')).toHaveLength(1);
    }
  });
});
