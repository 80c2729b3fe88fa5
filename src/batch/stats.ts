// Statistics for batch summaries.

/** 95% Wilson score interval for k successes in n trials, as fractions. */
export function wilson(k: number, n: number, z = 1.959964): { lo: number; hi: number } {
  if (n === 0) return { lo: 0, hi: 1 };
  const p = k / n,
    z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  // 0 of n and n of n have the bound 0 and 1 exactly (the formula gives it up to rounding).
  return { lo: k === 0 ? 0 : Math.max(0, centre - half), hi: k === n ? 1 : Math.min(1, centre + half) };
}

/** Solvitaire's reporting: undecided deals count as failures for the lower bound and as
 *  successes for the upper, so the interval covers every way they could turn out. */
export function boundedRate(yes: number, undecided: number, n: number): { lo: number; hi: number } {
  return { lo: wilson(yes, n).lo, hi: wilson(yes + undecided, n).hi };
}

/** Nearest-rank percentile of a sorted array (p in 0..100). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

// Percentages, one rule everywhere (summaries, the report's tables and charts, bench tables):
// numbers shown together — a line of text, a table row, an estimate with its interval — get the
// same number of decimals: one, or more (up to four) until none strictly between 0% and 100%
// prints as 0 or 100. So a bound of 99.96% is never shown as 100.0%, and the line stays even:
// all of 10,000 deals solved is "100.00% proven; 95% interval 99.96% .. 100.00%".

/** Within rounding error of 0 or 1 (a Wilson bound of 0 of n or n of n) is exactly that. */
const exact = (x: number): number => (Math.abs(x) < 1e-12 ? 0 : Math.abs(1 - x) < 1e-12 ? 1 : x);

/** The decimals percentages of `xs` shown together get (non-finite values are ignored). */
export function pctDigits(xs: readonly number[]): number {
  const inner = xs.map(exact).filter((x) => Number.isFinite(x) && x > 0 && x < 1);
  const looksExact = (x: number, d: number) => {
    const t = Number((100 * x).toFixed(d));
    return t === 0 || t === 100;
  };
  let d = 1;
  while (d < 4 && inner.some((x) => looksExact(x, d))) d++;
  return d;
}

/** A fraction as a percentage: with `digits` decimals, or as the rule gives for it alone. */
export function pct(x: number, digits = pctDigits([x])): string {
  return Number.isFinite(x) ? `${(100 * exact(x)).toFixed(digits)}%` : '–';
}

/** Percentages shown together, each with the decimals the rule gives the group. */
export function pcts(xs: readonly number[]): string[] {
  const d = pctDigits(xs);
  return xs.map((x) => pct(x, d));
}

/** A formatter for a group (one table row): pct with the group's decimals. */
export function pctFormat(xs: readonly number[]): (x: number) => string {
  const d = pctDigits(xs);
  return (x) => pct(x, d);
}

/** How often each value occurs, as a plain object for JSON. Counted in a Map: a value read from
 *  a file ("constructor", "__proto__") is a key like any other, never a property of Object. */
export function countBy(values: Iterable<string>): Record<string, number> {
  const m = new Map<string, number>();
  for (const v of values) m.set(v, (m.get(v) ?? 0) + 1);
  return Object.fromEntries(m);
}

/** Merged shards or a re-run may repeat an item: keeps each item's last row, in first-seen order. */
export function lastRowPerItem<R extends Record<string, unknown>>(rows: readonly R[], itemOf: (r: R) => string): R[] {
  return [...new Map(rows.map((r) => [itemOf(r), r])).values()];
}
