import type { CellCheck } from '../batch/schema.js';

// How hard each deal is, for a one-player game with a solver: the game says what its measure
// is (its kit's `difficulty`: the no-peek win share of a game with a hidden stock, how narrow
// the way is in a game with everything in sight) and how it grades a deal; this layer, knowing
// no game, sums the deals up — grades, a histogram of the measure, the hardest winnable deals —
// for `summary`, the report and the graded list (`patience difficulty`).

type CsvRow = Record<string, string>;

/** One deal's difficulty, from all its batch rows. */
export interface DealDifficulty {
  seed: string;
  /** The deal's verdict: solved, unsolvable, unknown or error. */
  outcome: string;
  /** The measure in 0..1, higher is easier; null when the deal was not measured (not solved,
   *  or the rows carry no measure). */
  value: number | null;
  /** The measure's range: a 95% interval, or the bounds undecided probes leave. */
  lo: number | null;
  hi: number | null;
  grade: string;
  /** The game's own columns of the graded list, in its `fields` order. */
  fields: Record<string, string | number>;
}

export interface DifficultyMeasure {
  /** What `value` is, for people (e.g. "no-peek win share"). */
  label: string;
  /** The batch that makes rows with the measure, for the message when rows lack it. */
  made: string;
  /** The batch columns the measure reads, beyond the solver's (optional in the CSV schema). */
  columns: readonly { name: string; check: CellCheck }[];
  /** The columns of the graded list, between the outcome and the grade. */
  fields: readonly string[];
  /** The grades, easiest first, each with its rule as a sentence; the last ones may be for deals
   *  without a measure (unwinnable, undecided). */
  grades: readonly { name: string; rule: string }[];
  /** One deal from all its rows (several when it was played several times), or null when they
   *  carry nothing of the measure (a plain solver batch). */
  assess(rows: readonly CsvRow[]): DealDifficulty | null;
}

export interface DifficultySummary {
  label: string;
  /** Deals assessed, and of them the ones with a measure. */
  deals: number;
  measured: number;
  grades: { grade: string; rule: string; deals: number }[];
  /** Measured winnable deals by their measure, in tenths: [from, to) (the last bin holds 1). */
  histogram: { from: number; to: number; deals: number }[];
  /** The hardest winnable deals: the lowest measure first (ties: the lower end of the range,
   *  then the seed as a number or text). */
  hardest: DealDifficulty[];
}

/** Rows grouped by deal (variant and seed), in the order first seen. */
export function byDeal(rows: readonly CsvRow[], keyOf: (r: CsvRow) => string): CsvRow[][] {
  const m = new Map<string, CsvRow[]>();
  for (const r of rows) {
    const k = keyOf(r);
    if (!m.has(k)) m.set(k, []);
    m.get(k)!.push(r);
  }
  return [...m.values()];
}

const seedOrder = (a: string, b: string): number => {
  const na = /^\d+$/.test(a) ? Number(a) : NaN,
    nb = /^\d+$/.test(b) ? Number(b) : NaN;
  if (!Number.isNaN(na) && !Number.isNaN(nb)) return na - nb;
  if (!Number.isNaN(na)) return -1;
  if (!Number.isNaN(nb)) return 1;
  // Another program's numbers (pysolfc#2, pysolfc#10) in the order of their numbers.
  const pa = /^(.*#)(\d+)$/.exec(a),
    pb = /^(.*#)(\d+)$/.exec(b);
  if (pa && pb && pa[1] === pb[1]) return pa[2].length - pb[2].length || (pa[2] < pb[2] ? -1 : pa[2] > pb[2] ? 1 : 0);
  return a < b ? -1 : a > b ? 1 : 0;
};

/** Every deal assessed, in seed order (numbers first, by value). */
export function assessDeals(m: DifficultyMeasure, deals: readonly CsvRow[][]): DealDifficulty[] {
  return deals
    .map((rows) => m.assess(rows))
    .filter((d): d is DealDifficulty => d !== null)
    .sort((a, b) => seedOrder(a.seed, b.seed));
}

/** The summary of the assessed deals; null when none carries the measure. `top`: how many of
 *  the hardest winnable deals to list. */
export function summarizeDifficulty(
  m: DifficultyMeasure,
  deals: readonly CsvRow[][],
  top = 10,
): DifficultySummary | null {
  const all = assessDeals(m, deals);
  const measured = all.filter((d) => d.value !== null);
  if (measured.length === 0) return null;
  const bins = Array.from({ length: 10 }, (_, i) => ({ from: i / 10, to: (i + 1) / 10, deals: 0 }));
  for (const d of measured) bins[Math.min(9, Math.floor(d.value! * 10))].deals++;
  const hardest = measured
    .filter((d) => d.outcome === 'solved')
    .sort((a, b) => a.value! - b.value! || (a.lo ?? 0) - (b.lo ?? 0) || seedOrder(a.seed, b.seed))
    .slice(0, top);
  const count = new Map<string, number>();
  for (const d of all) count.set(d.grade, (count.get(d.grade) ?? 0) + 1);
  return {
    label: m.label,
    deals: all.length,
    measured: measured.length,
    grades: m.grades.map((g) => ({ grade: g.name, rule: g.rule, deals: count.get(g.name) ?? 0 })),
    histogram: bins,
    hardest,
  };
}

const num = (x: number | null, d = 3) => (x === null ? '–' : x.toFixed(d));

/** The text lines of a difficulty summary (under the solver's summary). */
export function formatDifficulty(s: DifficultySummary): string[] {
  const out = [`  difficulty (${s.label}): ${s.measured} of ${s.deals} deals measured`];
  const w = Math.max(...s.grades.map((g) => g.grade.length));
  for (const g of s.grades) out.push(`    ${g.grade.padEnd(w)} ${String(g.deals).padStart(6)}  ${g.rule}`);
  out.push(`    histogram of the measure (winnable deals, by tenths): ${s.histogram.map((b) => b.deals).join(' ')}`);
  if (s.hardest.length) {
    out.push('    hardest winnable deals:');
    for (const d of s.hardest)
      out.push(
        `      ${d.seed.padStart(6)}  ${num(d.value)} [${num(d.lo)}, ${num(d.hi)}]  ${d.grade}  ${Object.entries(
          d.fields,
        )
          .map(([k, v]) => `${k}=${v}`)
          .join(' ')}`,
      );
  }
  return out;
}

/** The graded list: one row per deal, `game, seed, outcome, <the game's fields>, grade`. */
export function gradedRows(
  game: string,
  m: DifficultyMeasure,
  deals: readonly CsvRow[][],
): { columns: string[]; rows: Record<string, string | number>[] } {
  const columns = ['game', 'seed', 'outcome', ...m.fields, 'grade'];
  const rows = assessDeals(m, deals).map((d) => ({
    game,
    seed: d.seed,
    outcome: d.outcome,
    ...d.fields,
    grade: d.grade,
  }));
  return { columns, rows };
}
