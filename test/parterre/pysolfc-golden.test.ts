import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatCard } from '../../src/cards/card.js';
import { dealFromSeed } from '../../src/games/parterre/deal.js';
import { parsePysolfcNumber, pysolfcDeal, pysolfcShown } from '../../src/games/parterre/pysolfc.js';

// data/parterre/pysolfc-golden.json holds the layouts PySolFC itself dealt for Flower Garden
// (data/parterre/pysolfc-golden.py ran its code, at the commit the file names): every one must
// come out card for card, under both generators and across their boundaries.

interface Golden {
  pysolfc: { commit: string };
  deals: { number: string; generator: string; shown: string; columns: string[]; bouquet: string }[];
  refused: { number: string; error: string }[];
}
const golden = JSON.parse(readFileSync('data/parterre/pysolfc-golden.json', 'utf8')) as Golden;
const text = (cards: number[]) => cards.map((c) => formatCard(c)).join(' ');

describe("PySolFC's Flower Garden deals", () => {
  it('the golden file names its PySolFC commit and covers both generators and their boundaries', () => {
    expect(golden.pysolfc.commit).toMatch(/^[0-9a-f]{40}$/);
    const numbers = new Set(golden.deals.map((d) => d.number));
    for (const n of [
      '1',
      '2',
      '3',
      '31999',
      '32000',
      '32001',
      String(2 ** 32 - 1),
      String(2 ** 32),
      String(2 ** 32 + 1),
    ])
      expect(numbers).toContain(n);
    expect(numbers).toContain(`1${'0'.repeat(20)}`);
    for (const n of ['ms32000', `ms${2 ** 31}`, `ms${2 ** 32}`, `ms${2 ** 33 - 1}`]) expect(numbers).toContain(n);
    expect(new Set(golden.deals.map((d) => d.generator))).toEqual(new Set(['LCRandom31', 'MTRandom']));
    expect(golden.deals.length).toBeGreaterThan(300);
  });

  it('every golden number deals what PySolFC dealt, and shows as PySolFC shows it', () => {
    const wrong: string[] = [];
    for (const d of golden.deals) {
      const p = parsePysolfcNumber(d.number);
      if (!p.ok) {
        wrong.push(`${d.number}: refused (${p.reason})`);
        continue;
      }
      expect(p.number.ms).toBe(d.generator === 'LCRandom31');
      const deal = pysolfcDeal(p.number);
      const got = { shown: pysolfcShown(p.number), columns: deal.piles.map(text), bouquet: text(deal.bouquet) };
      const want = { shown: d.shown, columns: d.columns, bouquet: d.bouquet };
      if (JSON.stringify(got) !== JSON.stringify(want)) wrong.push(`${d.number}: ${JSON.stringify(got)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('the numbers PySolFC refuses are refused, with the reason', () => {
    for (const r of golden.refused) expect(parsePysolfcNumber(r.number)).toMatchObject({ ok: false });
    for (const t of ['-5', '+5', '1.5', '1,000', '', 'abc', '12a', `ms${2 ** 33}`])
      expect(parsePysolfcNumber(t), t).toMatchObject({ ok: false });
  });

  it('a deal named as batch rows name it (pysolfc#N) is the same deal', () => {
    expect(dealFromSeed('pysolfc#12345')).toEqual(dealFromSeed('pysolfc#ms12345'));
    expect(text(dealFromSeed('pysolfc#1').piles[0])).toBe('JD 7C AD 9D 4C 4D');
    expect(() => dealFromSeed('pysolfc#0')).toThrow(/no game 0/);
  });
});
