import type { GamePlugin } from '../../cli/plugin.js';
import { parterreCli } from './cli.js';

// Parterre as the program sees it: one plugin object (its verbs, files, summary, report section
// and batch job). The game's node-free core is core.ts; everything here is its shell.
export const plugin: GamePlugin = parterreCli;
