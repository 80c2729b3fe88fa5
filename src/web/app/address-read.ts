import { parseSeed } from '../../cli/units.js';
import { dealFromAddress } from '../numbering.js';
import { formatSwitches, type PageGames, parseSwitches, type Settings } from '../plugin.js';

// What the page takes from its address and from the browser's storage, checked field by field
// (no DOM here: the tests read addresses without a browser). A bad field is replaced by its
// default and said, never a blank page.

/** A game as the storage keeps it. */
export interface Saved {
  settings: Settings;
  moves: string[];
  redo?: string[];
  /** The session's pending step (Session.pending), taken again after the moves. */
  pending?: string | null;
}

/** What an address's hash names: its settings (null when it names no game it may play), every
 *  bad field replaced by its default, and a message for each one replaced. A bad address is
 *  never a blank page: the page says what it did not take and plays a default. */
export function readAddress(hash: string, games: PageGames): { settings: Settings | null; problems: string[] } {
  const h = new URLSearchParams(hash.replace(/^#/, ''));
  const problems: string[] = [];
  const game = h.get('game');
  if (!game) return { settings: null, problems };
  const g = games.all.find((x) => x.name === game);
  if (!g) return { settings: null, problems: [`unknown game ${shown(game)} in the address`] };
  const settings = checkedSettings(g, h.get('seed'), h.get('variant'), h.get('ai'), problems);
  // A deal named in another numbering of the game (`#game=…&<key>=N`) is played from its file.
  try {
    const numbered = dealFromAddress(g, h);
    // Read under the numbering's rules (PySolFC's numbers: its own), which the switches show.
    if (numbered) Object.assign(settings, { seed: 'file' }, numbered);
  } catch (e) {
    problems.push(`${(e as Error).message}: deal ${settings.seed} instead`);
  }
  return { settings, problems };
}

/** A game's settings from the values given (null: not given), each bad one replaced by its
 *  default with a message in `problems`. */
function checkedSettings(
  g: PageGames['all'][number],
  seedText: string | null,
  variantText: string | null,
  aiText: string | null,
  problems: string[],
): Settings {
  let seed = seedText ?? '1';
  if (seed !== 'file')
    try {
      seed = parseSeed(seed, 'seed');
    } catch (e) {
      problems.push(`${(e as Error).message}: deal 1 instead`);
      seed = '1';
    }
  let variant = '';
  try {
    variant = formatSwitches(parseSwitches(g.switches, variantText ?? ''));
  } catch (e) {
    problems.push(`variant: ${(e as Error).message}; the standard rules instead`);
  }
  let ai = '';
  if (g.opponents) {
    ai = aiText ?? g.opponents.default;
    if (!g.opponents.names.includes(ai)) {
      problems.push(`no computer player ${shown(ai)} in ${g.title}: ${g.opponents.default} instead`);
      ai = g.opponents.default;
    }
  }
  return { game: g.name, seed, variant, ai };
}

/** A value from an address or the storage, as a message shows it: quoted, cut, nothing raw. */
const shown = (v: string) => JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);

/** A stored game, checked: its settings those of a game played here (as an address's are) and
 *  its moves strings; null, with why in `problems`, when it cannot be played. */
export function readSaved(doc: unknown, games: PageGames, problems: string[]): Saved | null {
  const d = doc as Partial<Saved> | null;
  const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
  const s = d?.settings as Partial<Settings> | undefined;
  if (d === null || typeof d !== 'object' || s === null || typeof s !== 'object' || !strings(d.moves)) {
    problems.push('the saved game is not one this page wrote: a new game instead');
    return null;
  }
  const g = games.all.find((x) => x.name === s.game);
  if (!g) {
    problems.push(`the saved game is of an unknown game ${shown(String(s.game))}: a new game instead`);
    return null;
  }
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  // A deal from a file is that file's deal, whatever its seed says.
  const fromFile = s.dealJson !== undefined;
  const settings = checkedSettings(g, fromFile ? 'file' : str(s.seed), str(s.variant), str(s.ai), problems);
  if (fromFile)
    Object.assign(settings, {
      seed: str(s.seed) ?? 'file',
      dealJson: s.dealJson,
      ...(isNumbering(s.numbering) ? { numbering: s.numbering } : {}),
    });
  return {
    settings,
    moves: d.moves,
    ...(strings(d.redo) ? { redo: d.redo } : {}),
    ...(typeof d.pending === 'string' ? { pending: d.pending } : {}),
  };
}

/** A stored deal's name in another numbering, as the page keeps it (Settings.numbering). */
const isNumbering = (v: unknown): v is NonNullable<Settings['numbering']> =>
  typeof v === 'object' &&
  v !== null &&
  ['key', 'text', 'title'].every((k) => typeof (v as Record<string, unknown>)[k] === 'string');
