import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError } from '../io/errors.js';
import { checkOutputDirectory, writeFileAtomic } from '../io/files.js';
import { BUILT_PAGE, buildPage } from './build.js';

// `patience web --out DIR`: writes the static play site, DIR/index.html (one file, nothing
// fetched from elsewhere when it is viewed). The installed package copies the page that
// `npm run build` bundled; run from the sources (tsx) it bundles the page afresh.

const fromSources = fileURLToPath(import.meta.url).endsWith('.ts');

async function pageHtml(): Promise<string> {
  if (!fromSources && existsSync(BUILT_PAGE)) return readFileSync(BUILT_PAGE, 'utf8');
  try {
    return await buildPage();
  } catch (e) {
    const missing = (e as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND';
    throw new InputError(
      missing
        ? `web: the page is not built (${BUILT_PAGE} is missing) and esbuild is not installed: run npm run build in a checkout`
        : `web: bundling the page failed: ${String((e as Error).message).split('\n')[0]}`,
    );
  }
}

export async function webCommand(out: string): Promise<string> {
  checkOutputDirectory(out, '--out');
  const html = await pageHtml();
  const file = join(out, 'index.html');
  writeFileAtomic(file, html, '--out');
  return file;
}
