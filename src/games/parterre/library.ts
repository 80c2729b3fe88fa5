import { solitaireLibrary } from '../../lib/solitaire.js';
import { parterre } from './kit.js';

// Parterre in the library (`import { solve } from 'patience-lab'`): the one-player calls over its
// kit, on the core alone, so that they run in a browser too (src/lib/game.ts).
export const library = solitaireLibrary(parterre, { module: import.meta.url });
