import type { Argv } from 'yargs';
import { formatCard } from '../../cards/card.js';
import { runRepl } from '../../cli/repl.js';
import { formatJson } from '../../io/json.js';
import { chooseDeal, dealFileOption, seedOption } from '../../cli/options.js';
import type { Args, GameCli } from '../registry.js';
import { type BcDeal, dealFromJson, dealFromSeed, dealToJson, GAME } from './deal.js';
import { formatMove, parseMove } from './notation.js';
import { BcPosition, MAX_MOVES } from './position.js';
import { renderPosition } from './render.js';
import { replay, solutionFromJson } from './replay.js';

const unicodeOption = (y: Argv) => y.option('unicode', { type: 'boolean', default: false, describe: 'suits as ♠♥♦♣' });

export const dealOf = (argv: Args): BcDeal => chooseDeal(argv, dealFromSeed, dealFromJson);

function legalMoves(pos: BcPosition): number[] {
  const buf = new Int32Array(MAX_MOVES);
  return Array.from(buf.subarray(0, pos.moves(buf)));
}

async function play(argv: Args): Promise<void> {
  const deal = dealOf(argv);
  const pos = new BcPosition(deal);
  const history: number[] = [];
  const u = argv.unicode === true;
  const show = () => {
    console.log(renderPosition(pos, { unicode: u }));
    if (pos.won()) console.log('Won: all 104 cards are on the foundations.');
    else if (legalMoves(pos).length === 0) console.log('Lost: no legal move is left. Type undo or quit.');
  };
  console.log(`Besieged City, deal ${deal.seed ?? '(file)'}. Type a move ("KS E2>F"), a number from "moves", "moves", "undo", "show", "quit".`);
  show();
  await runRepl('> ', (line) => {
    if (line === '' ) return true;
    if (line === 'quit' || line === 'q') return false;
    if (line === 'help') {
      console.log('moves | <move in notation, e.g. 7C r2c1>W2> | <number from moves> | undo | show | quit');
      return true;
    }
    if (line === 'show') return show(), true;
    const legal = legalMoves(pos);
    if (line === 'moves') {
      legal.forEach((m, i) => console.log(`${String(i + 1).padStart(3)}. ${formatMove(m)}`));
      if (legal.length === 0) console.log('no legal moves');
      return true;
    }
    if (line === 'undo') {
      const m = history.pop();
      if (m === undefined) console.log('nothing to undo');
      else pos.unmake(m), show();
      return true;
    }
    let move: number | undefined;
    if (/^\d+$/.test(line)) {
      move = legal[Number(line) - 1];
      if (move === undefined) console.log(`no move number ${line} (type "moves")`);
    } else {
      const p = parseMove(pos, line);
      if (p.ok) move = p.move;
      else console.log(`illegal: ${p.reason}`);
    }
    if (move !== undefined) {
      pos.make(move);
      history.push(move);
      console.log(`played ${formatMove(move)}`);
      show();
    }
    return true;
  });
}

export const besiegedCityCli: GameCli = {
  name: GAME,
  describe: 'Besieged City (Осаждённый город), two packs',
  verbs: {
    deal: {
      describe: 'Print the layout for a seed, or the deal JSON',
      builder: (y) => unicodeOption(seedOption(y)).option('json', { type: 'boolean', default: false, describe: 'print the deal JSON' })
        .example('$0 deal besieged-city --seed 42', 'the layout of deal 42')
        .example('$0 deal besieged-city --seed 42 --json > deal.json', 'save it as a deal file'),
      handler: (argv) => {
        const deal = dealOf(argv);
        if (argv.json) console.log(formatJson(dealToJson(deal)));
        else {
          console.log(`Besieged City, deal ${deal.seed}`);
          console.log(renderPosition(new BcPosition(deal), { unicode: argv.unicode === true }));
        }
      },
    },
    play: {
      describe: 'Play a deal in the terminal',
      builder: (y) => unicodeOption(dealFileOption(seedOption(y)))
        .example('$0 play besieged-city --seed 42', 'play deal 42: type moves, "moves", "undo", "quit"'),
      handler: play,
    },
  },
  show: (doc, file, argv) => {
    const deal = dealFromJson(doc, file);
    console.log(`Besieged City, deal ${deal.seed ?? file}`);
    console.log(renderPosition(new BcPosition(deal), { unicode: argv.unicode === true, revealStock: true }));
    console.log(`Stock (first dealt first): ${deal.stock.map((c) => formatCard(c)).join(' ')}`);
  },
  verify: (doc, file) => {
    const sol = solutionFromJson(doc, file);
    const r = replay(sol.deal, sol.moves);
    if (!r.ok) {
      console.log(`invalid: move ${r.index + 1} "${r.move}" is illegal: ${r.reason}`);
      return 1;
    }
    if (!r.won) {
      console.log(`invalid: the line ends unwon after ${r.moves} moves (${r.position.foundTotal}/104 cards on the foundations)`);
      return 1;
    }
    console.log(`valid: won in ${r.moves} moves`);
    return 0;
  },
};
