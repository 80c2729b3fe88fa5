import { DEAL_GRADES, type Settings } from '../plugin.js';
import { $, current, ui } from './state.js';

// New deal's choice: any deal (a random number), or one drawn from the game's graded list (built
// into the page from the file its plugin names): a deal the solver proved winnable, or an easy,
// medium or hard one. The page says which list a deal came from and what its grade means.

/** The lists of the game in play: file, grades, and the seeds of each list. */
function lists() {
  const g = current();
  const seeds = ui.assets[g.name]?.deals;
  return g.dealLists && seeds ? { ...g.dealLists, seeds } : null;
}

const WINNABLE = 'winnable';

/** New deal's chooser, set to the game in play (its lists apply under their own rules only). */
export function syncDealList(): void {
  const sel = $('deal-list') as HTMLSelectElement;
  const was = sel.value;
  sel.textContent = '';
  sel.add(new Option('any deal', 'any'));
  const l = lists();
  if (l) {
    const off = ui.session.settings.variant !== l.variant;
    const add = (value: string, text: string) => {
      const o = new Option(`${text} (${l.seeds[value]?.length ?? 0})`, value);
      o.disabled = off || !l.seeds[value]?.length;
      sel.add(o);
    };
    add(WINNABLE, 'winnable');
    for (const g of DEAL_GRADES) add(g, g);
    sel.title = off ? `the graded list holds deals of the ${l.variant || 'default'} rules` : `from ${l.file}`;
  }
  const keep = Array.from(sel.options).find((o) => o.value === was && !o.disabled);
  sel.value = keep ? was : 'any';
}

/** A deal of the chosen list, drawn at random: its settings' change and the note that says
 *  where it came from. */
export function drawDeal(): { change: Partial<Settings>; note: string } {
  const which = ($('deal-list') as HTMLSelectElement).value;
  const l = lists();
  const seeds = l && which !== 'any' ? l.seeds[which] : null;
  if (!l || !seeds?.length) return { change: { seed: String(1 + Math.floor(Math.random() * 1_000_000)) }, note: '' };
  const seed = seeds[Math.floor(Math.random() * seeds.length)];
  const from =
    which === WINNABLE
      ? `one of the ${seeds.length} deals of ${l.file} the solver proved winnable (it found a winning line)`
      : `one of the ${seeds.length} deals graded ${which} in ${l.file}`;
  return { change: { seed, variant: l.variant }, note: `Deal ${seed}: ${from}. ${gradeOf(seed) ?? ''}`.trim() };
}

/** "Graded easy: <its rule>." for a seed in the list, else null. */
function gradeOf(seed: string): string | null {
  const l = lists();
  if (!l) return null;
  const g = DEAL_GRADES.find((x) => l.seeds[x]?.includes(seed));
  const rule = g && l.grades.find((x) => x.name === g)?.rule;
  if (g) return `Graded ${g}${rule ? `: ${rule}` : ''}.`;
  return l.seeds[WINNABLE]?.includes(seed) ? 'The solver proved it winnable.' : null;
}

/** What the graded list says of a deal dealt by its number (nothing for another deal). */
export function dealNote(s: Settings): string {
  const l = lists();
  if (!l || s.dealJson || s.variant !== l.variant) return '';
  const grade = gradeOf(s.seed);
  return grade ? `Deal ${s.seed} in ${l.file}: ${grade}` : '';
}
