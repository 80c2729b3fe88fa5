import { readFileSync } from 'node:fs';
import { InputError } from './errors.js';

/** Reads and parses a JSON file; any failure is an InputError naming the file. */
export function readJsonFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new InputError(`${path}: cannot read file (${code ?? (e as Error).message})`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new InputError(`${path}: not valid JSON (${(e as Error).message})`);
  }
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The `game` field of a deal, solution or record file, checked to be a string. */
export function gameOf(doc: unknown, file: string): string {
  if (!isObject(doc)) throw new InputError(`${file}: expected a JSON object`);
  if (typeof doc.game !== 'string') throw new InputError(`${file}: field "game" is missing or not a string`);
  return doc.game;
}

/** JSON with two-space indentation, but arrays of plain values kept on one line (card lists). */
export function formatJson(doc: unknown): string {
  return JSON.stringify(doc, null, 2).replace(/\[\s*\n([^\[\]{}]*?)\n\s*\]/g, (_m, inner: string) =>
    `[${inner.split('\n').map((l) => l.trim()).join(' ')}]`,
  );
}
