import type { GamePlugin } from '../../cli/plugin.js';
import { pilstymasCli } from './cli.js';
import { library } from './library.js';

// Pilstymas as the program sees it: one plugin object (its verbs, files, summary, report section
// and batch job, and the address of its play page's plugin, page.ts). The game's node-free core
// is core.ts, and page.ts runs on it; everything here is its shell.
export const plugin: GamePlugin = { ...pilstymasCli, page: new URL('./page.js', import.meta.url), library };
