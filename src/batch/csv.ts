import { readFileSync, truncateSync } from 'node:fs';
import { InputError, quote } from '../io/errors.js';
import { CSV_LIMIT, readFileInPieces } from '../io/files.js';

// The CSV is the source of truth of a batch: resume, shards and summaries all read it. Each row
// is written as soon as its deal finishes (csv-appender.ts), so a kill loses only the deals in
// flight; a line cut short by a kill is dropped (and its deal run again) on resume. One batch at
// a time writes a CSV: it holds the file's lock (lock.ts).

/** The longest record read, in bytes: a batch row is a few hundred bytes, its settings with
 *  paths a few KiB. A file with a longer line is not a batch CSV (a file of NULs, a binary), and
 *  is refused when the reading gets there, before it can fill the memory. */
export const CSV_LINE_LIMIT = 2 ** 20;

const QUOTE = 0x22,
  COMMA = 0x2c,
  LF = 0x0a,
  CR = 0x0d;

/** One field's text: the bytes between its commas, quotes taken out ("" inside quotes is one). */
function fieldText(buf: Buffer, from: number, to: number): string {
  const raw = buf.toString('utf8', from, to);
  if (!raw.includes('"')) return raw;
  let out = '',
    quoted = false;
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i];
    if (ch !== '"') out += ch;
    else if (quoted && raw[i + 1] === '"') {
      out += '"';
      i++;
    } else quoted = !quoted;
  }
  return out;
}

/** Reads RFC 4180 CSV (quoted fields may hold commas, quotes and line ends) from bytes given a
 *  piece at a time, and hands out each record as it ends: its fields, and whether a line end
 *  closed it (only the file's last record may lack one). `what` names the file in messages. A
 *  NUL byte, or a record longer than CSV_LINE_LIMIT, is an InputError. */
class CsvRecords {
  private carry: Buffer = Buffer.alloc(0);
  /** The record number of the next record (the header is 1). */
  line = 1;

  constructor(
    private readonly what: string,
    private readonly each: (cells: string[], ended: boolean) => boolean | undefined,
  ) {}

  /** Takes the next piece; false once `each` asked to stop. */
  feed(piece: Buffer, last: boolean): boolean {
    const buf = this.carry.length ? Buffer.concat([this.carry, piece]) : piece;
    let start = 0,
      fieldStart = 0,
      quoted = false,
      cells: string[] = [];
    for (let i = 0; i < buf.length; i++) {
      const b = buf[i];
      if (b === 0) throw new InputError(`${this.what}: line ${this.line} holds a NUL byte: not a CSV text file`);
      if (i - start > CSV_LINE_LIMIT)
        throw new InputError(
          `${this.what}: line ${this.line} is longer than ${CSV_LINE_LIMIT / 2 ** 20} MiB, the most a CSV line may be: not a batch CSV`,
        );
      if (b === QUOTE) {
        if (quoted && i + 1 === buf.length && !last) break; // "" may be split between pieces
        if (quoted && buf[i + 1] === QUOTE) i++;
        else quoted = !quoted;
      } else if (quoted) continue;
      else if (b === COMMA) {
        cells.push(fieldText(buf, fieldStart, i));
        fieldStart = i + 1;
      } else if (b === LF || b === CR) {
        if (b === CR && i + 1 === buf.length && !last) break; // \r\n may be split
        cells.push(fieldText(buf, fieldStart, i));
        if (b === CR && buf[i + 1] === LF) i++;
        const stop = this.each(cells, true) === false;
        this.line++;
        if (stop) return false;
        cells = [];
        start = fieldStart = i + 1;
      }
    }
    if (!last) {
      this.carry = Buffer.from(buf.subarray(start));
      return true;
    }
    if (start < buf.length) {
      cells.push(fieldText(buf, fieldStart, buf.length));
      this.each(cells, false);
      this.line++;
    }
    this.carry = Buffer.alloc(0);
    return true;
  }
}

/** Parses RFC 4180 CSV text into its records. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  new CsvRecords('the text', (cells) => void rows.push(cells)).feed(Buffer.from(text), true);
  return rows;
}

/** Reads a results CSV into objects keyed by the header; names the file on any problem.
 *  `checkHeader` sees the header before any row is read; `lines[i]` is the line of rows[i]. The
 *  file is read a piece at a time: a file that is no CSV is refused at its first bad line. */
export function readCsvRows(
  file: string,
  checkHeader?: (header: string[]) => void,
): { header: string[]; rows: Record<string, string>[]; lines: number[] } {
  let header: string[] | null = null;
  const rows: Record<string, string>[] = [];
  const lines: number[] = [];
  const records = new CsvRecords(file, (cells, ended) => {
    const line = records.line;
    if (header === null) {
      header = cells;
      const twice = header.find((h, i) => header!.indexOf(h) !== i);
      if (twice !== undefined)
        throw new InputError(`${file}: line 1: the header names the column ${quote(twice, 40)} twice`);
      checkHeader?.(header);
      return;
    }
    if (cells.length === 1 && cells[0] === '') return;
    if (cells.length !== header.length) {
      // Only the last line may be cut short (a batch killed mid-write); anything else is damage.
      if (!ended) return false;
      throw new InputError(`${file}: line ${line} has ${cells.length} fields, the header has ${header.length}`);
    }
    const o: Record<string, string> = {};
    header.forEach((h, j) => {
      o[h] = cells[j];
    });
    rows.push(o);
    lines.push(line);
  });
  let going = true;
  readFileInPieces(file, CSV_LIMIT, 'a CSV file', (piece, last) => {
    if (going) going = records.feed(piece, last);
  });
  if (header === null) throw new InputError(`${file}: empty file, expected a CSV header`);
  return { header, rows, lines };
}

/** The length in bytes of a CSV's complete records: up to the last line end outside a quoted
 *  field. A row is finished only when its line ends (the writer ends every row with one); what
 *  follows it, a row cut short by a kill or a full disk, even one that still has all its fields
 *  or an unclosed quote, is not. */
export function completeLength(buf: Buffer): number {
  let quoted = false,
    end = 0;
  for (let i = 0; i < buf.length; i++) {
    const b = buf[i];
    if (b === QUOTE) quoted = !quoted;
    else if (b === LF && !quoted) end = i + 1;
  }
  return end;
}

/** Cuts a results CSV back to its complete records (completeLength()), for a run that appends
 *  to it; returns the number of bytes dropped. */
export function dropUnfinishedTail(file: string): number {
  const buf = readFileSync(file);
  const keep = completeLength(buf);
  if (keep === buf.length) return 0;
  truncateSync(file, keep);
  return buf.length - keep;
}
