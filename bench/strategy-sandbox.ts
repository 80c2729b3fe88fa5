// What the sandbox costs a strategy file per move: the same games played through the build
// before it (the file in a worker thread of the referee) and this one (the file in a process of
// its own, through a relay thread), in ONE process, alternating by round (the order flips each
// round), so both meet the same machine. Prints µs per move of each and the new/old ratio.
//
//   mkdir -p /tmp/patience-old && git archive 2b0569d src | tar -x -C /tmp/patience-old \
//     && ln -sfn "$PWD/node_modules" /tmp/patience-old/node_modules
//   nice npx tsx bench/strategy-sandbox.ts /tmp/patience-old [deals] [rounds]
//
// Besieged City: examples/strategies/besieged-city.mjs on seeds 1..deals; Pilstymas:
// examples/strategies/pilstymas.mjs in seat A against greedy on seeds 1..deals (both seats'
// moves counted, as bench/strategy-files.ts does). Also prints the start of a strategy process.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

// biome-ignore lint/suspicious/noExplicitAny: the two builds are of different versions
type Any = any;

const [oldDir, dealsText, roundsText] = process.argv.slice(2);
if (!oldDir) {
  console.error('usage: npx tsx bench/strategy-sandbox.ts OLD_SOURCE_DIR [deals] [rounds]');
  process.exit(2);
}
const deals = Number(dealsText ?? 20);
const rounds = Number(roundsText ?? 3);

async function load(dir: string) {
  const at = (p: string) => import(pathToFileURL(resolve(dir, p)).href);
  const module: Any = await at('src/strategies/module.ts');
  const bc = {
    deal: (await at('src/games/besieged-city/deal.ts')).dealFromSeed,
    play: (await at('src/games/besieged-city/strategies/index.ts')).playGame,
    file: (await at('src/games/besieged-city/strategies/file.ts')).strategyFor,
  };
  const pil = {
    deal: (await at('src/games/pilstymas/deal.ts')).dealFromSeed,
    // Builds before the file's name was match.ts call it game.ts.
    play: (await at('src/games/pilstymas/match.ts').catch(() => at('src/games/pilstymas/game.ts'))).playGame,
    files: (await at('src/games/pilstymas/strategies/file.ts')).fileStrategies,
    index: await at('src/games/pilstymas/strategies/index.ts'),
  };
  const t0 = performance.now();
  const bcFile = module.loadStrategyFile('./examples/strategies/besieged-city.mjs', 'besieged-city', 1);
  const loadMs = performance.now() - t0;
  const pilFile = module.loadStrategyFile('./examples/strategies/pilstymas.mjs', 'pilstymas', 2);
  const bcFiles = new Map([[bcFile.name, bcFile]]);
  const pilFiles = new Map([[pilFile.name, pilFile]]);
  return {
    loadMs,
    bc(): [number, number] {
      let moves = 0;
      const t = performance.now();
      for (let s = 1; s <= deals; s++)
        moves += bc.play(bc.deal(String(s)), bc.file(bcFile.name, '1', bcFiles, 5000)).moves.length;
      return [performance.now() - t, moves];
    },
    pil(): [number, number] {
      let moves = 0;
      const t = performance.now();
      for (let s = 1; s <= deals; s++) {
        const seed = String(s);
        const players = [
          pil.index.strategyFor(pilFile.name, seed, 0, pilFiles, '1', pil.files(5000)),
          pil.index.makeStrategy('greedy', `${seed}:B`),
        ];
        moves += pil.play(pil.deal(seed), players, { record: true }).moves.length;
      }
      return [performance.now() - t, moves];
    },
  };
}

const builds: Record<'old' | 'new', Any> = { old: await load(oldDir), new: await load('.') };
console.log(
  `strategy files: thread (old, ${oldDir}) vs sandboxed process (new), node ${process.version}, ${deals} deals, ${rounds} rounds`,
);
console.log(
  `loading and checking the file: old ${builds.old.loadMs.toFixed(0)} ms, new ${builds.new.loadMs.toFixed(0)} ms`,
);
const per: Record<string, number[]> = {};
for (let r = 0; r < rounds; r++) {
  const order: ('old' | 'new')[] = r % 2 ? ['new', 'old'] : ['old', 'new'];
  for (const game of ['bc', 'pil'] as const)
    for (const b of order) {
      const [ms, moves] = builds[b][game]();
      (per[`${game} ${b}`] ??= []).push((1000 * ms) / moves);
    }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const game of ['bc', 'pil']) {
  const o = median(per[`${game} old`]),
    n = median(per[`${game} new`]);
  const label = game === 'bc' ? 'besieged-city (file)     ' : 'pilstymas (file vs greedy)';
  console.log(
    `${label} old ${o.toFixed(1).padStart(7)} µs/move  new ${n.toFixed(1).padStart(7)} µs/move  new/old ${(n / o).toFixed(2)}  (rounds: old ${per[`${game} old`].map((x) => x.toFixed(0)).join(' ')}; new ${per[`${game} new`].map((x) => x.toFixed(0)).join(' ')})`,
  );
}
process.exit(0);
