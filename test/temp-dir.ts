import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/** A fresh directory under the system's temp dir, removed with everything in it when the test
 *  file that asked for it ends (a test run leaves nothing behind). Call it where vitest takes
 *  hooks: at a file's top level or in a describe block. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
