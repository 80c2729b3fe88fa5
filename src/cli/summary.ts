import type { Args, Games } from './plugin.js';
import { formatJson } from '../io/json.js';
import { readRowsByGame } from '../report/rows.js';

// `patience summary FILE…`: each game's summary of its rows, as text or JSON.

export function summaryCommand(games: Games, files: string[], a: Args): void {
  for (const { game, rows } of readRowsByGame(games, files).byGame) {
    const s = game.summary.compute(rows);
    console.log(a.json ? formatJson(s) : game.summary.format(s));
  }
}
