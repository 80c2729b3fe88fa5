// JSON documents as plain data: field checks and formatting, with no file access (the game
// cores use them in any runtime; reading a file is json-file.ts).
import { InputError, oneLine, quote } from './errors.js';

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
  return JSON.stringify(doc, null, 2).replace(
    /\[\s*\n([^[\]{}]*?)\n\s*\]/g,
    (_m, inner: string) =>
      `[${inner
        .split('\n')
        .map((l) => l.trim())
        .join(' ')}]`,
  );
}

/** Refuses fields that `known` does not list: a field the program does not read must not look
 *  as if it had been obeyed. `hints` may say where a misplaced field belongs. */
export function checkFields(
  doc: Record<string, unknown>,
  known: readonly string[],
  where: string,
  hints?: ReadonlyMap<string, string>,
): void {
  const unknown = Object.keys(doc).filter((k) => !known.includes(k));
  if (unknown.length === 0) return;
  const hint = unknown.map((k) => hints?.get(k)).find((h) => h !== undefined);
  throw new InputError(
    `${where}: unknown field${unknown.length > 1 ? 's' : ''} ${unknown
      .slice(0, 5)
      .map((k) => quote(k, 40))
      .join(', ')}${unknown.length > 5 ? ', …' : ''} (known: ${known.join(', ')})${hint ? `; ${hint}` : ''}`,
  );
}

/** What every deal document is checked for first: an object whose "game" is `game`, with no
 *  field but `game`, `seed` and `fields`; and its seed (a string or number, shown in titles as
 *  it is, so no control characters). */
export function dealDocument(
  doc: unknown,
  file: string,
  game: string,
  fields: readonly string[],
): { doc: Record<string, unknown>; seed: { seed?: string } } {
  if (!isObject(doc)) throw new InputError(`${file}: expected a JSON object`);
  if (doc.game !== game) throw new InputError(`${file}: field "game" is ${quote(doc.game)}, expected "${game}"`);
  checkFields(doc, ['game', 'seed', ...fields], file);
  if (doc.seed === undefined) return { doc, seed: {} };
  if (typeof doc.seed !== 'string' && typeof doc.seed !== 'number')
    throw new InputError(`${file}: field "seed" must be a string`);
  const seed = String(doc.seed);
  if (oneLine(seed) !== seed) throw new InputError(`${file}: field "seed" ${quote(seed)} holds a control character`);
  return { doc, seed: { seed } };
}
