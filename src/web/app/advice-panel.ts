import type { Hint, Winnable } from '../../solitaire/advice.js';
import { moveWords } from '../plugin.js';
import { ask } from './ask.js';
import { stepThrough } from './line.js';
import { play } from './play.js';
import { render } from './render.js';
import { $, current, say, ui } from './state.js';

// The advice the game offers (its plugin's `advice`), asked of the worker: a hint pointed at on
// the board (one card, one place) and told in words, and whether the game is still winnable
// (exact, or a chance), with its line to show or step through.

export async function hint(): Promise<void> {
  const s = ui.session;
  if (s.over()) return say(`the game is over (${s.over()})`);
  if (s.computerToMove()) return play('');
  const r = await ask('hint', current().advice.hint?.running ?? 'hint');
  if (!r.ok) return void say(r.error === 'stopped' ? 'stopped' : `hint failed: ${r.error}`);
  const h = r.result as Hint;
  const box = $('advice');
  if (!h.move) {
    box.textContent = `No hint: ${h.text}.`;
    return say(`no hint: ${h.text}`);
  }
  ui.hinted = ui.session.legal().find((m) => m.text.toLowerCase() === h.move!.toLowerCase()) ?? null;
  const words = ui.hinted ? moveWords(ui.hinted, ui.session.layout) : '';
  box.textContent = `${h.text.replace(/^hint/, 'Hint')} — ${h.nodes.toLocaleString('en')} nodes, ${r.ms} ms.`;
  if (words) {
    const w = document.createElement('div');
    w.id = 'hint-words';
    w.textContent = `That is: ${words}.`;
    box.appendChild(w);
  }
  render();
  say(`hint: ${h.move}`);
}

export async function winnable(kind: 'winnable' | 'spoiler'): Promise<void> {
  const offered = current().advice;
  const r = await ask(kind, offered[kind]?.running ?? kind);
  if (!r.ok) return void say(r.error === 'stopped' ? 'stopped' : `failed: ${r.error}`);
  const w = r.result as Winnable;
  const box = $('advice');
  const text = w.text.charAt(0).toUpperCase() + w.text.slice(1);
  box.textContent = `${text} — ${w.nodes.toLocaleString('en')} nodes, ${r.ms} ms.`;
  if (w.kind === 'chance') return say(w.text);
  if (w.line?.length) box.append(' ', showLine(w.line));
  const word = w.verdict === 'solved' ? 'winnable' : w.verdict === 'lost' ? 'lost' : 'unknown';
  say(`${w.spoiler ? `spoiler, ${offered.spoiler?.running}: ` : 'still winnable? '}${word}`);
}

/** The button that shows a winning line in place of itself, and one that steps through it. */
function showLine(line: readonly string[]): HTMLElement {
  const span = document.createElement('span');
  const b = document.createElement('button');
  b.textContent = 'Show the line';
  b.id = 'show-line';
  b.type = 'button';
  b.addEventListener('click', () => {
    const pre = document.createElement('p');
    pre.className = 'line';
    pre.id = 'line';
    pre.tabIndex = 0;
    pre.textContent = line.join(', ');
    b.replaceWith(pre);
    pre.focus();
  });
  const step = document.createElement('button');
  step.textContent = 'Step through it';
  step.id = 'step-line';
  step.type = 'button';
  step.addEventListener('click', () => stepThrough(line));
  span.append(b, ' ', step);
  return span;
}
