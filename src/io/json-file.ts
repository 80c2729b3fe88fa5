import { InputError } from './errors.js';
import { JSON_LIMIT, readTextFile } from './files.js';

/** Deeper than any document the program reads (a deal or a record is 4 levels deep); a check of
 *  the text before parsing keeps a document nested 200,000 deep from the recursive code that
 *  walks a parsed value (messages, copies to workers). */
export const JSON_MAX_DEPTH = 64;

/** The nesting depth of JSON text, and where it first passes `max` (-1 if it never does). */
function tooDeep(text: string, max: number): number {
  let depth = 0,
    inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return i;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return -1;
}

/** Reads and parses a JSON file; any failure is an InputError naming the file. */
export function readJsonFile(path: string): unknown {
  const text = readTextFile(path, JSON_LIMIT, 'a JSON document');
  const at = tooDeep(text, JSON_MAX_DEPTH);
  if (at >= 0)
    throw new InputError(
      `${path}: nested more than ${JSON_MAX_DEPTH} levels deep (at character ${at + 1}), deeper than any deal, solution or record`,
    );
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new InputError(`${path}: not valid JSON (${(e as Error).message})`);
  }
}
