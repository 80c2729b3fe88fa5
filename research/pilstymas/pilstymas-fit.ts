// Fits the weights of the expert's evaluation (src/games/pilstymas/strategies/expert-eval.ts) by logistic
// regression: greedy-vs-greedy games (fast, so many) or planner-vs-planner games (`--players
// planner`, played through the players' views), the features of every position at the start of
// a turn, labelled by whether the player to move went on to win (drawn games left out).
//   npx tsx research/pilstymas/pilstymas-fit.ts [--games 3000] [--from 1] [--players greedy|planner]
// Prints the weights scaled so that a hand card counts 1 (the planner's unit), and the
// log-likelihood of the fit on the first and second half of the seeds (a check of overfitting).
import { dealFromSeed } from '../../src/games/pilstymas/deal.js';
import { FEATURES, features } from '../../src/games/pilstymas/strategies/expert-eval.js';
import { greedyMove } from '../../src/games/pilstymas/strategies/greedy.js';
import { PlannerStrategy } from '../../src/games/pilstymas/strategies/planner.js';
import { viewOf } from '../../src/games/pilstymas/view.js';
import { END, MAX_MOVES, PASS, PilPosition } from '../../src/games/pilstymas/position.js';
import { REPETITION_LIMIT, RepetitionTable } from '../../src/games/pilstymas/repetition.js';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : def;
};
const games = Number(arg('games', '3000'));
const from = Number(arg('from', '1'));
const players = arg('players', 'greedy');
if (players !== 'greedy' && players !== 'planner') {
  console.error(`--players: greedy or planner, not "${players}"`);
  process.exit(2);
}
const F = FEATURES.length;
const D = F + 1; // features and a constant

const rows: number[][] = [];
const labels: number[] = [];
const buf = new Int32Array(MAX_MOVES);
const f = new Float64Array(F);
for (let s = from; s < from + games; s++) {
  const pos = PilPosition.fromDeal(dealFromSeed(String(s)));
  const planners = [new PlannerStrategy(), new PlannerStrategy()];
  const next = () => (players === 'greedy' ? greedyMove(pos, buf) : planners[pos.turn].choose(viewOf(pos, pos.turn)));
  const seen = new RepetitionTable();
  const mine: number[][] = [];
  const movers: number[] = [];
  const record = () => {
    if (features(pos, f) === 0) mine.push([...f, 1]), movers.push(pos.turn);
  };
  record();
  let repeated = false;
  while (pos.winner < 0 && pos.turns < 1000 && !repeated) {
    const m = next();
    pos.make(m);
    if (m === END || m === PASS) {
      repeated = seen.add(pos) >= REPETITION_LIMIT;
      record();
    }
  }
  if (pos.winner < 0) continue;
  for (let i = 0; i < mine.length; i++) rows.push(mine[i]), labels.push(movers[i] === pos.winner ? 1 : 0);
}

/** Newton's method for logistic regression on rows[lo..hi). */
function fit(lo: number, hi: number): number[] {
  const w = new Array<number>(D).fill(0);
  for (let it = 0; it < 25; it++) {
    const g = new Array<number>(D).fill(0);
    const H = Array.from({ length: D }, () => new Array<number>(D).fill(0));
    for (let r = lo; r < hi; r++) {
      const x = rows[r];
      let z = 0;
      for (let i = 0; i < D; i++) z += w[i] * x[i];
      const p = 1 / (1 + Math.exp(-z));
      for (let i = 0; i < D; i++) {
        g[i] += (labels[r] - p) * x[i];
        for (let j = 0; j < D; j++) H[i][j] += p * (1 - p) * x[i] * x[j];
      }
    }
    for (let i = 0; i < D; i++) H[i][i] += 1e-6 * (hi - lo); // keeps H invertible if a feature is constant
    const step = solve(H, g);
    for (let i = 0; i < D; i++) w[i] += step[i];
  }
  return w;
}

function solve(A: number[][], b: number[]): number[] {
  const n = b.length;
  const M = A.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r][c]) > Math.abs(M[p][c])) p = r;
    [M[c], M[p]] = [M[p], M[c]];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const k = M[r][c] / M[c][c];
      for (let j = c; j <= n; j++) M[r][j] -= k * M[c][j];
    }
  }
  return M.map((row, i) => row[n] / row[i]);
}

function logLik(w: number[], lo: number, hi: number): number {
  let ll = 0;
  for (let r = lo; r < hi; r++) {
    let z = 0;
    for (let i = 0; i < D; i++) z += w[i] * rows[r][i];
    const p = 1 / (1 + Math.exp(-z));
    ll += labels[r] ? Math.log(p) : Math.log(1 - p);
  }
  return ll / (hi - lo);
}

const half = rows.length >> 1;
const w = fit(0, rows.length);
const w1 = fit(0, half);
console.log(
  `${rows.length} positions from ${players} games, seeds ${from}..${from + games - 1} (drawn games left out)`,
);
console.log(
  `mean log-likelihood: fit on 1st half ${logLik(w1, 0, half).toFixed(4)}, on 2nd half (held out) ${logLik(w1, half, rows.length).toFixed(4)}; constant only ${Math.log(0.5).toFixed(4)}`,
);
const unit = w[1];
console.log(
  'weights (a hand card = 1):',
  FEATURES.map((n, i) => `${n}: ${(w[i] / unit).toFixed(2)}`).join(', '),
  `(logit per hand card ${unit.toFixed(4)}, constant ${w[F].toFixed(3)})`,
);
console.log(`--expert ${FEATURES.map((n, i) => `w.${n}=${(w[i] / unit).toFixed(2)}`).join(',')}`);
