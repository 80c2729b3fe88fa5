import { parseCard } from '../../src/cards/card.js';
import type { BcDeal } from '../../src/games/besieged-city/deal.js';
import {
  CELL_NAMES,
  PILE_CAP,
  RANK,
  STOCK_SIZE,
  SUIT,
  TRENCHES,
  TRENCH_NAMES,
} from '../../src/games/besieged-city/layout.js';
import type { BcPosition } from '../../src/games/besieged-city/position.js';
import { acceptMask, type BcRules, NEIGHBOUR_MASK } from '../../src/games/besieged-city/rules.js';
import { BcSearch } from '../../src/games/besieged-city/search.js';

// Builds a position from a readable description, for small constructed problems with known
// answers. Unlike a deal, it need not hold all 104 cards: cards "on the foundations" are implied
// by the heights, and cards missing entirely simply do not exist in that problem.

export interface PositionSpec {
  /** Cell name -> card, e.g. { r0c0: 'KS' }; other cells are empty. */
  reserve?: Record<string, string>;
  /** Trench name -> pile, bottom first, e.g. { N0: ['AS', 'KS'] }; other trenches are empty. */
  trenches?: Record<string, string[]>;
  /** Foundation heights by suit letter, e.g. { S: 3 } (A, K, 2 of spades played). */
  found?: Partial<Record<'S' | 'H' | 'D' | 'C', number>>;
  /** Stock cards still face down, the next one first. */
  stock?: string[];
  /** Talon, bottom first. */
  talon?: string[];
  /** The rule variant (default: the default reading). */
  rules?: BcRules;
}

/** Whether card `c` may go onto a top card `d` under the default reading (rule II, either
 *  order, no direction). */
export const fitsOn = (c: number, d: number): boolean =>
  d >= 0 && SUIT[c] === SUIT[d] && ((NEIGHBOUR_MASK.either[RANK[d]] >> RANK[c]) & 1) === 1;

/** Whether card `c` may go onto pile t of the position (rule II under its variant): not onto an
 *  empty pile. */
function fits(pos: BcPosition, c: number, t: number): boolean {
  const n = pos.plen[t];
  if (n === 0) return false;
  const base = t * PILE_CAP + n - 1,
    piles = pos.piles;
  if (SUIT[c] !== SUIT[piles[base]]) return false;
  const accept = acceptMask(
    pos.rules.trenchOrder,
    n,
    n > 2 ? RANK[piles[base - 2]] : 0,
    n > 1 ? RANK[piles[base - 1]] : 0,
    RANK[piles[base]],
  );
  return ((accept >> RANK[c]) & 1) === 1;
}

const card = (s: string) => {
  const c = parseCard(s);
  if (c < 0) throw new Error(`setupPosition: bad card ${s}`);
  return c;
};

/** The position of `spec` in a new game of class Game (default BcSearch). */
export function setupPosition(spec: PositionSpec, Game: new (deal: BcDeal) => BcSearch = BcSearch): BcSearch {
  const talon = (spec.talon ?? []).map(card),
    stock = (spec.stock ?? []).map(card);
  if (talon.length + stock.length > STOCK_SIZE) throw new Error('setupPosition: talon + stock exceed 78');
  // Dealt cards (talon) sit before the stock pointer in deal order, as in play.
  const order = new Array<number>(STOCK_SIZE).fill(0);
  const sp = STOCK_SIZE - stock.length;
  talon.forEach((c, i) => (order[sp - talon.length + i] = c));
  stock.forEach((c, i) => (order[sp + i] = c));
  const g = new Game({
    reserve: new Array(12).fill(0),
    trenches: new Array(14).fill(0),
    stock: order,
    ...(spec.rules ? { rules: spec.rules } : {}),
  });
  g.pos.reserve.fill(-1);
  for (const [name, c] of Object.entries(spec.reserve ?? {})) {
    const i = CELL_NAMES.indexOf(name);
    if (i < 0) throw new Error(`setupPosition: bad cell ${name}`);
    g.pos.reserve[i] = card(c);
  }
  for (let t = 0; t < TRENCHES; t++) g.pos.setPile(t, []);
  for (const [name, cards] of Object.entries(spec.trenches ?? {})) {
    const t = TRENCH_NAMES.indexOf(name);
    if (t < 0) throw new Error(`setupPosition: bad trench ${name}`);
    const pile = cards.map(card);
    for (let i = 1; i < pile.length; i++) {
      g.pos.setPile(t, pile.slice(0, i));
      if (!fits(g.pos, pile[i], t))
        throw new Error(`setupPosition: ${cards[i]} cannot lie on ${cards.slice(0, i).join(' ')}`);
    }
    g.pos.setPile(t, pile);
  }
  for (const [s, h] of Object.entries(spec.found ?? {})) g.pos.found['SHDC'.indexOf(s)] = h;
  g.pos.foundTotal = g.pos.found.reduce((a, b) => a + b, 0);
  g.pos.sp = sp;
  for (let i = 0; i < talon.length; i++) g.pos.pushTalon(sp - talon.length + i);
  return g;
}
