import type { Args } from '../cli/plugin.js';
import { describeSettings, solverSettings } from '../cli/solve.js';
import { parseCount } from '../cli/units.js';
import { InputError, oneLine } from '../io/errors.js';
import { formatJson } from '../io/json.js';
import { CHANCE_SAMPLES, CHANCE_SEED, chancePercent } from './advice.js';
import { type AnalysedPosition, analyseLine, costliest } from './analyse.js';
import { dealName, type Solitaire, type SolitairePosition, variantNote } from './kit.js';
import { judgement, readRecord } from './record.js';

// `patience analyse --record FILE` for a one-player game: the analysis (analyse.ts) as JSON, or
// as the game's moves with their verdicts and the turning point marked.

const chanceText = (p: AnalysedPosition) => (p.chance ? chancePercent(p.chance, 4) : '');

export function analyseCommand<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Solitaire<D, P>,
  doc: unknown,
  file: string,
  argv: Args,
): void {
  const rec = readRecord(kit, doc, file);
  const solver = solverSettings(argv);
  const samples = parseCount(argv.samples ?? String(CHANCE_SAMPLES), '--samples');
  if (samples < 1) throw new InputError('--samples: at least 1');
  const seed = String(argv.seed ?? CHANCE_SEED);
  const chance = kit.hidden ? { samples, seed } : undefined;
  const t0 = performance.now();
  const { analysis, stats } = analyseLine(kit, rec.deal, rec.line, {
    solver: { ...solver, policy: kit.searchPolicy },
    chance,
  });
  const ms = performance.now() - t0;
  if (argv.json) {
    console.log(formatJson(analysis));
    return;
  }
  const end = judgement(kit, rec.position, rec.moves.length);
  console.log(
    `${kit.title}, ${dealName(kit, rec.deal)}${variantNote(kit, rec.deal)}${rec.player ? `, played by ${oneLine(rec.player)}` : ''}: ${end}`,
  );
  console.log(`verdicts: the solver at each position, ${describeSettings(solver)}`);
  if (kit.hidden && chance)
    console.log(
      `chance without peeking (${kit.hidden.chanceName}, seed ${seed}): of ${samples} guesses of the face-down cards, kept along the game (a card turned is swapped into each), the share the solver wins from each position, with its 95% interval (as \`play\`'s "winnable" gives it)`,
    );
  const lp = analysis.losingPly;
  for (const p of analysis.positions) {
    const mark = lp !== null && p.ply === lp ? '  <- the losing move: lost after it' : '';
    const move = p.move ?? '(the deal)';
    console.log(
      `${String(p.ply).padStart(4)}. ${move.padEnd(16)} ${p.verdict.padEnd(9)} ${chanceText(p)}${mark}`.trimEnd(),
    );
  }
  const first = analysis.positions[0].verdict;
  if (lp !== null) {
    console.log(`The losing move: ${lp}. ${analysis.positions[lp].move} (winnable before it, lost after it).`);
    console.log(
      `A winning line from before it (${analysis.continuation!.length} moves): ${analysis.continuation!.join(', ')}`,
    );
  } else if (first === 'lost') console.log('No losing move: the deal was lost from the start.');
  else if (analysis.positions.every((p) => p.verdict === 'winnable')) {
    console.log('No losing move: every position of the line is winnable.');
    if (analysis.continuation)
      console.log(
        `A winning line from the last position (${analysis.continuation.length} moves): ${analysis.continuation.join(', ')}`,
      );
  } else
    console.log('The losing move is not decided at this budget (some positions are unknown): give more --max-nodes.');
  const worst = costliest(analysis.positions);
  if (worst.length)
    console.log(
      `The moves that cost the most chance: ${worst
        .map(
          (p) => `${p.ply}. ${p.move} (${chanceText(analysis.positions[p.ply - 1]).trim()} -> ${chanceText(p).trim()})`,
        )
        .join('; ')}`,
    );
  console.log(
    `${stats.searches} position${stats.searches === 1 ? '' : 's'} searched, ${stats.nodes.toLocaleString('en-US')} nodes; ${(ms / 1000).toFixed(1)} s in all`,
  );
}
