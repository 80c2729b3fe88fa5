import { bestFit, type Fit, type PlacedPile } from '../fit.js';
import { cardSign, type PageLayout, pileName, type UiMove } from '../plugin.js';
import { $, current, ui } from './state.js';

// The board: the session's piles on a grid sized to the felt (fit.ts), each card an element a
// person may pick up (by a click, a key or a drag) when a legal move takes it, each place it may
// go lit while it is held; each foundation labelled with the card it takes next; a hint shown as
// an arrow from one card to one place; every pile and card named in words for screen readers.

const SUIT_WORD: Record<string, string> = { '♠': 'spades', '♥': 'hearts', '♦': 'diamonds', '♣': 'clubs' };
const SUIT_SIGN: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };
const SUIT_WORDS = ['spades', 'hearts', 'diamonds', 'clubs'];
const RANK_WORDS = ['ace', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'jack', 'queen', 'king'];

/** "7 of clubs" for "7C" ("face-down card" for "??"; a trailing "'" marks a card of B's pack). */
export function cardWords(text: string): string {
  if (text === '??') return 'face-down card';
  const b = text.endsWith("'");
  const t = b ? text.slice(0, -1) : text;
  const r = 'A23456789TJQK'.indexOf(t[0]),
    s = 'SHDC'.indexOf(t[1]);
  if (r < 0 || s < 0) return text;
  return `${RANK_WORDS[r]} of ${SUIT_WORDS[s]}${b ? " (B's pack)" : ''}`;
}

/** Suit signs spelled out, for screen readers. */
export const spelled = (text: string) => text.replace(/[♠♥♦♣]/g, (c) => SUIT_WORD[c]);

/** A pile's name in words (its name, suit signs spelled out). */
export const placeName = (id: string): string => spelled(pileName(ui.session.layout, id));

/** The layout drawn last and its sizes (for the page's tests and the replay). */
export let drawn: { layout: PageLayout; fit: Fit } | null = null;

/** The room the board has: the felt's width, and its height — on a wide screen the felt's own,
 *  on a narrow one what the window shows below the felt's top. */
function room(): { width: number; height: number } {
  const table = $('table');
  const width = table.clientWidth;
  if (window.matchMedia('(min-width: 900px)').matches) return { width, height: table.clientHeight };
  const top = table.getBoundingClientRect().top + window.scrollY;
  return { width, height: Math.max(280, window.innerHeight - top - 6) };
}

function cardEl(text: string, label: string): HTMLElement {
  const c = document.createElement('div');
  c.dataset.card = text;
  c.setAttribute('aria-label', label);
  c.title = label;
  if (text === '??') {
    c.className = 'card down';
    return c;
  }
  const b = text.endsWith("'");
  const t = b ? text.slice(0, -1) : text;
  const rank = t.slice(0, -1),
    suit = t.slice(-1);
  c.className = `card${suit === 'H' || suit === 'D' ? ' red' : ''}${b ? ' packb' : ''}`;
  const index = document.createElement('span');
  index.className = 'i';
  index.setAttribute('aria-hidden', 'true');
  const r = document.createElement('span');
  r.textContent = rank === 'T' ? '10' : rank;
  const s = document.createElement('span');
  s.textContent = SUIT_SIGN[suit];
  index.append(r, s);
  const g = document.createElement('span');
  g.className = 'big';
  g.textContent = SUIT_SIGN[suit];
  g.setAttribute('aria-hidden', 'true');
  c.append(index, g);
  return c;
}

/** Draws the piles with `cards` on them; `legal` are the moves the person may make. */
export function drawBoard(cards: Record<string, string[]>, legal: readonly UiMove[]): void {
  const { session, picked } = ui;
  const board = $('board');
  const counts = Object.fromEntries(Object.entries(cards).map(([k, v]) => [k, v.length]));
  const layouts = [session.layout, ...(session.narrowLayout ? [session.narrowLayout] : [])];
  drawn = bestFit(layouts, counts, room());
  const { fit } = drawn;
  board.textContent = '';
  board.style.gridTemplateColumns = fit.columns.map((c) => `${c}px`).join(' ');
  board.style.gridTemplateRows = fit.rows.map((r) => `${r}px`).join(' ');
  board.style.gap = `${fit.gapY}px ${fit.gapX}px`;
  board.style.setProperty('--cw', `${fit.size.cw}px`);
  board.style.setProperty('--ch', `${fit.size.ch}px`);
  board.style.setProperty('--fi', `${fit.size.font}px`);
  board.style.setProperty('--fl', `${fit.size.label}px`);
  document.body.dataset.cw = String(fit.size.cw);
  const targets = picked ? legal.filter((m) => m.from === picked.from && m.card === picked.card).map((m) => m.to) : [];
  const wants = session.wants();
  for (const p of fit.piles)
    board.appendChild(pileEl(p, cards[p.pile.id] ?? [], legal, targets.includes(p.pile.id), wants[p.pile.id]));
  shortenLabels(board);
}

/** Labels wider than their pile (small cards in a narrow column): a foundation's says its next
 *  card alone ("→2♠"), then any label takes a smaller type, rather than being cut short. */
function shortenLabels(board: HTMLElement): void {
  const over = (l: HTMLElement) => l.scrollWidth > l.clientWidth + 1;
  for (const l of Array.from(board.querySelectorAll<HTMLElement>('.label'))) {
    if (!over(l)) continue;
    if (l.dataset.wants !== undefined) l.textContent = l.dataset.wants ? `→${cardSign(l.dataset.wants)}` : '✓';
    if (over(l)) l.classList.add('small');
  }
}

/** One pile: its label (a foundation's: the card it takes next) and its cards, a place the held
 *  card may go when it is a target. */
function pileEl(
  placed: PlacedPile,
  cs: readonly string[],
  legal: readonly UiMove[],
  isTarget: boolean,
  wants: string | undefined,
): HTMLElement {
  const p = placed.pile;
  const el = document.createElement('div');
  el.className = `pile fan-${p.fan}`;
  el.dataset.pile = p.id;
  el.dataset.count = String(cs.length);
  el.style.gridRow = String(p.row + 1);
  el.style.gridColumn = `${p.column + 1} / span ${p.span ?? 1}`;
  if (p.fan === 'up') el.style.alignSelf = 'end';
  const label = document.createElement('div');
  label.className = 'label';
  label.setAttribute('aria-hidden', 'true');
  const name = placeName(p.id);
  let named = name;
  if (wants !== undefined) {
    label.classList.add('wants');
    label.textContent = wants ? `next ${cardSign(wants)}` : 'complete';
    label.dataset.wants = wants;
    named = `${name}${wants ? `, takes the ${cardWords(wants)} next` : ', complete'}`;
  } else label.textContent = p.label;
  label.title = spelled(label.textContent);
  el.setAttribute('role', isTarget ? 'button' : 'group');
  el.setAttribute(
    'aria-label',
    `${named}${cs.length ? `, ${cs.length} card${cs.length === 1 ? '' : 's'}` : ', empty'}`,
  );
  if (isTarget) {
    el.classList.add('target');
    el.tabIndex = 0;
    el.setAttribute('aria-label', `put it on ${name}${cs.length ? `, on ${cardWords(cs[cs.length - 1])}` : ', empty'}`);
  }
  el.append(label, cardsEl(placed, cs, legal, name));
  return el;
}

/** A pile's cards: a fanned pile shows each (the covered ones as strips with their index),
 *  another its top card and, on it, how many cards it holds. */
function cardsEl(placed: PlacedPile, cs: readonly string[], legal: readonly UiMove[], name: string): HTMLElement {
  const p = placed.pile;
  const box = document.createElement('div');
  box.className = 'cards';
  box.style.width = `${placed.width}px`;
  box.style.height = `${placed.height}px`;
  const open = current().openPiles?.includes(p.id) ?? false;
  const tap = legal.find((m) => m.from === p.id && m.tap !== undefined);
  const { picked, hinted } = ui;
  const hintCard = hinted && hinted.from === p.id ? hinted.card : null;
  let hintShown = false;
  const addCard = (t: string, i: number, at: number, top: boolean) => {
    const c = cardEl(t, `${cardWords(t)}, ${top ? `top of ${name}` : `in ${name}`}`);
    const off = `${at * placed.step}px`;
    if (p.fan === 'right') c.style.left = off;
    else if (p.fan === 'left') c.style.right = off;
    else if (p.fan === 'down') c.style.top = off;
    else if (p.fan === 'up') c.style.bottom = off;
    if (!top) c.classList.add('covered');
    if (tap && top) {
      c.setAttribute('role', 'button');
      c.tabIndex = 0;
      c.setAttribute('aria-label', `${name}, ${cs.length} face-down cards: ${tap.tap}`);
      c.classList.add('pickable');
    } else if ((top || open) && legal.some((m) => m.from === p.id && m.card === t)) {
      c.setAttribute('role', 'button');
      c.tabIndex = 0;
      c.draggable = true;
      c.classList.add('pickable');
      if (picked && picked.from === p.id && picked.card === t) {
        c.classList.add('picked');
        c.setAttribute('aria-pressed', 'true');
      }
    } else c.setAttribute('role', 'img');
    c.dataset.index = String(i);
    box.appendChild(c);
    return c;
  };
  if (cs.length === 0) {
    const slot = document.createElement('div');
    slot.className = 'slot';
    if (p.fan === 'left') slot.style.right = '0';
    if (p.fan === 'up') slot.style.bottom = '0';
    box.appendChild(slot);
  } else if (p.fan === 'none') {
    const c = addCard(cs[cs.length - 1], cs.length - 1, 0, true);
    if (cs.length > 1) {
      const n = document.createElement('span');
      n.className = 'count';
      n.textContent = String(cs.length);
      n.setAttribute('aria-hidden', 'true');
      c.appendChild(n);
    }
  } else cs.forEach((t, i) => addCard(t, i, i, i === cs.length - 1));
  // The hint: the one card it moves (the top-most of that name), the one place it goes.
  if (hintCard !== null) {
    const all = Array.from(box.querySelectorAll<HTMLElement>('.card'));
    const mine = hintCard === '??' ? all.at(-1) : all.filter((c) => c.dataset.card === hintCard).at(-1);
    if (mine) {
      mine.classList.add('hint-card');
      hintShown = true;
    }
  }
  if (hinted && hinted.to === p.id && !hintShown) box.lastElementChild?.classList.add('hint-place');
  return box;
}

/** The hint's arrow, from the card it moves to the place it goes (drawn after the board). */
export function drawArrow(): void {
  const arrow = $('arrow');
  const from = document.querySelector('#board .hint-card');
  const to = document.querySelector('#board .hint-place');
  arrow.hidden = !from || !to;
  if (!from || !to) return;
  const base = $('table').getBoundingClientRect();
  const a = from.getBoundingClientRect(),
    b = to.getBoundingClientRect();
  const x1 = a.left + a.width / 2 - base.left,
    y1 = a.top + Math.min(a.height / 2, 18) - base.top;
  const x2 = b.left + b.width / 2 - base.left,
    y2 = b.top + b.height / 2 - base.top;
  arrow.style.left = `${x1}px`;
  arrow.style.top = `${y1}px`;
  arrow.style.width = `${Math.hypot(x2 - x1, y2 - y1)}px`;
  arrow.style.transform = `rotate(${Math.atan2(y2 - y1, x2 - x1)}rad)`;
}
