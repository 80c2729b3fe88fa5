import { parseSeed } from '../../cli/units.js';
import { formatSwitches, type PageGames, parseSwitches, type Settings } from '../plugin.js';
import { say, ui } from './state.js';

// The game in the address and in the browser's storage: the address (its hash) names the deal
// (game, seed, variant, the computer's player), so it can be shared or bookmarked; the storage
// keeps the game itself (its moves, those undone, a pending step), so a reload goes on with it.

const STORE = 'patience-lab:web:game';

interface Saved {
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
  return { settings: checkedSettings(g, h.get('seed'), h.get('variant'), h.get('ai'), problems), problems };
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

/** The settings the address names, or null when it names no game; what it could not take is
 *  said on the page. */
export function settingsFromHash(): Settings | null {
  const { settings, problems } = readAddress(location.hash, ui.games);
  if (problems.length) say(problems.join('; '));
  return settings;
}

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
  if (fromFile) Object.assign(settings, { seed: str(s.seed) ?? 'file', dealJson: s.dealJson });
  return {
    settings,
    moves: d.moves,
    ...(strings(d.redo) ? { redo: d.redo } : {}),
    ...(typeof d.pending === 'string' ? { pending: d.pending } : {}),
  };
}

function hashOf(s: Settings): string {
  const p = new URLSearchParams({ game: s.game, seed: s.dealJson ? 'file' : s.seed });
  if (s.variant) p.set('variant', s.variant);
  if (ui.games.find(s.game)?.opponents) p.set('ai', s.ai);
  return `#${p.toString().replace(/%3D/g, '=').replace(/%2C/g, ',')}`;
}

/** Whether the address names the game `b` is (a deal from a file is "seed=file"). */
export const sameDeal = (a: Settings, b: Settings) =>
  a.game === b.game &&
  (b.dealJson ? a.seed === 'file' : a.seed === b.seed) &&
  a.variant === b.variant &&
  (!ui.games.find(a.game)?.opponents || a.ai === b.ai);

/** Keeps the game in the storage and its deal in the address. */
export function save(): void {
  const s = ui.session;
  // A pending step was seen (a card turned up): after a reload it is taken again.
  const doc: Saved = {
    settings: s.settings,
    moves: s.moves.map((m) => m.text),
    redo: redoStack(),
    pending: s.pending(),
  };
  try {
    localStorage.setItem(STORE, JSON.stringify(doc));
  } catch {
    // storage full or refused (a private window): the game still plays, it only won't survive a reload
  }
  const h = hashOf(s.settings);
  if (location.hash !== h) history.replaceState(null, '', h);
}

/** The moves undone, as notation (for storage): made again and taken back on the live session,
 *  which leaves it as it was. */
function redoStack(): string[] {
  const session = ui.session;
  if (!session.canRedo) return [];
  const out: string[] = [];
  let n = 0;
  while (session.canRedo) {
    const r = session.redo();
    if (!r.ok) break;
    out.push(session.moves[session.moves.length - 1].text);
    n++;
  }
  for (let i = 0; i < n; i++) session.undo();
  return out.reverse();
}

/** The stored game, checked (readSaved); one that cannot be played is said and dropped, so
 *  that the next reload does not meet it again. */
function saved(): Saved | null {
  let doc: unknown;
  try {
    const t = localStorage.getItem(STORE);
    if (!t) return null;
    doc = JSON.parse(t);
  } catch {
    doc = null;
  }
  const problems: string[] = [];
  const kept = readSaved(doc, ui.games, problems);
  if (problems.length) say(problems.join('; '));
  if (kept === null)
    try {
      localStorage.removeItem(STORE);
    } catch {
      // storage refused: nothing to drop
    }
  return kept;
}

/** The game the page opens with: the stored one if the address names its deal (or none),
 *  else the address's, else the first game's first deal. */
export function load(): void {
  const fromHash = settingsFromHash();
  const kept = saved();
  if (kept && (!fromHash || sameDeal(fromHash, kept.settings))) {
    try {
      ui.session = ui.games.restore(kept.settings, kept.moves, kept.redo ?? []);
      if (kept.pending) ui.session.play(kept.pending);
      return;
    } catch (e) {
      say(`the saved game could not be restored: ${(e as Error).message}`);
    }
  }
  if (fromHash?.seed === 'file') {
    say('the deal file of this address is not in this browser: open it again');
    fromHash.seed = '1';
  }
  ui.session = ui.games.session(fromHash ?? { game: ui.games.all[0].name, seed: '1', variant: '', ai: '' });
}
