import { closeSync, existsSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import { stringify } from 'csv-stringify/sync';
import { InputError } from '../io/errors.js';
import { CSV_LIMIT, readTextFile } from '../io/files.js';
import type { Row } from './job.js';

// The CSV is the source of truth of a batch: resume, shards and summaries all read it. Each row
// is written with a synchronous write as soon as its deal finishes, so a kill loses only the
// deals in flight; a line cut short by a kill is dropped (and its deal run again) on resume.

/** Parses RFC 4180 CSV (quoted fields may hold commas, quotes and newlines). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [], field = '', i = 0, quoted = false;
  while (i < text.length) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') { field += '"'; i += 2; continue; }
        quoted = false;
      } else field += ch;
      i++;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === ',') { row.push(field); field = ''; }
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
    i++;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Reads a results CSV into objects keyed by the header; names the file on any problem.
 *  `checkHeader` sees the header before any row is read; `lines[i]` is the line of rows[i]. */
export function readCsvRows(file: string, checkHeader?: (header: string[]) => void): { header: string[]; rows: Record<string, string>[]; lines: number[] } {
  const text = readTextFile(file, CSV_LIMIT, 'a CSV file');
  const all = parseCsv(text);
  if (all.length === 0) throw new InputError(`${file}: empty file, expected a CSV header`);
  const header = all[0];
  checkHeader?.(header);
  const rows: Record<string, string>[] = [];
  const lines: number[] = [];
  for (let r = 1; r < all.length; r++) {
    const cells = all[r];
    if (cells.length === 1 && cells[0] === '') continue;
    if (cells.length !== header.length) {
      // Only the last line may be cut short (a batch killed mid-write); anything else is damage.
      if (r === all.length - 1 && !text.endsWith('\n')) break;
      throw new InputError(`${file}: line ${r + 1} has ${cells.length} fields, the header has ${header.length}`);
    }
    const o: Record<string, string> = {};
    header.forEach((h, j) => (o[h] = cells[j]));
    rows.push(o);
    lines.push(r + 1);
  }
  return { header, rows, lines };
}

/** Appends rows to a CSV file, one synchronous write per row. */
export class CsvAppender {
  private fd: number;

  constructor(readonly file: string, readonly columns: readonly string[], mode: 'new' | 'append') {
    if (mode === 'append' && existsSync(file)) {
      this.fd = openSync(file, 'r+');
      dropPartialLastLine(this.fd, file);
      this.fd = reopenAppend(this.fd, file);
    } else {
      this.fd = openSync(file, 'w');
      writeSync(this.fd, stringify([columns as string[]]));
    }
  }

  write(row: Row): void {
    writeSync(this.fd, stringify([row], { columns: this.columns as string[], cast: { boolean: (b) => (b ? 'true' : 'false') } }));
  }

  close(): void {
    closeSync(this.fd);
  }
}

function dropPartialLastLine(fd: number, file: string): void {
  const text = readFileSync(file, 'utf8');
  if (text.length === 0 || text.endsWith('\n')) return;
  // Cut back to the end of the last complete record (outside quotes).
  let quoted = false, lastEnd = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '"') quoted = !quoted;
    else if (text[i] === '\n' && !quoted) lastEnd = i + 1;
  }
  ftruncateSync(fd, Buffer.byteLength(text.slice(0, lastEnd)));
}

function reopenAppend(fd: number, file: string): number {
  closeSync(fd);
  return openSync(file, 'a');
}

/** Merged shards or a re-run may repeat an item: keeps each item's last row, in first-seen order. */
export function lastRowPerItem<R extends Record<string, unknown>>(rows: readonly R[], itemOf: (r: R) => string): R[] {
  return [...new Map(rows.map((r) => [itemOf(r), r])).values()];
}
