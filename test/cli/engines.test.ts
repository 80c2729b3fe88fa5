import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// The Node versions package.json declares must be ones every dependency declares too: every
// package the lockfile can install (dev and optional ones included, since `npm ci` of a clone
// installs them), read from node_modules where it is installed and from the lockfile otherwise.
// `npm ci --engine-strict` in .ci/run catches the running Node only; this checks the whole range.
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const declared: string = pkg.engines.node;

function enginesOf(path: string, entry: { engines?: { node?: string } }): string | undefined {
  const file = join(path, 'package.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')).engines?.node;
  return entry.engines?.node;
}

/** Packages whose declared Node range does not cover all of `range`. */
function narrowerThan(range: string): string[] {
  const bad: string[] = [];
  for (const [path, entry] of Object.entries(lock.packages as Record<string, { engines?: { node?: string } }>)) {
    if (path === '') continue;
    const theirs = enginesOf(path, entry);
    if (theirs === undefined) continue;
    if (!semver.subset(range, theirs)) bad.push(`${path.replace(/^.*node_modules\//, '')} needs node ${theirs}`);
  }
  return bad;
}

describe('the declared Node version', () => {
  it('is a valid range that the running Node satisfies', () => {
    expect(semver.validRange(declared)).not.toBeNull();
    expect(semver.satisfies(process.version, declared)).toBe(true);
  });

  it('is supported by every package the lockfile installs', () => {
    expect(narrowerThan(declared)).toEqual([]);
  });

  it('is not vacuous: a wider range is refused, naming the package', () => {
    // yargs 18 declares ^20.19.0 || ^22.12.0 || >=23, so 21 and 22.0..22.11 are out.
    expect(narrowerThan('>=20.19')).toEqual(expect.arrayContaining([expect.stringMatching(/^yargs needs node /)]));
    expect(semver.subset('>=20.19', '>=22')).toBe(false);
  });

  it('is the one the README states, and CI installs with --engine-strict', () => {
    const readme = readFileSync('README.md', 'utf8');
    expect(readme).toContain(`Node \`${declared}\``);
    expect(readFileSync('.ci/run', 'utf8')).toMatch(/^npm ci .*--engine-strict/m);
  });
});
