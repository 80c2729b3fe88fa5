import { closeSync, existsSync, fstatSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import { stringify } from 'csv-stringify/sync';
import { rethrowWrite, writeFileAtomic } from '../io/files.js';
import type { Row } from './job.js';

// Writing a results CSV (csv.ts reads them), apart so that the commands that only read one, and
// every verb of a game's shell, load no CSV writer.

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
    if (mode !== 'append') {
      if (mode === 'new' && existsSync(file))
        throw Object.assign(new Error(`${file}: file exists`), { code: 'EEXIST' });
      // The header is written whole beside the file and takes its name: a full disk leaves no
      // empty file (which a resume could not read) and the rows that --force replaces as they were.
      writeFileAtomic(file, stringify([columns as string[]]), '--out');
    }
    this.fd = openSync(file, 'a');
    this.size = fstatSync(this.fd).size;
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
