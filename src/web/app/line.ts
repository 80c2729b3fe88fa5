import { formatSwitches, parseSwitches, type Settings } from '../plugin.js';
import { save } from './address.js';
import { stop } from './ask.js';
import { autoMoves, begin } from './play.js';
import { render } from './render.js';
import { $, say, ui } from './state.js';

// A line to play through: a solution or a record (a file opened, or its text pasted), or a bare
// list of moves pasted and played from the start of the deal in play. Its moves are checked in
// the rules engine at once (the first illegal one is named), then shown as a replay — back,
// forward, the slider — from which the person may play on at any move. A solution of a game with
// face-down cards names them (it was made with the stock known): a line is loaded as a record
// is, not typed, so that the face-down rule of the move box does not refuse it.

interface Doc {
  game?: unknown;
  seed?: unknown;
  deal?: { game?: unknown; seed?: unknown; variant?: Record<string, string> };
  variant?: Record<string, string>;
  moves?: unknown;
}

/** The moves of a document or text, as notation. */
function movesOf(list: unknown): string[] | null {
  if (!Array.isArray(list)) return null;
  return list.map((m) => (typeof m === 'string' ? m : String((m as { move?: unknown })?.move ?? '')));
}

/** The settings of a deal document (a deal file, or a solution's or record's `deal`); throws
 *  Error naming what is wrong. */
export function settingsOf(doc: Doc, name: string): Settings {
  const g = ui.games.find(String(doc.game));
  if (!g) throw new Error(`${name}: field "game" is not one of ${ui.games.all.map((x) => x.name).join(', ')}`);
  const variant = doc.variant
    ? Object.entries(doc.variant)
        .map(([k, v]) => `${k}=${v}`)
        .join(',')
    : '';
  // Written as the address and the choosers write it (the default switches left out, in order).
  return {
    game: g.name,
    seed: typeof doc.seed === 'string' ? doc.seed : 'file',
    variant: formatSwitches(parseSwitches(g.switches, variant)),
    ai: ui.session.settings.ai,
    dealJson: doc,
  };
}

/** Opens a document: a deal (its game begins), or a solution or record (its line to play
 *  through). Returns the error, or null. */
export function openDoc(doc: Doc, name: string): string | null {
  try {
    if (doc.deal && typeof doc.deal === 'object') {
      const moves = movesOf(doc.moves);
      if (!moves) return `${name}: field "moves" is not a list of moves`;
      const s = settingsOf({ game: doc.game ?? doc.deal.game, ...doc.deal }, name);
      return playThrough(s, moves, name);
    }
    const s = settingsOf(doc, name);
    stop();
    ui.session = ui.games.session(s);
  } catch (e) {
    return (e as Error).message;
  }
  begin();
  say(`opened ${name}`);
  return null;
}

/** The text pasted: a JSON document, or moves (one a line, or separated by commas or
 *  semicolons; a leading move number "12." is dropped) from the start of the deal in play. */
export function openText(text: string): string | null {
  const t = text.trim();
  if (!t) return 'nothing pasted';
  if (t.startsWith('{')) {
    let doc: Doc;
    try {
      doc = JSON.parse(t);
    } catch (e) {
      return `not a JSON document: ${(e as Error).message}`;
    }
    return openDoc(doc, 'the pasted document');
  }
  const moves = t
    .replace(/^\s*\[|\]\s*$/g, '')
    .split(/[\n,;]+/)
    .map((m) =>
      m
        .trim()
        .replace(/^"|"$/g, '')
        .replace(/^\d+\.\s*/, ''),
    )
    .filter(Boolean);
  return playThrough(ui.session.settings, moves, 'the pasted line');
}

/** Checks the line from the deal of `s`, then shows it as a replay from its start. */
function playThrough(s: Settings, moves: string[], source: string): string | null {
  try {
    ui.games.restore(s, moves);
  } catch (e) {
    return `${source}: ${(e as Error).message}`;
  }
  stop();
  ui.session = ui.games.session(s);
  begin();
  ui.line = { moves, source };
  showReplay(0);
  say(`${source}: ${moves.length} moves, checked; step through it, or play on from any move`);
  return null;
}

/** The solver's line from the position in play, shown as a replay from the moves made so far. */
export function stepThrough(line: readonly string[]): void {
  const made = ui.session.moves.map((m) => m.text);
  const error = playThrough(ui.session.settings, [...made, ...line], 'the solver’s line');
  if (error) say(error);
  else showReplay(made.length);
}

/** The board after the first k moves of the line shown (the one opened, or the game's own). */
export function showReplay(k: number): void {
  const { session } = ui;
  const moves = ui.line?.moves ?? session.moves.map((m) => m.text);
  const at = Math.max(0, Math.min(moves.length, k));
  ui.replayAt = at;
  const copy = ui.games.session(session.settings);
  for (const m of moves.slice(0, at)) copy.load(m);
  ($('replay-slider') as HTMLInputElement).max = String(moves.length);
  ($('replay-slider') as HTMLInputElement).value = String(at);
  render(copy.cards());
}

/** The line's first moves (as far as the replay shows) made the game in play: the person plays
 *  on from there. */
export function playOnFromHere(): void {
  const line = ui.line;
  if (!line || ui.replayAt === null) return;
  const moves = line.moves.slice(0, ui.replayAt);
  ui.session = ui.games.restore(ui.session.settings, moves);
  ui.line = null;
  ui.replayAt = null;
  ui.auto = moves.map(() => false);
  render();
  save();
  say(`playing on after move ${moves.length} of ${line.source}`);
  void autoMoves();
}
