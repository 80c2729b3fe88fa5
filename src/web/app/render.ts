import { plural, type UiMove } from '../plugin.js';
import { type Snapshot, slide } from './animate.js';
import { drawArrow, drawBoard } from './board.js';
import { $, current, ui } from './state.js';
import { lostAt } from './watch.js';

// Draws the page from the session: the board, the title and status lines, the list of moves
// (numbered, each also in words), and which buttons apply now; the cards that moved since
// `before` slide to their places.

/** Redraws the page; `cards` is the board to show (the replay's, or the game's). */
export function render(cards = ui.session.cards(), before: Snapshot | null = null): void {
  const legal = ui.replayAt === null ? ui.session.legal() : [];
  // What sits above the felt first: the board is sized to the room left below it.
  drawLines();
  drawButtons(legal);
  drawBoard(cards, legal);
  drawMoves();
  drawArrow();
  slide(before);
}

/** The deal in words, as the title names it. */
export function dealName(): string {
  const s = ui.session.settings;
  if (s.numbering) return s.numbering.title;
  // A deal file that names its seed (a solution's or record's deal) keeps the seed in its name.
  if (s.dealJson) return s.seed === 'file' ? 'deal from a file' : `deal ${s.seed} (from a file)`;
  return `deal ${s.seed}`;
}

function drawLines(): void {
  const { session, replayAt, line } = ui;
  const s = session.settings;
  const [home, all] = session.home();
  $('title').textContent = `${current().title}, ${dealName()}${s.variant ? ` (${s.variant})` : ''}`;
  const shown = line?.moves.length ?? session.moves.length;
  $('status').textContent =
    replayAt !== null
      ? `${line ? `${line.source}: ` : 'Replay: '}after move ${replayAt} of ${shown}`
      : `${session.status().replace(/\.$/, '')} · ${home}/${all} cards home · ${plural(session.moves.length, 'move')}`;
  $('deal-note').textContent = ui.dealNote;
}

function drawMoves(): void {
  const list = $('movelist');
  list.textContent = '';
  const lost = lostAt();
  const shown = ui.line
    ? ui.line.moves.map((text) => ({ text, words: undefined, player: undefined }))
    : ui.session.moves;
  shown.forEach((m, i) => {
    const li = document.createElement('li');
    const n = document.createElement('span');
    n.className = 'n';
    n.textContent = `${i + 1}.`;
    const t = document.createElement('span');
    t.className = 't';
    t.textContent = m.player !== undefined ? `${'AB'[m.player]} ${m.text}` : m.text;
    li.append(n, t);
    if (m.words) {
      const w = document.createElement('span');
      w.className = 'w';
      w.textContent = m.words;
      li.append(w);
    }
    if (!ui.line && ui.auto[i]) li.classList.add('auto');
    if (!ui.line && lost && lost.move === i + 1) {
      li.classList.add('lost-it');
      const mark = document.createElement('span');
      mark.className = 'mark';
      mark.textContent = lost.text;
      li.append(mark);
    }
    if (ui.replayAt !== null && i === ui.replayAt - 1) li.className = 'current';
    list.appendChild(li);
  });
  const cur = list.querySelector<HTMLElement>('li.current');
  if (cur) cur.scrollIntoView({ block: 'nearest' });
  else list.scrollTop = list.scrollHeight;
}

function drawButtons(legal: readonly UiMove[]): void {
  const { session, replayAt } = ui;
  const over = session.over();
  const pass = current().pass;
  ($('undo') as HTMLButtonElement).disabled = replayAt !== null || session.moves.length === 0;
  ($('redo') as HTMLButtonElement).disabled = replayAt !== null || !session.canRedo;
  ($('pass') as HTMLButtonElement).hidden = !legal.some((m) => m.text === pass);
  $('replay-controls').hidden = replayAt === null;
  $('replay-take').hidden = ui.line === null;
  ($('replay') as HTMLButtonElement).hidden = !over && replayAt === null;
  ($('replay') as HTMLButtonElement).textContent = replayAt === null ? 'Replay' : 'Back to the game';
  document.body.dataset.game = session.settings.game;
  document.body.dataset.moves = String(session.moves.length);
  document.body.dataset.over = over ?? '';
}
