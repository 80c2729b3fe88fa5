import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { playPage } from './page.js';

// Builds the play page: the worker and the page bundled by esbuild from src/web/app/ (the
// worker's bundle inlined in the page's as a string, run from a Blob: a page opened from disk
// may not start a worker from a file), the page's bundle inlined in one HTML file. Run at
// `npm run build` (esbuild is a development tool): `web --out` then copies the file, so an
// installed package needs no bundler.

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..').replace(/[/\\]dist$/, '');
const APP = resolve(ROOT, 'src/web/app');

/** A script's text made safe inside a <script> element: no "</script" or "<!--" can end it
 *  (inside a string or regex the escaped forms mean the same). */
const inScript = (js: string) => js.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');

export async function buildPage(): Promise<string> {
  const { build } = await import('esbuild');
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
  const worker = await build({ ...common, entryPoints: [resolve(APP, 'worker.ts')] });
  const page = await build({
    ...common,
    entryPoints: [resolve(APP, 'main.ts')],
    define: { __WORKER_SOURCE__: JSON.stringify(worker.outputFiles![0].text) },
  });
  return playPage(inScript(page.outputFiles![0].text));
}

/** Where `npm run build` leaves the page, beside the compiled command. */
export const BUILT_PAGE = resolve(ROOT, 'dist/web/index.html');

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const html = await buildPage();
  mkdirSync(dirname(BUILT_PAGE), { recursive: true });
  writeFileSync(BUILT_PAGE, html);
  console.log(`web: ${BUILT_PAGE} (${Math.round(html.length / 1024)} KiB)`);
}
