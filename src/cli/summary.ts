import { readCsvRows } from '../batch/csv.js';
import { findGame, type Args, type GameCli, type GameSummary } from '../games/registry.js';
import { InputError } from '../io/errors.js';
import { formatJson } from '../io/json.js';

// `summary` and `report` read their CSV files the same way: the rows of every file, grouped by
// the "game" column (shards of one study simply add up; each game's compute drops repeats).

export interface GameRows {
  game: GameCli & { summary: GameSummary };
  rows: Record<string, string>[];
}

export interface FileInfo {
  file: string;
  rows: number;
  games: string[];
}

export function readRowsByGame(files: readonly string[]): { byGame: GameRows[]; files: FileInfo[] } {
  const byGame = new Map<string, Record<string, string>[]>();
  const info: FileInfo[] = [];
  for (const file of files) {
    const { header, rows } = readCsvRows(file);
    if (!header.includes('game')) throw new InputError(`${file}: no "game" column; is this a batch CSV?`);
    for (const r of rows) {
      if (!byGame.has(r.game)) byGame.set(r.game, []);
      byGame.get(r.game)!.push(r);
    }
    info.push({ file, rows: rows.length, games: [...new Set(rows.map((r) => r.game))] });
  }
  if (byGame.size === 0) throw new InputError(`${files.join(', ')}: no rows to summarise`);
  const out: GameRows[] = [];
  for (const [name, rows] of byGame) {
    const g = findGame(name);
    if (!g?.summary) throw new InputError(`${files.join(', ')}: no summary for game "${name}"`);
    out.push({ game: g as GameRows['game'], rows });
  }
  return { byGame: out, files: info };
}

export function summaryCommand(files: string[], a: Args): void {
  for (const { game, rows } of readRowsByGame(files).byGame) {
    const s = game.summary.compute(rows);
    console.log(a.json ? formatJson(s) : game.summary.format(s));
  }
}
