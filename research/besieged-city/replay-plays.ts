// Plays hindsight (or quick), with a tuning given as JSON, on the plays hindsight lost
// (data/besieged-city/hindsight-lost.csv: deal and strategy seed) or on a range of seeds, and
// prints each play as it ends and the totals: the plays won, CPU seconds a game, solver nodes a
// game. Two tunings compare on the same plays, e.g. today's fallback (the planner) against a
// deep solve of a guess:
//
//   nice -n 19 npx tsx research/besieged-city/replay-plays.ts --lost
//   nice -n 19 npx tsx research/besieged-city/replay-plays.ts --lost --tuning '{"deep":0}'
//   nice -n 19 npx tsx research/besieged-city/replay-plays.ts --seeds 1..200 --tuning '{"deep":0}'
//   nice -n 19 npx tsx research/besieged-city/replay-plays.ts --seeds 1..100 --tuning '{"rescue":0}' --against '{}'
import { readFileSync } from 'node:fs';
import { wilson } from '../../src/batch/stats.js';
import { dealFromSeed } from '../../src/games/besieged-city/deal.js';
import { HindsightStrategy, QuickStrategy } from '../../src/games/besieged-city/strategies/hindsight.js';
import { playGame } from '../../src/games/besieged-city/strategies/play.js';

const args = process.argv.slice(2);
const arg = (n: string, d: string) => {
  const i = args.indexOf(`--${n}`);
  return i >= 0 ? args[i + 1] : d;
};
const tuning = JSON.parse(arg('tuning', '{}'));
const base = arg('player', 'hindsight');
const plays: [string, string][] = [];
if (args.includes('--lost'))
  for (const l of readFileSync('data/besieged-city/hindsight-lost.csv', 'utf8').trim().split('\n').slice(1)) {
    const r = l.split(',');
    plays.push([r[0], r[3]]);
  }
else {
  // A range (1..200) or a list (105,138,200).
  for (const part of arg('seeds', '1..20').split(',')) {
    const [a, b = a] = part.split('..').map(Number);
    for (let s = a; s <= b; s++) plays.push([String(s), arg('strategy-seed', '1')]);
  }
}
// --against JSON: each play also with that tuning, the two alternating (the order flips every
// play) so that both meet the same machine load; both totals are printed.
const tunings: [string, Record<string, unknown>][] = [['', tuning]];
if (args.includes('--against')) tunings.push(['against ', JSON.parse(arg('against', '{}'))]);
const tally = tunings.map(() => ({ won: 0, cpu: 0, nodes: 0, deep: 0, lost: [] as string[] }));
plays.forEach(([seed, k], i) => {
  const order = tunings.map((_, j) => j);
  if (i % 2 === 1) order.reverse();
  for (const j of order) {
    const [label, tu] = tunings[j];
    const t = tally[j];
    const s = base === 'quick' ? new QuickStrategy(k, {}, tu) : new HindsightStrategy(k, {}, tu);
    const c0 = process.cpuUsage();
    const g = playGame(dealFromSeed(seed), s);
    const c = process.cpuUsage(c0);
    const sec = (c.user + c.system) / 1e6;
    t.cpu += sec;
    t.nodes += s.solveNodes;
    t.deep += s.deepSpent;
    if (g.won) t.won++;
    else t.lost.push(`${seed}/${k}`);
    console.log(
      `${label}${seed} strategy seed ${k}: ${g.won ? 'won' : 'lost'}, ${sec.toFixed(2)} CPU s, ${s.solveNodes} nodes (${s.deepSpent} in ${s.deepSolves} deep solves)`,
    );
  }
});
const n = plays.length;
tunings.forEach(([label, tu], j) => {
  const t = tally[j];
  const w = wilson(t.won, n);
  console.log(
    `${label}${base} ${JSON.stringify(tu)}: won ${t.won}/${n} (${((100 * t.won) / n).toFixed(1)}% [${(100 * w.lo).toFixed(1)}, ${(100 * w.hi).toFixed(1)}]); ${(t.cpu / n).toFixed(3)} CPU s a game; ${(t.nodes / n / 1000).toFixed(0)}k nodes a game (${(t.deep / n / 1000).toFixed(0)}k deep); lost: ${t.lost.join(' ')}`,
  );
});
if (tunings.length === 2) console.log(`CPU a game, against/first: ${(tally[1].cpu / tally[0].cpu).toFixed(3)}`);
