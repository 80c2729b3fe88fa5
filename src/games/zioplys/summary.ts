// Summary of batch rows, per player count: who loses (by seat and by strategy, with 95% Wilson
// intervals), how often a game never ends, how long games run. Pure functions: rows in, numbers out.
import { lastRowPerItem, pcts, percentile as sharedPercentile, wilson as sharedWilson } from '../../batch/stats.js';

type RowLike = Record<string, string | number | boolean | null | undefined>;

/** The rows a summary counts: merged shards may repeat an item; each counts once (the last row wins). */
export const countedRows = (rows: readonly Record<string, string>[]): Record<string, string>[] =>
  lastRowPerItem(rows, (r) => r.item ?? `${r.players}/${r.seed}`);

export interface Share {
  count: number;
  of: number;
  share: number;
  low: number;
  high: number;
}

/** count/of with its 95% Wilson interval (src/batch/stats.ts). */
export function wilson(count: number, of: number): Share {
  const { lo, hi } = sharedWilson(count, of);
  return { count, of, share: of > 0 ? count / of : 0, low: of > 0 ? lo : 0, high: of > 0 ? hi : 0 };
}

/** Nearest-rank percentile of sorted values, q in 0..1 (0 for no values). */
export function percentile(sorted: readonly number[], q: number): number {
  return sorted.length === 0 ? 0 : sharedPercentile(sorted, 100 * q);
}

export interface PlayersSummary {
  players: number;
  games: number;
  /** Rows with an error (the pool's error column) or unreadable fields, left out of the rest. */
  errors: number;
  withLoser: number;
  cycles: Share;
  limits: number;
  /** Of the games with a loser: how often each seat lost. */
  loserBySeat: Share[];
  /** Per strategy: of the seats it played in games with a loser, how often it lost. */
  loserByStrategy: Record<string, Share>;
  /** Turns of the games that ended. */
  turns: { min: number; p10: number; p50: number; p90: number; p99: number; max: number; mean: number };
}

const num = (v: unknown): number =>
  typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;

export function summarize(rows: readonly RowLike[]): PlayersSummary[] {
  const byPlayers = new Map<number, RowLike[]>();
  const bad = new Map<number, number>();
  for (const r of rows) {
    const p = num(r.players);
    if (!Number.isInteger(p)) continue;
    // A forfeit (a strategy file broke the contract) is a game with a loser and a reason in the
    // error column; any other error leaves the row out.
    const forfeit = r.outcome === 'loser';
    if (r.error !== undefined && r.error !== null && r.error !== '' && !forfeit) {
      bad.set(p, (bad.get(p) ?? 0) + 1);
      continue;
    }
    if (!byPlayers.has(p)) byPlayers.set(p, []);
    byPlayers.get(p)!.push(r);
  }
  const out: PlayersSummary[] = [];
  for (const p of [...new Set([...byPlayers.keys(), ...bad.keys()])].sort((a, b) => a - b)) {
    const rs = byPlayers.get(p) ?? [];
    let rowErrors = 0,
      cycles = 0,
      limits = 0,
      withLoser = 0;
    const lost = new Array<number>(p).fill(0);
    const stratSeats = new Map<string, number>(),
      stratLost = new Map<string, number>();
    const turns: number[] = [];
    for (const r of rs) {
      if (r.outcome === 'cycle') cycles++;
      else if (r.outcome === 'limit') limits++;
      else if (r.outcome === 'loser') {
        const loser = num(r.loser),
          t = num(r.turns);
        if (!Number.isInteger(loser) || loser < 0 || loser >= p || !Number.isFinite(t)) {
          rowErrors++;
          continue;
        }
        withLoser++;
        lost[loser]++;
        turns.push(t);
        const names = String(r.strategies ?? 'rule').split(',');
        const seatNames = names.length === p ? names : new Array<string>(p).fill(names[0]);
        seatNames.forEach((s, seat) => {
          stratSeats.set(s, (stratSeats.get(s) ?? 0) + 1);
          if (seat === loser) stratLost.set(s, (stratLost.get(s) ?? 0) + 1);
        });
      } else rowErrors++;
    }
    turns.sort((a, b) => a - b);
    const valid = rs.length - rowErrors;
    // fromEntries: a strategy named "__proto__" is a key, not the object's prototype.
    const loserByStrategy: Record<string, Share> = Object.fromEntries(
      [...stratSeats].sort().map(([s, n]) => [s, wilson(stratLost.get(s) ?? 0, n)]),
    );
    out.push({
      players: p,
      games: valid,
      errors: rowErrors + (bad.get(p) ?? 0),
      withLoser,
      cycles: wilson(cycles, valid),
      limits,
      loserBySeat: lost.map((c) => wilson(c, withLoser)),
      loserByStrategy,
      turns: {
        min: turns[0] ?? 0,
        p10: percentile(turns, 0.1),
        p50: percentile(turns, 0.5),
        p90: percentile(turns, 0.9),
        p99: percentile(turns, 0.99),
        max: turns[turns.length - 1] ?? 0,
        mean: turns.length ? turns.reduce((a, b) => a + b, 0) / turns.length : 0,
      },
    });
  }
  return out;
}

const shareText = (s: Share) => {
  const [share, low, high] = pcts([s.share, s.low, s.high]);
  return `${share} [${low}, ${high}]`;
};

export function formatSummary(sums: readonly PlayersSummary[]): string {
  const lines: string[] = [];
  for (const s of sums) {
    lines.push(
      `${s.players} players: ${s.games} games, ${s.withLoser} with a loser, cycles ${shareText(s.cycles)}${s.limits ? `, ${s.limits} stopped at the turn cap` : ''}${s.errors ? `, ${s.errors} errors` : ''}`,
    );
    lines.push(`  loser by seat (95% Wilson): ${s.loserBySeat.map((x, i) => `${i}: ${shareText(x)}`).join('  ')}`);
    lines.push(
      `  loser by strategy (per seat played): ${Object.entries(s.loserByStrategy)
        .map(([k, x]) => `${k}: ${shareText(x)}`)
        .join('  ')}`,
    );
    const t = s.turns;
    lines.push(
      `  turns (games that ended): min ${t.min}  p10 ${t.p10}  median ${t.p50}  p90 ${t.p90}  p99 ${t.p99}  max ${t.max}  mean ${t.mean.toFixed(1)}`,
    );
  }
  return lines.join('\n');
}
