import { PageGames, type PagePlugin } from '../plugin.js';
import { hint, winnable } from './advice-panel.js';
import { load, sameDeal, save, settingsFromHash } from './address.js';
import { stop } from './ask.js';
import { variantFromControls, syncControls } from './controls.js';
import { download, openFile, showReplay } from './files.js';
import { keys, wireBoard } from './input.js';
import { after, computerTurn, newGame, play } from './play.js';
import { render } from './render.js';
import { $, current, say, ui } from './state.js';

// The page: draws the session's board, turns clicks, drags, keys and the move box into moves,
// keeps the game in the URL's hash and the browser's storage, and asks the worker for advice
// and for the computer's moves. It plays the games it is started with (build.ts writes the
// call, one page plugin per listed game) and knows none of them beyond its plugin.

export function startPage(games: readonly PagePlugin[]): void {
  ui.games = new PageGames(games);
  const gameSel = $('game') as HTMLSelectElement;
  for (const g of ui.games.all) gameSel.add(new Option(g.title, g.name));
  load();
  syncControls();
  wireBoard();
  wireControls();
  wireFiles();
  window.addEventListener('hashchange', () => {
    try {
      const s = settingsFromHash();
      if (s && !sameDeal(s, ui.session.settings)) newGame(s);
    } catch (e) {
      say((e as Error).message);
    }
  });
  document.addEventListener('keydown', keys);
  render();
  save();
  document.body.dataset.ready = 'true';
  // When the page became usable, in ms from the start of its navigation (for bench/web-load.ts).
  document.body.dataset.readyMs = String(Math.round(performance.now()));
  if (ui.session.computerToMove()) window.setTimeout(computerTurn, 150);
}

/** The choosers, the game's buttons and the move box. */
function wireControls(): void {
  const gameSel = $('game') as HTMLSelectElement;
  gameSel.addEventListener('change', () => newGame({ game: gameSel.value, seed: '1', variant: '' }));
  $('seed-form').addEventListener('submit', (e) => {
    e.preventDefault();
    newGame({ seed: ($('seed') as HTMLInputElement).value.trim() || '1' });
  });
  $('switches').addEventListener('change', () => newGame({ variant: variantFromControls() }));
  $('ai').addEventListener('change', () => newGame({ ai: ($('ai') as HTMLSelectElement).value }));
  $('new').addEventListener('click', () => newGame({ seed: String(1 + Math.floor(Math.random() * 1_000_000)) }));
  $('restart').addEventListener('click', () => newGame({}));
  $('undo').addEventListener('click', () => after(ui.session.undo(), ''));
  $('redo').addEventListener('click', () => after(ui.session.redo(), ''));
  $('pass').addEventListener('click', () => play(current().pass ?? ''));
  $('hint').addEventListener('click', () => void hint());
  $('winnable').addEventListener('click', () => void winnable('winnable'));
  $('spoiler').addEventListener('click', () => void winnable('spoiler'));
  $('stop').addEventListener('click', () => {
    stop();
    say('stopped');
  });
  $('move-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const input = $('move') as HTMLInputElement;
    const text = input.value.trim();
    if (!text) return;
    const before = ui.session.moves.length;
    play(text);
    if (ui.session.moves.length !== before || ui.session.pending() !== null) input.value = '';
  });
}

/** The record's download, a file opened or dropped, and the replay's controls. */
function wireFiles(): void {
  $('download').addEventListener('click', download);
  $('file').addEventListener('change', () => {
    const f = ($('file') as HTMLInputElement).files?.[0];
    if (f) void openFile(f);
  });
  document.addEventListener('dragover', (e) => {
    if (e.dataTransfer?.types.includes('Files')) e.preventDefault();
  });
  document.addEventListener('drop', (e) => {
    const f = e.dataTransfer?.files?.[0];
    if (f) {
      e.preventDefault();
      void openFile(f);
    }
  });
  $('replay').addEventListener('click', () => {
    if (ui.replayAt === null) showReplay(0);
    else {
      ui.replayAt = null;
      render();
    }
  });
  $('replay-slider').addEventListener('input', () =>
    showReplay(Number(($('replay-slider') as HTMLInputElement).value)),
  );
  $('replay-prev').addEventListener('click', () => showReplay((ui.replayAt ?? 0) - 1));
  $('replay-next').addEventListener('click', () => showReplay((ui.replayAt ?? 0) + 1));
}
