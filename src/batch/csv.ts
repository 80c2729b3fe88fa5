import { closeSync, fstatSync, ftruncateSync, openSync, readFileSync, truncateSync, writeSync } from 'node:fs';
import { stringify } from 'csv-stringify/sync';
import { InputError } from '../io/errors.js';
import { CSV_LIMIT, readTextFile, rethrowWrite } from '../io/files.js';
import type { Row } from './job.js';

// The CSV is the source of truth of a batch: resume, shards and summaries all read it. Each row
// is written with a synchronous write as soon as its deal finishes, so a kill loses only the
// deals in flight; a line cut short by a kill is dropped (and its deal run again) on resume.
// One batch at a time writes a CSV: it holds the file's lock (lock.ts).

/** Parses RFC 4180 CSV (quoted fields may hold commas, quotes and newlines). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [],
    field = '',
    i = 0,
    quoted = false;
  while (i < text.length) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += ch;
      i++;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
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
export function readCsvRows(
  file: string,
  checkHeader?: (header: string[]) => void,
): { header: string[]; rows: Record<string, string>[]; lines: number[] } {
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

/** The length of text's complete records: up to the last line end outside a quoted field. A
 *  row is finished only when its line ends (the writer ends every row with one); what follows
 *  it, a row cut short by a kill or a full disk, even one that still has all its fields or an
 *  unclosed quote, is not. */
export function completeLength(text: string): number {
  let quoted = false,
    end = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x22) quoted = !quoted;
    else if (ch === 0x0a && !quoted) end = i + 1;
  }
  return end;
}

/** Cuts a results CSV back to its complete records (completeLength()), for a run that appends
 *  to it; returns the number of bytes dropped. */
export function dropUnfinishedTail(file: string): number {
  const buf = readFileSync(file);
  const text = buf.toString('utf8');
  const keep = Buffer.byteLength(text.slice(0, completeLength(text)));
  if (keep === buf.length) return 0;
  truncateSync(file, keep);
  return buf.length - keep;
}

/** Appends rows to a CSV file, each with one synchronous write as it comes, so that a kill loses
 *  only the rows in flight. A row that cannot be written whole (a full disk) is cut off again,
 *  and the file ends with its last complete row. */
export class CsvAppender {
  private fd: number;
  /** The file's length: where the next row starts. */
  private size: number;
  /** Rows in the file (the header not counted). */
  rows: number;

  /** 'new' creates the file ('overwrite' replaces one), 'append' adds to an existing file, which
   *  must end with a complete row (dropUnfinishedTail()); `rows` are the rows it holds. */
  constructor(
    readonly file: string,
    readonly columns: readonly string[],
    mode: 'new' | 'overwrite' | 'append',
    rows = 0,
  ) {
    this.rows = mode === 'append' ? rows : 0;
    this.fd = openSync(file, mode === 'append' ? 'a' : mode === 'new' ? 'wx' : 'w');
    this.size = mode === 'append' ? fstatSync(this.fd).size : 0;
    if (mode !== 'append') this.append(stringify([columns as string[]]));
  }

  write(row: Row): void {
    this.append(
      stringify([row], { columns: this.columns as string[], cast: { boolean: (b) => (b ? 'true' : 'false') } }),
    );
    this.rows++;
  }

  /** Writes all of text or, failing, none of it (a short write is cut off again). */
  private append(text: string): void {
    const buf = Buffer.from(text);
    let done = 0;
    try {
      while (done < buf.length) done += writeSync(this.fd, buf, done, buf.length - done);
    } catch (e) {
      if (done > 0) {
        try {
          ftruncateSync(this.fd, this.size);
        } catch {
          // Not a regular file (e.g. /dev/full): nothing to cut.
        }
      }
      rethrowWrite(e, this.file);
    }
    this.size += buf.length;
  }

  close(): void {
    closeSync(this.fd);
  }
}
