import type { GamePlugin } from '../cli/plugin.js';
import { plugin as besiegedCity } from './besieged-city/index.js';
import { plugin as parterre } from './parterre/index.js';
import { plugin as pilstymas } from './pilstymas/index.js';
import { plugin as zioplys } from './zioplys/index.js';

// The games, in the order the CLI lists them: the only file that names every game. A new game
// is a folder beside these with an index.ts that exports its plugin, and its import and entry
// here (docs/architecture.md, § Adding a game).
export const GAMES: readonly GamePlugin[] = [
  besiegedCity,
  parterre,
  pilstymas,
  zioplys,
];
