import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Games } from '../cli/plugin.js';
import * as listed from '../games/index.js';
import { dealSeeds } from './deal-lists.js';
import { playPage } from './html.js';
import type { PageAssets, PagePlugin } from './plugin.js';

// Builds the play page: the worker and the page bundled by esbuild from src/web/app/ (the
// worker's bundle inlined in the page's as a string, run from a Blob: a page opened from disk
// may not start a worker from a file), the page's bundle inlined in one HTML file. Run at
// `npm run build` (esbuild is a development tool): `web --out` then copies the file, so an
// installed package needs no bundler.
//
// This is the page's composition root, as src/cli.ts is the CLI's: it reads the list of games
// (src/games/index.ts) and hands the page the modules their plugins name as their page plugins
// (GamePlugin.page). Each bundle's entry is written here: it imports those modules' `page` (or
// `worker`) and starts the page (or the worker) with them, so no file of the page names a game,
// and nothing of a game's shell (its index.ts, yargs, files) reaches the bundle. The files a page
// plugin names (its rules page, its graded deal lists) are read here and built into the page,
// which reads no file when it runs.

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..').replace(/[/\\]dist$/, '');
const APP = resolve(ROOT, 'src/web/app');

/** The source file of a module address: the page is bundled from the sources, whether the
 *  address is a compiled module's (dist/…/x.js) or a source's (…/x.js beside x.ts). */
function sourceOf(address: URL): string {
  const rel = relative(ROOT, fileURLToPath(address)).replace(/^dist[/\\]/, '');
  return resolve(ROOT, rel.replace(/\.js$/, '.ts'));
}

/** The address of each listed game's page plugin, in the order of the games' names. */
const pageAddresses = (): URL[] => new Games(Object.values(listed)).all.flatMap((g) => (g.page ? [g.page] : []));

/** The source file of each listed game's page plugin, in the order of the games' names. */
const pageSources = (): string[] => pageAddresses().map(sourceOf);

/** The listed games' page plugins, loaded here as the page has them (each module's `page`). */
export async function pagePlugins(): Promise<PagePlugin[]> {
  return Promise.all(pageAddresses().map(async (a) => ((await import(a.href)) as { page: PagePlugin }).page));
}

/** What the page plugins' files hold, read now (a file missing fails the build, naming it). */
export function pageAssets(plugins: readonly PagePlugin[]): PageAssets {
  const read = (file: string) => readFileSync(resolve(ROOT, file), 'utf8');
  return Object.fromEntries(
    plugins.map((g) => [
      g.name,
      {
        rules: read(g.rules.file),
        ...(g.dealLists ? { deals: dealSeeds(read(g.dealLists.file), g.dealLists.file) } : {}),
      },
    ]),
  );
}

/** A bundle's entry: `start` of `module` called with the export `part` of each of `pages`
 *  (`page` for the page, `worker` for its worker: src/web/plugin.ts), and `more` (JSON) after. */
function entry(module: string, start: string, part: 'page' | 'worker', pages: readonly string[], more?: unknown) {
  const q = JSON.stringify;
  const lines = [
    `import { ${start} } from ${q(module)};`,
    ...pages.map((p, i) => `import { ${part} as g${i} } from ${q(p)};`),
    `${start}([${pages.map((_, i) => `g${i}`).join(', ')}]${more === undefined ? '' : `, ${q(more)}`});`,
  ];
  return { contents: lines.join('\n'), resolveDir: ROOT, sourcefile: `${start}-entry.ts`, loader: 'ts' as const };
}

/** A script's text made safe inside a <script> element: no "</script" or "<!--" can end it
 *  (inside a string or regex the escaped forms mean the same). */
const inScript = (js: string) => js.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');

export async function buildPage(): Promise<string> {
  const { build } = await import('esbuild');
  const pages = pageSources();
  const common = {
    bundle: true,
    write: false,
    minify: true,
    format: 'iife' as const,
    platform: 'browser' as const,
    target: 'es2022',
    legalComments: 'none' as const,
    logLevel: 'silent' as const,
  };
  const plugins = await pagePlugins();
  const worker = await build({ ...common, stdin: entry(resolve(APP, 'worker.ts'), 'serveWorker', 'worker', pages) });
  const page = await build({
    ...common,
    stdin: entry(resolve(APP, 'main.ts'), 'startPage', 'page', pages, pageAssets(plugins)),
    define: { __WORKER_SOURCE__: JSON.stringify(worker.outputFiles![0].text) },
  });
  return playPage(
    inScript(page.outputFiles![0].text),
    plugins.map((g) => g.title),
  );
}

/** Where `npm run build` leaves the page, beside the compiled command. */
export const BUILT_PAGE = resolve(ROOT, 'dist/web/index.html');

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const html = await buildPage();
  mkdirSync(dirname(BUILT_PAGE), { recursive: true });
  writeFileSync(BUILT_PAGE, html);
  console.log(`web: ${BUILT_PAGE} (${Math.round(html.length / 1024)} KiB)`);
}
