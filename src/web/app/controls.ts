import { formatSwitches, parseSwitches } from '../plugin.js';
import { syncDealList } from './deals.js';
import { $, current, ui } from './state.js';
import { syncWatch } from './watch.js';

// The choosers around the board, set to the game in play: the game, the seed and the game's
// other numberings, New deal's lists, its rule switches, the computer's player, the move box's
// example, the advice it offers, the watch, the moves home made by themselves.

export function syncControls(): void {
  const s = ui.session.settings;
  const g = current();
  ($('game') as HTMLSelectElement).value = s.game;
  ($('seed') as HTMLInputElement).value = s.dealJson ? '' : s.seed;
  syncNumberings();
  syncDealList();
  const box = $('switches');
  box.textContent = '';
  const chosen = parseSwitches(g.switches, s.variant);
  for (const sw of g.switches) {
    const label = document.createElement('label');
    label.textContent = `${sw.name} `;
    const sel = document.createElement('select');
    sel.dataset.switch = sw.name;
    for (const v of sw.values) sel.add(new Option(v, v, false, (chosen[sw.name] ?? sw.values[0]) === v));
    label.appendChild(sel);
    box.appendChild(label);
  }
  $('ai-box').hidden = !g.opponents;
  if (g.opponents) {
    const ai = $('ai') as HTMLSelectElement;
    const names = g.opponents.names;
    if (Array.from(ai.options, (o) => o.value).join() !== names.join()) {
      ai.textContent = '';
      for (const n of names) ai.add(new Option(n, n));
    }
    ai.value = s.ai;
  }
  ($('move') as HTMLInputElement).placeholder = `e.g. ${g.example}`;
  $('game-keys').textContent = Object.entries(g.keys ?? {})
    .map(([k, move]) => `, ${k.toUpperCase()} ${move}`)
    .join('');
  ($('hint') as HTMLButtonElement).hidden = !g.advice.hint;
  ($('winnable') as HTMLButtonElement).hidden = !g.advice.winnable;
  ($('spoiler') as HTMLButtonElement).hidden = !g.advice.spoiler;
  syncWatch();
  syncAuto();
}

/** The option of moves home made by themselves: the game's safe moves and the finish, or the
 *  finish alone, or nothing (a game without either). */
function syncAuto(): void {
  const g = current();
  const finishes = typeof ui.session.finishLine === 'function';
  const box = $('auto-box');
  box.hidden = !finishes && !g.safeMoves;
  const words = g.safeMoves ? 'Safe moves home by themselves' : 'Finish a won game by itself';
  box.lastChild!.textContent = ` ${words}`;
  box.title = g.safeMoves
    ? `${g.safeMoves}; and a game that moves home alone can finish plays itself out`
    : 'when every card left can go home by moves to the foundations alone, they go';
}

/** A field for each of the game's other numberings of its deals, beside the deal number. */
function syncNumberings(): void {
  const s = ui.session.settings;
  const box = $('numberings');
  const ns = current().numberings ?? [];
  if (box.dataset.game === s.game) {
    for (const input of Array.from(box.querySelectorAll<HTMLInputElement>('input')))
      input.value = s.numbering?.key === input.dataset.key ? s.numbering!.text : '';
    return;
  }
  box.dataset.game = s.game;
  box.textContent = '';
  for (const n of ns) {
    const form = document.createElement('form');
    form.className = 'numbering';
    form.dataset.key = n.key;
    const label = document.createElement('label');
    label.textContent = `${n.label} `;
    const input = document.createElement('input');
    input.type = 'text';
    input.inputMode = 'numeric';
    input.autocomplete = 'off';
    input.dataset.key = n.key;
    input.value = s.numbering?.key === n.key ? s.numbering.text : '';
    label.appendChild(input);
    const go = document.createElement('button');
    go.type = 'submit';
    go.textContent = 'Go';
    go.setAttribute('aria-label', `deal ${n.label}`);
    form.append(label, go);
    box.appendChild(form);
  }
}

/** The variant the switches' choosers show, as the address writes it. */
export function variantFromControls(): string {
  const sw: Record<string, string> = {};
  for (const sel of Array.from(document.querySelectorAll<HTMLSelectElement>('#switches select')))
    sw[sel.dataset.switch!] = sel.value;
  return formatSwitches(parseSwitches(current().switches, formatSwitches(sw)));
}
