import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCsvRows } from '../../src/batch/csv.js';
import { tempDir } from '../temp-dir.js';

// The path a user takes with the npm package (slow: mostly `npm install` from the npm cache,
// which `npm ci` filled; it may fetch from the registry what the cache lacks): pack the built
// package, install the tarball globally into a temporary prefix, and run the installed
// `patience` from another directory, with a strategy file from a third. Like dist.e2e.test.ts it
// needs the build (CI builds first); without dist/ it is skipped.

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const dir = tempDir('patience-package-');
const npm = (args: string[], cwd = process.cwd()) =>
  execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

describe.skipIf(!existsSync(pkg.bin.patience))('the npm package (slow)', () => {
  it('ships what a user runs and nothing else, installs, and runs from anywhere', () => {
    // --ignore-scripts: pack the dist/ CI built (prepack would build it again).
    const [packed] = JSON.parse(npm(['pack', '--ignore-scripts', '--json', '--pack-destination', dir]));
    const files: string[] = packed.files.map((f: { path: string }) => f.path);
    for (const f of [
      'package.json',
      'README.md',
      'LICENSE',
      'dist/src/cli.js',
      'dist/src/batch/worker.js',
      'docs/strategies.md',
      'examples/strategies/besieged-city.mjs',
    ])
      expect(files, f).toContain(f);
    const stray = files.filter((f) => /^(test|bench|data|src|\.ci)\/|^Dockerfile$|\.map$|(?<!\.d)\.ts$/.test(f));
    expect(stray).toEqual([]);
    expect(readFileSync('LICENSE', 'utf8')).toMatch(
      /^MIT License\n\nCopyright \(c\) \d{4} patience-lab contributors\n/,
    );
    expect(pkg.license).toBe('MIT');

    const prefix = join(dir, 'prefix');
    npm([
      'install',
      '-g',
      '--prefix',
      prefix,
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      join(dir, packed.filename),
    ]);
    const bin = join(prefix, 'bin', 'patience');
    expect(existsSync(bin)).toBe(true);
    const work = join(dir, 'work'),
      bots = join(dir, 'bots');
    mkdirSync(work);
    mkdirSync(bots);
    const patience = (...args: string[]) => spawnSync(bin, args, { cwd: work, encoding: 'utf8' });

    expect(patience('--version').stdout.trim()).toBe(pkg.version);
    const solved = patience('solve', 'besieged-city', '--seed', '42');
    expect(solved.status, solved.stderr).toBe(0);
    expect(solved.stdout).toMatch(/outcome: solved in \d+ moves/);

    // A strategy file in a directory of its own (the package's example, copied), named by a
    // path relative to where the command runs; the batch's workers load from the install.
    const installed = join(prefix, 'lib', 'node_modules', pkg.name);
    copyFileSync(join(installed, 'examples', 'strategies', 'besieged-city.mjs'), join(bots, 'my-bot.mjs'));
    const batch = patience(
      'batch',
      'besieged-city',
      '--seeds',
      '1..3',
      '--max-nodes',
      '20000',
      '--strategies',
      'greedy,../bots/my-bot.mjs',
      '--workers',
      '1',
      '--out',
      'r.csv',
    );
    expect(batch.status, batch.stderr).toBe(0);
    const rows = readCsvRows(join(work, 'r.csv')).rows;
    expect(rows).toHaveLength(3);
    const mine = Object.keys(rows[0]).filter((k) => k.startsWith('won_') && k !== 'won_greedy');
    expect(mine).toHaveLength(1);
    expect(rows.every((r) => r[mine[0]] === 'true' || r[mine[0]] === 'false')).toBe(true);
    expect(rows[0].settings).toContain('strategies=greedy,../bots/my-bot.mjs');
  }, 300_000);
});
