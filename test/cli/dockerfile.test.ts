import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// No container runtime runs in CI, so the image is checked for what can go stale without one:
// what the Dockerfile copies exists and is not ignored, its commands are the package's own, and
// the scale-out examples (docs/scale-out.md) run exactly this image the way it is built.
const dockerfile = readFileSync('Dockerfile', 'utf8');
const ignored = readFileSync('.dockerignore', 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const recipes = readFileSync('docs/scale-out.md', 'utf8');

describe('the container image', () => {
  it('copies only files that exist and that .dockerignore lets through', () => {
    const copies = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((m) => m[1].split(/\s+/));
    expect(copies).toEqual(expect.arrayContaining(['package.json', 'package-lock.json', 'src']));
    for (const f of copies) {
      expect(existsSync(f), f).toBe(true);
      expect(ignored, f).not.toContain(f);
    }
    for (const f of ['node_modules', 'dist', 'results']) expect(ignored).toContain(f);
  });

  it('builds with the package scripts and runs the patience bin', () => {
    expect(dockerfile).toMatch(/^FROM node:20-slim/m);
    expect(dockerfile).toContain('RUN npm ci');
    expect(dockerfile).toContain('npm run build');
    expect(pkg.scripts.build).toBeDefined();
    expect(pkg.bin.patience).toBe('dist/src/cli.js');
    expect(dockerfile).toContain(`ln -s /app/${pkg.bin.patience} /usr/local/bin/patience`);
    expect(dockerfile).toMatch(/^ENTRYPOINT \["patience"\]$/m);
    expect(dockerfile).toMatch(/^VOLUME \["\/work\/results"\]$/m);
    expect(dockerfile).toMatch(/^WORKDIR \/work$/m);
  });

  it('is the image docs/scale-out.md builds and its Kubernetes and Slurm examples run', () => {
    const tag = /docker build -t (\S+) \./.exec(recipes)?.[1];
    expect(tag).toBeDefined();
    expect(recipes).toContain(`image: ${tag}`);
    expect(recipes).toContain(`docker://${tag}`);
    expect(recipes).toContain('mountPath: /work/results');
    expect(recipes).toContain('--bind "$PWD/results:/work/results"');
    // The jobs run the CLI as the image has it, not a path inside the repository.
    const jobs = recipes.slice(recipes.indexOf('Kubernetes, as an Indexed Job'), recipes.indexOf('Then, anywhere'));
    expect(jobs).not.toContain('dist/src/cli.js');
    expect(jobs).toMatch(/patience batch besieged-city/);
  });
});
