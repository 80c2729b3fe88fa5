import type { UiMove } from '../plugin.js';
import { drawBoard } from './board.js';
import { $, current, ui } from './state.js';

// Draws the page from the session: the board, the title and status lines, the list of moves,
// and which buttons apply now.

/** Redraws the page; `cards` is the board to show (the replay's, or the game's). */
export function render(cards = ui.session.cards()): void {
  const legal = ui.replayAt === null ? ui.session.legal() : [];
  drawBoard(cards, legal);
  drawLines();
  drawMoves();
  drawButtons(legal);
}

function drawLines(): void {
  const { session, replayAt } = ui;
  const s = session.settings;
  const [home, all] = session.home();
  $('title').textContent =
    `${current().title}, ${s.dealJson ? 'deal from a file' : `deal ${s.seed}`}${s.variant ? ` (${s.variant})` : ''}`;
  $('status').textContent =
    replayAt !== null
      ? `Replay: after move ${replayAt} of ${session.moves.length}`
      : `${session.status()} ${home}/${all} cards home · ${session.moves.length} moves`;
}

function drawMoves(): void {
  const list = $('movelist');
  list.textContent = '';
  ui.session.moves.forEach((m, i) => {
    const li = document.createElement('li');
    li.textContent = m.player !== undefined ? `${'AB'[m.player]} ${m.text}` : m.text;
    if (ui.replayAt !== null && i === ui.replayAt - 1) li.className = 'current';
    list.appendChild(li);
  });
  list.scrollTop = list.scrollHeight;
}

function drawButtons(legal: readonly UiMove[]): void {
  const { session, replayAt } = ui;
  const over = session.over();
  const pass = current().pass;
  ($('undo') as HTMLButtonElement).disabled = replayAt !== null || session.moves.length === 0;
  ($('redo') as HTMLButtonElement).disabled = replayAt !== null || !session.canRedo;
  ($('pass') as HTMLButtonElement).hidden = !legal.some((m) => m.text === pass);
  $('replay-controls').hidden = replayAt === null;
  ($('replay') as HTMLButtonElement).hidden = !over && replayAt === null;
  ($('replay') as HTMLButtonElement).textContent = replayAt === null ? 'Replay' : 'Back to the game';
  document.body.dataset.game = session.settings.game;
  document.body.dataset.moves = String(session.moves.length);
  document.body.dataset.over = over ?? '';
}
