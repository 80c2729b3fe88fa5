// Bad input is reported as one line and exit code 2 (see src/cli.ts); code that reads files or
// arguments throws InputError with a message that names the file, field or card at fault.

export class InputError extends Error {
  override name = 'InputError';
}

export function inputError(message: string): never {
  throw new InputError(message);
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

/** A file could not be written (a full disk): one line and exit code 2, like bad input, since
 *  the user is the one who can fix it. */
export class OutputError extends InputError {
  override name = 'OutputError';
}
