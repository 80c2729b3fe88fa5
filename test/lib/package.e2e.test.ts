import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium, INSTALL_HINT, launchChromium, PAGE_TIMEOUT_MS } from '../report/browser.js';
import { tempDir } from '../temp-dir.js';
import { apiExamples } from './examples.js';

// The library as its users meet it (slow): the built package is packed, the tarball installed
// into a fresh project (its dependencies from the npm cache that `npm ci` filled, else the npm
// registry), and a consumer's TypeScript and docs/api.md's examples are type-checked there with
// tsc --strict against the shipped .d.ts (no @types/node, no skipLibCheck), run in Node, then
// bundled with esbuild for the browser and run in chromium. Like test/cli/package.e2e.test.ts it
// needs the build (CI builds first); without dist/ it is skipped.

const ROOT = resolve('.');
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const dir = tempDir('patience-library-');
const app = join(dir, 'app');
const chromium = findChromium();
const CI = process.env.CI === 'true';
const examples = apiExamples();
const sh = (cmd: string, args: string[], cwd = app) =>
  execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

// The consumer: the three lines as written, then every game with a solver, a stop, and
// a typed error; it returns what it saw, which Node prints and the page keeps.
const CHECK = `import { deal, games, InputError, solve, type SolveResult, UserError, verify } from 'patience-lab';

export function check() {
  const d = deal('parterre', 42);                      // a deal object, the same as \`deal --json\`
  const r = solve(d, { maxNodes: 1_000_000 });          // { outcome: 'solved' | 'unsolvable' | 'unknown', moves?, stats }
  const v = verify(d, r.moves ?? []);                   // valid and won, or the first illegal move

  const solved: Record<string, { outcome: SolveResult['outcome']; moves: number; valid: boolean }> = {};
  for (const g of games().filter((x) => x.calls.includes('solve'))) {
    const gd = deal(g.name, 42);
    const gr = solve(gd, { maxNodes: 1_000_000 });
    solved[g.name] = { outcome: gr.outcome, moves: gr.moves?.length ?? 0, valid: verify(gd, gr.moves ?? []).valid };
  }
  const stop = new AbortController();
  stop.abort();
  const stopped = solve(d, { maxNodes: 1_000_000, signal: stop.signal });
  let error: { name: string; code: string; user: boolean } | null = null;
  try {
    deal('no-such-game', 1);
  } catch (e) {
    if (e instanceof InputError) error = { name: e.name, code: e.code, user: e instanceof UserError };
  }
  return {
    games: games().map((g) => g.name),
    parterre: { seed: d.seed, outcome: r.outcome, moves: r.moves?.length, valid: v.valid, won: v.won },
    solved,
    stopped: { outcome: stopped.outcome, limit: stopped.limit },
    error,
  };
}
`;
const SOURCES: Record<string, string> = {
  'check.ts': CHECK,
  'node.ts': "import { check } from './check.js';\n\nconsole.log(JSON.stringify(check()));\n",
  'browser.ts':
    "import { check } from './check.js';\n\n(globalThis as unknown as { answer: unknown }).answer = check();\n",
  ...Object.fromEntries(examples.map((e, i) => [`example-${i}.ts`, e.code])),
};
const TSCONFIG = {
  compilerOptions: {
    strict: true,
    target: 'es2022',
    module: 'nodenext',
    moduleResolution: 'nodenext',
    // The DOM's console and AbortController, not Node's types: the package's types need neither.
    lib: ['es2022', 'dom'],
    types: [],
    skipLibCheck: false,
    outDir: 'out',
  },
  files: Object.keys(SOURCES),
};

let files: string[] = [];
let nodeAnswer: unknown;

describe.skipIf(!existsSync(pkg.exports['.'].default))('the library, packed and installed (slow)', () => {
  beforeAll(() => {
    const [packed] = JSON.parse(
      sh('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir, '--silent'], ROOT),
    );
    files = packed.files.map((f: { path: string }) => f.path);
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    sh('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', join(dir, packed.filename)]);
    for (const [name, text] of Object.entries(SOURCES)) writeFileSync(join(app, name), text);
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
  });

  it('ships both entries with their types, the changelog and the API doc', () => {
    for (const f of [
      'dist/src/index.js',
      'dist/src/index.d.ts',
      'dist/src/browser.js',
      'dist/src/browser.d.ts',
      'dist/src/lib/types.d.ts',
      'CHANGELOG.md',
      'docs/api.md',
    ])
      expect(files, f).toContain(f);
    for (const entry of Object.values(pkg.exports) as (string | Record<string, unknown>)[])
      for (const f of JSON.stringify(entry).match(/\.\/[^"]+/g) ?? [])
        expect(files, `exports names ${f}`).toContain(f.slice(2));
  });

  it('type-checks a consumer and the API doc’s examples with tsc --strict', () => {
    let out = '';
    try {
      out = sh(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json']);
    } catch (e) {
      out = String((e as { stdout?: string }).stdout ?? e);
    }
    expect(out).toBe('');
  });

  it('runs in Node: the issue’s lines, every solver, a stop, a typed error', () => {
    nodeAnswer = JSON.parse(sh(process.execPath, ['out/node.js']));
    expect(nodeAnswer).toEqual({
      games: ['besieged-city', 'parterre', 'pilstymas', 'zioplys'],
      parterre: { seed: '42', outcome: 'solved', moves: 665, valid: true, won: true },
      solved: {
        'besieged-city': { outcome: 'solved', moves: expect.any(Number), valid: true },
        parterre: { outcome: 'solved', moves: 665, valid: true },
      },
      stopped: { outcome: 'unknown', limit: 'stopped' },
      error: { name: 'InputError', code: 'UNKNOWN_GAME', user: true },
    });
  });

  it.each(examples.map((e, i) => [e.name, e, i] as const))(
    'docs/api.md, %s, prints what the doc shows in Node',
    (_, e, i) => {
      expect(
        sh(process.execPath, [`out/example-${i}.js`])
          .replace(/\n$/, '')
          .split('\n'),
      ).toEqual(e.prints);
    },
  );

  describe.skipIf(!chromium && !CI)('in a browser (esbuild, chromium)', () => {
    // biome-ignore lint/suspicious/noExplicitAny: playwright's objects, untyped in the tests
    let browser: any;
    beforeAll(async () => {
      if (chromium) browser = await launchChromium(chromium);
    });
    afterAll(async () => {
      await browser?.close();
    });

    /** Bundles one of the app's files for the browser; the inputs it took from the package. */
    async function bundle(entry: string): Promise<{ code: string; inputs: string[] }> {
      const r = await build({
        entryPoints: [join(app, entry)],
        absWorkingDir: app,
        bundle: true,
        platform: 'browser',
        format: 'esm',
        write: false,
        metafile: true,
        logLevel: 'silent',
      });
      return {
        code: r.outputFiles[0].text,
        inputs: Object.keys(r.metafile.inputs).filter((f) => f.startsWith('node_modules/patience-lab/')),
      };
    }

    /** Runs a bundle in a fresh page: what it logged, its errors, and the answer it left. */
    async function inPage(code: string): Promise<{ logs: string[]; errors: string[]; answer: unknown }> {
      const page = await browser.newPage();
      page.setDefaultTimeout(PAGE_TIMEOUT_MS);
      const logs: string[] = [];
      const errors: string[] = [];
      page.on('pageerror', (e: Error) => errors.push(String(e)));
      // biome-ignore lint/suspicious/noExplicitAny: playwright's message
      page.on('console', (m: any) => (m.type() === 'error' ? errors : logs).push(m.text()));
      await page.setContent(
        '<!doctype html><meta charset="utf-8"><title>consumer</title><script>' +
          "addEventListener('error', () => { globalThis.__done = true; });" +
          "addEventListener('unhandledrejection', () => { globalThis.__done = true; });</script>",
      );
      // A module script ends when its top-level awaits do: the marker says it got there (or failed).
      await page.addScriptTag({ type: 'module', content: `${code}\nglobalThis.__done = true;` });
      await page.waitForFunction('globalThis.__done === true');
      const answer = await page.evaluate('globalThis.answer');
      await page.close();
      return { logs, errors, answer };
    }

    it('has chromium', () => {
      expect(chromium, `chromium is missing: ${INSTALL_HINT}`).toBeTruthy();
    });

    it('bundles from the browser entry, with nothing of Node, and answers as in Node', async () => {
      const { code, inputs } = await bundle('browser.ts');
      expect(inputs).toContain('node_modules/patience-lab/dist/src/browser.js');
      expect(inputs).not.toContain('node_modules/patience-lab/dist/src/index.js');
      // Everything bundled: no import left for the page to resolve, none of Node's.
      expect(code).not.toMatch(/^\s*import\b|\bfrom\s*["']node:|require\(["']node:/m);
      const { errors, answer } = await inPage(code);
      expect(errors).toEqual([]);
      expect(answer).toEqual(nodeAnswer);
    });

    it.each(examples.map((e, i) => [e.name, e, i] as const))(
      'docs/api.md, %s, prints the same in chromium',
      async (_, e, i) => {
        const { code } = await bundle(`example-${i}.ts`);
        const { logs, errors } = await inPage(code);
        expect(errors).toEqual([]);
        expect(logs).toEqual(e.prints);
      },
    );
  });
});
