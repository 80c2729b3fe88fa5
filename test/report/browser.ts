import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// The browser tests drive Debian's chromium through playwright-core (no browser download).
// CHROMIUM_PATH names another binary.

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
