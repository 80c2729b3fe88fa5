import { variantOfSettings } from '../batch/settings.js';
import { boundedRate, countBy, percentile, pct, pcts, wilson } from '../batch/stats.js';
import {
  byDeal,
  type DifficultyMeasure,
  type DifficultySummary,
  formatDifficulty,
  summarizeDifficulty,
} from './difficulty.js';

// What a batch of solver rows says (any one-player game): how many deals are solvable, with an
// interval that covers every way the undecided deals could turn out (Solvitaire's convention),
// how long it took, and — where strategies played too — their win rates and certificates.

export interface SolvabilitySummary {
  game: string;
  /** The rule variant the rows were run under ("default": the rules page's reading). */
  variant: string;
  deals: number;
  solved: number;
  unsolvable: number;
  unknown: number;
  errors: number;
  unknownBy: Record<string, number>;
  /** Each outcome's share of the deals, with its 95% Wilson interval. */
  outcomes: { outcome: string; count: number; share: number; lo: number; hi: number }[];
  solvable: { proven: number; lo: number; hi: number };
  ms: { median: number; p90: number; p99: number; max: number; total: number };
  solvedMs: { median: number; p95: number } | null;
  nodes: number;
  nodesPerSecond: number;
  settings: string[];
  duplicates: number;
  /** Per strategy: games won out of games played, with a 95% Wilson interval, and ms per game
   *  (a deal played K times, batch --strategy-seeds K, counts K games; `deals` says over how
   *  many deals). */
  strategies: {
    name: string;
    won: number;
    played: number;
    deals: number;
    rate: number;
    lo: number;
    hi: number;
    msMedian: number;
    notPlayed: number;
  }[];
  /** Deals proved solvable by a strategy's win where the solver had not decided them. */
  certificates: Record<string, number>;
  /** How hard each deal is, when the game measures it and the rows carry the measure. */
  difficulty?: DifficultySummary;
}

type CsvRow = Record<string, string>;

const STRATEGY_COLUMN = /^(won|ms)_/;

/** `kept` with the strategy results (won_*, ms_*) it lacks filled in from `other`: a solver run
 *  and a strategies run of the same seeds merge into one row per seed. */
function withStrategiesOf(kept: CsvRow, other: CsvRow): CsvRow {
  let out = kept;
  for (const k of Object.keys(other)) {
    if (STRATEGY_COLUMN.test(k) && other[k] !== '' && (kept[k] === undefined || kept[k] === '')) {
      if (out === kept) out = { ...kept };
      out[k] = other[k];
    }
  }
  return out;
}

const decided = (r: CsvRow) => r.outcome === 'solved' || r.outcome === 'unsolvable';
const dealKey = (r: CsvRow) => `${variantOfSettings(r.settings)} ${r.seed}`;

/** Keeps one row per seed, variant and strategy seed (a decided one when there is a choice,
 *  with the strategy results of every row of that seed); counts the rest. A deal played K times
 *  (batch --strategy-seeds) keeps its K rows: dealRows() gives one row per deal. */
export function dedupe(rows: readonly CsvRow[]): { rows: CsvRow[]; duplicates: number } {
  const bySeed = new Map<string, CsvRow>();
  let duplicates = 0;
  for (const r of rows) {
    const key = `${dealKey(r)} ${r.strategy_seed ?? ''}`;
    const prev = bySeed.get(key);
    if (prev === undefined) bySeed.set(key, r);
    else {
      duplicates++;
      bySeed.set(key, !decided(prev) && decided(r) ? withStrategiesOf(r, prev) : withStrategiesOf(prev, r));
    }
  }
  return { rows: [...bySeed.values()], duplicates };
}

/** One row per deal of deduplicated rows: its first decided row, else its first (the solver's
 *  verdict is the deal's, whichever play it came with). */
export function dealRows(plays: readonly CsvRow[]): CsvRow[] {
  return byDeal(plays, dealKey).map((g) => g.find(decided) ?? g[0]);
}

/** `game` is the title shown, e.g. "Besieged City"; `difficulty`, the game's measure of how
 *  hard a deal is (its kit's). */
export function summarize(all: readonly CsvRow[], game: string, difficulty?: DifficultyMeasure): SolvabilitySummary {
  const { rows: plays, duplicates } = dedupe(all);
  const rows = dealRows(plays);
  const count = (o: string) => rows.filter((r) => r.outcome === o).length;
  const solved = count('solved'),
    unsolvable = count('unsolvable'),
    unknown = count('unknown'),
    errors = count('error');
  const unknownBy = countBy(rows.filter((r) => r.outcome === 'unknown').map((r) => r.limit || '?'));
  const n = rows.length;
  // Errors are undecided too: they widen the interval like unknown deals.
  const rate = boundedRate(solved, unknown + errors, n);
  const ms = rows
    .filter((r) => r.outcome !== 'error')
    .map((r) => Number(r.ms))
    .sort((a, b) => a - b);
  const solvedMs = rows
    .filter((r) => r.outcome === 'solved')
    .map((r) => Number(r.ms))
    .sort((a, b) => a - b);
  const nodes = rows.reduce((a, r) => a + (Number(r.nodes) || 0), 0);
  const totalMs = ms.reduce((a, b) => a + b, 0);
  return {
    game,
    variant: [...new Set(rows.map((r) => variantOfSettings(r.settings)))].join(' | ') || 'default',
    deals: n,
    solved,
    unsolvable,
    unknown,
    errors,
    unknownBy,
    outcomes: (['solved', 'unsolvable', 'unknown', 'error'] as const).map((outcome) => {
      const k = { solved, unsolvable, unknown, error: errors }[outcome];
      return { outcome, count: k, share: n ? k / n : 0, ...wilson(k, n) };
    }),
    solvable: { proven: n ? solved / n : 0, lo: rate.lo, hi: rate.hi },
    ms: {
      median: percentile(ms, 50),
      p90: percentile(ms, 90),
      p99: percentile(ms, 99),
      max: ms.length ? ms[ms.length - 1] : NaN,
      total: totalMs,
    },
    solvedMs: solvedMs.length ? { median: percentile(solvedMs, 50), p95: percentile(solvedMs, 95) } : null,
    nodes,
    nodesPerSecond: totalMs > 0 ? Math.round((nodes / totalMs) * 1000) : 0,
    settings: [...new Set(rows.map((r) => r.settings).filter(Boolean))],
    duplicates,
    strategies: strategyStats(plays),
    certificates: countBy(
      rows.filter((r) => r.outcome === 'solved' && r.source && r.source !== 'solver').map((r) => r.source),
    ),
    ...withDifficulty(difficulty, plays),
  };
}

function withDifficulty(
  m: DifficultyMeasure | undefined,
  plays: readonly CsvRow[],
): { difficulty?: DifficultySummary } {
  const d = m ? summarizeDifficulty(m, byDeal(plays, dealKey)) : null;
  return d ? { difficulty: d } : {};
}

function strategyStats(rows: readonly CsvRow[]): SolvabilitySummary['strategies'] {
  const names = [...new Set(rows.flatMap((r) => Object.keys(r).filter((k) => k.startsWith('won_'))))];
  return names.map((col) => {
    const played = rows.filter((r) => r[col] === 'true' || r[col] === 'false');
    // A row of this batch's columns where the strategy could not play (its file did not load).
    const notPlayed = rows.filter((r) => r[col] === '' && r.outcome !== 'error').length;
    const won = played.filter((r) => r[col] === 'true').length;
    const { lo, hi } = wilson(won, played.length);
    const name = col.slice(4);
    const ms = played
      .map((r) => Number(r[`ms_${name}`]))
      .filter((x) => !Number.isNaN(x))
      .sort((a, b) => a - b);
    return {
      name,
      won,
      played: played.length,
      deals: new Set(played.map(dealKey)).size,
      rate: played.length ? won / played.length : 0,
      lo,
      hi,
      msMedian: percentile(ms, 50),
      notPlayed,
    };
  });
}

export function formatSummary(s: SolvabilitySummary): string {
  const line = (label: string, k: number, extra = '') =>
    `  ${label.padEnd(11)}${String(k).padStart(7)}  ${s.deals ? pct(k / s.deals).padStart(6) : ''}${extra}`;
  const by = Object.entries(s.unknownBy)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  const out = [
    `${s.game}${s.variant === 'default' ? '' : ` (variant ${s.variant})`}: ${s.deals} deal${s.deals === 1 ? '' : 's'}${s.settings.length ? `, solver ${s.settings.join(' | ')}` : ''}`,
    line('solved', s.solved),
    line('unsolvable', s.unsolvable),
    line('unknown', s.unknown, by ? `   (limit: ${by})` : ''),
    line('error', s.errors),
    `  solvable: ${solvableText(s.solvable)}` +
      ` (undecided deals count as unsolvable for the lower bound, solvable for the upper)`,
    `  time per deal: median ${fmtMs(s.ms.median)}, p90 ${fmtMs(s.ms.p90)}, p99 ${fmtMs(s.ms.p99)}, max ${fmtMs(s.ms.max)}` +
      (s.solvedMs ? `; solved deals: median ${fmtMs(s.solvedMs.median)}, p95 ${fmtMs(s.solvedMs.p95)}` : ''),
    `  nodes: ${s.nodes.toLocaleString('en-US')} in all, ${s.nodesPerSecond.toLocaleString('en-US')} nodes/s per worker`,
  ];
  const width = Math.max(8, ...s.strategies.map((t) => t.name.length));
  for (const t of s.strategies) {
    const [rate, lo, hi] = pcts([t.rate, t.lo, t.hi]);
    out.push(
      `  strategy ${t.name.padEnd(width)} won ${String(t.won).padStart(5)}/${t.played}${t.deals < t.played ? ` plays of ${t.deals} deals` : ''}  ${rate.padStart(6)}  95% interval ${lo} .. ${hi}  (median ${fmtMs(t.msMedian)} per game)` +
        (t.notPlayed
          ? `; ${t.notPlayed} deal${t.notPlayed === 1 ? '' : 's'} not played (see the error column; --resume --retry-errors plays them)`
          : ''),
    );
  }
  const certs = Object.entries(s.certificates);
  if (certs.length)
    out.push(
      `  solved by a strategy's win where the solver had not decided: ${certs.map(([k, v]) => `${k} ${v}`).join(', ')}`,
    );
  if (s.duplicates)
    out.push(
      `  note: ${s.duplicates} repeated seed row${s.duplicates === 1 ? '' : 's'} merged (one row per seed counted)`,
    );
  if (s.difficulty) out.push(...formatDifficulty(s.difficulty));
  return out.join('\n');
}

/** "99.60% proven; 95% interval 99.45% .. 100.00%": one rule for the summary and the report. */
export function solvableText(x: SolvabilitySummary['solvable']): string {
  const [proven, lo, hi] = pcts([x.proven, x.lo, x.hi]);
  return `${proven} proven; 95% interval ${lo} .. ${hi}`;
}

const fmtMs = (ms: number) =>
  Number.isNaN(ms) ? '-' : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
