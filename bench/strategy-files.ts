// What a strategy file costs per decision: the adapter (the plain-data view) and the round trip
// to the file's own thread, against a built-in playing the same deals in-thread.
//
//   npx tsx bench/strategy-files.ts [deals]
//
// Besieged City: the example file vs greedy on seeds 1..deals; Pilstymas: the example file vs
// greedy (both seats); Žioplys: the example file in seat 1 of 4. Prints µs per move.
import { dealFromSeed as bcDeal } from '../src/games/besieged-city/deal.js';
import { makeStrategy as bcMake, playGame as bcPlay } from '../src/games/besieged-city/strategies/index.js';
import { strategyFor as bcFor } from '../src/games/besieged-city/strategies/file.js';
import { dealFromSeed as pilDeal } from '../src/games/pilstymas/deal.js';
import { fileStrategies as pilFiles } from '../src/games/pilstymas/strategies/file.js';
import { playGame as pilPlay } from '../src/games/pilstymas/match.js';
import { makeStrategy as pilMake, strategyFor as pilFor } from '../src/games/pilstymas/strategies/index.js';
import { dealFromSeed as zDeal } from '../src/games/zioplys/deal.js';
import { simulate } from '../src/games/zioplys/match.js';
import { seatFiles } from '../src/games/zioplys/strategies/file.js';
import { parseStrategies } from '../src/games/zioplys/strategies/index.js';
import { DEFAULT_VARIANT } from '../src/games/zioplys/position.js';
import { loadStrategyFile } from '../src/strategies/module.js';

const deals = Number(process.argv[2] ?? 50);
const us = (ms: number, moves: number) =>
  `${((1000 * ms) / Math.max(1, moves)).toFixed(1).padStart(7)} µs/move over ${moves} moves`;

function bc(): void {
  const file = loadStrategyFile('./examples/strategies/besieged-city.mjs', 'besieged-city', 1);
  const files = new Map([[file.name, file]]);
  for (const [label, make] of [
    ['greedy (built-in)', () => bcMake('greedy', '1')],
    [`${file.name} (file)`, () => bcFor(file.name, '1', files, 1000)],
  ] as const) {
    let moves = 0;
    const t0 = performance.now();
    for (let s = 1; s <= deals; s++) moves += bcPlay(bcDeal(String(s)), make()).moves.length;
    console.log(`besieged-city  ${label.padEnd(28)} ${us(performance.now() - t0, moves)}`);
  }
}

function pil(): void {
  const file = loadStrategyFile('./examples/strategies/pilstymas.mjs', 'pilstymas', 2);
  const files = new Map([[file.name, file]]);
  for (const name of ['greedy', file.name]) {
    let moves = 0;
    const t0 = performance.now();
    for (let s = 1; s <= deals; s++) {
      const seed = String(s);
      const r = pilPlay(
        pilDeal(seed),
        [pilFor(name, seed, 0, files, '1', pilFiles(1000)), pilMake('greedy', `${seed}:B`)],
        { record: true },
      );
      moves += r.moves.length;
    }
    console.log(
      `pilstymas      ${`${name} vs greedy`.padEnd(28)} ${us(performance.now() - t0, moves)} (both seats' moves)`,
    );
  }
}

function zio(): void {
  const file = loadStrategyFile('./examples/strategies/zioplys.mjs', 'zioplys', 4);
  const files = new Map([[file.name, file]]);
  for (const text of ['rule,rule,rule,rule', `rule,${file.name},rule,rule`]) {
    const strategies = parseStrategies(text, 4, files);
    let turns = 0;
    const t0 = performance.now();
    for (let s = 1; s <= deals * 20; s++)
      turns += simulate(zDeal(String(s), 4), { variant: DEFAULT_VARIANT, strategies, seatFiles }).turns;
    console.log(
      `zioplys        ${text.padEnd(28)} ${us(performance.now() - t0, turns)
        .replace('move', 'turn')
        .replace('moves', 'turns')}`,
    );
  }
}

console.log(`strategy files vs built-ins, node ${process.version}, one thread (plus each file's own thread)`);
bc();
pil();
zio();
