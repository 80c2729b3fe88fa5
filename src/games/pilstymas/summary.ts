import { countBy, lastRowPerItem, pct, pcts, percentile, wilson } from '../../batch/stats.js';

// Tournament summary from CSV rows (strings, as read back from the file): per pairing the win
// share of decided games with a 95% Wilson interval and the draw share; per strategy an
// Elo-style rating from a maximum-likelihood Bradley–Terry fit.

export interface PairStat {
  a: string;
  b: string;
  games: number;
  aWins: number;
  bWins: number;
  draws: number;
  errors: number;
  /** a's share of decided games, with its 95% Wilson interval. */
  aRate: number;
  lo: number;
  hi: number;
  drawRate: number;
  meanTurns: number;
}

interface Rating {
  name: string;
  elo: number;
  games: number;
  /** Wins + draws/2 over games. */
  score: number;
  /** 95% interval of elo from the fit's Fisher information (a normal approximation). */
  lo: number;
  hi: number;
}

export interface Summary {
  games: number;
  errors: number;
  /** Drawn games of all games, with the 95% Wilson interval. */
  draws: { count: number; share: number; lo: number; hi: number };
  /** How the games ended, from the CSV's reason column: "win", "max-turns", … */
  reasons: Record<string, number>;
  /** Game lengths in turns (games without error). */
  turns: { min: number; p10: number; p50: number; p90: number; max: number; mean: number };
  pairs: PairStat[];
  ratings: Rating[];
}

type CsvRow = Record<string, string>;

/** The rows a summary counts: tournament rows of the CSVs, each game once (merged shards or a
 *  re-run may repeat one; the last row wins). */
export const countedRows = (rows: readonly CsvRow[]): CsvRow[] =>
  lastRowPerItem(
    rows.filter((r) => r.seatA !== undefined),
    (r) => r.item,
  );

export function summarize(rows: readonly CsvRow[], order?: readonly string[]): Summary {
  const names = new Set<string>();
  for (const r of rows) names.add(r.seatA), names.add(r.seatB);
  const rank = (n: string) => (order?.includes(n) ? order.indexOf(n) : 1000);
  const sorted = [...names].sort((x, y) => rank(x) - rank(y) || x.localeCompare(y));
  const pairs = new Map<string, PairStat>();
  let errors = 0,
    draws = 0;
  const ended: string[] = [];
  const turns: number[] = [];
  for (const r of rows) {
    const [a, b] =
      rank(r.seatA) < rank(r.seatB) || (rank(r.seatA) === rank(r.seatB) && r.seatA < r.seatB)
        ? [r.seatA, r.seatB]
        : [r.seatB, r.seatA];
    const k = `${a}\u0000${b}`;
    let p = pairs.get(k);
    if (!p)
      pairs.set(
        k,
        (p = {
          a,
          b,
          games: 0,
          aWins: 0,
          bWins: 0,
          draws: 0,
          errors: 0,
          aRate: NaN,
          lo: 0,
          hi: 1,
          drawRate: 0,
          meanTurns: 0,
        }),
      );
    if (r.outcome === 'error') {
      p.errors++;
      errors++;
      continue;
    }
    p.games++;
    p.meanTurns += Number(r.turns);
    turns.push(Number(r.turns));
    ended.push(r.reason || r.outcome);
    if (r.outcome === 'draw') p.draws++, draws++;
    else if (r.winnerStrategy === a && a !== b) p.aWins++;
    else if (a !== b) p.bWins++;
  }
  for (const p of pairs.values()) {
    const decided = p.aWins + p.bWins;
    p.aRate = decided ? p.aWins / decided : NaN;
    ({ lo: p.lo, hi: p.hi } = wilson(p.aWins, decided));
    p.drawRate = p.games ? p.draws / p.games : 0;
    p.meanTurns = p.games ? p.meanTurns / p.games : 0;
  }
  const list = [...pairs.values()].filter((p) => p.a !== p.b);
  const games = rows.length - errors;
  turns.sort((x, y) => x - y);
  return {
    games,
    errors,
    draws: { count: draws, share: games ? draws / games : 0, ...wilson(draws, games) },
    reasons: countBy(ended),
    turns: {
      min: turns.length ? turns[0] : NaN,
      p10: percentile(turns, 10),
      p50: percentile(turns, 50),
      p90: percentile(turns, 90),
      max: turns.length ? turns[turns.length - 1] : NaN,
      mean: turns.length ? turns.reduce((x, y) => x + y, 0) / turns.length : NaN,
    },
    pairs: list,
    ratings: bradleyTerry(sorted, list),
  };
}

/** Bradley–Terry strengths by the MM iteration (Hunter 2004), a draw counting half a win to
 *  each side. One virtual draw per pairing keeps an all-losing player's rating finite. Shown as
 *  Elo: 400·log10(strength), shifted so that the mean is 0. */
export function bradleyTerry(names: readonly string[], pairs: readonly PairStat[]): Rating[] {
  const n = names.length;
  const idx = new Map(names.map((x, i) => [x, i]));
  const w = new Float64Array(n),
    g = new Float64Array(n * n),
    games = new Float64Array(n);
  for (const p of pairs) {
    const i = idx.get(p.a)!,
      j = idx.get(p.b)!;
    const m = p.aWins + p.bWins + p.draws + 1;
    g[i * n + j] += m;
    g[j * n + i] += m;
    w[i] += p.aWins + (p.draws + 1) / 2;
    w[j] += p.bWins + (p.draws + 1) / 2;
    games[i] += m - 1;
    games[j] += m - 1;
  }
  let r = new Float64Array(n).fill(1);
  for (let it = 0; it < 1000; it++) {
    const next = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      let d = 0;
      for (let j = 0; j < n; j++) if (j !== i && g[i * n + j] > 0) d += g[i * n + j] / (r[i] + r[j]);
      next[i] = d > 0 ? w[i] / d : r[i];
    }
    let logMean = 0;
    for (let i = 0; i < n; i++) logMean += Math.log(next[i]) / n;
    for (let i = 0; i < n; i++) next[i] /= Math.exp(logMean);
    r = next;
  }
  const se = logStrengthErrors(r, g);
  const ELO = 400 / Math.LN10,
    Z = 1.959964;
  return names.map((name, i) => ({
    name,
    elo: ELO * Math.log(r[i]),
    games: games[i],
    score: games[i] ? (w[i] - pairs.filter((p) => p.a === name || p.b === name).length / 2) / games[i] : NaN,
    lo: ELO * (Math.log(r[i]) - Z * se[i]),
    hi: ELO * (Math.log(r[i]) + Z * se[i]),
  }));
}

/** Standard errors of the log strengths (centred on their mean) at the fit: the Fisher
 *  information of θ = log r is the weighted Laplacian L with L_ij = -g_ij·p_ij·p_ji, whose null
 *  space is the common shift of all θ; the covariance of the centred θ is its pseudo-inverse,
 *  L⁺ = (L + J/n)⁻¹ − J/n for a connected comparison graph (J all ones). NaN if not connected. */
function logStrengthErrors(r: Float64Array, g: Float64Array): number[] {
  const n = r.length;
  const m = new Float64Array(n * n).fill(1 / n);
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      if (i === j || g[i * n + j] === 0) continue;
      const p = r[i] / (r[i] + r[j]);
      const info = g[i * n + j] * p * (1 - p);
      m[i * n + j] -= info;
      m[i * n + i] += info;
    }
  const inv = invert(m, n);
  return Array.from({ length: n }, (_, i) => (inv ? Math.sqrt(Math.max(0, inv[i * n + i] - 1 / n)) : NaN));
}

/** Gauss–Jordan inverse with partial pivoting of a small n×n matrix; null when singular. */
function invert(a: Float64Array, n: number): Float64Array | null {
  const m = Float64Array.from(a),
    inv = new Float64Array(n * n);
  for (let i = 0; i < n; i++) inv[i * n + i] = 1;
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r * n + c]) > Math.abs(m[piv * n + c])) piv = r;
    if (Math.abs(m[piv * n + c]) < 1e-12) return null;
    for (const x of [m, inv])
      for (let k = 0; k < n; k++) [x[c * n + k], x[piv * n + k]] = [x[piv * n + k], x[c * n + k]];
    const d = m[c * n + c];
    for (let k = 0; k < n; k++) (m[c * n + k] /= d), (inv[c * n + k] /= d);
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r * n + c];
      if (f === 0) continue;
      for (let k = 0; k < n; k++) (m[r * n + k] -= f * m[c * n + k]), (inv[r * n + k] -= f * inv[c * n + k]);
    }
  }
  return inv;
}

/** "53.5% [51.4%, 55.7%]", in the decimals of the shared rule (src/batch/stats.ts). */
function interval(share: number, lo: number, hi: number): string {
  const [a, b, c] = pcts([share, lo, hi]);
  return `${a} [${b}, ${c}]`;
}

export function formatSummary(s: Summary): string {
  const reasons = Object.entries(s.reasons)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  const lines = [
    `${s.games} games${s.errors ? `, ${s.errors} errors` : ''}; drawn ${interval(s.draws.share, s.draws.lo, s.draws.hi)}${reasons ? ` (ended by: ${reasons})` : ''}`,
  ];
  const pairWidth = Math.max(22, ...s.pairs.map((p) => `${p.a} vs ${p.b}`.length));
  lines.push(
    `${'pairing'.padEnd(pairWidth)}  games   wins    losses  draws   win% of decided (95% Wilson)   draw%   mean turns`,
  );
  for (const p of s.pairs) {
    const name = `${p.a} vs ${p.b}`.padEnd(pairWidth);
    const [aRate, lo, hi, drawRate] = pcts([p.aRate, p.lo, p.hi, p.drawRate]);
    const rate = Number.isNaN(p.aRate) ? 'n/a'.padEnd(30) : `${aRate} [${lo}, ${hi}]`.padEnd(30);
    lines.push(
      `${name}  ${String(p.games).padStart(5)}   ${String(p.aWins).padStart(5)}   ${String(p.bWins).padStart(5)}   ${String(p.draws).padStart(5)}   ${rate}   ${drawRate.padStart(6)}  ${p.meanTurns.toFixed(1).padStart(8)}`,
    );
  }
  lines.push('rating (Bradley–Terry, Elo scale, mean 0; draws count half):');
  // Columns as wide as their longest entry, the sign beside the digits: "+28" above "-28".
  const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(0)}`;
  const nameWidth = Math.max(10, ...s.ratings.map((r) => r.name.length));
  const eloWidth = Math.max(0, ...s.ratings.map((r) => signed(r.elo).length));
  const ciWidth = Math.max(0, ...s.ratings.map((r) => `[${r.lo.toFixed(0)}, ${r.hi.toFixed(0)}]`.length));
  for (const r of [...s.ratings].sort((x, y) => y.elo - x.elo))
    lines.push(
      `  ${r.name.padEnd(nameWidth)} ${signed(r.elo).padStart(eloWidth)}  95% ${`[${r.lo.toFixed(0)}, ${r.hi.toFixed(0)}]`.padEnd(ciWidth)}   score ${Number.isNaN(r.score) ? 'n/a' : pct(r.score)} over ${r.games} games`,
    );
  const t = s.turns;
  if (s.games)
    lines.push(
      `game length in turns: min ${t.min}  p10 ${t.p10}  median ${t.p50}  p90 ${t.p90}  max ${t.max}  mean ${t.mean.toFixed(1)}`,
    );
  return lines.join('\n');
}
