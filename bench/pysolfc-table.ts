// Writes src/games/parterre/pysolfc-table.ts, the verdicts and grades of PySolFC's Flower Garden
// game numbers that `patience pysolfc --list` prints, from the published batch rows:
//
//   npx tsx bench/pysolfc-table.ts data/parterre/pysolfc-removable.csv \
//       data/parterre/pysolfc-narrowness.csv > src/games/parterre/pysolfc-table.ts
//
// One character per number from 1 on: w winnable (not graded), e m h winnable and graded easy,
// medium, hard, n proved not winnable, ? undecided at the budget, . not run yet. The rows must all
// be of one reading and one budget; a number the two files decide differently is an error.
// test/parterre/pysolfc-list.test.ts checks the table against the files.
import { readCsvRows } from '../src/batch/csv.js';
import { PT_DIFFICULTY } from '../src/games/parterre/difficulty.js';
import { PYSOLFC_PREFIX } from '../src/games/parterre/pysolfc.js';

const [main, graded] = process.argv.slice(2);
if (!main) {
  console.error('usage: pysolfc-table.ts PYSOLFC-REMOVABLE.CSV[.gz] [NARROWNESS.CSV[.gz]]');
  process.exit(2);
}

const LETTER: Record<string, string> = { solved: 'w', unsolvable: 'n', unknown: '?' };
const GRADE: Record<string, string> = { easy: 'e', medium: 'm', hard: 'h' };

/** The rows of plain PySolFC numbers (pysolfc#N), by number; their settings, which must agree. */
function rowsOf(file: string): { byNumber: Map<number, Record<string, string>>; settings: string } {
  const byNumber = new Map<number, Record<string, string>>();
  const settings = new Set<string>();
  for (const r of readCsvRows(file).rows) {
    const m = new RegExp(`^${PYSOLFC_PREFIX}(\\d+)$`).exec(r.seed);
    if (!m || r.outcome === 'error') continue;
    byNumber.set(Number(m[1]), r);
    settings.add(r.settings.replace(/ narrowness=\d+/, ''));
  }
  if (settings.size > 1) throw new Error(`${file}: rows of several settings: ${[...settings].join(' | ')}`);
  return { byNumber, settings: [...settings][0] ?? '' };
}

const a = rowsOf(main);
const b = graded ? rowsOf(graded) : null;
if (b && b.settings !== a.settings) throw new Error(`the files differ in settings: ${a.settings} | ${b.settings}`);
if (!/variant=foundations=removable/.test(a.settings))
  throw new Error(`${main}: not PySolFC's reading (${a.settings})`);
const last = Math.max(0, ...a.byNumber.keys(), ...(b?.byNumber.keys() ?? []));
let text = '';
for (let n = 1; n <= last; n++) {
  const r = a.byNumber.get(n);
  const g = b?.byNumber.get(n);
  if (r && g && r.outcome !== g.outcome)
    throw new Error(`game ${n}: ${r.outcome} in ${main}, ${g.outcome} in ${graded}`);
  const outcome = (r ?? g)?.outcome;
  const grade = g ? PT_DIFFICULTY.assess([g])?.grade : undefined;
  text += outcome === undefined ? '.' : (GRADE[grade ?? ''] ?? LETTER[outcome]);
}
const lines = text.match(/.{1,100}/g) ?? [];
console.log(`// Written by bench/pysolfc-table.ts from the published rows (data/parterre/README.md, "PySolFC's game
// numbers"); do not edit. One character per PySolFC game number from 1: w winnable, e m h winnable
// and graded easy, medium, hard, n not winnable (proved), ? undecided, . not run yet.

export const PYSOLFC_TABLE = {
  settings: '${a.settings}',
  verdicts: [
${lines.map((l) => `    '${l}',`).join('\n')}
  ].join(''),
};`);
