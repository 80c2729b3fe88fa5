import { closeSync, constants, fstatSync, openSync, readFileSync, type Stats } from 'node:fs';
import { InputError } from './errors.js';

// Every file the program reads goes through here, so each path problem is one line that names
// the path and says what is wrong.
// - Reading: regular files only, up to a size cap. A device (/dev/zero never ends), a FIFO with
//   no writer (never opens) or a directory is refused instead of hanging or filling memory.

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

/** The text of a regular file of at most `limit` bytes. `what` names its kind for messages. */
export function readTextFile(path: string, limit: number, what: string): string {
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
      throw new InputError(`${path}: ${kindOf(st)}, not a regular file; ${what} is read from regular files only (a device or a pipe could hang the program or never end)`);
    if (st.size > limit)
      throw new InputError(`${path}: ${mib(st.size)}, larger than the ${mib(limit)} allowed for ${what}`);
    return readFileSync(fd, 'utf8');
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(`${path}: cannot read file: ${fileProblem(e)}`);
  } finally {
    closeSync(fd);
  }
}
