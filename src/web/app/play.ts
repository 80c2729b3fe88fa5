import type { Answer, Settings } from '../plugin.js';
import { save } from './address.js';
import { type Snapshot, snapshot } from './animate.js';
import { ask, asking, stop } from './ask.js';
import { cardWords, placeName } from './board.js';
import { syncControls } from './controls.js';
import { dealNote } from './deals.js';
import { render } from './render.js';
import { $, reducedMotion, say, ui } from './state.js';
import { began, track } from './stats-panel.js';
import { watchChanged, watchReset } from './watch.js';

// Playing: a move typed, clicked or dropped goes to the session, and the page follows it
// (redrawn, the cards sliding, kept, counted, announced, watched); the safe moves home and the
// finish of a won game follow by themselves when asked for; the computer's moves come from the
// worker; a new game replaces the session.

/** Pause between two moves the page makes by itself, when motion is welcome. */
const AUTO_MS = 130;

/** Keeps ui.auto in step with the moves made: the new ones made by the page (`auto`) or not. */
function noteMoves(auto: boolean): void {
  const n = ui.session.moves.length;
  while (ui.auto.length < n) ui.auto.push(auto);
  ui.auto.length = n;
}

/** After a move, an undo or a redo: redraw, keep, count, watch, announce; a refusal is announced
 *  with its reason (a move's as "illegal: …"). */
export function after(r: Answer, refusal = 'illegal: ', before: Snapshot | null = null, quiet = false): void {
  if (!r.ok) {
    say(`${refusal}${r.reason}`);
    return;
  }
  ui.picked = null;
  ui.hinted = null;
  $('advice').textContent = '';
  render(undefined, before);
  save();
  track();
  watchChanged();
  const last = ui.session.moves.at(-1);
  const words = /^played /.test(r.said) && last?.words ? ` (${last.words})` : '';
  if (!quiet) say(ui.session.over() ?? `${r.said}${words}`);
  if (ui.session.computerToMove()) window.setTimeout(computerTurn, 150);
}

/** A move of the person's, in the words the person uses; then the moves home that follow. */
export function play(text: string): void {
  if (ui.replayAt !== null) return;
  if (ui.session.computerToMove()) {
    say('wait: the computer is to move');
    if (!asking()) void computerTurn();
    return;
  }
  const before = snapshot();
  const r = ui.session.play(text);
  if (r.ok) {
    noteMoves(false);
    ui.autoUndone = [];
  }
  after(r, 'illegal: ', before);
  if (r.ok) void autoMoves();
}

/** Steps the game back or forward by `one` until `more` says the step is whole, then follows. */
function steps(one: () => Answer, more: () => boolean): void {
  const before = snapshot();
  let r: Answer | null = null;
  for (;;) {
    const u = one();
    if (!u.ok) {
      if (!r) {
        after(u, '');
        return;
      }
      break;
    }
    r = u;
    if (!more()) break;
  }
  after(r, '', before);
}

/** Takes back the last move; the moves the page made by itself after a move of the person's go
 *  back with it. */
export function undo(): void {
  steps(
    () => ui.session.undo(),
    () => {
      const auto = ui.auto.pop() ?? false;
      ui.autoUndone.push(auto);
      return auto && ui.session.moves.length > 0;
    },
  );
}

/** Makes the last move taken back again, with the moves the page had made after it. */
export function redo(): void {
  steps(
    () => ui.session.redo(),
    () => {
      ui.auto.push(ui.autoUndone.pop() ?? false);
      return ui.autoUndone.at(-1) === true;
    },
  );
}

let autoRunning = false;
/** Asked for while a run was under way (on a game that may since have changed): run again. */
let autoAgain = false;

/** The moves home the game's proved-safe rule makes, then, when moves home alone finish the
 *  game, the finish: made one by one (sliding), if the person keeps the option on. */
export async function autoMoves(): Promise<void> {
  if (!($('auto') as HTMLInputElement).checked) return;
  if (autoRunning) {
    autoAgain = true;
    return;
  }
  const s = ui.session;
  autoRunning = true;
  document.body.dataset.auto = 'busy';
  let made = 0;
  try {
    for (;;) {
      if (s !== ui.session || ui.replayAt !== null || s.over()) break;
      const safe = s.safeHome?.() ?? null;
      const line = safe ? [safe] : (s.finishLine?.() ?? null);
      if (!line) break;
      for (const text of line) {
        if (!reducedMotion()) await new Promise((go) => window.setTimeout(go, AUTO_MS));
        if (s !== ui.session || ui.replayAt !== null) return;
        const before = snapshot();
        const r = s.play(text);
        if (!r.ok) return;
        made++;
        noteMoves(true);
        ui.autoUndone = [];
        after(r, '', before, true);
      }
    }
  } finally {
    autoRunning = false;
    if (made > 0 && s === ui.session)
      say(s.over() ?? `${made} card${made === 1 ? '' : 's'} went home by ${made === 1 ? 'itself' : 'themselves'}`);
    document.body.dataset.auto = 'idle';
    if (autoAgain) {
      autoAgain = false;
      void autoMoves();
    }
  }
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
  const before = snapshot();
  const done = ui.session.play(r.result as string);
  if (done.ok) noteMoves(false);
  after(done, 'illegal: ', before);
}

/** Starts a game with the settings changed; a new seed or game drops a deal from a file. */
export function newGame(change: Partial<Settings>, note = ''): void {
  stop();
  const s = { ...ui.session.settings };
  if (change.seed !== undefined || change.game !== undefined) {
    delete s.dealJson;
    delete s.numbering;
  }
  Object.assign(s, change);
  try {
    if (change.game) s.variant = change.variant ?? '';
    ui.session = ui.games.session(s);
  } catch (e) {
    say(`cannot start: ${(e as Error).message}`);
    return;
  }
  $('advice').textContent = '';
  begin(note);
  say(`new game: ${$('title').textContent}`);
  if (ui.session.computerToMove()) window.setTimeout(computerTurn, 150);
}

/** The page set to a session just begun: nothing held, no hint, no replay, counted as a new
 *  game; the moves home it starts with made. */
export function begin(note = ''): void {
  ui.picked = null;
  ui.hinted = null;
  ui.replayAt = null;
  ui.line = null;
  ui.auto = [];
  ui.autoUndone = [];
  ui.dealNote = note || dealNote(ui.session.settings);
  began();
  watchReset();
  syncControls();
  render();
  save();
  watchChanged();
  void autoMoves();
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
