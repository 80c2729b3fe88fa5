// Pilstymas benchmark and strength check, single thread.
//   npx tsx bench/pilstymas.ts                       greedy vs greedy: games/s, turns
//   npx tsx bench/pilstymas.ts --games 2000 [--win russian-bank] [--max-turns N]
//   npx tsx bench/pilstymas.ts --match planner,greedy --seeds 100 [--from 1]   mirrored match:
//       each seed in both seat orders; Wilson 95%, draws by reason, games/s, ms a decision
//       [--progress]  a line per game as it ends
//       [--expert candidates=4,samples=6,rootNodes=3000,replyNodes=400,turnsAhead=1]  expert's budgets
//       [--expert evaluation=0]  the planner's evaluation;  [--expert w.tab=3,w.settle=0]  its weights
//       [--expert playoutWeight=20,playoutTurns=150]  greedy playouts to the end after the rollouts
import { wilson, percentile, pct } from '../src/batch/stats.js';
import { dealFromSeed } from '../src/games/pilstymas/deal.js';
import { DEFAULT_MAX_TURNS, playGame } from '../src/games/pilstymas/match.js';
import { greedyMove, makeStrategy as makeNamed, type Strategy } from '../src/games/pilstymas/strategies/index.js';
import { type ExpertOptions, ExpertStrategy } from '../src/games/pilstymas/strategies/expert.js';
import { REPETITION_LIMIT, RepetitionTable } from '../src/games/pilstymas/repetition.js';
import { END, MAX_MOVES, PASS, PilPosition } from '../src/games/pilstymas/position.js';
import type { WinRule } from '../src/games/pilstymas/position.js';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : def;
};
const maxTurns = Number(arg('max-turns', String(DEFAULT_MAX_TURNS)));
const rule = arg('win', 'cleared') as WinRule;
const progress = process.argv.includes('--progress');
// `w.tab=3` sets a weight of the expert's evaluation (expert-eval.ts).
const expertOpts: ExpertOptions = {};
for (const kv of arg('expert', '').split(',').filter(Boolean)) {
  const [k, v] = kv.split('=');
  if (k.startsWith('w.')) expertOpts.weights = { ...expertOpts.weights, [k.slice(2)]: Number(v) };
  else (expertOpts as Record<string, number>)[k] = Number(v);
}
const makeStrategy = (name: string, seed: string): Strategy =>
  name === 'expert' ? new ExpertStrategy(seed, expertOpts) : makeNamed(name, seed);

if (process.argv.includes('--match')) {
  const [a, b] = arg('match', 'planner,greedy').split(',');
  const seeds = Number(arg('seeds', '50'));
  const from = Number(arg('from', '1'));
  let aw = 0,
    bw = 0,
    draws = 0,
    reps = 0,
    turns = 0;
  // Time spent inside each strategy's choose(), per strategy name (both seats together): wall
  // time, and the process's CPU time, which a loaded machine's waits do not inflate.
  const spent = new Map<string, { ms: number; calls: number; max: number; each: number[]; cpu: number[] }>();
  const timed = (st: Strategy, key: string): Strategy => {
    const t = spent.get(key) ?? { ms: 0, calls: 0, max: 0, each: [], cpu: [] };
    spent.set(key, t);
    return {
      name: st.name,
      choose: (v) => {
        const t0 = performance.now(),
          c0 = process.cpuUsage();
        const m = st.choose(v);
        const dt = performance.now() - t0,
          c = process.cpuUsage(c0);
        t.cpu.push((c.user + c.system) / 1000);
        t.ms += dt;
        t.max = Math.max(t.max, dt);
        t.each.push(dt);
        t.calls++;
        return m;
      },
    };
  };
  const t0 = performance.now();
  // A strategy against itself: the mirrored game is the same game (strategy seeds go by seat),
  // so each seed is played once.
  const orders = a === b ? [true] : [true, false];
  const games = seeds * orders.length;
  for (let s = from; s < from + seeds; s++) {
    for (const aFirst of orders) {
      const seed = String(s);
      const names = aFirst ? [a, b] : [b, a];
      const keys = a === b ? ['1st', '2nd'] : names;
      const sA = timed(makeStrategy(names[0], `${seed}:A`), aFirst ? keys[0] : keys[1]);
      const sB = timed(makeStrategy(names[1], `${seed}:B`), aFirst ? keys[1] : keys[0]);
      const r = playGame(dealFromSeed(seed), [sA, sB], { maxTurns, rule });
      turns += r.turns;
      if (progress)
        console.log(
          `game seed ${seed} A=${names[0]} B=${names[1]}: ${r.winner < 0 ? `draw (${r.reason})` : `${'AB'[r.winner]} won`}, ${r.turns} turns, ${((performance.now() - t0) / 1000).toFixed(0)} s; ms a decision so far: ${[...spent].map(([k, t]) => `${k} ${(t.ms / t.calls).toFixed(1)}`).join(', ')}`,
        );
      if (r.winner < 0) {
        draws++;
        if (r.reason === 'repetition') reps++;
      } else if ((r.winner === 0) === aFirst) aw++;
      else bw++;
    }
  }
  const secs = (performance.now() - t0) / 1000;
  const w = wilson(aw, aw + bw);
  console.log(
    `${a} vs ${b}, seeds ${from}..${from + seeds - 1}${a === b ? ', one game each' : ' in both seat orders'} (${games} games, max ${maxTurns} turns, win rule ${rule})${Object.keys(expertOpts).length ? ` expert ${JSON.stringify(expertOpts)}` : ''}`,
  );
  console.log(
    `${a} won ${aw}, ${b} won ${bw}, draws ${draws} (${pct(draws / games)}: ${reps} by repetition, ${draws - reps} at the cap); mean ${(turns / games).toFixed(1)} turns`,
  );
  console.log(`${a} share of decided games: ${pct(aw / (aw + bw))}, 95% Wilson [${pct(w.lo)}, ${pct(w.hi)}]`);
  console.log(`${secs.toFixed(1)} s, ${(games / secs).toFixed(2)} games/s`);
  for (const [k, t] of spent)
    console.log(
      `  ${k}: ${(t.ms / t.calls).toFixed(2)} ms a decision over ${t.calls} decisions (p99 ${percentile(
        t.each.sort((x, y) => x - y),
        99,
      ).toFixed(1)} ms, slowest ${t.max.toFixed(1)} ms; CPU time p99 ${percentile(
        t.cpu.sort((x, y) => x - y),
        99,
      ).toFixed(1)} ms, slowest ${t.cpu.at(-1)?.toFixed(1)} ms), ${(t.ms / games).toFixed(0)} ms a game`,
    );
} else {
  const games = Number(arg('games', '1000'));
  // Warm up the JIT on other seeds first.
  for (let s = 0; s < 50; s++)
    playGame(dealFromSeed(`w${s}`), [makeStrategy('greedy', 'a'), makeStrategy('greedy', 'b')], { maxTurns, rule });
  const turns: number[] = [];
  let draws = 0,
    reps = 0,
    moves = 0;
  const t0 = performance.now();
  for (let s = 1; s <= games; s++) {
    const r = playGame(dealFromSeed(String(s)), [makeStrategy('greedy', 'a'), makeStrategy('greedy', 'b')], {
      maxTurns,
      rule,
      record: true,
    });
    moves += r.moves.length;
    if (r.winner < 0) {
      draws++;
      if (r.reason === 'repetition') reps++;
    } else turns.push(r.turns);
  }
  const secs = (performance.now() - t0) / 1000;
  turns.sort((x, y) => x - y);
  console.log(
    `greedy vs greedy: ${games} games (seeds 1..${games}, max ${maxTurns} turns, win rule ${rule}) in ${secs.toFixed(2)} s on one thread`,
  );
  console.log(
    `  ${(games / secs).toFixed(1)} games/s, ${(moves / secs / 1000).toFixed(0)}k moves/s (${(moves / games).toFixed(0)} moves a game)`,
  );
  console.log(`  draws: ${draws} (${pct(draws / games)}): ${reps} by repetition, ${draws - reps} at the cap`);
  console.log(
    `  turns of decided games: median ${percentile(turns, 50)}, p90 ${percentile(turns, 90)}, p99 ${percentile(turns, 99)}, max ${turns.at(-1)}`,
  );
  // The same greedy games straight on the engine, without building a PilView per decision
  // (greedy's moves depend on visible cards only, so the games are identical): the cost split
  // between the rules engine and the information barrier.
  const buf = new Int32Array(MAX_MOVES);
  let emoves = 0;
  const t1 = performance.now();
  for (let s = 1; s <= games; s++) {
    const pos = PilPosition.fromDeal(dealFromSeed(String(s)), rule);
    const seen = new RepetitionTable();
    let repeated = seen.add(pos) >= REPETITION_LIMIT;
    while (pos.winner < 0 && pos.turns < maxTurns && !repeated) {
      const m = greedyMove(pos, buf);
      pos.make(m);
      emoves++;
      if (m === END || m === PASS) repeated = seen.add(pos) >= REPETITION_LIMIT;
    }
  }
  const esecs = (performance.now() - t1) / 1000;
  console.log(
    `  engine only (no views): ${(games / esecs).toFixed(1)} games/s, ${(emoves / esecs / 1000).toFixed(0)}k moves/s${emoves === moves ? ', same moves' : `, MOVES DIFFER (${emoves} vs ${moves})`}`,
  );
}
