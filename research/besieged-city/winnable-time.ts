// The cost of one "still winnable?" without peeking, as `play` and the page ask it: nodes and
// wall time of winnable() at positions of greedy's games, for source trees (--src, default this
// one; several, comma-separated, are alternated on the same positions):
//
//   git worktree add /tmp/base <commit> && ln -s "$PWD/node_modules" /tmp/base/node_modules
//   nice -n 19 npx tsx research/besieged-city/winnable-time.ts --seeds 1..3 --plies 0,40,80 --src /tmp/base,.
//
// Where the chance keeps its guesses between questions about one game (the walk along it), each
// position is asked twice: "first", the game's first question (the walk from the deal), and
// "next", the question after one more move (the walk goes on by one position). --hint times the
// hint instead, at the same positions.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { dealFromSeed } from '../../src/games/besieged-city/deal.js';
import { makeStrategy } from '../../src/games/besieged-city/strategies/index.js';
import { playGame } from '../../src/games/besieged-city/strategies/play.js';

const args = process.argv.slice(2);
const arg = (n: string, d: string) => {
  const i = args.indexOf(`--${n}`);
  return i >= 0 ? args[i + 1] : d;
};
const [from, to] = arg('seeds', '1..3').split('..').map(Number);
const plies = arg('plies', '0,40,80').split(',').map(Number);
const srcs = arg('src', '.')
  .split(',')
  .map((s) => resolve(s));
const rounds = Number(arg('rounds', '1'));
const kits = await Promise.all(
  srcs.map(async (src) => ({
    src,
    core: await import(pathToFileURL(`${src}/src/games/besieged-city/core.ts`).href),
    walks: 'CHANCE_SAMPLES' in (await import(pathToFileURL(`${src}/src/solitaire/advice.ts`).href)),
  })),
);
const hints = args.includes('--hint');
for (let seed = from; seed <= to; seed++) {
  const deal = dealFromSeed(seed);
  const moves: string[] = playGame(deal, makeStrategy('greedy', 'x')).moves;
  for (const ply of plies) {
    if (ply > moves.length) continue;
    if (hints) {
      for (let r = 0; r < rounds; r++)
        for (const { src, core } of kits) {
          const t0 = performance.now();
          const h = core.runTask(core.hint(core.besiegedCity, { deal, moves: moves.slice(0, ply) }));
          const ms = performance.now() - t0;
          console.log(
            `${src} seed ${seed} ply ${ply} hint: ${Math.round(ms)} ms, ${h.nodes.toLocaleString('en-US')} nodes: ${h.text}`,
          );
        }
      continue;
    }
    // Alternated A B A B: the load of the moment falls on both alike.
    for (let r = 0; r < rounds; r++)
      for (const { src, core, walks } of kits) {
        // Another game asked about first: the kept walk is not this one's.
        if (walks) core.runTask(core.winnable(core.besiegedCity, { deal, moves: [] }, { samples: 1, seed: 'other' }));
        for (const [what, at] of walks
          ? ([
              ['first', ply],
              ['next', ply + 1],
            ] as const)
          : ([['first', ply]] as const)) {
          const t0 = performance.now();
          const a = core.runTask(core.winnable(core.besiegedCity, { deal, moves: moves.slice(0, at) }));
          const ms = performance.now() - t0;
          console.log(
            `${src} seed ${seed} ply ${at} ${what}: ${Math.round(ms)} ms, ${a.nodes.toLocaleString('en-US')} nodes: ${a.text}`,
          );
        }
      }
  }
}
