import type { ReplayPile } from '../../cards/board.js';
import type { UiMove } from '../plugin.js';
import { $, current, ui } from './state.js';

// The board: the session's piles on a grid, each card an element a person may pick up (by a
// click, a key or a drag) when a legal move takes it, each place it may go lit while it is
// held; every pile and card named in words for screen readers.

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

/** A pile's name in words (its label, suit signs spelled out). */
export function placeName(id: string): string {
  const p = ui.session.layout.piles.find((x) => x.id === id);
  return (p ? p.label : id).replace(/[♠♥♦♣]/g, (c) => SUIT_WORD[c]);
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
  const index = (rank === 'T' ? '10' : rank) + SUIT_SIGN[suit];
  const a = document.createElement('span');
  a.className = 'i';
  a.textContent = index;
  a.setAttribute('aria-hidden', 'true');
  const z = a.cloneNode(true) as HTMLElement;
  z.className = 'i rot';
  const g = document.createElement('span');
  g.className = 'big';
  g.textContent = SUIT_SIGN[suit];
  g.setAttribute('aria-hidden', 'true');
  c.append(a, g, z);
  return c;
}

/** Draws the piles with `cards` on them; `legal` are the moves the person may make. */
export function drawBoard(cards: Record<string, string[]>, legal: readonly UiMove[]): void {
  const { session, picked } = ui;
  const board = $('board');
  board.textContent = '';
  board.style.gridTemplateColumns = `repeat(${session.layout.columns}, auto)`;
  const targets = picked ? legal.filter((m) => m.from === picked.from && m.card === picked.card).map((m) => m.to) : [];
  for (const p of session.layout.piles) board.appendChild(pileEl(p, cards[p.id] ?? [], legal, targets.includes(p.id)));
}

/** One pile: its label and its cards, a place the held card may go when it is a target. */
function pileEl(p: ReplayPile, cs: readonly string[], legal: readonly UiMove[], isTarget: boolean): HTMLElement {
  const el = document.createElement('div');
  el.className = `pile fan-${p.fan}`;
  el.dataset.pile = p.id;
  el.style.gridRow = String(p.row + 1);
  el.style.gridColumn = `${p.column + 1} / span ${p.span ?? 1}`;
  const label = document.createElement('div');
  label.className = 'label';
  label.textContent = p.label;
  label.setAttribute('aria-hidden', 'true');
  const name = placeName(p.id);
  el.setAttribute('role', isTarget ? 'button' : 'group');
  el.setAttribute('aria-label', `${name}${cs.length ? `, ${cs.length} card${cs.length === 1 ? '' : 's'}` : ', empty'}`);
  if (isTarget) {
    el.classList.add('target');
    el.tabIndex = 0;
    el.setAttribute('aria-label', `put it on ${name}${cs.length ? `, on ${cardWords(cs[cs.length - 1])}` : ', empty'}`);
  }
  const { hinted } = ui;
  if (hinted && (hinted.from === p.id || hinted.to === p.id))
    el.classList.add(hinted.from === p.id ? 'hint-from' : 'hint-to');
  el.append(label, cardsEl(p, cs, legal));
  return el;
}

/** A pile's cards (a fanned pile shows each, another its top card and a count). */
function cardsEl(p: ReplayPile, cs: readonly string[], legal: readonly UiMove[]): HTMLElement {
  const box = document.createElement('div');
  box.className = 'cards';
  const name = placeName(p.id);
  const open = current().openPiles?.includes(p.id) ?? false;
  const tap = legal.find((m) => m.from === p.id && m.tap !== undefined);
  const { picked } = ui;
  const addCard = (t: string, i: number, top: boolean) => {
    const c = cardEl(t, `${cardWords(t)}, ${top ? `top of ${name}` : `in ${name}`}`);
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
  };
  if (cs.length === 0) {
    const slot = document.createElement('div');
    slot.className = 'slot';
    box.appendChild(slot);
  } else if (p.fan === 'none') {
    addCard(cs[cs.length - 1], cs.length - 1, true);
    if (cs.length > 1) {
      const n = document.createElement('span');
      n.className = 'count';
      n.textContent = String(cs.length);
      n.setAttribute('aria-hidden', 'true');
      box.appendChild(n);
    }
  } else cs.forEach((t, i) => addCard(t, i, i === cs.length - 1));
  return box;
}
