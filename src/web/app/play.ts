import type { Answer, Settings } from '../plugin.js';
import { save } from './address.js';
import { ask, asking, stop } from './ask.js';
import { cardWords, placeName } from './board.js';
import { syncControls } from './controls.js';
import { render } from './render.js';
import { $, say, ui } from './state.js';

// Playing: a move typed, clicked or dropped goes to the session, and the page follows it
// (redrawn, kept, announced); the computer's moves come from the worker; a new game replaces
// the session.

/** After a move, an undo or a redo: redraw, keep, announce; a refusal is announced with its
 *  reason (a move's as "illegal: …"). */
export function after(r: Answer, refusal = 'illegal: '): void {
  if (!r.ok) {
    say(`${refusal}${r.reason}`);
    return;
  }
  ui.picked = null;
  ui.hinted = null;
  $('advice').textContent = '';
  render();
  save();
  say(ui.session.over() ?? r.said);
  if (ui.session.computerToMove()) window.setTimeout(computerTurn, 150);
}

/** A move of the person's, in the words the person uses. */
export function play(text: string): void {
  if (ui.replayAt !== null) return;
  if (ui.session.computerToMove()) {
    say('wait: the computer is to move');
    if (!asking()) void computerTurn();
    return;
  }
  after(ui.session.play(text));
}

/** The computer's move, asked of the worker and played. */
export async function computerTurn(): Promise<void> {
  const s = ui.session;
  if (!s.computerToMove() || asking()) return;
  const r = await ask('computer', `${s.settings.ai} (B) thinks`);
  if (s !== ui.session) return;
  if (!r.ok) {
    say(
      r.error === 'stopped'
        ? 'stopped: play a move (or press Hint) to let the computer go on'
        : `the computer failed: ${r.error}`,
    );
    return;
  }
  after(ui.session.play(r.result as string));
}

/** Starts a game with the settings changed; a new seed or game drops a deal from a file. */
export function newGame(change: Partial<Settings>): void {
  stop();
  const s = { ...ui.session.settings, ...change };
  if (change.seed !== undefined || change.game !== undefined) delete s.dealJson;
  try {
    if (change.game) s.variant = change.variant ?? '';
    ui.session = ui.games.session(s);
  } catch (e) {
    say(`cannot start: ${(e as Error).message}`);
    return;
  }
  $('advice').textContent = '';
  begin();
  say(`new game: ${$('title').textContent}`);
  if (ui.session.computerToMove()) window.setTimeout(computerTurn, 150);
}

/** The page set to a session just begun: nothing held, no hint, no replay. */
export function begin(): void {
  ui.picked = null;
  ui.hinted = null;
  ui.replayAt = null;
  syncControls();
  render();
  save();
}

/** A card picked up from a pile (or put down again); a pile whose top card is tapped makes its
 *  move at once. */
export function pick(from: string, card: string): void {
  const tap = ui.session.legal().find((m) => m.from === from && m.tap !== undefined);
  if (tap) {
    play(tap.text);
    return;
  }
  const { picked } = ui;
  ui.picked = picked && picked.from === from && picked.card === card ? null : { from, card };
  render();
  if (ui.picked) {
    const targets = ui.session.legal().filter((m) => m.from === from && m.card === card);
    say(
      `picked up ${cardWords(card)} from ${placeName(from)}: it may go to ${targets.map((m) => placeName(m.to)).join(', ')}`,
    );
    document.querySelector<HTMLElement>('.pile.target')?.focus();
  }
}

/** The card held, put on a pile: its move, or a refusal. */
export function drop(to: string): void {
  const { picked } = ui;
  if (!picked) return;
  const m = ui.session.legal().find((x) => x.from === picked.from && x.card === picked.card && x.to === to);
  if (!m) {
    say(`illegal: ${cardWords(picked.card)} cannot go to ${placeName(to)}`);
    ui.picked = null;
    render();
    return;
  }
  play(m.text);
}
