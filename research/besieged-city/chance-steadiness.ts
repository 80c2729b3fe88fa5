// How steady the chance without peeking is along a game: the mean absolute change of the
// estimate between consecutive positions, over games of one strategy. Measures the estimator of
// a source tree (--src, default this one), so two builds compare side by side on the same games:
//
//   git worktree add /tmp/base <commit> && ln -s "$PWD/node_modules" /tmp/base/node_modules
//   nice -n 19 npx tsx research/besieged-city/chance-steadiness.ts --seeds 1..20 --samples 16
//   nice -n 19 npx tsx research/besieged-city/chance-steadiness.ts --seeds 1..20 --samples 16 --src /tmp/base
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { dealFromSeed } from '../../src/games/besieged-city/deal.js';
import { makeStrategy } from '../../src/games/besieged-city/strategies/index.js';
import { playGame } from '../../src/games/besieged-city/strategies/play.js';
import { parseMove, BcPosition } from '../../src/games/besieged-city/core.js';

const args = process.argv.slice(2);
const arg = (n: string, d: string) => {
  const i = args.indexOf(`--${n}`);
  return i >= 0 ? args[i + 1] : d;
};
const [from, to] = arg('seeds', '1..20').split('..').map(Number);
const samples = Number(arg('samples', '16'));
const player = arg('player', 'greedy');
const nodes = args.includes('--nodes') ? Number(arg('nodes', '8000')) : undefined;
const src = resolve(arg('src', '.'));
const { noPeekChance } = await import(pathToFileURL(`${src}/src/games/besieged-city/chance.ts`).href);
let sum = 0,
  steps = 0,
  dealSum = 0,
  dealSteps = 0;
const c0 = process.cpuUsage();
for (let seed = from; seed <= to; seed++) {
  const deal = dealFromSeed(seed);
  const game = playGame(deal, makeStrategy(player, 'x'));
  const pos = new BcPosition(deal);
  const line: number[] = [];
  const turns: boolean[] = [];
  for (const t of game.moves) {
    const p = parseMove(pos, t);
    if (!p.ok) throw new Error(p.reason);
    const sp = pos.sp;
    pos.make(p.move);
    line.push(p.move);
    turns.push(pos.sp > sp);
  }
  const est: { wins: number; samples: number }[] = noPeekChance(deal, line, { samples, seed: 'steady', nodes });
  let s = 0;
  for (let k = 1; k < est.length; k++) {
    const d = Math.abs(est[k].wins / est[k].samples - est[k - 1].wins / est[k - 1].samples);
    s += d;
    if (turns[k - 1]) (dealSum += d), dealSteps++;
  }
  sum += s;
  steps += est.length - 1;
  console.log(
    `seed ${seed}: ${game.won ? 'won' : 'lost'}, ${line.length} moves, mean |change| ${(s / (est.length - 1)).toFixed(4)}, start ${est[0].wins}/${samples}`,
  );
}
const c = process.cpuUsage(c0);
console.log(
  `${src}: ${player} games of seeds ${from}..${to}, ${samples} guesses: mean |change| between consecutive positions ${(sum / steps).toFixed(4)} (${steps} steps; at a turned card ${(dealSum / dealSteps).toFixed(4)}, ${dealSteps} steps); ${((c.user + c.system) / 1e6).toFixed(0)} CPU s`,
);
