import { formatSwitches, parseSwitches } from '../plugin.js';
import { $, current, ui } from './state.js';

// The choosers above the board, set to the game in play: the game, the seed, its rule
// switches, the computer's player, the move box's example, the advice it offers.

export function syncControls(): void {
  const s = ui.session.settings;
  const g = current();
  ($('game') as HTMLSelectElement).value = s.game;
  ($('seed') as HTMLInputElement).value = s.dealJson ? '' : s.seed;
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
}

/** The variant the switches' choosers show, as the address writes it. */
export function variantFromControls(): string {
  const sw: Record<string, string> = {};
  for (const sel of Array.from(document.querySelectorAll<HTMLSelectElement>('#switches select')))
    sw[sel.dataset.switch!] = sel.value;
  return formatSwitches(parseSwitches(current().switches, formatSwitches(sw)));
}
