import type { Args } from '../../cli/plugin.js';
import { parseBytes, parseCount } from '../../cli/units.js';
import { InputError } from '../../io/errors.js';
import { PT_DIFFICULTY } from './difficulty.js';
import type { PtPosition } from './position.js';
import { parterre } from './kit.js';
import { solveDeal } from './job.js';
import { PYSOLFC_NUMBERING, PYSOLFC_PREFIX, parsePysolfcNumber, pysolfcDeal, pysolfcShown } from './pysolfc.js';
import { cardInWords, moveInWords } from './pysolfc-words.js';
import { PYSOLFC_TABLE } from './pysolfc-table.js';
import { formatVariant, parseVariant } from './rules.js';
import { withVariant } from './deal.js';

// `patience pysolfc N`: one screen for a PySolFC player holding Flower Garden game N — the deal as
// PySolFC lays it out (to check it is the same game), whether it can be won under the rules
// chosen, how hard it is, and with --line the winning line in the words PySolFC's table shows.
// `--list` prints numbers from the published table (pysolfc-table.ts) instead.

const PYSOLFC = PYSOLFC_NUMBERING.variant!.text;
const GRADE_OF: Record<string, string> = { e: 'easy', m: 'medium', h: 'hard' };

/** The published verdict of plain number n (1..32000) under PySolFC's rules, if run. */
function published(n: bigint): { outcome: string; grade?: string } | undefined {
  const c = n >= 1n && n <= BigInt(PYSOLFC_TABLE.verdicts.length) ? PYSOLFC_TABLE.verdicts[Number(n) - 1] : '.';
  if (c === '.') return undefined;
  if (c === 'n') return { outcome: 'unsolvable' };
  if (c === '?') return { outcome: 'unknown' };
  return { outcome: 'solved', ...(GRADE_OF[c] ? { grade: GRADE_OF[c] } : {}) };
}

/** The budget the published table was made with (its settings), as a node count. */
const PUBLISHED_NODES = Number(/max-nodes=(\d+)/.exec(PYSOLFC_TABLE.settings)?.[1] ?? 0);

function rulesText(variant: string): string {
  return variant === PYSOLFC
    ? "under PySolFC's rules: a foundation's top card may come back to a column (foundations=removable)"
    : "under this project's default reading: no card comes back from a foundation (foundations=final; PySolFC's rules are foundations=removable)";
}

const pct = (x: number) => `${Math.round(100 * x)}%`;

export function pysolfcAnswer(argv: Args): void {
  if (argv.list !== undefined) {
    listNumbers(argv);
    return;
  }
  if (argv.grade !== undefined) throw new InputError('--grade goes with --list winnable');
  if (argv.number === undefined)
    throw new InputError('pysolfc: name the game number, as in "patience pysolfc 12345" (or --list winnable)');
  const p = parsePysolfcNumber(String(argv.number));
  if (!p.ok) throw new InputError(`pysolfc: ${p.reason}`);
  const n = p.number;
  const variant = formatVariant(parseVariant(argv.variant === undefined ? PYSOLFC : String(argv.variant)));
  const unicode = argv.unicode !== false;
  const maxNodes = parseCount(argv.maxNodes, '--max-nodes');
  const narrowNodes = parseCount(argv.narrowness, '--narrowness');
  const memoryBytes = parseBytes(argv.memory, '--memory');

  console.log(`PySolFC game #${n.text} of Flower Garden (PySolFC's game 222; its status bar shows ${pysolfcShown(n)})`);
  console.log(rulesText(variant));
  const deal = pysolfcDeal(n);
  console.log('');
  deal.piles.forEach((pile, i) =>
    console.log(`  column ${i + 1}: ${pile.map((c) => cardInWords(c, unicode).padStart(3)).join(' ')}`),
  );
  console.log(`  bouquet:  ${deal.bouquet.map((c) => cardInWords(c, unicode)).join(' ')}`);
  console.log('  (each column from the top of the screen down: its last card is the one you can move)');
  console.log('');

  // The published table's grade stands for a number it graded under the same rules and budget.
  const pub = !n.ms || n.value < 32000n ? (variant === PYSOLFC ? published(n.value) : undefined) : undefined;
  const samePublished = pub !== undefined && maxNodes === PUBLISHED_NODES;
  const config = {
    algorithm: 'auto' as const,
    maxNodes,
    memoryBytes,
    settings: '',
    ...(variant !== 'default' ? { rules: variant } : {}),
    ...(samePublished && pub.grade ? {} : { narrowNodes }),
  };
  const t0 = performance.now();
  const { row, walked } = solveDeal(config, `${PYSOLFC_PREFIX}${n.text}`, argv.line === true);
  const took = `${((performance.now() - t0) / 1000).toFixed(1)} s`;
  if (samePublished && pub.outcome !== row.outcome)
    throw new Error(`game ${n.text}: the published table says ${pub.outcome}, the solver ${row.outcome}`);

  if (row.outcome === 'unsolvable') {
    console.log('Winnable: no. The solver tried every line from the deal: none wins, whatever you play.');
    return;
  }
  if (row.outcome === 'unknown') {
    console.log(
      `Winnable: not known. The solver did not decide within ${maxNodes.toLocaleString('en-US')} nodes (${took}); a larger --max-nodes may (80000000 takes a minute or two).`,
    );
    return;
  }
  console.log(`Winnable: yes. The solver found a winning line (${took}).`);
  const grade = samePublished && pub.grade ? pub.grade : PT_DIFFICULTY.assess([row as Record<string, string>])?.grade;
  if (samePublished && pub.grade)
    console.log(`How hard: ${pub.grade} (the published grade: data/parterre/pysolfc-difficulty.csv).`);
  else if (grade && row.share_mean !== '') {
    console.log(
      `How hard: ${grade}. Along the winning line, on average ${pct(Number(row.share_mean))} of the legal moves at a step keep the game winnable`,
    );
    console.log(
      `  (${pct(Number(row.share_mean_hi))} counting the moves left undecided; ${pct(Number(row.share_min))} at the narrowest step). Easy from 75%, medium from 60%.`,
    );
  }
  // Measuring the grade walks the line too; it is printed only when asked for.
  if (!walked || argv.line !== true) {
    console.log(`The winning line, step by step: patience pysolfc ${n.text} --line`);
    return;
  }
  console.log('');
  console.log(`The winning line, ${walked.length} steps (columns numbered 1 to 6 from the left):`);
  for (const [i, text] of wordsOf(deal, variant, walked, unicode).entries())
    console.log(`${String(i + 1).padStart(4)}. ${text}`);
}

/** The line in PySolFC's words, replayed move by move in the rules engine (a move that does not
 *  replay is a fault, never printed). */
export function wordsOf(
  deal: ReturnType<typeof pysolfcDeal>,
  variant: string,
  line: readonly string[],
  unicode = true,
): string[] {
  const pos: PtPosition = parterre.position(variant === 'default' ? deal : withVariant(deal, variant));
  const out: string[] = [];
  for (const [i, text] of line.entries()) {
    const p = parterre.parseMove(pos, text);
    if (!p.ok) throw new Error(`move ${i + 1} ${text} does not replay: ${p.reason}`);
    out.push(moveInWords(pos, p.move, unicode));
    pos.make(p.move);
  }
  if (!pos.won()) throw new Error(`the line ends unwon after ${line.length} moves`);
  return out;
}

function listNumbers(argv: Args): void {
  if (argv.number !== undefined) throw new InputError('--list prints numbers: give no game number beside it');
  if (argv.variant !== undefined && formatVariant(parseVariant(String(argv.variant))) !== PYSOLFC)
    throw new InputError(`--list: the published list is under PySolFC's rules (${PYSOLFC}) only`);
  if (argv.grade !== undefined && argv.list !== 'winnable') throw new InputError('--grade goes with --list winnable');
  const count = argv.count === 'all' ? Number.POSITIVE_INFINITY : parseCount(argv.count, '--count');
  const v = PYSOLFC_TABLE.verdicts;
  const want: Record<string, string> = { winnable: 'wemh', unwinnable: 'n', undecided: '?' };
  const letters = argv.grade === undefined ? want[String(argv.list)] : String(argv.grade)[0];
  const numbers: number[] = [];
  let run = 0,
    graded = 0;
  for (let i = 0; i < v.length; i++) {
    if (v[i] !== '.') run++;
    if ('emh'.includes(v[i])) graded++;
    if (letters.includes(v[i])) numbers.push(i + 1);
  }
  const what = argv.grade === undefined ? String(argv.list) : `winnable and graded ${String(argv.grade)}`;
  const of = argv.grade === undefined ? `${run} decided or tried` : `${graded} graded`;
  console.log(
    `PySolFC's Flower Garden games ${what} under its rules: ${numbers.length} of the ${of} so far (numbers 1..${v.length}; ${PYSOLFC_TABLE.settings})`,
  );
  const shown = numbers.slice(0, count);
  const lines: string[] = [];
  for (const x of shown) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + String(x).length < 99) lines[last] += ` ${x}`;
    else lines.push(String(x));
  }
  for (const l of lines) console.log(l);
  if (shown.length < numbers.length)
    console.log(`… and ${numbers.length - shown.length} more (--count all prints them all)`);
  if (numbers.length > 0)
    console.log(
      `In PySolFC: File, Select game by number… (Ctrl-M), type the number. Then: patience pysolfc ${numbers[0]}`,
    );
}
