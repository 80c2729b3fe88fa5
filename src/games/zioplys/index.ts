import type { GamePlugin } from '../../cli/plugin.js';
import { zioplysCli } from './cli.js';
import { library } from './library.js';

// Žioplys as the program sees it: one plugin object (its verbs, files, summary, report section
// and batch job). The game's node-free core is core.ts; everything here is its shell.
export const plugin: GamePlugin = { ...zioplysCli, library };
