// Pilstymas benchmark and strength check, single thread.
//   npx tsx bench/pilstymas.ts                       greedy vs greedy: games/s, turns
//   npx tsx bench/pilstymas.ts --games 2000 [--win russian-bank] [--max-turns N]
//   npx tsx bench/pilstymas.ts --match planner,greedy --seeds 100   mirrored match, Wilson 95%
import { wilson, percentile, pct } from '../src/batch/stats.js';
import { dealFromSeed } from '../src/games/pilstymas/deal.js';
import { DEFAULT_MAX_TURNS, playGame } from '../src/games/pilstymas/game.js';
import { greedyMove, makeStrategy } from '../src/games/pilstymas/strategies.js';
import { MAX_MOVES, PilPosition } from '../src/games/pilstymas/position.js';
import type { WinRule } from '../src/games/pilstymas/position.js';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : def;
};
const maxTurns = Number(arg('max-turns', String(DEFAULT_MAX_TURNS)));
const rule = arg('win', 'cleared') as WinRule;

if (process.argv.includes('--match')) {
  const [a, b] = arg('match', 'planner,greedy').split(',');
  const seeds = Number(arg('seeds', '50'));
  const from = Number(arg('from', '1'));
  let aw = 0, bw = 0, draws = 0;
  const t0 = performance.now();
  for (let s = from; s < from + seeds; s++) {
    for (const aFirst of [true, false]) {
      const seed = String(s);
      const names = aFirst ? [a, b] : [b, a];
      const r = playGame(dealFromSeed(seed), [makeStrategy(names[0], `${seed}:A`), makeStrategy(names[1], `${seed}:B`)], { maxTurns, rule });
      if (r.winner < 0) draws++;
      else if ((r.winner === 0) === aFirst) aw++;
      else bw++;
    }
  }
  const secs = (performance.now() - t0) / 1000;
  const w = wilson(aw, aw + bw);
  console.log(`${a} vs ${b}, seeds ${from}..${from + seeds - 1} in both seat orders (${2 * seeds} games, max ${maxTurns} turns, win rule ${rule})`);
  console.log(`${a} won ${aw}, ${b} won ${bw}, draws ${draws} (${pct(draws / (2 * seeds))})`);
  console.log(`${a} share of decided games: ${pct(aw / (aw + bw))}, 95% Wilson [${pct(w.lo)}, ${pct(w.hi)}]`);
  console.log(`${secs.toFixed(1)} s, ${((2 * seeds) / secs).toFixed(2)} games/s`);
} else {
  const games = Number(arg('games', '1000'));
  // Warm up the JIT on other seeds first.
  for (let s = 0; s < 50; s++) playGame(dealFromSeed(`w${s}`), [makeStrategy('greedy', 'a'), makeStrategy('greedy', 'b')], { maxTurns, rule });
  const turns: number[] = [];
  let draws = 0, moves = 0;
  const t0 = performance.now();
  for (let s = 1; s <= games; s++) {
    const r = playGame(dealFromSeed(String(s)), [makeStrategy('greedy', 'a'), makeStrategy('greedy', 'b')], { maxTurns, rule, record: true });
    moves += r.moves.length;
    if (r.winner < 0) draws++;
    else turns.push(r.turns);
  }
  const secs = (performance.now() - t0) / 1000;
  turns.sort((x, y) => x - y);
  console.log(`greedy vs greedy: ${games} games (seeds 1..${games}, max ${maxTurns} turns, win rule ${rule}) in ${secs.toFixed(2)} s on one thread`);
  console.log(`  ${(games / secs).toFixed(1)} games/s, ${(moves / secs / 1000).toFixed(0)}k moves/s (${(moves / games).toFixed(0)} moves a game)`);
  console.log(`  draws at the cap: ${draws} (${pct(draws / games)})`);
  console.log(`  turns of decided games: median ${percentile(turns, 50)}, p90 ${percentile(turns, 90)}, p99 ${percentile(turns, 99)}, max ${turns.at(-1)}`);
  // The same greedy games straight on the engine, without building a PlayerView per decision
  // (greedy's moves depend on visible cards only, so the games are identical): the cost split
  // between the rules engine and the information barrier.
  const buf = new Int32Array(MAX_MOVES);
  let emoves = 0;
  const t1 = performance.now();
  for (let s = 1; s <= games; s++) {
    const pos = PilPosition.fromDeal(dealFromSeed(String(s)), rule);
    while (pos.winner < 0 && pos.turns < maxTurns) {
      const m = greedyMove(pos, buf);
      pos.make(m);
      emoves++;
    }
  }
  const esecs = (performance.now() - t1) / 1000;
  console.log(`  engine only (no views): ${(games / esecs).toFixed(1)} games/s, ${(emoves / esecs / 1000).toFixed(0)}k moves/s${emoves === moves ? ', same moves' : `, MOVES DIFFER (${emoves} vs ${moves})`}`);
}
