// What the user can fix is reported as one line and exit code 2 (src/cli.ts), never as an
// internal fault: each error below says which kind it is, and its message names the option,
// file, field or card at fault.

/** What kind of failure a UserError is, for a program to tell apart without reading the message:
 *  BAD_INPUT (an argument, file, field or card), UNKNOWN_GAME (a game not played here),
 *  NOT_AVAILABLE (a command or call the game does not have), OUTPUT (an output the file system
 *  refused), and ENOSPC, EDQUOT, EFBIG (no space for a write). */
export type ErrorCode = InputCode | OutputCode;
export type InputCode = 'BAD_INPUT' | 'UNKNOWN_GAME' | 'NOT_AVAILABLE';
export type OutputCode = 'OUTPUT' | 'ENOSPC' | 'EDQUOT' | 'EFBIG';

/** A failure the user can fix: one line, exit code 2. Throw one of the kinds below. */
export class UserError extends Error {
  override name = 'UserError';
  constructor(
    message: string,
    readonly code: ErrorCode,
  ) {
    super(message);
  }
}

/** Bad input: an argument, or a file read or a field in one, that cannot be used as given. */
export class InputError extends UserError {
  override name = 'InputError';
  declare readonly code: InputCode;
  constructor(message: string, code: InputCode = 'BAD_INPUT') {
    super(message, code);
  }
}

/** An output that cannot be written: the file system refused a file, a directory or a lock. */
export class OutputError extends UserError {
  override name = 'OutputError';
  declare readonly code: OutputCode;
  constructor(message: string, code: OutputCode = 'OUTPUT') {
    super(message, code);
  }
}

/** A write that could not be made for lack of space (ENOSPC, EDQUOT, EFBIG), with the file's
 *  name: what a batch stops on, keeping the rows written. */
export class NoSpaceError extends OutputError {
  override name = 'NoSpaceError';
  constructor(
    readonly file: string,
    code: string,
  ) {
    super(
      `${code === 'ENOSPC' ? 'disk full' : code === 'EDQUOT' ? 'disk quota exceeded' : 'file too large'} writing ${file}`,
      code === 'EDQUOT' || code === 'EFBIG' ? code : 'ENOSPC',
    );
  }
}

// Characters a terminal acts on or that break a line: C0 controls (newline, ESC), DEL, C1
// controls (U+009B starts an escape sequence on some terminals), the line and paragraph
// separators, and the bidirectional overrides that reorder what is shown.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const SHORT = new Map([
  ['\n', '\\n'],
  ['\r', '\\r'],
  ['\t', '\\t'],
]);
const escapeChar = (c: string): string => SHORT.get(c) ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** Text as a message shows it: every unsafe character escaped (a message stays one line, and
 *  text from a file can neither clear nor recolour the user's terminal). */
export const oneLine = (text: string): string => text.replace(UNSAFE, escapeChar);

/** Text as the program prints it: every unsafe character escaped as in oneLine() but the line
 *  ends and tabs it lays its output out with. */
export const terminalText = (text: string): string =>
  text.replace(UNSAFE, (c) => (c === '\n' || c === '\t' ? c : escapeChar(c)));

/** A value the user gave, as a message echoes it: a string in double quotes with `"`, `\` and
 *  unsafe characters escaped, cut after `max` characters; any other value by its kind, never
 *  walked into (so a value nested 200,000 deep costs nothing). */
export function quote(v: unknown, max = 60): string {
  if (typeof v === 'string') {
    let s = v.length > max ? v.slice(0, max) : v;
    if (s.length < v.length && /[\ud800-\udbff]$/.test(s)) s = s.slice(0, -1); // half a character
    return `"${oneLine(s.replace(/["\\]/g, '\\$&'))}"${s.length < v.length ? '…' : ''}`;
  }
  if (v === undefined) return 'nothing';
  if (v === null || typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `an array of ${v.length}`;
  return typeof v === 'object' ? 'an object' : typeof v;
}
