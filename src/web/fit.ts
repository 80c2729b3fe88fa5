import type { PageLayout, PagePile } from './plugin.js';

// How big the cards of the play page are, and where each pile goes: the layout's grid sized so
// that the whole board fits the felt, with cards as large as that allows. Pure arithmetic (the
// page hands it the felt's size and each pile's number of cards), so the same numbers come out
// in a browser and in a test.
//
// A fanned pile gets room along its fan (PagePile.extent card lengths, 1.5 by default); its cards
// are spread over that room, each covered card showing a strip with its index, and squeezed
// down to a strip just wide enough to read the index before the pile takes more room than it
// was given. Only then do all the cards get smaller: cards keep their size while piles come and
// go within their room.

/** The card's height over its width (a little under a real card's 1.4, to fit a board of
 *  six rows on a screen 800 pixels high). */
const RATIO = 1.36;
/** A pile's label line above (or below) its cards, in pixels. */
export const LABEL = 14;
const PAD = 6;
const MIN_CW = 20;
const MAX_CW = 130;

/** The cards' size and what follows from it: the index's type size and the strips of covered
 *  cards in a fan (the least that shows an index, and the spread a pile has when there is room). */
export interface CardSize {
  cw: number;
  ch: number;
  font: number;
  /** The labels' type size. */
  label: number;
  /** Strips of a pile fanned up or down (the index on one line). */
  minStepV: number;
  stepV: number;
  /** Strips of a pile fanned left or right (rank over suit). */
  minStepH: number;
  stepH: number;
}

export function cardSize(cw: number): CardSize {
  const ch = Math.round(cw * RATIO);
  const font = Math.max(10, Math.min(18, Math.round(cw * 0.19)));
  return {
    cw,
    ch,
    font,
    label: Math.max(9, Math.min(12, Math.round(cw * 0.21))),
    minStepV: font + 4,
    stepV: Math.max(font + 4, Math.round(ch * 0.26)),
    minStepH: Math.round(font * 1.25) + 5,
    stepH: Math.max(Math.round(font * 1.25) + 5, Math.round(cw * 0.42)),
  };
}

/** A pile placed: the box its cards lie in (its size along and across its fan), and the step
 *  from one card to the next along the fan (0 for a pile showing its top card only). */
export interface PlacedPile {
  pile: PagePile;
  width: number;
  height: number;
  step: number;
}

export interface Fit {
  size: CardSize;
  /** The grid's tracks, in pixels. */
  columns: number[];
  rows: number[];
  gapX: number;
  gapY: number;
  /** The board's size, padding included. */
  width: number;
  height: number;
  piles: PlacedPile[];
}

const horizontal = (p: PagePile) => p.fan === 'left' || p.fan === 'right';
const vertical = (p: PagePile) => p.fan === 'up' || p.fan === 'down';

/** The board of `layout` with cards `cw` wide, piles holding `counts` cards (by id). */
export function place(layout: PageLayout, counts: Record<string, number>, cw: number, room: { width: number }): Fit {
  const size = cardSize(cw);
  const { ch } = size;
  const gapX = room.width < 600 ? 4 : Math.max(6, Math.min(12, Math.round(cw * 0.12)));
  const gapY = 4;
  const columns = new Array<number>(layout.columns).fill(0);
  const rows = new Array<number>(layout.rows).fill(0);
  // The length along its fan a pile needs: its room, or more when its strips at their least
  // still do not fit.
  const along = (p: PagePile): number => {
    const n = Math.max(1, counts[p.id] ?? 0);
    if (horizontal(p)) return Math.max((p.extent ?? 1.5) * cw, cw + (n - 1) * size.minStepH);
    if (vertical(p)) return Math.max((p.extent ?? 1.5) * ch, ch + (n - 1) * size.minStepV);
    return cw;
  };
  for (const p of layout.piles) {
    const span = p.span ?? 1;
    if (span === 1) columns[p.column] = Math.max(columns[p.column], horizontal(p) ? along(p) : cw);
    else for (let c = p.column; c < p.column + span; c++) columns[c] = Math.max(columns[c], cw);
    rows[p.row] = Math.max(rows[p.row], LABEL + (vertical(p) ? along(p) : ch));
  }
  const spanWidth = (p: PagePile) =>
    columns.slice(p.column, p.column + (p.span ?? 1)).reduce((a, b) => a + b, 0) + gapX * ((p.span ?? 1) - 1);
  // A fan over several columns that outgrows them widens them alike (the board grows, and so
  // gets smaller cards, rather than the fan running into its neighbour).
  for (const p of layout.piles) {
    const span = p.span ?? 1;
    const short = horizontal(p) && span > 1 ? along(p) - spanWidth(p) : 0;
    if (short > 0) for (let c = p.column; c < p.column + span; c++) columns[c] += Math.ceil(short / span);
  }
  const piles = layout.piles.map((p): PlacedPile => {
    const n = counts[p.id] ?? 0;
    if (horizontal(p)) {
      const width = (p.span ?? 1) > 1 ? spanWidth(p) : columns[p.column];
      return { pile: p, width, height: ch, step: spread(n, width - cw, size.minStepH, size.stepH) };
    }
    if (vertical(p)) {
      const height = rows[p.row] - LABEL;
      return { pile: p, width: cw, height, step: spread(n, height - ch, size.minStepV, size.stepV) };
    }
    return { pile: p, width: cw, height: ch, step: 0 };
  });
  const width = columns.reduce((a, b) => a + b, 0) + gapX * (layout.columns - 1) + 2 * PAD;
  const height = rows.reduce((a, b) => a + b, 0) + gapY * (layout.rows - 1) + 2 * PAD;
  return { size, columns, rows, gapX, gapY, width, height, piles };
}

/** The step between n cards spread over `room` pixels past the first: as wide as room allows
 *  up to `most`, never below `least`. */
function spread(n: number, room: number, least: number, most: number): number {
  if (n <= 1) return 0;
  return Math.max(least, Math.min(most, Math.floor(room / (n - 1))));
}

/** The largest cards with which the board fits `room` (the felt's inside, in pixels); the
 *  smallest when none does. Tried from the largest down: with small cards a long fan's strips,
 *  which keep a readable size, may no longer fit where larger cards do. */
export function fitBoard(
  layout: PageLayout,
  counts: Record<string, number>,
  room: { width: number; height: number },
): Fit {
  for (let cw = MAX_CW; cw > MIN_CW; cw--) {
    const f = place(layout, counts, cw, room);
    if (f.width <= room.width && f.height <= room.height) return f;
  }
  return place(layout, counts, MIN_CW, room);
}

/** The layout, of the game's one or two, whose board fits with the larger cards. */
export function bestFit(
  layouts: readonly PageLayout[],
  counts: Record<string, number>,
  room: { width: number; height: number },
): { layout: PageLayout; fit: Fit } {
  let best: { layout: PageLayout; fit: Fit } | null = null;
  for (const layout of layouts) {
    const f = fitBoard(layout, counts, room);
    if (!best || f.size.cw > best.fit.size.cw) best = { layout, fit: f };
  }
  return best!;
}
