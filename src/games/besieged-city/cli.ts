import { formatCard } from '../../cards/card.js';
import { dealOfKit, solitaireCli, solveBatchCommand } from '../../cli/solitaire.js';
import { InputError } from '../../io/errors.js';
import type { Args, GameCli } from '../registry.js';
import { dealFromJson } from './deal.js';
import { besiegedCity } from './kit.js';
import { parseMove } from './notation.js';
import { BcPosition } from './position.js';
import { renderPosition } from './render.js';
import { makeStrategy, playGame, STRATEGIES } from './strategies/index.js';

// Besieged City's CLI: the standard one-player commands, plus strategies — watch one play
// (play --strategy) or let several play every deal of a batch (batch --strategies).

const base = solitaireCli(besiegedCity, {
  describe: 'Besieged City (Осаждённый город), two packs',
  solveTimeout: '60s',
  batchTimeout: '10s',
  batchSeeds: '1..100',
});

/** "random,greedy" -> checked names (an unknown one is an InputError naming it). */
function strategyList(v: unknown): string[] {
  if (v === undefined || v === '') return [];
  const names = String(v).split(',').map((x) => x.trim().toLowerCase());
  for (const n of names) makeStrategy(n, '1');
  if (new Set(names).size !== names.length) throw new InputError('--strategies: a strategy is listed twice');
  return names;
}

function watchStrategy(argv: Args): void {
  const deal = dealOfKit(besiegedCity, argv);
  const name = String(argv.strategy);
  // The strategy's own seed is never the deal's: from that it could rebuild the stock order.
  const strategy = makeStrategy(name, String(argv.strategySeed ?? '1'));
  const pos = new BcPosition(deal);
  const u = argv.unicode === true;
  console.log(`Besieged City, deal ${deal.seed ?? '(file)'}: ${name} plays (it sees no stock order)`);
  if (argv.show) console.log(renderPosition(pos, { unicode: u }));
  const t0 = performance.now();
  const game = playGame(deal, strategy, {
    onMove: (move) => {
      const p = parseMove(pos, move);
      if (!p.ok) throw new Error(`${name} played an illegal move ${move}: ${p.reason}`);
      pos.make(p.move);
      console.log(`${String(pos.ply).padStart(4)}. ${move}`);
      if (argv.show) console.log(renderPosition(pos, { unicode: u }).replace(/^/gm, '      '));
    },
  });
  const ms = Math.round(performance.now() - t0);
  const how = { won: 'won', stuck: 'lost: no legal move left', 'move-cap': 'stopped at the move cap', resigned: 'resigned' }[game.reason];
  console.log(`${name} ${how} after ${game.moves.length} moves (${pos.foundTotal}/104 cards on the foundations, ${ms} ms)`);
}

export const besiegedCityCli: GameCli = {
  ...base,
  verbs: {
    ...base.verbs,
    play: {
      describe: 'Play a deal in the terminal, or watch a strategy play it',
      builder: (y) => base.verbs.play.builder(y)
        .option('strategy', { choices: STRATEGIES, describe: 'watch a strategy play instead of playing yourself' })
        .option('strategy-seed', { type: 'string', default: '1', describe: "seed of the strategy's own random choices" })
        .option('show', { type: 'boolean', default: false, describe: 'with --strategy: print the position after every move' })
        .example('$0 play besieged-city --seed 42 --strategy planner --show', 'watch the planner play deal 42'),
      handler: (argv) => (argv.strategy !== undefined ? watchStrategy(argv) : base.verbs.play.handler(argv)),
    },
    batch: {
      describe: base.verbs.batch.describe,
      builder: (y) => base.verbs.batch.builder(y)
        .option('strategies', { type: 'string', describe: `also let strategies play each deal: ${STRATEGIES.join(',')}` })
        .option('strategy-seed', { type: 'string', default: '1', describe: "seed of the strategies' own random choices" })
        .example('$0 batch besieged-city --seeds 1..200 --strategies random,greedy,planner,sampler', 'win rates next to solvability'),
      handler: (argv) => {
        const strategies = strategyList(argv.strategies);
        return solveBatchCommand(besiegedCity, argv, strategies.length ? { strategies, strategySeed: String(argv.strategySeed) } : {});
      },
    },
  },
  show: (doc, file, argv) => {
    base.show!(doc, file, argv);
    console.log(`Stock (first dealt first): ${dealFromJson(doc, file).stock.map((c) => formatCard(c)).join(' ')}`);
  },
};

