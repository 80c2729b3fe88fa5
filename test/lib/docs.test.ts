import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../temp-dir.js';
import { apiExamples } from './examples.js';

// docs/api.md's examples run as written, over the sources (the package name mapped to
// src/index.ts), and print what the doc says they print. test/lib/package.e2e.test.ts runs them
// again over the packed package, type-checked with tsc --strict.

const dir = tempDir('patience-api-doc-');
const ENTRY = pathToFileURL(resolve(fileURLToPath(import.meta.url), '../../../src/index.ts')).href;
const examples = apiExamples();

afterEach(() => vi.restoreAllMocks());

describe('docs/api.md', () => {
  it('has examples, each with what it prints', () => {
    expect(examples.length).toBeGreaterThanOrEqual(7);
    for (const e of examples) expect(e.prints, e.name).not.toBeNull();
  });

  it.each(examples.map((e, i) => [e.name, e, i] as const))('%s runs and prints what the doc shows', async (_, e, i) => {
    expect(e.code).toMatch(/from 'patience-lab';/);
    const file = join(dir, `example-${i}.mts`);
    writeFileSync(file, e.code.replaceAll("from 'patience-lab';", `from ${JSON.stringify(ENTRY)};`));
    const printed: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      printed.push(args.map(String).join(' '));
    });
    await import(pathToFileURL(file).href);
    expect(printed).toEqual(e.prints);
  });
});
