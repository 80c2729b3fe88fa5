import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCsvRows } from '../../src/batch/csv.js';
import { PYSOLFC_TABLE } from '../../src/games/parterre/pysolfc-table.js';

// The table `patience pysolfc --list` prints from is the published rows, written again from them
// as they are now: a row added, rerun or changed without rewriting the table fails here.

const ROWS = 'data/parterre/pysolfc-removable.csv';
const GRADED = 'data/parterre/pysolfc-narrowness.csv';

describe("PySolFC's published table", () => {
  it('is what bench/pysolfc-table.ts writes from the published rows', () => {
    const written = execFileSync(process.execPath, ['--import', 'tsx', 'bench/pysolfc-table.ts', ROWS, GRADED], {
      encoding: 'utf8',
    });
    expect(written).toBe(readFileSync('src/games/parterre/pysolfc-table.ts', 'utf8'));
  });

  it("has one row per number from 1, each under PySolFC's rules, and agrees with the graded rows", () => {
    // In the order the batch finished them; numbered 1..N, each once.
    const rows = readCsvRows(ROWS).rows;
    const number = (seed: string) => Number(seed.slice('pysolfc#'.length));
    rows.sort((a, b) => number(a.seed) - number(b.seed));
    expect(rows.map((r) => r.seed)).toEqual(rows.map((_, i) => `pysolfc#${i + 1}`));
    expect(PYSOLFC_TABLE.verdicts).toHaveLength(rows.length);
    for (const r of rows) expect(r.settings).toBe(PYSOLFC_TABLE.settings);
    const letter = { solved: 'wemh', unsolvable: 'n', unknown: '?' } as Record<string, string>;
    rows.forEach((r, i) => expect(letter[r.outcome], r.seed).toContain(PYSOLFC_TABLE.verdicts[i]));
    const grades = readCsvRows('data/parterre/pysolfc-difficulty.csv').rows;
    for (const g of grades) {
      const c = PYSOLFC_TABLE.verdicts[number(g.seed) - 1];
      expect({ easy: 'e', medium: 'm', hard: 'h', unwinnable: 'n', undecided: '?' }[g.grade], g.seed).toBe(c);
    }
  });
});
