import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as listed from '../../src/games/index.js';
import { run } from '../cli/run.js';

// The clone is complete: nothing points outside the repository, every game's --help names its
// rules page, and every path the docs and the help texts link to exists.

const GAMES = Object.values(listed);

const ROOT = resolve(import.meta.dirname, '../..');

/** The tracked files (git ls-files), or, outside a git checkout, the files under the root less
 *  the ignored build and dependency folders. */
function trackedFiles(): string[] {
  try {
    return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
      .split('\0')
      .filter((f) => f && existsSync(join(ROOT, f)));
  } catch {
    const out: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
        const p = dir ? `${dir}/${e.name}` : e.name;
        if (e.isDirectory()) {
          if (!['node_modules', 'dist', '.git', 'results'].includes(e.name)) walk(p);
        } else out.push(p);
      }
    };
    walk('');
    return out;
  }
}

const text = (f: string): string | null => {
  const b = readFileSync(join(ROOT, f));
  return b.includes(0) ? null : b.toString('utf8'); // binary files (pictures) hold no paths
};

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
const anchorsOf = (md: string) => new Set([...md.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1].replace(/`/g, ''))));

describe('the repository is complete', () => {
  it('no tracked file refers to a path outside the repository', () => {
    const outside = ['..' + '/shared', 'shared' + '/rules', 'shared' + '/seeds'];
    const hits: string[] = [];
    for (const f of trackedFiles()) {
      const t = text(f);
      if (t === null) continue;
      t.split('\n').forEach((line, i) => {
        if (outside.some((o) => line.includes(o))) hits.push(`${f}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(hits).toEqual([]);
  });

  it("every game has its rules page, and each of its commands' --help names it", async () => {
    for (const g of GAMES) {
      const page = `docs/rules/${g.name}.md`;
      expect(existsSync(join(ROOT, page)), page).toBe(true);
      for (const verb of Object.keys(g.verbs)) {
        const r = await run(verb, g.name, '--help');
        expect(r.out, `${verb} ${g.name} --help`).toContain(`rules: ${page}`);
      }
    }
  });

  it('every link and docs path in README, docs/ and the --help texts exists', async () => {
    const pages = ['README.md', ...trackedFiles().filter((f) => f.startsWith('docs/') && f.endsWith('.md'))];
    const missing: string[] = [];
    // A link is relative to its page; a path written as code, to the repository's root.
    const check = (from: string, target: string, base = dirname(join(ROOT, from))) => {
      const [path, anchor] = target.split('#');
      const file = path === '' ? join(ROOT, from) : resolve(base, path);
      if (!existsSync(file)) return void missing.push(`${from}: ${target}`);
      if (
        anchor &&
        file.endsWith('.md') &&
        statSync(file).isFile() &&
        !anchorsOf(readFileSync(file, 'utf8')).has(anchor)
      )
        missing.push(`${from}: ${target} (no such heading in ${relative(ROOT, file)})`);
    };
    for (const p of pages) {
      const md = readFileSync(join(ROOT, p), 'utf8');
      for (const m of md.matchAll(/\]\(([^)\s]+)\)/g)) if (!/^[a-z]+:/.test(m[1])) check(p, m[1]);
      // Paths written as code, `docs/rules/parterre.md`, are links a reader follows too.
      // (A pattern such as `src/games/<game>/` names no one path.)
      for (const m of md.matchAll(/`((?:docs|examples|bench|research|src|test|data)\/[^`\s<*]*)`/g))
        check(p, m[1].replace(/[.,:;]$/, ''), ROOT);
    }
    const help: string[] = [(await run('--help')).out];
    for (const g of GAMES) for (const verb of Object.keys(g.verbs)) help.push((await run(verb, g.name, '--help')).out);
    for (const h of help)
      for (const m of h.matchAll(/(?<![\w/])((?:docs|examples)\/[\w./-]*\w)/g)) check('--help', m[1], ROOT);
    expect(missing).toEqual([]);
  });
});
