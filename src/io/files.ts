import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  readlinkSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
  writeSync,
  type Stats,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { InputError, NoSpaceError, OutputError, oneLine } from './errors.js';

// Every file the program reads or writes goes through here, so each path problem is one line
// that names the path and says what is wrong, before any work starts where that can be known.
// - Reading: regular files only, up to a size cap. A device (/dev/zero never ends), a FIFO with
//   no writer (never opens) or a directory is refused instead of hanging or filling memory.
// - Writing: the path is checked first (its directory made, the file opened once), so a batch
//   or a long search never runs only to fail at its first row.

/** The largest JSON document read (deal, solution, record): a long game's record is a few MB. */
export const JSON_LIMIT = 64 * 2 ** 20;
/** The largest CSV read: over a million rows; a larger study is read as its shards. */
export const CSV_LIMIT = 256 * 2 ** 20;

const PROBLEMS = new Map([
  ['ENOENT', 'no such file or directory'],
  ['ENOTDIR', 'a part of the path is not a directory'],
  ['EACCES', 'permission denied'],
  ['EPERM', 'operation not permitted'],
  ['EROFS', 'read-only file system'],
  ['ENOSPC', 'no space left on the device'],
  ['EDQUOT', 'disk quota exceeded'],
  ['EISDIR', 'it is a directory'],
  ['EEXIST', 'it exists and is not a directory'],
  ['ENAMETOOLONG', 'the name is too long'],
  ['ELOOP', 'too many symbolic links'],
  ['EMFILE', 'too many open files'],
  ['EBUSY', 'the file is busy'],
]);

/** What a file system error means, in words with its code. */
export function fileProblem(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  const words = code === undefined ? undefined : PROBLEMS.get(code);
  if (words) return `${words} (${code})`;
  return code ?? String((e as Error | undefined)?.message ?? e);
}

function kindOf(st: Stats): string {
  if (st.isDirectory()) return 'a directory';
  if (st.isFIFO()) return 'a pipe';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isSocket()) return 'a socket';
  return 'not a regular file';
}

const mib = (bytes: number) => `${Math.ceil(bytes / 2 ** 20)} MiB`;

/** The text of a regular file of at most `limit` bytes. `what` names its kind for messages. A
 *  name ending in `.gz` is read as gzip, `limit` then bounding the text it holds: a study's
 *  CSVs are kept compressed (a shard of 6,250 deals is 0.5 MB as text, 80 kB as gzip). */
export function readTextFile(path: string, limit: number, what: string): string {
  if (!path.endsWith('.gz')) return readFileBytes(path, limit, what).toString('utf8');
  const packed = readFileBytes(path, limit, `${what} compressed with gzip`);
  try {
    return gunzipSync(packed, { maxOutputLength: limit }).toString('utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
      throw new InputError(`${path}: larger than the ${mib(limit)} allowed for ${what} once uncompressed`);
    throw new InputError(
      `${path}: not readable as gzip (${oneLine(String((e as Error).message))}); a name ending in .gz is read as a gzip file`,
    );
  }
}

/** The bytes of a regular file of at most `limit` bytes, given to `each` a piece at a time (the
 *  last with `last` set), so that a reader stops at the first problem without reading, or
 *  holding, the rest. A name ending in `.gz` is unpacked first, `limit` bounding what it holds. */
export function readFileInPieces(
  path: string,
  limit: number,
  what: string,
  each: (piece: Buffer, last: boolean) => void,
): void {
  if (path.endsWith('.gz')) {
    each(Buffer.from(readTextFile(path, limit, what), 'utf8'), true);
    return;
  }
  const fd = openRegular(path, limit, what);
  try {
    const piece = Buffer.alloc(4 * 2 ** 20);
    for (;;) {
      let n: number;
      try {
        n = readSync(fd, piece);
      } catch (e) {
        throw new InputError(`${path}: cannot read file: ${fileProblem(e)}`);
      }
      each(piece.subarray(0, n), n === 0);
      if (n === 0) return;
    }
  } finally {
    closeSync(fd);
  }
}

/** Opens a regular file of at most `limit` bytes for reading (its fd), or throws the InputError
 *  that says why not. */
function openRegular(path: string, limit: number, what: string): number {
  if (path === '') throw new InputError(`empty file name (expected ${what})`);
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO that has no writer returns at once (to be refused below).
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    throw new InputError(`${path}: cannot read file: ${fileProblem(e)}`);
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile())
      throw new InputError(
        `${path}: ${kindOf(st)}, not a regular file; ${what} is read from regular files only (a device or a pipe could hang the program or never end)`,
      );
    if (st.size > limit)
      throw new InputError(`${path}: ${mib(st.size)}, larger than the ${mib(limit)} allowed for ${what}`);
    return fd;
  } catch (e) {
    closeSync(fd);
    if (e instanceof InputError) throw e;
    throw new InputError(`${path}: cannot read file: ${fileProblem(e)}`);
  }
}

/** The bytes of a regular file of at most `limit` bytes. */
function readFileBytes(path: string, limit: number, what: string): Buffer {
  const fd = openRegular(path, limit, what);
  try {
    return readFileSync(fd);
  } catch (e) {
    throw new InputError(`${path}: cannot read file: ${fileProblem(e)}`);
  } finally {
    closeSync(fd);
  }
}

const statOrNull = (path: string, label: string): Stats | null => {
  try {
    return statSync(path, { throwIfNoEntry: false }) ?? null;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOTDIR') return null; // the walk up finds the file
    throw new OutputError(`${label}: ${fileProblem(e)}`);
  }
};

/** Makes directory `dir` and its missing parents one level at a time, and checks that it is a
 *  directory. (Node's recursive mkdirSync loops forever, deaf to signals, where a directory
 *  exists but takes no new entries, as under /proc.) `label` begins every message. */
export function makeDirectory(dir: string, label: string): void {
  const missing: string[] = [];
  for (let d = resolve(dir); ; ) {
    const st = statOrNull(d, label);
    if (st) {
      if (!st.isDirectory())
        throw new InputError(`${label}: ${d} is ${st.isFile() ? 'a file' : kindOf(st)}, not a directory`);
      break;
    }
    missing.push(d);
    const up = dirname(d);
    if (up === d) break;
    d = up;
  }
  for (const d of missing.reverse()) {
    try {
      mkdirSync(d);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EEXIST' && statOrNull(d, label)?.isDirectory()) continue; // made meanwhile
      throw new OutputError(
        `${label}: cannot create directory ${d}: ${code === 'ENOENT' ? noNewEntries(d) : fileProblem(e)}`,
      );
    }
  }
}

/** ENOENT for a path whose directory exists: that directory takes no new entries (as /proc). */
const noNewEntries = (path: string) => `the directory ${resolve(dirname(path))} takes no new entries (ENOENT)`;

/** Opens a file that does not exist yet and removes it again: whether files can be made there. */
function probeCreate(file: string, label: string, what: string): void {
  let fd: number;
  try {
    fd = openSync(file, 'wx');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new OutputError(`${label}: cannot ${what}: ${code === 'ENOENT' ? noNewEntries(file) : fileProblem(e)}`);
  }
  closeSync(fd);
  try {
    unlinkSync(file);
  } catch {
    // An empty file left behind is harmless; the run writes it again.
  }
}

/** Checks, before any work, that `file` can be written as a regular file: makes its missing
 *  directories, and opens it once (an existing file is not changed). `option` names the flag. */
export function checkOutputFile(file: string, option: string): void {
  if (file === '') throw new InputError(`${option}: empty path (name the file to write)`);
  const label = `${option} ${file}`;
  if (/[/\\]$/.test(file)) throw new InputError(`${label}: names a directory; give a file name`);
  // Read as gzip (readTextFile()), but written as text (a batch appends its rows as they finish).
  if (file.endsWith('.gz'))
    throw new InputError(
      `${label}: written as plain text; name it without .gz, and compress it with gzip once written (a .gz file is read as gzip)`,
    );
  makeDirectory(dirname(file), label);
  const st = statOrNull(file, label);
  if (!st) {
    probeCreate(file, label, 'create the file');
    return;
  }
  if (st.isDirectory()) throw new InputError(`${label}: is a directory; give a file name`);
  if (!st.isFile())
    throw new InputError(`${label}: ${kindOf(st)}, not a regular file; results are written to regular files only`);
  try {
    closeSync(openSync(file, 'r+'));
  } catch (e) {
    throw new OutputError(`${label}: cannot write the file: ${fileProblem(e)}`);
  }
}

/** Checks, before any work, that files can be written in directory `dir` (made if missing). */
export function checkOutputDirectory(dir: string, option: string): void {
  if (dir === '') throw new InputError(`${option}: empty path (name the directory to write into)`);
  const label = `${option} ${dir}`;
  makeDirectory(dir, label);
  probeCreate(join(dir, `.patience-write-check-${process.pid}`), label, 'write files in it');
}

/** Where `path` is once every link on the way is followed: the real path of its deepest part
 *  that exists, with the rest as written (a file or folder not made yet). A link that leads to
 *  nothing yet leads where it will write. */
export function realPathOf(path: string, depth = 0): string {
  const rest: string[] = [];
  for (let p = resolve(path); ; p = dirname(p)) {
    try {
      return join(realpathSync(p), ...rest.reverse());
    } catch {
      let target: string | null = null;
      try {
        if (lstatSync(p).isSymbolicLink()) target = readlinkSync(p);
      } catch {
        // not there: its folder is looked at next
      }
      // 40 links in a row is what the kernel follows before it says ELOOP.
      if (target !== null && depth < 40)
        return join(realPathOf(resolve(dirname(p), target), depth + 1), ...rest.reverse());
      if (dirname(p) === p) return resolve(path);
      rest.push(basename(p));
    }
  }
}

/** Writes a whole file so that a reader never sees it half written: the text goes to a new
 *  temporary file beside it (beside the file a link names: the link stays), which then takes
 *  its name, with the old file's permissions. A crash or a full disk leaves the old file or the
 *  new, never a torn one, and no temporary file (a device or a pipe is written in place). Lack of space is a NoSpaceError (a batch stops
 *  on it and keeps its rows); any other failure an OutputError naming the path (`option`: the
 *  flag it came from). */
export function writeFileAtomic(file: string, text: string | Buffer, option: string): void {
  const target = realPathOf(file);
  const old = statOrNull(target, `${option} ${file}`);
  let tmp = '';
  let fd = -1;
  try {
    // A device or a pipe is written as it is: it is never replaced.
    if (old && !old.isFile() && !old.isDirectory()) {
      writeFileSync(target, text);
      return;
    }
    // A name no one else uses, created here (a link planted under it is not followed).
    for (let attempt = 0; fd < 0; attempt++) {
      tmp = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        fd = openSync(tmp, 'wx', 0o666);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 5) throw e;
      }
    }
    if (old?.isFile()) fchmodSync(fd, old.mode & 0o7777);
    const buf = typeof text === 'string' ? Buffer.from(text) : text;
    for (let off = 0; off < buf.length; ) off += writeSync(fd, buf, off, buf.length - off);
    closeSync(fd);
    fd = -1;
    renameSync(tmp, target);
  } catch (e) {
    if (fd >= 0) closeSync(fd);
    if (tmp !== '')
      try {
        unlinkSync(tmp);
      } catch {
        // never made, or gone already
      }
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== undefined && NO_SPACE.has(code)) throw new NoSpaceError(file, code);
    throw new OutputError(`${option} ${file}: cannot write: ${fileProblem(e)}`);
  }
}

const NO_SPACE = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);

/** Rethrows a failed write: lack of space as NoSpaceError, the rest unchanged. */
export function rethrowWrite(e: unknown, file: string): never {
  const code = (e as NodeJS.ErrnoException)?.code;
  if (code !== undefined && NO_SPACE.has(code)) throw new NoSpaceError(file, code);
  throw e;
}
