import { InputError, quote } from '../io/errors.js';
import { checkOutputFile, writeFileAtomic } from '../io/files.js';

// Small HTML helpers for the report and replay pages. Every number a table shows from a
// summary is a cell that names its place in the summary JSON (data-path) and carries the exact
// value (data-value), so a test can check the page against `summary --json`.

export const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON for a <script> element. Every "<" is written \u003c, so no text from a file ("</script>",
 *  or "<!--" followed by "<script", which makes the parser skip the real end tag) can end the
 *  element or change how it is read; U+2028 and U+2029 are escaped too. The JSON means the same. */
export const scriptJson = (x: unknown): string =>
  JSON.stringify(x).replace(/[<\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

export const intText = (x: number): string => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : '–');
export const fixed =
  (digits: number) =>
  (x: number): string =>
    Number.isFinite(x) ? x.toFixed(digits) : '–';
export const msText = (ms: number): string =>
  !Number.isFinite(ms) ? '–' : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;

export type Cell = string | { path: string; value: number; text: string };

/** A cell showing summary value `value` found at `path` (keys joined by "/", array indices as numbers). */
export const val = (path: string, value: number, format: (x: number) => string = intText): Cell => ({
  path,
  value,
  text: format(value),
});

export function table(head: string[], rows: Cell[][], name: string): string {
  const td = (c: Cell) =>
    typeof c === 'string'
      ? `<td>${esc(c)}</td>`
      : `<td class="num" data-path="${esc(c.path)}" data-value="${esc(JSON.stringify(c.value))}">${esc(c.text)}</td>`;
  return (
    `<table data-table="${esc(name)}"><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead>` +
    `<tbody>${rows.map((r) => `<tr>${r.map(td).join('')}</tr>`).join('')}</tbody></table>`
  );
}

/** "1..40,45,50..52" for integer seeds (sorted, runs joined); other seeds listed as they are. */
export function seedRanges(seeds: Iterable<string>): string {
  const all = [...new Set(seeds)];
  const ints = all
    .filter((s) => /^\d+$/.test(s))
    .map(Number)
    .sort((a, b) => a - b);
  const other = all.filter((s) => !/^\d+$/.test(s)).sort();
  const parts: string[] = [];
  for (let i = 0; i < ints.length; ) {
    let j = i;
    while (j + 1 < ints.length && ints[j + 1] === ints[j] + 1) j++;
    parts.push(j === i ? String(ints[i]) : j === i + 1 ? `${ints[i]},${ints[j]}` : `${ints[i]}..${ints[j]}`);
    i = j + 1;
  }
  return [...parts, ...other].join(',');
}

/** The shared style of both pages (no external fonts: system ones only). */
export const BASE_CSS = `
:root { --ink: #1d2329; --muted: #5d6670; --line: #dde1e5; --panel: #f6f7f9; --accent: #2f6fb3; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #fff; }
main { max-width: 1100px; margin: 0 auto; padding: 24px 28px 60px; }
h1 { font-size: 26px; margin: 0 0 4px; }
h2 { font-size: 21px; margin: 36px 0 8px; padding-top: 12px; border-top: 2px solid var(--line); }
h3 { font-size: 16px; margin: 22px 0 6px; }
p.note, .muted { color: var(--muted); }
code, pre { font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
pre { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 8px 12px; overflow-x: auto; white-space: pre-wrap; }
table { border-collapse: collapse; margin: 8px 0 16px; font-size: 14px; }
th, td { padding: 4px 10px; border-bottom: 1px solid var(--line); text-align: left; }
th { background: var(--panel); font-weight: 600; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
figure.chart { margin: 10px 0 18px; display: inline-block; vertical-align: top; }
figure.chart figcaption { color: var(--muted); font-size: 13px; max-width: 560px; }
`;

export function page(title: string, css: string, body: string, script = ''): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>${BASE_CSS}${css}</style></head>
<body>${body}${script ? `<script>${script}</script>` : ''}</body></html>
`;
}

/** Checks `--out` before a page is built: an .html path that can be written. */
export function checkHtmlOut(out: string): void {
  if (!out.endsWith('.html')) throw new InputError(`--out: ${quote(out)} should name an .html file`);
  checkOutputFile(out, '--out');
}

/** Writes a page to `out` (an .html path); a bad path is the user's error, in one line. */
export function writeHtml(out: string, html: string): void {
  checkHtmlOut(out);
  writeFileAtomic(out, html, '--out');
}
