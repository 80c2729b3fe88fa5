import type { Rng } from '../../cards/shuffle.js';
import { HAND, type PilPosition, STOCK, TAB, UNKNOWN, WASTE, type WinRule, ownerOf } from './position.js';

// What one player sees (rules page, "Information"): every face-up card — tableau piles, the
// foundations, both wastes (face up, built in sight), the face-up part of both stocks (the top
// and any cards loaded onto it) and the mover's own hand card. Of each player's hand and
// face-down stock cards it gives only the counts and the set they hold together, sorted: that
// set is what a player who remembers the face-up play knows; the order, and which of them are
// in the hand and which in the stock, stay hidden. Strategies get this object, never the
// engine, so they cannot read hidden cards.

export interface PilView {
  readonly seat: number;
  readonly rule: WinRule;
  /** The player to move (strategies are asked only on their own turn). */
  readonly turn: number;
  readonly turns: number;
  /** Cards in each hand (the hand card included). */
  readonly handCount: readonly number[];
  /** The viewer's own hand card when the viewer is to move, else -1. */
  readonly handCard: number;
  /** Face-down cards at the bottom of each stock. */
  readonly stockDown: readonly number[];
  /** The face-up part of each stock, bottom first (the last one is the top). */
  readonly stockUp: readonly (readonly number[])[];
  /** Wastes, bottom first. */
  readonly waste: readonly (readonly number[])[];
  /** Tableau piles A0..A3 B0..B3, bottom first. */
  readonly tableau: readonly (readonly number[])[];
  /** Foundation heights, slots 2s and 2s+1 per suit. */
  readonly foundations: readonly number[];
  /** Per player: the hidden cards of that player's hand and face-down stock, sorted. */
  readonly hidden: readonly (readonly number[])[];
}

/** Scratch for viewOf's hidden sets (one at a time: views are built synchronously). */
const mark = new Uint8Array(104);

/** Stack s of pos from card `from` up, bottom first. */
function stackFrom(pos: PilPosition, s: number, from: number): number[] {
  const n = pos.len[s];
  const out = new Array<number>(Math.max(0, n - from));
  for (let i = from; i < n; i++) out[i - from] = pos.at(s, i);
  return out;
}

export function viewOf(pos: PilPosition, seat: number): PilView {
  const handCard = pos.turn === seat ? pos.top(HAND + seat) : -1;
  // Sorted by marking ids rather than by sorting, so the order of the hand leaves no trace.
  const hidden: number[][] = [[], []];
  for (let p = 0; p < 2; p++) {
    const n = pos.len[HAND + p] - (p === seat && handCard >= 0 ? 1 : 0);
    let k = 0;
    for (let i = 0; i < n; i++) {
      mark[pos.at(HAND + p, i)] = 1;
      k++;
    }
    for (let i = 0; i < pos.down[p]; i++) {
      mark[pos.at(STOCK + p, i)] = 1;
      k++;
    }
    const out = hidden[p];
    for (let c = 0; c < 104 && k > 0; c++)
      if (mark[c]) {
        out.push(c);
        mark[c] = 0;
        k--;
      }
  }
  const tableau: number[][] = new Array(8);
  for (let t = 0; t < 8; t++) tableau[t] = stackFrom(pos, TAB + t, 0);
  return {
    seat,
    rule: pos.rule,
    turn: pos.turn,
    turns: pos.turns,
    handCount: [pos.len[HAND], pos.len[HAND + 1]],
    handCard,
    stockDown: [pos.down[0], pos.down[1]],
    stockUp: [stackFrom(pos, STOCK, pos.down[0]), stackFrom(pos, STOCK + 1, pos.down[1])],
    waste: [stackFrom(pos, WASTE, 0), stackFrom(pos, WASTE + 1, 0)],
    tableau,
    foundations: [
      pos.found[0],
      pos.found[1],
      pos.found[2],
      pos.found[3],
      pos.found[4],
      pos.found[5],
      pos.found[6],
      pos.found[7],
    ],
    hidden,
  };
}

function shuffle(a: number[], rng: Rng): void {
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}

/** Loads a view into `pos` (reused across decisions). Hidden cards become UNKNOWN, or, with
 *  `rng`, a random deal of the hidden cards consistent with the view (a determinization):
 *  a face-down stock holds only its owner's original cards, so cards of the other pack in a
 *  player's hidden set must be in that player's hand. */
export function loadView(pos: PilPosition, v: PilView, rng?: Rng): void {
  pos.clear();
  for (let p = 0; p < 2; p++) {
    const down = v.stockDown[p];
    const known = p === v.seat && v.handCard >= 0;
    const inHand = known ? v.handCount[p] - 1 : v.handCount[p];
    let handCards: number[] = [];
    if (rng) {
      const own = v.hidden[p].filter((c) => ownerOf(c) === p);
      const foreign = v.hidden[p].filter((c) => ownerOf(c) !== p);
      shuffle(own, rng);
      const stockCards = own.slice(0, down);
      handCards = own.slice(down).concat(foreign);
      shuffle(handCards, rng);
      for (const c of stockCards) pos.push(STOCK + p, c);
    } else for (let i = 0; i < down; i++) pos.push(STOCK + p, UNKNOWN);
    for (const c of v.stockUp[p]) pos.push(STOCK + p, c);
    pos.down[p] = down;
    if (rng) for (const c of handCards) pos.push(HAND + p, c);
    else for (let i = 0; i < inHand; i++) pos.push(HAND + p, UNKNOWN);
    if (known) pos.push(HAND + p, v.handCard);
    for (const c of v.waste[p]) pos.push(WASTE + p, c);
  }
  for (let t = 0; t < 8; t++) for (const c of v.tableau[t]) pos.push(TAB + t, c);
  for (let i = 0; i < 8; i++) pos.setFoundation(i, v.foundations[i]);
  pos.setTurn(v.turn);
  pos.turns = v.turns;
}

/** loadView(pos, viewOf(src, seat)) without building the view: what `seat` sees of src, hidden
 *  cards UNKNOWN (the expert's simulated turns load one for every search). */
export function loadSeen(pos: PilPosition, src: PilPosition, seat: number): void {
  pos.clear();
  const handCard = src.turn === seat ? src.top(HAND + seat) : -1;
  for (let p = 0; p < 2; p++) {
    const down = src.down[p],
      ns = src.len[STOCK + p];
    for (let i = 0; i < down; i++) pos.push(STOCK + p, UNKNOWN);
    for (let i = down; i < ns; i++) pos.push(STOCK + p, src.at(STOCK + p, i));
    pos.down[p] = down;
    const known = p === seat && handCard >= 0;
    const inHand = known ? src.len[HAND + p] - 1 : src.len[HAND + p];
    for (let i = 0; i < inHand; i++) pos.push(HAND + p, UNKNOWN);
    if (known) pos.push(HAND + p, handCard);
    const nw = src.len[WASTE + p];
    for (let i = 0; i < nw; i++) pos.push(WASTE + p, src.at(WASTE + p, i));
  }
  for (let t = 0; t < 8; t++) {
    const n = src.len[TAB + t];
    for (let i = 0; i < n; i++) pos.push(TAB + t, src.at(TAB + t, i));
  }
  for (let i = 0; i < 8; i++) pos.setFoundation(i, src.found[i]);
  pos.setTurn(src.turn);
  pos.turns = src.turns;
}

/** Whether loadView(pos, v) (hidden cards unknown) would give the position pos already holds,
 *  card for card: then a strategy that follows a line on pos need not load the view again.
 *  Positions holding the same cards have the same keys (they are sums over the cards), and
 *  pos must not have ended the game (loadView leaves no winner) nor hold many moves to undo. */
export function holdsView(pos: PilPosition, v: PilView): boolean {
  if (pos.winner >= 0 || pos.ply > 512 || pos.turn !== v.turn || pos.turns !== v.turns) return false;
  for (let i = 0; i < 8; i++) if (pos.found[i] !== v.foundations[i]) return false;
  for (let p = 0; p < 2; p++) {
    const down = v.stockDown[p],
      up = v.stockUp[p],
      waste = v.waste[p];
    if (pos.down[p] !== down || pos.len[STOCK + p] !== down + up.length) return false;
    for (let i = 0; i < down; i++) if (pos.at(STOCK + p, i) !== UNKNOWN) return false;
    for (let i = 0; i < up.length; i++) if (pos.at(STOCK + p, down + i) !== up[i]) return false;
    const nh = v.handCount[p];
    if (pos.len[HAND + p] !== nh) return false;
    const known = p === v.seat && v.handCard >= 0;
    const inHand = known ? nh - 1 : nh;
    for (let i = 0; i < inHand; i++) if (pos.at(HAND + p, i) !== UNKNOWN) return false;
    if (known && pos.at(HAND + p, nh - 1) !== v.handCard) return false;
    if (pos.len[WASTE + p] !== waste.length) return false;
    for (let i = 0; i < waste.length; i++) if (pos.at(WASTE + p, i) !== waste[i]) return false;
  }
  for (let t = 0; t < 8; t++) {
    const pile = v.tableau[t];
    if (pos.len[TAB + t] !== pile.length) return false;
    for (let i = 0; i < pile.length; i++) if (pos.at(TAB + t, i) !== pile[i]) return false;
  }
  return true;
}
