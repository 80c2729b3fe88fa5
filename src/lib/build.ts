import { writeFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as listed from '../games/index.js';

// Writes the library's browser entry (package.json "exports", condition "browser"): the same
// calls as the Node entry (src/index.ts), with the games' libraries imported directly rather
// than through their plugins, which are the command line's shell (yargs, files, workers). Run at
// `npm run build`, it reads the list of games (src/games/index.ts) as src/web/build.ts does for
// the play page, so no file of the library names a game, and nothing of a game's shell reaches
// a browser's bundle (test/layers/core-check.ts bundles the entry to check it).

/** The module of each listed game's library (GameLibrary.module), in the order of the list. */
export const libraryModules = (): string[] =>
  Object.values(listed).flatMap((p) => (p.library ? [fileURLToPath(p.library.module)] : []));

/** The entry's text, in the folder `dir`, over the library's modules under `lib` and the games'
 *  `modules` (each a path; as a compiled build or the sources have them). */
export function browserEntry(dir: string, lib: string, modules: readonly string[]): string {
  const path = (file: string) => {
    const r = relative(dir, file).split(sep).join('/');
    return JSON.stringify(r.startsWith('.') ? r : `./${r}`);
  };
  const ext = modules[0]?.endsWith('.ts') ? '.ts' : '.js';
  return [
    '// The library for browsers: written by src/lib/build.ts from the list of games.',
    `import { useGames } from ${path(resolve(lib, `games${ext}`))};`,
    ...modules.map((m, i) => `import { library as g${i} } from ${path(m)};`),
    `useGames([${modules.map((_, i) => `g${i}`).join(', ')}]);`,
    `export * from ${path(resolve(lib, `public${ext}`))};`,
    '',
  ].join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // The entry goes beside the compiled library (dist/src), never among the sources.
  if (import.meta.url.endsWith('.ts')) throw new Error('run the compiled build: npm run build');
  const lib = dirname(fileURLToPath(import.meta.url));
  const dir = dirname(lib);
  writeFileSync(resolve(dir, 'browser.js'), browserEntry(dir, lib, libraryModules()));
  // The same calls and types as the Node entry's.
  writeFileSync(resolve(dir, 'browser.d.ts'), "export * from './lib/public.js';\n");
  console.log(`library: ${resolve(dir, 'browser.js')} (${libraryModules().length} games)`);
}
