import { boundedRate, percentile, pct } from '../../batch/stats.js';

// What a batch of Parterre deals says: how many are solvable, with a 95% Wilson interval that
// covers every way the undecided deals could turn out (unknown counted as unsolvable for the
// lower bound, as solvable for the upper), and how long it took.

export interface PtSummary {
  game: 'parterre';
  deals: number;
  solved: number;
  unsolvable: number;
  unknown: number;
  errors: number;
  unknownBy: Record<string, number>;
  solvable: { proven: number; lo: number; hi: number };
  ms: { median: number; p90: number; max: number; total: number };
  solvedMs: { median: number; p95: number } | null;
  nodes: number;
  nodesPerSecond: number;
  settings: string[];
  duplicates: number;
}

type CsvRow = Record<string, string>;

/** One row per seed (a decided one when there is a choice); counts the others. */
export function dedupe(rows: readonly CsvRow[]): { rows: CsvRow[]; duplicates: number } {
  const bySeed = new Map<string, CsvRow>();
  let duplicates = 0;
  const decided = (r: CsvRow) => r.outcome === 'solved' || r.outcome === 'unsolvable';
  for (const r of rows) {
    const prev = bySeed.get(r.seed);
    if (prev === undefined) bySeed.set(r.seed, r);
    else {
      duplicates++;
      if (!decided(prev) && decided(r)) bySeed.set(r.seed, r);
    }
  }
  return { rows: [...bySeed.values()], duplicates };
}

export function summarize(all: readonly CsvRow[]): PtSummary {
  const { rows, duplicates } = dedupe(all);
  const count = (o: string) => rows.filter((r) => r.outcome === o).length;
  const solved = count('solved'), unsolvable = count('unsolvable'), unknown = count('unknown'), errors = count('error');
  const unknownBy: Record<string, number> = {};
  for (const r of rows) if (r.outcome === 'unknown') unknownBy[r.limit || '?'] = (unknownBy[r.limit || '?'] ?? 0) + 1;
  const n = rows.length;
  const rate = boundedRate(solved, unknown + errors, n);
  const ms = rows.filter((r) => r.outcome !== 'error').map((r) => Number(r.ms)).sort((a, b) => a - b);
  const solvedMs = rows.filter((r) => r.outcome === 'solved').map((r) => Number(r.ms)).sort((a, b) => a - b);
  const nodes = rows.reduce((a, r) => a + (Number(r.nodes) || 0), 0);
  const totalMs = ms.reduce((a, b) => a + b, 0);
  return {
    game: 'parterre',
    deals: n,
    solved,
    unsolvable,
    unknown,
    errors,
    unknownBy,
    solvable: { proven: n ? solved / n : 0, lo: rate.lo, hi: rate.hi },
    ms: { median: percentile(ms, 50), p90: percentile(ms, 90), max: ms.length ? ms[ms.length - 1] : NaN, total: totalMs },
    solvedMs: solvedMs.length ? { median: percentile(solvedMs, 50), p95: percentile(solvedMs, 95) } : null,
    nodes,
    nodesPerSecond: totalMs > 0 ? Math.round((nodes / totalMs) * 1000) : 0,
    settings: [...new Set(rows.map((r) => r.settings).filter(Boolean))],
    duplicates,
  };
}

const fmtMs = (ms: number) => (Number.isNaN(ms) ? '-' : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);

export function formatSummary(s: PtSummary): string {
  const line = (label: string, k: number, extra = '') =>
    `  ${label.padEnd(11)}${String(k).padStart(7)}  ${s.deals ? pct(k / s.deals).padStart(6) : ''}${extra}`;
  const by = Object.entries(s.unknownBy).map(([k, v]) => `${k} ${v}`).join(', ');
  const out = [
    `Parterre: ${s.deals} deal${s.deals === 1 ? '' : 's'}${s.settings.length ? `, solver ${s.settings.join(' | ')}` : ''}`,
    line('solved', s.solved),
    line('unsolvable', s.unsolvable),
    line('unknown', s.unknown, by ? `   (limit: ${by})` : ''),
    line('error', s.errors),
    `  solvable: ${pct(s.solvable.proven)} proven; 95% interval ${pct(s.solvable.lo)} .. ${pct(s.solvable.hi)}` +
      ' (undecided deals count as unsolvable for the lower bound, solvable for the upper)',
    `  time per deal: median ${fmtMs(s.ms.median)}, p90 ${fmtMs(s.ms.p90)}, max ${fmtMs(s.ms.max)}` +
      (s.solvedMs ? `; solved deals: median ${fmtMs(s.solvedMs.median)}, p95 ${fmtMs(s.solvedMs.p95)}` : ''),
    `  nodes: ${s.nodes.toLocaleString('en-US')} in all, ${s.nodesPerSecond.toLocaleString('en-US')} nodes/s per worker`,
  ];
  if (s.duplicates) out.push(`  note: ${s.duplicates} duplicate seed row${s.duplicates === 1 ? '' : 's'} ignored`);
  return out.join('\n');
}
