import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// The examples of docs/api.md: each ```ts block, and the ```text block right after it (what the
// example prints), read as the tests run them.

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');

export interface Example {
  /** The heading it stands under, and its place among the examples there. */
  name: string;
  code: string;
  /** What it prints, line by line; null when the doc shows no output. */
  prints: string[] | null;
}

export function apiExamples(): Example[] {
  const text = readFileSync(join(ROOT, 'docs/api.md'), 'utf8');
  const out: Example[] = [];
  const re = /^## (.+)$|^```ts\n([\s\S]*?)^```\n(?:\n```text\n([\s\S]*?)^```\n)?/gm;
  let heading = '';
  let n = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[1] !== undefined) {
      heading = m[1];
      n = 0;
      continue;
    }
    n++;
    out.push({
      name: `${heading} #${n}`,
      code: m[2],
      prints: m[3] === undefined ? null : m[3].replace(/\n$/, '').split('\n'),
    });
  }
  return out;
}
