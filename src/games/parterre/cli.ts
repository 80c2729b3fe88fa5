import type { Argv } from 'yargs';
import { runRepl } from '../../cli/repl.js';
import { formatJson } from '../../io/json.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeSettings, outcomeLine, solverOptions, solverSettings, statsJson, statsLine } from '../../cli/solve.js';
import { batchOptions, itemsOf, runBatchCommand } from '../../cli/batch.js';
import { readCsvRows } from '../../batch/csv.js';
import { formatSummary, summarize } from './summary.js';
import { chooseDeal, dealFileOption, seedOption } from '../../cli/options.js';
import { solve } from '../../search/solve.js';
import type { Args, GameCli } from '../registry.js';
import { type PtDeal, dealFromJson, dealFromSeed, dealToJson, GAME } from './deal.js';
import { formatMove, parseMove } from './notation.js';
import { MAX_MOVES, PtPosition } from './position.js';
import { renderPosition } from './render.js';
import { replay, solutionFromJson } from './replay.js';
import { PtGame } from './search.js';

const unicodeOption = (y: Argv) => y.option('unicode', { type: 'boolean', default: false, describe: 'suits as ♠♥♦♣' });

export const dealOf = (argv: Args): PtDeal => chooseDeal(argv, dealFromSeed, dealFromJson);

function legalMoves(pos: PtPosition): number[] {
  const buf = new Int32Array(MAX_MOVES);
  return Array.from(buf.subarray(0, pos.legalMoves(buf)));
}

async function play(argv: Args): Promise<void> {
  const deal = dealOf(argv);
  const pos = new PtPosition(deal);
  const history: number[] = [];
  const u = argv.unicode === true;
  const show = () => {
    console.log(renderPosition(pos, { unicode: u }));
    if (pos.won()) console.log('Won: all 52 cards are on the foundations.');
    else if (legalMoves(pos).length === 0) console.log('Lost: no legal move is left. Type undo or quit.');
  };
  console.log(`Parterre, deal ${deal.seed ?? '(file)'}. Type a move ("7D b>p3"), a number from "moves", "moves", "undo", "show", "quit".`);
  show();
  await runRepl('> ', (line) => {
    if (line === '') return true;
    if (line === 'quit' || line === 'q') return false;
    if (line === 'help') {
      console.log('moves | <move in notation, e.g. 7D b>p3 or AS p2>F> | <number from moves> | undo | show | quit');
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
  const r = solve(new PtGame(deal), settings);
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
  console.log(`Parterre, deal ${deal.seed ?? '(file)'}; solver ${describeSettings(settings)}`);
  console.log(`outcome: ${outcomeLine(r)}`);
  if (r.outcome === 'solved') {
    const pos = new PtPosition(deal);
    r.line.forEach((m, i) => {
      console.log(`${String(i + 1).padStart(4)}. ${m}`);
      if (argv.show) {
        const p = parseMove(pos, m);
        if (!p.ok) throw new Error(`solution move ${i + 1} does not replay: ${p.reason}`);
        pos.make(p.move);
        console.log(renderPosition(pos, { unicode: argv.unicode === true }).replace(/^/gm, '      '));
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

export const parterreCli: GameCli = {
  name: GAME,
  describe: 'Parterre (Партеръ, Flower Garden), one pack',
  verbs: {
    deal: {
      describe: 'Print the layout for a seed, or the deal JSON',
      builder: (y) => unicodeOption(seedOption(y)).option('json', { type: 'boolean', default: false, describe: 'print the deal JSON' })
        .example('$0 deal parterre --seed 42', 'the layout of deal 42')
        .example('$0 deal parterre --seed 42 --json > deal.json', 'save it as a deal file'),
      handler: (argv) => {
        const deal = dealOf(argv);
        if (argv.json) console.log(formatJson(dealToJson(deal)));
        else {
          console.log(`Parterre, deal ${deal.seed}`);
          console.log(renderPosition(new PtPosition(deal), { unicode: argv.unicode === true }));
        }
      },
    },
    play: {
      describe: 'Play a deal in the terminal',
      builder: (y) => unicodeOption(dealFileOption(seedOption(y)))
        .example('$0 play parterre --seed 42', 'play deal 42: type moves, "moves", "undo", "quit"'),
      handler: play,
    },
    solve: {
      describe: 'Solve a deal: solved (with the solution), unsolvable, or unknown (a limit was hit)',
      builder: (y) => unicodeOption(solverOptions(dealFileOption(seedOption(y)), { timeout: '60s' }))
        .option('json', { type: 'boolean', default: false, describe: 'print one JSON object (verify accepts it when solved)' })
        .option('show', { type: 'boolean', default: false, describe: 'print the position after every move of the solution' })
        .example('$0 solve parterre --seed 42', 'solve deal 42')
        .example('$0 solve parterre --deal deal.json --json > sol.json', 'solve a deal file, save the solution')
        .example('$0 solve parterre --seed 7 --timeout 5s --memory 512MiB', 'with limits'),
      handler: solveCommand,
    },
    batch: {
      describe: 'Solve many seeded deals in parallel; one CSV row per deal, then a summary',
      builder: (y) => solverOptions(batchOptions(y, { seeds: '1..100', out: 'results/parterre.csv' }), { timeout: '5s' })
        .option('solutions', { type: 'string', describe: 'also write each solution as DIR/<seed>.json' })
        .example('$0 batch parterre --seeds 1..1000 --timeout 5s', 'the study: 1000 deals, 5 s each')
        .example('$0 batch parterre --seeds 1..1000 --resume', 'continue an interrupted run'),
      handler: batchCommand,
    },
  },
  summary: (rows, argv) => {
    const s = summarize(rows);
    console.log(argv.json ? formatJson(s) : formatSummary(s));
  },
  show: (doc, file, argv) => {
    const deal = dealFromJson(doc, file);
    console.log(`Parterre, deal ${deal.seed ?? file}`);
    console.log(renderPosition(new PtPosition(deal), { unicode: argv.unicode === true }));
  },
  verify: (doc, file) => {
    const sol = solutionFromJson(doc, file);
    const r = replay(sol.deal, sol.moves);
    if (!r.ok) {
      console.log(`invalid: move ${r.index + 1} "${r.move}" is illegal: ${r.reason}`);
      return 1;
    }
    if (!r.won) {
      console.log(`invalid: the line ends unwon after ${r.moves} moves (${r.position.foundTotal}/52 cards on the foundations)`);
      return 1;
    }
    console.log(`valid: won in ${r.moves} moves`);
    return 0;
  },
};
