import { hint } from './advice-panel.js';
import { showReplay } from './line.js';
import { drop, pick, play, redo, undo } from './play.js';
import { render } from './render.js';
import { showRules } from './rules-panel.js';
import { $, current, say, ui } from './state.js';

// The person's hands on the board and the keyboard: a click picks up a card and puts it on a
// lit place, a double click sends a card home, a card may be dragged, Enter and Space do what
// a click does; keys undo, redo, ask for a hint, make the game's own moves, open the rules (?),
// step the replay.

function onClick(e: MouseEvent): void {
  const t = e.target as HTMLElement;
  const card = t.closest<HTMLElement>('.card.pickable');
  const pile = t.closest<HTMLElement>('.pile');
  if (pile?.classList.contains('target')) drop(pile.dataset.pile!);
  else if (card && pile) pick(pile.dataset.pile!, card.dataset.card!);
  else if (ui.picked) {
    ui.picked = null;
    render();
  }
}

/** A double click sends a card home (to a foundation, whose piles' ids start with "F") when it
 *  may go there. */
function onDoubleClick(e: MouseEvent): void {
  const card = (e.target as HTMLElement).closest<HTMLElement>('.card.pickable');
  const pile = (e.target as HTMLElement).closest<HTMLElement>('.pile');
  if (!card || !pile) return;
  const m = ui.session
    .legal()
    .find((x) => x.from === pile.dataset.pile && x.card === card.dataset.card && /^F/.test(x.to));
  if (m) play(m.text);
}

function onBoardKey(e: KeyboardEvent): void {
  if (e.key !== 'Enter' && e.key !== ' ') return;
  const t = e.target as HTMLElement;
  if (t.classList.contains('pile') && t.classList.contains('target')) {
    e.preventDefault();
    drop(t.dataset.pile!);
  } else if (t.classList.contains('pickable')) {
    e.preventDefault();
    pick(t.closest<HTMLElement>('.pile')!.dataset.pile!, t.dataset.card!);
  }
}

export function wireBoard(): void {
  const board = $('board');
  board.addEventListener('click', onClick);
  board.addEventListener('dblclick', onDoubleClick);
  board.addEventListener('keydown', onBoardKey);
  board.addEventListener('dragstart', (e) => {
    const card = (e.target as HTMLElement).closest<HTMLElement>('.card.pickable');
    const pile = (e.target as HTMLElement).closest<HTMLElement>('.pile');
    if (!card || !pile) return;
    e.dataTransfer?.setData('text/plain', card.dataset.card!);
    ui.picked = { from: pile.dataset.pile!, card: card.dataset.card! };
    // Redrawn after the drag has begun: the dragged element must stay in place until then.
    window.setTimeout(() => render(), 0);
  });
  board.addEventListener('dragover', (e) => {
    const pile = (e.target as HTMLElement).closest<HTMLElement>('.pile.target');
    if (pile) e.preventDefault();
  });
  board.addEventListener('drop', (e) => {
    const pile = (e.target as HTMLElement).closest<HTMLElement>('.pile');
    e.preventDefault();
    if (pile) drop(pile.dataset.pile!);
  });
}

/** The page's keys (none while a text box or chooser has the focus). */
export function keys(e: KeyboardEvent): void {
  const t = e.target as HTMLElement;
  if (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA') return;
  if (document.querySelector('dialog[open]')) return;
  if (e.key === '?') {
    e.preventDefault();
    showRules();
    return;
  }
  if (e.key === 'Escape' && ui.picked) {
    ui.picked = null;
    render();
    say('put down');
    return;
  }
  if (ui.replayAt !== null) {
    if (e.key === 'ArrowRight') showReplay(ui.replayAt + 1);
    else if (e.key === 'ArrowLeft') showReplay(ui.replayAt - 1);
    return;
  }
  if (e.ctrlKey || e.metaKey || e.altKey) {
    if (e.key === 'z') undo();
    else if (e.key === 'y') redo();
    else return;
    e.preventDefault();
    return;
  }
  const k = e.key.toLowerCase();
  const move = current().keys?.[k];
  if (k === 'u') undo();
  else if (k === 'r') redo();
  else if (k === 'h') void hint();
  else if (move !== undefined) play(move);
  else if (k === 'm') $('move').focus();
  else return;
  e.preventDefault();
}
