import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dealFromJson, dealFromSeed } from '../../src/games/parterre/deal.js';
import { dealToSolvitaire } from '../../src/games/parterre/solvitaire-file.js';
import { run } from '../cli/run.js';
import { tempDir } from '../temp-dir.js';

// Solvitaire's Flower Garden deal files ("tableau piles", "reserve"): written by deal --format
// solvitaire, read by show, solve, verify and batch --deal as readily as this project's own; the
// round trip keeps every card in its place; a bad file is one line naming the field or card.

const dir = tempDir('solvitaire-');
const file = (name: string, doc: unknown) => {
  const p = join(dir, name);
  writeFileSync(p, typeof doc === 'string' ? doc : JSON.stringify(doc));
  return p;
};
const cardsOf = (d: { piles: number[][]; bouquet: number[] }) => ({ piles: d.piles, bouquet: d.bouquet });

describe("Solvitaire's deal files", () => {
  it('round trip: every card back in its place, for seeds and PySolFC numbers', () => {
    for (const seed of ['1', '42', '777', 'pysolfc#12345', 'pysolfc#32000']) {
      const d = dealFromSeed(seed);
      const back = dealFromJson(JSON.parse(JSON.stringify(dealToSolvitaire(d))), 'f');
      expect(cardsOf(back), seed).toEqual(cardsOf(d));
    }
  });

  it('deal --format solvitaire writes one that show, solve, verify and batch --deal read', async () => {
    const w = await run('deal', 'parterre', '--seed', '3', '--format', 'solvitaire');
    expect(w.code).toBe(0);
    const doc = JSON.parse(w.out);
    expect(Object.keys(doc)).toEqual(['tableau piles', 'reserve']);
    expect(
      doc['tableau piles']
        .flat()
        .concat(doc.reserve)
        .some((c: string) => c.startsWith('10')),
    ).toBe(true);
    const f = file('3.json', w.out);
    const ours = await run('deal', 'parterre', '--seed', '3');
    const shown = await run('show', '--deal', f);
    expect(shown.code).toBe(0);
    expect(shown.out.split('\n').slice(1)).toEqual(ours.out.split('\n').slice(1));
    const sol = await run('solve', '--deal', f, '--json', '--max-nodes', '200000');
    expect(sol.code).toBe(0);
    const s = JSON.parse(sol.out);
    expect(s.outcome).toBe('solved');
    expect(await run('verify', '--solution', file('sol.json', s))).toMatchObject({ code: 0 });
    // A solution may carry its deal in Solvitaire's form too.
    const mixed = file('mixed.json', { game: 'parterre', deal: doc, moves: s.moves });
    expect((await run('verify', '--solution', mixed)).out).toMatch(/^valid: won in \d+ moves/);
    const out = join(dir, 'b.csv');
    const b = await run('batch', '--deal', f, file('42.json', dealToSolvitaire(dealFromSeed('42'))), '--out', out);
    expect(b.code).toBe(0);
    expect(readFileSync(out, 'utf8').split('\n').filter(Boolean)).toHaveLength(3);
    // Under the preset's reading when asked.
    const r = await run('solve', '--deal', f, '--variant', 'foundations=removable', '--max-nodes', '200000');
    expect(r.out.split('\n')[0]).toMatch(/\(variant foundations=removable\)/);
  });

  it("reads Solvitaire's other spellings of a card: 1..13, lower case", async () => {
    const d = dealToSolvitaire(dealFromSeed('9')) as { 'tableau piles': string[][]; reserve: string[] };
    const spelled = (c: string) =>
      c.replace(/^A/, '1').replace(/^J/, '11').replace(/^Q/, '12').replace(/^K/, '13').toLowerCase();
    const doc = { 'tableau piles': d['tableau piles'].map((p) => p.map(spelled)), reserve: d.reserve.map(spelled) };
    expect(cardsOf(dealFromJson(doc, 'f'))).toEqual(cardsOf(dealFromSeed('9')));
  });

  it('a bad file is one line naming the field or the card, and exit code 2', async () => {
    const good = dealToSolvitaire(dealFromSeed('5')) as { 'tableau piles': string[][]; reserve: string[] };
    const piles = good['tableau piles'];
    const cases: [string, unknown, RegExp][] = [
      ['five-piles', { ...good, 'tableau piles': piles.slice(0, 5) }, /"tableau piles" must be 6 piles of 6 cards/],
      [
        'short',
        { ...good, 'tableau piles': [piles[0].slice(1), ...piles.slice(1)] },
        /tableau piles\[0\]: expected 6 cards/,
      ],
      [
        'ten-as-T',
        { ...good, reserve: good.reserve.map((c, i) => (i === 0 ? 'TS' : c)) },
        /reserve\[0\]: "TS" is not a card in Solvitaire's notation/,
      ],
      ['no-reserve', { 'tableau piles': piles }, /reserve: expected an array of 16 cards/],
      ['twice', { ...good, reserve: [...good.reserve.slice(0, 15), good.reserve[0]] }, /card \S+ appears 2 times/],
      ['foundations', { ...good, foundations: [['AS'], [], [], []] }, /field "foundations" must be empty/],
      ['unknown-field', { ...good, rules: 'x' }, /unknown field "rules"/],
      // A file naming another game goes to that game, which does not read Solvitaire's fields.
      ['other-game', { ...good, game: 'besieged-city' }, /unknown field "tableau piles"/],
    ];
    expect(() => dealFromJson({ ...good, game: 'zioplys' }, 'f')).toThrow(
      /field "game" is "zioplys", expected "parterre"/,
    );
    for (const [name, doc, why] of cases) {
      const f = file(`${name}.json`, doc);
      for (const args of [
        ['show', '--deal', f],
        ['solve', '--deal', f],
        ['batch', '--deal', f, '--out', join(dir, 'never.csv')],
      ]) {
        const r = await run(...args);
        expect(r.code, `${name}: ${args[0]}`).toBe(2);
        expect(r.err, `${name}: ${args[0]}`).toMatch(why);
        expect(r.err.trim().split('\n')).toHaveLength(1);
      }
    }
  });
});
