// Statistics for batch summaries.

/** 95% Wilson score interval for k successes in n trials, as fractions. */
export function wilson(k: number, n: number, z = 1.959964): { lo: number; hi: number } {
  if (n === 0) return { lo: 0, hi: 1 };
  const p = k / n, z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return { lo: Math.max(0, centre - half), hi: Math.min(1, centre + half) };
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

export const pct = (x: number, digits = 1) => `${(100 * x).toFixed(digits)}%`;

/** pct() of an interval bound, with as many more digits (up to 4) as it takes for a bound short
 *  of 0 or 1 not to print as one (all of 10,000 deals solved: 99.96% .. 100.0%, not 100.0% .. 100.0%). */
export function boundPct(x: number, digits = 1): string {
  if (!Number.isFinite(x)) return '–';
  let d = digits;
  while (d < 4 && x > 0 && x < 1 && ((100 * x).toFixed(d) === (100).toFixed(d) || Number((100 * x).toFixed(d)) === 0)) d++;
  return pct(x, d);
}

/** How often each value occurs, as a plain object for JSON. Counted in a Map: a value read from
 *  a file ("constructor", "__proto__") is a key like any other, never a property of Object. */
export function countBy(values: Iterable<string>): Record<string, number> {
  const m = new Map<string, number>();
  for (const v of values) m.set(v, (m.get(v) ?? 0) + 1);
  return Object.fromEntries(m);
}
