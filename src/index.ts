import * as listed from './games/index.js';
import { useGames } from './lib/games.js';

// patience-lab as a library, for Node (package.json "exports"; the browser entry is written by
// src/lib/build.ts). Like the command line (src/cli.ts), it reads the list of games and takes what
// each game's plugin offers, here its library (GamePlugin.library): the calls, in src/lib/api.ts,
// name no game. docs/api.md shows them at work.
useGames(Object.values(listed).flatMap((plugin) => (plugin.library ? [plugin.library] : [])));

export * from './lib/public.js';
