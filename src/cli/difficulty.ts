import { existsSync } from 'node:fs';
import { stringify } from 'csv-stringify/sync';
import { InputError } from '../io/errors.js';
import { checkOutputFile, writeFileAtomic } from '../io/files.js';
import { readRowsByGame } from '../report/rows.js';
import type { Args, Games } from './plugin.js';

// `patience difficulty FILE… --out graded.csv`: the graded list of the deals in batch CSVs (one
// row per deal: the game's measures and a grade), for a game that measures how hard a deal is.

export function difficultyCommand(games: Games, files: string[], a: Args): void {
  const out = String(a.out);
  const groups = readRowsByGame(games, files).byGame;
  const graded = groups.filter((g) => g.game.summary.graded);
  if (graded.length === 0)
    throw new InputError(
      `${files.join(', ')}: no rows of a game that grades its deals (${games.all
        .filter((g) => g.summary?.graded)
        .map((g) => g.name)
        .join(', ')})`,
    );
  if (groups.length > 1)
    throw new InputError(
      `${files.join(', ')}: rows of ${groups.map((g) => `${g.game.name}${g.variant === 'default' ? '' : ` (variant ${g.variant})`}`).join(', ')}: grade one game and rule variant at a time`,
    );
  const [{ game, rows }] = graded;
  const { made, list } = game.summary.graded!;
  const { columns, rows: deals } = list(rows);
  if (deals.length === 0)
    throw new InputError(
      `${files.join(', ')}: no deal carries ${game.name}'s difficulty measure; make the rows with ${made}`,
    );
  checkOutputFile(out, '--out');
  if (existsSync(out) && !a.force) throw new InputError(`${out}: file exists; add --force to overwrite it`);
  writeFileAtomic(out, stringify([columns, ...deals.map((d) => columns.map((c) => d[c] ?? ''))]), '--out');
  console.log(game.summary.format(game.summary.compute(rows)));
  console.log(`graded: ${deals.length} deals -> ${out}`);
}
