import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions, type Message } from 'esbuild';
import { browserEntry, libraryModules } from '../../src/lib/build.js';

// Each game's core (src/games/<game>/core.ts) runs anywhere, and so does what the play page
// bundles: each game's page plugin (src/games/<game>/page.ts) and the page's own scripts
// (src/web/app/main.ts and worker.ts); and so does the library's browser entry, which
// src/lib/build.ts writes over the games' libraries (src/games/<game>/library.ts). Bundled for the browser, each must resolve without
// Node, and no source file it pulls in may reach for Node, the terminal or the CLI's packages.
// Run alone (`npx tsx test/layers/core-check.ts`, as .ci/run does before the tests) it prints
// one line per problem and exits 1; test/layers/core.test.ts runs it too.

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');

/** What a core's own code may not hold (comments aside): Node's modules and globals, printing,
 *  and the packages of the shell. */
const FORBIDDEN: [RegExp, string][] = [
  [/['"]node:/, 'a node: import'],
  [/\bprocess\./, 'process.'],
  [/\bconsole\./, 'console.'],
  [/from\s+['"](fs|path|os|url|worker_threads|child_process|readline)(\/[^'"]*)?['"]/, 'a Node module'],
  [/['"](yargs|piscina|cli-progress|csv-stringify)(\/[^'"]*)?['"]/, 'a package of the shell'],
];

/** The code of a source file without its comments (strings are left alone: close enough for
 *  these patterns, which no string of ours holds). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

/** The games' files of one name (core.ts, page.ts), for each game that has one. */
function gameFiles(file: string): string[] {
  const games = join(ROOT, 'src/games');
  return readdirSync(games, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(games, d.name, file)))
    .map((d) => join(games, d.name, file));
}

export const coreEntries = (): string[] => gameFiles('core.ts');

/** What the play page bundles: each game's page plugin, and the page's own scripts. */
export const pageEntries = (): string[] => [
  ...gameFiles('page.ts'),
  join(ROOT, 'src/web/app/main.ts'),
  join(ROOT, 'src/web/app/worker.ts'),
];

/** The library's browser entry as src/lib/build.ts writes it, over the sources. */
export const libraryEntry = (): BuildOptions['stdin'] => ({
  contents: browserEntry(join(ROOT, 'src'), join(ROOT, 'src/lib'), libraryModules()),
  resolveDir: join(ROOT, 'src'),
  sourcefile: 'library-browser-entry.js',
  loader: 'ts',
});

/** The problems of one core (a file, or an entry's text): what the bundler could not resolve,
 *  and each forbidden thing in a source file of its closure. Empty when the core runs anywhere. */
export async function checkCore(entry: string | BuildOptions['stdin']): Promise<string[]> {
  const name = typeof entry === 'string' ? relative(ROOT, entry) : entry!.sourcefile!;
  const r = await build({
    ...(typeof entry === 'string' ? { entryPoints: [entry] } : { stdin: entry }),
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
    outdir: 'out',
  }).catch((e: { errors?: Message[] }) => ({
    errors: e.errors ?? [{ text: String(e) } as Message],
    metafile: undefined,
  }));
  if (r.errors.length)
    return r.errors.map((m) => `${name}: ${m.location ? `${m.location.file}:${m.location.line}: ` : ''}${m.text}`);
  const problems: string[] = [];
  for (const input of Object.keys(r.metafile!.inputs)) {
    if (!input.startsWith('src/')) continue; // a package (node_modules) is the bundler's to resolve
    if (typeof entry !== 'string' && input.endsWith(entry!.sourcefile!)) continue; // the entry's own text
    const text = code(readFileSync(resolve(ROOT, input), 'utf8'));
    for (const [re, what] of FORBIDDEN) if (re.test(text)) problems.push(`${name}: ${input} holds ${what}`);
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cores = coreEntries();
  const pages = pageEntries();
  const problems = (await Promise.all([...cores, ...pages, libraryEntry()].map(checkCore))).flat();
  for (const p of problems) console.error(p);
  console.log(
    `cores: ${cores.length}, play page: ${pages.length} entries, the library's browser entry, bundled for the browser, ${problems.length} problem${problems.length === 1 ? '' : 's'}`,
  );
  process.exitCode = problems.length ? 1 : 0;
}
