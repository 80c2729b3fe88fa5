import { parseSwitches } from '../plugin.js';
import { type Block, rulesBlocks, type Span } from '../rules-text.js';
import { $, current, ui } from './state.js';

// The Rules panel: the game's own rules page (docs/rules/<game>.md, built into the page), drawn
// as text — layout, moves, notation, variants — under a line that says which rules are played
// here; the chosen variant's rows marked. Opened by its button and by "?".

function spansEl(tag: string, spans: readonly Span[]): HTMLElement {
  const el = document.createElement(tag);
  for (const s of spans) {
    const part = document.createElement(s.code ? 'code' : s.strong ? 'strong' : s.em ? 'em' : 'span');
    part.textContent = s.text;
    if (s.code && s.strong) part.style.fontWeight = '700';
    if (s.em && (s.code || s.strong)) part.style.fontStyle = 'italic';
    el.appendChild(part);
  }
  return el;
}

function blockEl(b: Block, chosen: readonly string[]): HTMLElement | null {
  switch (b.kind) {
    case 'heading':
      if (b.level === 1) return null;
      return Object.assign(document.createElement(b.level === 2 ? 'h3' : 'h4'), { textContent: b.text });
    case 'para':
      return spansEl('p', b.spans);
    case 'list': {
      const ul = document.createElement('ul');
      for (const item of b.items) ul.appendChild(spansEl('li', item));
      return ul;
    }
    case 'code':
      return Object.assign(document.createElement('pre'), { textContent: b.text });
    case 'table': {
      const table = document.createElement('table');
      b.rows.forEach((row, i) => {
        const tr = document.createElement('tr');
        for (const cell of row) tr.appendChild(spansEl(i === 0 ? 'th' : 'td', cell));
        const first = row[0]?.map((s) => s.text).join('') ?? '';
        if (i > 0 && chosen.includes(first)) tr.className = 'chosen';
        table.appendChild(tr);
      });
      return table;
    }
  }
}

export function showRules(): void {
  const g = current();
  const s = ui.session.settings;
  $('rules-title').textContent = `Rules of ${g.title}`;
  const body = $('rules-body');
  body.textContent = '';
  const chosen = parseSwitches(g.switches, s.variant);
  const here = document.createElement('p');
  here.className = 'played-here';
  const names = Object.entries(chosen).map(([k, v]) => `${k}=${v}`);
  here.textContent = `Played here: ${names.length ? `the variant ${names.join(', ')} (below, under Variants)` : 'the default reading of the rules'}${g.opponents ? `, against ${s.ai} as B` : ''}. The page takes the notation below in its Move box and writes it in the list of moves.`;
  body.appendChild(here);
  const text = ui.assets[g.name]?.rules ?? '';
  for (const b of rulesBlocks(text, g.rules.leaveOut)) {
    const el = blockEl(b, Object.keys(chosen));
    if (el) body.appendChild(el);
  }
  ($('rules') as HTMLDialogElement).showModal();
  $('rules-close').focus();
}
