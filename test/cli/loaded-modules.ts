import { spawnSync } from 'node:child_process';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

// Which modules of src/ (or dist/) and node_modules/ a run of the CLI loads, read by a loader hook
// that lists them: what a command loads, which says nothing of time and holds on any machine.

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Registers a hook that prints, on stderr, each module of src/, dist/ and node_modules/ loaded. */
const LIST = `data:text/javascript,${encodeURIComponent(
  `import { register } from 'node:module';
   register('data:text/javascript,' + encodeURIComponent(
     'export async function load(u, c, n) { if (u.includes("/src/") || u.includes("/dist/") || u.includes("/node_modules/")) process.stderr.write("loaded " + u + "\\\\n"); return n(u, c); }'));`,
)}`;

/** Runs the CLI from source (src/cli.ts under tsx) or compiled (dist/src/cli.js under node) with
 *  `args` in `cwd` (default the repository): its exit code, stdout, stderr, and the modules it
 *  loaded, relative to the repository. */
export function loaded(
  from: 'source' | 'dist',
  args: string[],
  cwd = ROOT,
): { code: number | null; modules: string[]; out: string; err: string } {
  const entry =
    from === 'source'
      ? ['--import', 'tsx', '--import', LIST, join(ROOT, 'src/cli.ts')]
      : ['--import', LIST, join(ROOT, 'dist/src/cli.js')];
  const r = spawnSync(process.execPath, [...entry, ...args], { cwd, encoding: 'utf8' });
  const modules = [...r.stderr.matchAll(/^loaded (\S+)$/gm)].map((m) =>
    relative(ROOT, fileURLToPath(m[1].replace(/\?.*$/, ''))),
  );
  return { code: r.status, modules, out: r.stdout, err: r.stderr.replace(/^loaded \S+\n/gm, '') };
}
