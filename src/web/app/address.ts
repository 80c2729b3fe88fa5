import { numberingParam, sameNumbering } from '../numbering.js';
import type { Settings } from '../plugin.js';
import { readAddress, readSaved, type Saved } from './address-read.js';
import { say, ui } from './state.js';

// The game in the address and in the browser's storage: the address (its hash) names the deal
// (game, seed, variant, the computer's player), so it can be shared or bookmarked; the storage
// keeps the game itself (its moves, those undone, a pending step), so a reload goes on with it.

const STORE = 'patience-lab:web:game';

/** The settings the address names, or null when it names no game; what it could not take is
 *  said on the page. */
export function settingsFromHash(): Settings | null {
  const { settings, problems } = readAddress(location.hash, ui.games);
  if (problems.length) say(problems.join('; '));
  return settings;
}

function hashOf(s: Settings): string {
  const numbered = numberingParam(s);
  const p = new URLSearchParams({
    game: s.game,
    ...(numbered ? { [numbered[0]]: numbered[1] } : { seed: s.dealJson ? 'file' : s.seed }),
  });
  if (s.variant) p.set('variant', s.variant);
  if (ui.games.find(s.game)?.opponents) p.set('ai', s.ai);
  return `#${p.toString().replace(/%3D/g, '=').replace(/%2C/g, ',')}`;
}

/** Whether the address names the game `b` is (a deal from a file is "seed=file"). */
export const sameDeal = (a: Settings, b: Settings) =>
  a.game === b.game &&
  (b.dealJson ? a.seed === 'file' : a.seed === b.seed) &&
  a.variant === b.variant &&
  sameNumbering(a, b) &&
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
  if (fromHash?.seed === 'file' && !fromHash.numbering) {
    say('the deal file of this address is not in this browser: open it again');
    fromHash.seed = '1';
  }
  ui.session = ui.games.session(fromHash ?? { game: ui.games.all[0].name, seed: '1', variant: '', ai: '' });
}
