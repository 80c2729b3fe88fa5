import { reducedMotion } from './state.js';

// Cards move: after a change the board is drawn anew, and each card that arrived on a pile
// slides there from where it lay before (its old place found by its name on a pile that lost
// cards; a card turned from a face-down pile comes from that pile). Nothing moves when the
// person asked for less motion (prefers-reduced-motion). The page counts the slides it starts
// (body's data-slides), so that a test can tell without racing a clock.

const MS = 180;

export interface Snapshot {
  /** Per pile: how many cards it holds, the names of those drawn, the place of each (the top-most
   *  of a name) and of its top card. */
  piles: Map<string, { count: number; cards: string[]; top: DOMRect | null; rects: Map<string, DOMRect> }>;
}

/** Where every pile's cards are now (before a change). */
export function snapshot(): Snapshot {
  const piles: Snapshot['piles'] = new Map();
  for (const el of Array.from(document.querySelectorAll<HTMLElement>('#board .pile'))) {
    const cards = Array.from(el.querySelectorAll<HTMLElement>('.card'));
    const rects = new Map<string, DOMRect>();
    for (const c of cards) rects.set(c.dataset.card!, c.getBoundingClientRect());
    piles.set(el.dataset.pile!, {
      count: Number(el.dataset.count),
      cards: cards.map((c) => c.dataset.card!),
      top: cards.length ? cards[cards.length - 1].getBoundingClientRect() : null,
      rects,
    });
  }
  return { piles };
}

/** Slides the cards that arrived since `before` from their old places. */
export function slide(before: Snapshot | null): void {
  if (!before || reducedMotion()) return;
  let started = 0;
  for (const el of Array.from(document.querySelectorAll<HTMLElement>('#board .pile'))) {
    const id = el.dataset.pile!;
    const old = before.piles.get(id);
    const cards = Array.from(el.querySelectorAll<HTMLElement>('.card'));
    const top = cards.at(-1);
    if (!old || !top || old.cards.at(-1) === top.dataset.card) continue;
    const from = source(before, id, top.dataset.card!);
    if (!from) continue;
    const to = top.getBoundingClientRect();
    const dx = from.left - to.left,
      dy = from.top - to.top;
    if (Math.abs(dx) + Math.abs(dy) < 2) continue;
    top.animate(
      [
        { transform: `translate(${dx}px, ${dy}px)`, zIndex: 50 },
        { transform: 'none', zIndex: 50 },
      ],
      {
        duration: MS,
        easing: 'ease-out',
      },
    );
    started++;
  }
  if (started) document.body.dataset.slides = String(Number(document.body.dataset.slides ?? 0) + started);
}

/** Where a card that arrived on pile `to` lay before: on a pile that held it (by name) and
 *  holds fewer cards now, else the top of a face-down pile that shrank. */
function source(before: Snapshot, to: string, card: string): DOMRect | null {
  let down: DOMRect | null = null;
  for (const [id, p] of before.piles) {
    if (id === to) continue;
    const now = Number(
      document.querySelector<HTMLElement>(`#board .pile[data-pile="${CSS.escape(id)}"]`)?.dataset.count,
    );
    if (!(now < p.count)) continue;
    const r = p.rects.get(card);
    if (r) return r;
    if (!down && p.cards.at(-1) === '??' && p.top) down = p.top;
  }
  return down;
}
