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
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { solve } from '../../search/solve.js';
import { describeSettings, outcomeLine, solverOptions, solverSettings, statsJson, statsLine } from '../../cli/solve.js';
import { batchOptions, itemsOf, runBatchCommand } from '../../cli/batch.js';
import { readCsvRows } from '../../batch/csv.js';
import { BcGame } from './search.js';
import { formatSummary, summarize } from './summary.js';

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

function solveCommand(argv: Args): void {
  const deal = dealOf(argv);
  const settings = solverSettings(argv);
  const game = new BcGame(deal);
  const r = solve(game, settings);
  if (argv.json) {
    console.log(formatJson({
      game: GAME,
      deal: dealToJson(deal),
      outcome: r.outcome,
      ...(r.outcome === 'unknown' ? { limit: r.limit } : {}),
      ...(r.outcome === 'solved' ? { moves: r.line } : {}),
      stats: statsJson(r),
      solver: describeSettings(settings),
    }));
    return;
  }
  console.log(`Besieged City, deal ${deal.seed ?? '(file)'}; solver ${describeSettings(settings)}`);
  console.log(`outcome: ${outcomeLine(r)}`);
  if (r.outcome === 'solved') {
    const pos = new BcPosition(deal);
    r.line.forEach((m, i) => {
      console.log(`${String(i + 1).padStart(4)}. ${m}`);
      if (argv.show) {
        const p = parseMove(pos, m);
        if (!p.ok) throw new Error(`solution move ${i + 1} does not replay: ${p.reason}`);
        pos.make(p.move);
        console.log(renderPosition(pos, { unicode: argv.unicode === true, revealStock: true }).replace(/^/gm, '      '));
      }
    });
  }
  console.log(statsLine(r));
}

async function batchCommand(argv: Args): Promise<void> {
  const settings = solverSettings(argv);
  const solutions = typeof argv.solutions === 'string' ? argv.solutions : null;
  if (solutions) mkdirSync(solutions, { recursive: true });
  const r = await runBatchCommand({
    argv,
    job: GAME,
    config: { ...settings, settings: describeSettings(settings) },
    note: (rows) => {
      const solved = rows.filter((x) => x.outcome === 'solved').length;
      return rows.length ? `solved ${((100 * solved) / rows.length).toFixed(1)}% so far` : '';
    },
    onRow: (row) => {
      if (solutions && typeof row._line === 'string') {
        const deal = dealFromSeed(String(row.seed));
        writeFileSync(join(solutions, `${row.seed}.json`), formatJson({ game: GAME, deal: dealToJson(deal), moves: row._line.split('\n') }) + '\n');
      }
    },
  });
  const all = readCsvRows(r.file).rows.filter((x) => x.game === GAME);
  const mine = new Set(itemsOf(argv));
  console.log(formatSummary(summarize(all.filter((x) => mine.has(x.seed)))));
  console.log(`rows: ${r.written} written${r.skipped ? `, ${r.skipped} already there` : ''} -> ${r.file}`);
  if (r.interrupted) {
    console.log('interrupted: run the same command with --resume to finish');
    process.exitCode = 130;
  }
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
    solve: {
      describe: 'Solve a deal: solved (with the solution), unsolvable, or unknown (a limit was hit)',
      builder: (y) => unicodeOption(solverOptions(dealFileOption(seedOption(y)), { timeout: '60s' }))
        .option('json', { type: 'boolean', default: false, describe: 'print one JSON object (verify accepts it when solved)' })
        .option('show', { type: 'boolean', default: false, describe: 'print the position after every move of the solution' })
        .example('$0 solve besieged-city --seed 42', 'solve deal 42 (depth-first, 60 s)')
        .example('$0 solve besieged-city --deal deal.json --json > sol.json', 'solve a deal file, save the solution')
        .example('$0 solve besieged-city --seed 7 --timeout 5s --memory 512MiB', 'with limits'),
      handler: solveCommand,
    },
    batch: {
      describe: 'Solve many seeded deals in parallel; one CSV row per deal, then a summary',
      builder: (y) => solverOptions(batchOptions(y, { seeds: '1..100', out: 'results/besieged-city.csv' }), { timeout: '10s' })
        .option('solutions', { type: 'string', describe: 'also write each solution as DIR/<seed>.json' })
        .example('$0 batch besieged-city --seeds 1..1000 --timeout 10s', 'the study: 1000 deals, 10 s each')
        .example('$0 batch besieged-city --seeds 1..100000 --shard 3/8 --out shard3.csv', 'this machine\'s eighth')
        .example('$0 batch besieged-city --seeds 1..1000 --resume', 'continue an interrupted run'),
      handler: batchCommand,
    },
    play: {
      describe: 'Play a deal in the terminal',
      builder: (y) => unicodeOption(dealFileOption(seedOption(y)))
        .example('$0 play besieged-city --seed 42', 'play deal 42: type moves, "moves", "undo", "quit"'),
      handler: play,
    },
  },
  summary: (rows, argv) => {
    const s = summarize(rows);
    console.log(argv.json ? formatJson(s) : formatSummary(s));
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
