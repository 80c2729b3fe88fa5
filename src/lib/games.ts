import { InputError, quote } from '../io/errors.js';
import { isObject } from '../io/json.js';
import type { GameLibrary } from './game.js';

// The games the library plays: handed in once by the entry the program imported (the Node entry,
// src/index.ts, from the list of games; the browser entry from the same list at build time), in
// the order of their names, as the command line lists them.

let known: readonly GameLibrary[] = [];

export function useGames(libraries: Iterable<GameLibrary>): void {
  known = [...libraries].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export const allGames = (): readonly GameLibrary[] => known;

/** The game of this name; InputError (UNKNOWN_GAME) naming the games there are. */
export function libraryOf(name: unknown, where = 'game'): GameLibrary {
  const g = typeof name === 'string' ? known.find((x) => x.name === name) : undefined;
  if (g) return g;
  throw new InputError(
    `${where}: ${quote(name)} is not a game here; the games are: ${known.map((x) => x.name).join(', ')}`,
    'UNKNOWN_GAME',
  );
}

/** The game a document names in its "game" field (a deal, a solution, a record). */
export function libraryOfDocument(doc: unknown, what: string): GameLibrary {
  if (!isObject(doc)) throw new InputError(`${what}: expected an object (a ${what} document)`);
  if (typeof doc.game !== 'string')
    throw new InputError(`${what}: field "game" is ${quote(doc.game)}; a ${what} document names its game`);
  return libraryOf(doc.game, `${what}: field "game"`);
}

/** The member `call` of a game, or InputError (NOT_AVAILABLE) naming the games that have it. */
export function callOf<K extends keyof GameLibrary>(g: GameLibrary, call: K): NonNullable<GameLibrary[K]> {
  const f = g[call];
  if (f !== undefined) return (typeof f === 'function' ? f.bind(g) : f) as NonNullable<GameLibrary[K]>;
  const have = known.filter((x) => x[call] !== undefined).map((x) => x.name);
  throw new InputError(
    `${String(call)} is not available for ${g.name} (it is for: ${have.join(', ')})`,
    'NOT_AVAILABLE',
  );
}
