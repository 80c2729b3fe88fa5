import { readCsvRows } from '../batch/csv.js';
import { checkRow, columnsText, headerFits } from '../batch/schema.js';
import { dealKeyOfSettings, variantOfSettings } from '../batch/settings.js';
import type { GameList, GameSummary, SummarisedGame } from './section.js';
import { InputError, quote } from '../io/errors.js';

// `summary` and `report` read their CSV files the same way: the rows of every file, grouped by
// the "game" column and the rule variant in the settings column (shards of one study simply
// add up; each game's compute drops repeats; rows of two readings of the rules never mix). A
// seed played under two deal keys is two deals: such rows are refused, not merged as one.

export interface GameRows {
  game: SummarisedGame & { summary: GameSummary };
  /** The rule variant of these rows ("default" when the settings name none). */
  variant: string;
  rows: Record<string, string>[];
}

export interface FileInfo {
  file: string;
  rows: number;
  games: string[];
}

/** Every game's CSV header, as the message for a file that is none of them lists them. */
function expectedHeaders(games: GameList): string {
  const byColumns = new Map<string, string[]>();
  for (const g of games.all) {
    if (!g.summary) continue;
    const k = `${columnsText(g.summary.schema)} (${g.summary.schema.kind}`;
    byColumns.set(k, [...(byColumns.get(k) ?? []), g.name]);
  }
  return [...byColumns].map(([k, names]) => `${k}: ${names.join(', ')})`).join('; ');
}

export function readRowsByGame(games: GameList, files: readonly string[]): { byGame: GameRows[]; files: FileInfo[] } {
  const groups = new Map<string, Map<string, Record<string, string>[]>>();
  const info: FileInfo[] = [];
  const schemas = games.all.flatMap((g) => (g.summary ? [g.summary.schema] : []));
  // game, variant and seed -> the deal key of its first row, and where that row is
  const keyOfSeed = new Map<string, { key: string; file: string; line: number }>();
  for (const file of files) {
    const { header, rows, lines } = readCsvRows(file, (h) => {
      if (!schemas.some((s) => headerFits(h, s)))
        throw new InputError(
          `${file}: not a batch or tournament CSV (its first line is ${quote(h.join(','), 80)}); expected the columns ${expectedHeaders(games)}`,
        );
    });
    const fits = new Map<string, boolean>(); // by game: whether the header is that game's
    rows.forEach((r, i) => {
      const g = games.find(r.game);
      if (!g?.summary)
        throw new InputError(
          `${file}: line ${lines[i]}: field "game" is ${quote(r.game, 40)}; expected one of ${games.all
            .filter((x) => x.summary)
            .map((x) => x.name)
            .join(', ')}`,
        );
      if (!fits.has(g.name)) fits.set(g.name, headerFits(header, g.summary.schema));
      if (!fits.get(g.name))
        throw new InputError(
          `${file}: line ${lines[i]}: a ${g.name} row, but the file's columns are not those of a ${g.name} ${g.summary.schema.kind} CSV (${columnsText(g.summary.schema)})`,
        );
      checkRow(r, g.summary.schema, file, lines[i]);
      const key = dealKeyOfSettings(r.settings);
      const at = `${r.game}\0${variantOfSettings(r.settings)}\0${r.seed}`;
      const first = keyOfSeed.get(at);
      if (first === undefined) keyOfSeed.set(at, { key, file, line: lines[i] });
      else if (first.key !== key)
        throw new InputError(
          `${file}: line ${lines[i]}: seed ${quote(r.seed, 40)} was played under ${key ? 'a deal key' : 'no deal key'} here and under ${first.key ? 'another deal key' : 'no deal key'} at ${first.file} line ${first.line}: two different deals, which a summary does not merge; summarise each run's rows apart`,
        );
    });
    for (const r of rows) {
      if (!groups.has(r.game)) groups.set(r.game, new Map([['default', []]]));
      const byVariant = groups.get(r.game)!;
      const v = variantOfSettings(r.settings);
      if (!byVariant.has(v)) byVariant.set(v, []);
      byVariant.get(v)!.push(r);
    }
    info.push({ file, rows: rows.length, games: [...new Set(rows.map((r) => r.game))] });
  }
  if (groups.size === 0) throw new InputError(`${files.join(', ')}: no rows to summarise`);
  const out: GameRows[] = [];
  for (const [name, byVariant] of groups) {
    const g = games.find(name);
    if (!g?.summary) throw new InputError(`${files.join(', ')}: no summary for game ${quote(name)}`);
    // The default reading first, then the variants in the order the files bring them.
    for (const [variant, rows] of byVariant) if (rows.length) out.push({ game: g as GameRows['game'], variant, rows });
  }
  return { byGame: out, files: info };
}
