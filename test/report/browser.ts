import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// The browser tests (the end-to-end tier) drive Debian's chromium through playwright-core (no
// browser download). CHROMIUM_PATH names another binary.

export const INSTALL_HINT =
  'install it with `apt-get update && apt-get install -y chromium` (Debian), or set CHROMIUM_PATH';

export function findChromium(): string | null {
  const env = process.env.CHROMIUM_PATH;
  if (env) return existsSync(env) ? env : null;
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      const path = execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
      if (path) return path;
    } catch {
      // not on PATH
    }
  }
  return null;
}

/** playwright's limit for a launch, an action or a wait: like vitest's testTimeout, a safety net
 *  against a hung page, far above what a loaded machine takes (playwright's own 30 s is not). */
export const PAGE_TIMEOUT_MS = 300_000;

// biome-ignore lint/suspicious/noExplicitAny: playwright's objects, untyped in the tests
type Browser = any;

/** Starts chromium headless (playwright-core is loaded only when a browser exists). Pages and
 *  contexts made from it should take PAGE_TIMEOUT_MS as their default timeout. */
export async function launchChromium(executablePath: string): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath, args: ['--no-sandbox'], timeout: PAGE_TIMEOUT_MS });
}
