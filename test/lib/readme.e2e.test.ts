import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// README's command block as a newcomer meets it after the quick start (`npm ci && npm start`,
// which builds): every line runs as written, in order, from a directory inside the clone, where
// `npx patience` finds the clone's own command. A line that would run long (a batch of 100,000
// deals, a tournament of 200 games a pairing) runs with --help instead, and its help must name
// every option the line uses. npm may not fetch: were `patience` not the clone's, npx would
// fail rather than install something of that name. Needs the build (CI builds first).

const ROOT = resolve('.');
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const LONG = [/--games 200\b/, /--seeds 1\.\.100000\b/];

function commandBlock(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const m = /^## Commands\n```sh\n([\s\S]*?)^```/m.exec(readme);
  if (!m) throw new Error('README.md has no "## Commands" block');
  return m[1]
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
    .map((l) => l.replace(/\s+#.*$/, ''));
}

const lines = commandBlock();
let dir = '';
const sh = (line: string) =>
  spawnSync('sh', ['-c', line], {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, npm_config_offline: 'true', npm_config_yes: 'false' },
  });

describe.skipIf(!existsSync(pkg.bin.patience))("README's commands, as written (slow)", () => {
  beforeAll(() => {
    mkdirSync(join(ROOT, '.scratch'), { recursive: true });
    dir = mkdtempSync(join(ROOT, '.scratch', 'readme-'));
    // "your own deal files": two of them, of one game as a batch takes them.
    mkdirSync(join(dir, 'mine'));
    for (const seed of ['7', 'club-night'])
      expect(sh(`npx patience deal besieged-city --seed ${seed} --json > mine/${seed}.json`).status).toBe(0);
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('the block is there, each line a command of `npx patience`', () => {
    expect(lines.length).toBeGreaterThanOrEqual(15);
    for (const l of lines) expect(l).toMatch(/^npx patience \S/);
  });

  it.each(lines.map((l) => [l]))('%s', (line) => {
    if (LONG.some((re) => re.test(line))) {
      const command = line.replace(/\s>.*$/, '');
      const r = sh(`${command} --help`);
      expect(r.status, r.stderr).toBe(0);
      for (const opt of line.match(/\s--[a-z-]+/g) ?? []) expect(r.stdout, opt).toContain(opt.trim());
      return;
    }
    const r = sh(line);
    expect(r.status, `${r.stderr}\n${r.stdout.slice(-400)}`).toBe(0);
    expect(r.stderr).not.toMatch(/^\s+at .*:\d+:\d+\)?$/m);
    if (!line.includes('>')) expect(r.stdout.trim()).not.toBe('');
  });

  it('left the files the lines write', () => {
    for (const f of [
      'deal.json',
      'sol.json',
      'results.csv',
      'mine.csv',
      'report.html',
      'replay.html',
      'site/index.html',
      'g.json',
    ])
      expect(existsSync(join(dir, f)), f).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'sol.json'), 'utf8')).outcome).toBe('solved');
    expect(readFileSync(join(dir, 'mine.csv'), 'utf8').trim().split('\n')).toHaveLength(3);
  });
});
