import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The layering of src/ (docs/architecture.md): the shared layers import no game and name none,
// the play page (src/web) included, a game imports no other game, and the only shared modules
// that read the list of games are the composition roots: src/cli.ts for the CLI,
// src/web/build.ts, which hands the page the games' page plugins, and the library's entries:
// src/index.ts and src/lib/build.ts (which writes the browser entry). Read from the source's import
// lines, so a fifth game is held to it without a line here.

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');
const SRC = join(ROOT, 'src');
const SHARED = ['search', 'batch', 'report', 'cli', 'strategies', 'cards', 'io', 'solitaire', 'web', 'lib'];
const ROOTS = ['cli.ts', 'web/build.ts', 'index.ts', 'lib/build.ts'].map((f) => join(SRC, f));
const GAMES = readdirSync(join(SRC, 'games'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? filesUnder(join(dir, d.name)) : /\.(ts|mjs)$/.test(d.name) ? [join(dir, d.name)] : [],
  );
}

/** The files a module imports (relative specifiers, resolved; static, dynamic and re-exports). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]);
  return specs.map((s) => resolve(dirname(file), s));
}

/** The code of a file without its comments. */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

const rel = (f: string) => relative(ROOT, f);
const shared = SHARED.flatMap((d) => filesUnder(join(SRC, d))).filter((f) => !ROOTS.includes(f));

describe('the shared layers', () => {
  it('are there to check', () => {
    expect(shared.length).toBeGreaterThan(30);
    expect(shared.map(rel)).toEqual(
      expect.arrayContaining(['src/web/plugin.ts', 'src/web/app/main.ts', 'src/lib/api.ts']),
    );
    expect(GAMES.length).toBeGreaterThanOrEqual(4);
  });

  it('import no game', () => {
    const bad = shared.flatMap((f) =>
      importsOf(f)
        .filter((t) => t.startsWith(join(SRC, 'games')))
        .map((t) => `${rel(f)} imports ${rel(t)}`),
    );
    expect(bad).toEqual([]);
  });

  it('name no game in their code', () => {
    // The folder names, and the titles spelled as words ("Besieged City", "Žioplys").
    const names = GAMES.flatMap((g) => [g, g.replace(/-/g, ' ')]).concat(['žioplys']);
    const bad = shared.flatMap((f) => {
      const text = code(readFileSync(f, 'utf8')).toLowerCase();
      return names.filter((n) => text.includes(n)).map((n) => `${rel(f)} names ${n}`);
    });
    expect(bad).toEqual([]);
  });

  it.each(ROOTS.map(rel))('the composition root %s reads the list of games, and no game beyond it', (root) => {
    const fromRoot = importsOf(join(ROOT, root)).filter((t) => t.startsWith(join(SRC, 'games')));
    expect(fromRoot.map(rel)).toEqual(['src/games/index.js']);
    const text = code(readFileSync(join(ROOT, root), 'utf8')).toLowerCase();
    expect(GAMES.filter((g) => text.includes(g))).toEqual([]);
  });
});

describe('a game', () => {
  it.each(GAMES)('%s imports no other game, and exports its plugin from index.ts', (game) => {
    const dir = join(SRC, 'games', game);
    const bad = filesUnder(dir).flatMap((f) =>
      importsOf(f)
        .filter((t) => t.startsWith(join(SRC, 'games')) && !t.startsWith(`${dir}/`))
        .map((t) => `${rel(f)} imports ${rel(t)}`),
    );
    expect(bad).toEqual([]);
    expect(readFileSync(join(dir, 'index.ts'), 'utf8')).toMatch(/^export const plugin: GamePlugin = /m);
  });

  it.each(GAMES)('%s has a core, core.ts, that the browser check bundles', (game) => {
    expect(filesUnder(join(SRC, 'games', game)).map(rel)).toContain(`src/games/${game}/core.ts`);
  });

  it.each(GAMES)(
    '%s: its page plugin (page.ts), if it has one, is named by its plugin and reaches no shell',
    (game) => {
      const dir = join(SRC, 'games', game);
      const named = /\bpage: new URL\('\.\/page\.js', import\.meta\.url\)/.test(
        readFileSync(join(dir, 'index.ts'), 'utf8'),
      );
      expect(named).toBe(existsSync(join(dir, 'page.ts')));
      if (!named) return;
      // The page bundles it: it runs on the core (the browser check bundles it too), never on the
      // plugin or the verbs, which would bring the shell along.
      const shell = ['index', 'cli', 'job'].map((f) => join(dir, `${f}.js`));
      expect(
        importsOf(join(dir, 'page.ts'))
          .filter((t) => shell.includes(t))
          .map(rel),
      ).toEqual([]);
    },
  );

  it.each(GAMES)('%s: its library (library.ts), if it has one, is named by its plugin and reaches no shell', (game) => {
    const dir = join(SRC, 'games', game);
    const index = readFileSync(join(dir, 'index.ts'), 'utf8');
    const named = /^import \{ library \} from '\.\/library\.js';$/m.test(index) && /\blibrary \}/.test(index);
    expect(named).toBe(existsSync(join(dir, 'library.ts')));
    if (!named) return;
    // The browser entry bundles it: it runs on the core, never on the plugin or the verbs.
    const shell = ['index', 'cli', 'job'].map((f) => join(dir, `${f}.js`));
    expect(
      importsOf(join(dir, 'library.ts'))
        .filter((t) => shell.includes(t))
        .map(rel),
    ).toEqual([]);
    expect(readFileSync(join(dir, 'library.ts'), 'utf8')).toMatch(/\bmodule: import\.meta\.url\b/);
  });

  it('is one line of src/games/index.ts, the one file that names every game', () => {
    const lines = code(readFileSync(join(SRC, 'games/index.ts'), 'utf8'))
      .split('\n')
      .filter((l) => l.trim());
    expect(
      lines.map((l) => /^export \{ plugin as \w+ \} from '\.\/([\w-]+)\/index\.js';$/.exec(l)?.[1]).sort(),
    ).toEqual([...GAMES].sort());
  });
});
