import { numberedDeal } from '../numbering.js';
import { type PageAssets, PageGames, type PagePlugin } from '../plugin.js';
import { hint, winnable } from './advice-panel.js';
import { load, sameDeal, save, settingsFromHash } from './address.js';
import { stop } from './ask.js';
import { variantFromControls, syncControls } from './controls.js';
import { drawDeal } from './deals.js';
import { download, openFile } from './files.js';
import { keys, wireBoard } from './input.js';
import { openText, playOnFromHere, showReplay } from './line.js';
import { autoMoves, computerTurn, newGame, play, redo, undo } from './play.js';
import { render } from './render.js';
import { showRules } from './rules-panel.js';
import { $, current, say, ui } from './state.js';
import { opened, showStats } from './stats-panel.js';
import { watchChanged } from './watch.js';

// The page: draws the session's board, turns clicks, drags, keys and the move box into moves,
// keeps the game in the URL's hash and the browser's storage, and asks the worker for advice
// and for the computer's moves. It plays the games it is started with (build.ts writes the
// call, one page plugin per listed game, and what their files hold) and knows none of them
// beyond its plugin.

export function startPage(games: readonly PagePlugin[], assets: PageAssets): void {
  ui.games = new PageGames(games);
  ui.assets = assets;
  const gameSel = $('game') as HTMLSelectElement;
  for (const g of ui.games.all) gameSel.add(new Option(g.title, g.name));
  // The secondary controls are open where there is room for them.
  ($('more') as HTMLDetailsElement).open = window.matchMedia('(min-width: 900px)').matches;
  const kept = options();
  ($('auto') as HTMLInputElement).checked = kept.auto !== false;
  load();
  syncControls();
  if (kept.watch && Array.from(($('watch') as HTMLSelectElement).options).some((o) => o.value === kept.watch))
    ($('watch') as HTMLSelectElement).value = kept.watch;
  wireBoard();
  wireControls();
  wireFiles();
  wireDialogs();
  window.addEventListener('hashchange', () => {
    try {
      const s = settingsFromHash();
      if (s && !sameDeal(s, ui.session.settings)) newGame(s);
    } catch (e) {
      say((e as Error).message);
    }
  });
  let resized: number | undefined;
  window.addEventListener('resize', () => {
    window.clearTimeout(resized);
    resized = window.setTimeout(() => (ui.replayAt === null ? render() : showReplay(ui.replayAt)), 60);
  });
  document.addEventListener('keydown', keys);
  document.addEventListener('watch-done', () => (ui.replayAt === null ? render() : undefined));
  render();
  save();
  opened();
  watchChanged();
  document.body.dataset.auto = 'idle';
  document.body.dataset.ready = 'true';
  // When the page became usable, in ms from the start of its navigation (for bench/web-load.ts).
  document.body.dataset.readyMs = String(Math.round(performance.now()));
  if (ui.session.computerToMove()) window.setTimeout(computerTurn, 150);
  else if (ui.session.moves.length === 0) void autoMoves();
}

const OPTIONS = 'patience-lab:web:options';

/** The options kept in the browser: the moves home made by themselves, the watch. */
function options(): { auto?: boolean; watch?: string } {
  try {
    return JSON.parse(localStorage.getItem(OPTIONS) ?? '{}');
  } catch {
    return {};
  }
}

function keepOptions(): void {
  try {
    const watch = ($('watch') as HTMLSelectElement).value;
    localStorage.setItem(OPTIONS, JSON.stringify({ auto: ($('auto') as HTMLInputElement).checked, watch }));
  } catch {
    // storage refused: the options last as long as the page
  }
}

/** The choosers, the game's buttons and the move box. */
function wireControls(): void {
  const gameSel = $('game') as HTMLSelectElement;
  gameSel.addEventListener('change', () => newGame({ game: gameSel.value, seed: '1', variant: '' }));
  $('seed-form').addEventListener('submit', (e) => {
    e.preventDefault();
    newGame({ seed: ($('seed') as HTMLInputElement).value.trim() || '1' });
  });
  $('numberings').addEventListener('submit', (e) => {
    e.preventDefault();
    const input = (e.target as HTMLElement).querySelector<HTMLInputElement>('input')!;
    try {
      newGame({ seed: 'file', ...numberedDeal(current(), input.dataset.key!, input.value) });
    } catch (err) {
      say((err as Error).message);
    }
  });
  $('switches').addEventListener('change', () => newGame({ variant: variantFromControls() }));
  $('ai').addEventListener('change', () => newGame({ ai: ($('ai') as HTMLSelectElement).value }));
  $('new').addEventListener('click', () => {
    const { change, note } = drawDeal();
    newGame(change, note);
  });
  $('restart').addEventListener('click', () => newGame({}));
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('pass').addEventListener('click', () => play(current().pass ?? ''));
  $('hint').addEventListener('click', () => void hint());
  $('winnable').addEventListener('click', () => void winnable('winnable'));
  $('spoiler').addEventListener('click', () => void winnable('spoiler'));
  $('stop').addEventListener('click', () => {
    stop();
    say('stopped');
  });
  $('auto').addEventListener('change', () => {
    keepOptions();
    if (($('auto') as HTMLInputElement).checked) void autoMoves();
  });
  $('watch').addEventListener('change', () => {
    keepOptions();
    watchChanged();
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
      ui.line = null;
      render();
    }
  });
  $('replay-slider').addEventListener('input', () =>
    showReplay(Number(($('replay-slider') as HTMLInputElement).value)),
  );
  $('replay-prev').addEventListener('click', () => showReplay((ui.replayAt ?? 0) - 1));
  $('replay-next').addEventListener('click', () => showReplay((ui.replayAt ?? 0) + 1));
  $('replay-take').addEventListener('click', playOnFromHere);
}

/** The rules, the statistics and the paste box, each a dialog (Esc closes it). */
function wireDialogs(): void {
  $('rules-open').addEventListener('click', showRules);
  $('rules-close').addEventListener('click', () => ($('rules') as HTMLDialogElement).close());
  $('stats-open').addEventListener('click', () => {
    showStats();
    ($('stats') as HTMLDialogElement).showModal();
    $('stats-close').focus();
  });
  $('stats-close').addEventListener('click', () => ($('stats') as HTMLDialogElement).close());
  $('paste-open').addEventListener('click', () => {
    $('paste-error').textContent = '';
    ($('paste') as HTMLDialogElement).showModal();
    $('paste-text').focus();
  });
  $('paste-close').addEventListener('click', () => ($('paste') as HTMLDialogElement).close());
  $('paste-go').addEventListener('click', () => {
    const error = openText(($('paste-text') as HTMLTextAreaElement).value);
    if (error) {
      $('paste-error').textContent = error;
      return;
    }
    ($('paste') as HTMLDialogElement).close();
  });
}
