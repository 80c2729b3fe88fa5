import { plural } from '../plugin.js';
import { begin, dealKey, ended, moved, reset, type Stats, tallyKey } from '../stats.js';
import { $, say, ui } from './state.js';

// The player's statistics (stats.ts) kept in the browser's storage, per game and rule variant,
// and the panel that shows them, each game and variant with a reset.

const STORE = 'patience-lab:web:stats';

function load(): Stats {
  try {
    const t = localStorage.getItem(STORE);
    const doc = t ? (JSON.parse(t) as Stats) : null;
    if (doc && typeof doc.tallies === 'object') return doc;
  } catch {
    // unreadable: start again
  }
  return { tallies: {} };
}

function keep(st: Stats): void {
  try {
    localStorage.setItem(STORE, JSON.stringify(st));
  } catch {
    // storage full or refused: the statistics only last as long as the page
  }
}

/** A new game begun (a new deal, a restart, a file or line opened); a game restored after a
 *  reload goes on as the same game. */
export function began(): void {
  const st = load();
  begin(st, ui.session.settings);
  keep(st);
}

/** The page opened on a game: a new one unless it is the game counted last. */
export function opened(): void {
  const st = load();
  if (st.current?.deal !== dealKey(ui.session.settings)) begin(st, ui.session.settings);
  keep(st);
  track();
}

/** After every change: a move of the person's made, and the end of the game, counted. */
export function track(): void {
  const s = ui.session;
  const over = s.over();
  // A game counts once the person has made a move in it (the page's own moves home do not).
  if (!over && s.moves.every((_, i) => ui.auto[i])) return;
  const st = load();
  if (st.current?.deal !== dealKey(s.settings)) begin(st, s.settings);
  moved(st);
  if (over) ended(st, over === 'won', s.moves.length);
  keep(st);
}

/** The panel: every game and variant played, the one in play first. */
export function showStats(): void {
  const body = $('stats-body');
  body.textContent = '';
  const st = load();
  const mine = tallyKey(ui.session.settings);
  const keys = Object.keys(st.tallies).sort((a, b) => (a === mine ? -1 : b === mine ? 1 : a.localeCompare(b)));
  if (!keys.includes(mine)) keys.unshift(mine);
  const table = document.createElement('table');
  const head = table.createTHead().insertRow();
  for (const h of ['game', 'rules', 'played', 'won', 'win %', 'streak', 'best streak', 'fewest moves', ''])
    head.appendChild(Object.assign(document.createElement('th'), { textContent: h }));
  const rows = table.createTBody();
  for (const key of keys) {
    const [game, variant] = key.split('|');
    const t = st.tallies[key] ?? { played: 0, won: 0, streak: 0, bestStreak: 0, fewest: null };
    const tr = rows.insertRow();
    tr.dataset.key = key;
    const title = ui.games.find(game)?.title ?? game;
    const cells = [
      title,
      variant,
      String(t.played),
      String(t.won),
      t.played ? `${Math.round((100 * t.won) / t.played)}%` : '–',
      String(t.streak),
      String(t.bestStreak),
      t.fewest === null ? '–' : String(t.fewest),
    ];
    for (const [i, c] of cells.entries()) {
      const td = tr.insertCell();
      td.textContent = c;
      if (i >= 2) td.className = 'num';
    }
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = 'Reset';
    b.setAttribute('aria-label', `reset the statistics of ${title} (${variant})`);
    b.addEventListener('click', () => {
      // Asked twice, so that one slip does not lose them.
      if (b.dataset.armed !== 'true') {
        b.dataset.armed = 'true';
        b.textContent = 'Reset: sure?';
        b.setAttribute('aria-label', `press again to reset the statistics of ${title} (${variant})`);
        return;
      }
      const now = load();
      reset(now, key);
      keep(now);
      say(`statistics of ${title} (${variant}) reset`);
      showStats();
    });
    tr.insertCell().appendChild(b);
  }
  const note = document.createElement('p');
  const t = st.tallies[mine];
  note.textContent = t
    ? `${ui.games.find(mine.split('|')[0])?.title}: ${plural(t.played, 'game')} played, ${t.won} won. A game counts when it ends, or when it is left with a move made; kept in this browser only.`
    : 'No game counted yet. A game counts when it ends, or when it is left with a move made; kept in this browser only.';
  body.append(note, table);
}
