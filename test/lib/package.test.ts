import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// package.json as the library's users and their tools read it (publint and "are the types wrong"
// check the packed package in CI; test/lib/package.e2e.test.ts installs and uses it).

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));

describe('the package', () => {
  it('has a semver version, and CHANGELOG.md says what it holds', () => {
    expect(semver.valid(pkg.version)).toBe(pkg.version);
    const changelog = readFileSync('CHANGELOG.md', 'utf8');
    const versions = [...changelog.matchAll(/^## (\S+) \((\d{4}-\d{2}-\d{2})\)$/gm)].map((m) => m[1]);
    expect(versions[0]).toBe(pkg.version);
    // Newest first, each a release of its own.
    expect([...versions].sort(semver.rcompare)).toEqual(versions);
    expect(new Set(versions).size).toBe(versions.length);
  });

  it('exports a Node entry and a browser entry, each with its types first', () => {
    const root = pkg.exports['.'];
    // Conditions match in order: the browser's before the default, and types before code.
    expect(Object.keys(root)).toEqual(['browser', 'types', 'default']);
    expect(Object.keys(root.browser)).toEqual(['types', 'default']);
    expect(root.default).toBe('./dist/src/index.js');
    expect(root.types).toBe('./dist/src/index.d.ts');
    expect(root.browser.default).toBe('./dist/src/browser.js');
    expect(pkg.exports['./browser']).toEqual(root.browser);
    expect(pkg.types).toBe(root.types);
    expect(pkg.files).toEqual(expect.arrayContaining(['dist/src', 'CHANGELOG.md', 'docs']));
  });
});
