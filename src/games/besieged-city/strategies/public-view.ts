import { formatCard, RANKS, SUITS } from '../../../cards/card.js';
import type { ContractPlayer, PublicMove } from '../../../strategies/contract.js';
import { CELL_NAMES, PLAY_ORDER, TRENCH_NAMES } from '../layout.js';
import { type BcView, formatViewMove } from '../view.js';
import type { Strategy } from './strategy.js';

// A player under the strategy contract (docs/strategies.md) playing Besieged City: a strategy
// file (file.ts) or a program's own strategy object. The adapter copies the BcView the referee
// made (no stock order in it) into plain data with the rules page's names, and maps the
// notation the player chooses back to the engine's move. Only such players pay for this copy;
// the built-ins read the BcView's typed arrays directly.

interface BcPublicMove extends PublicMove {
  /** The card moved, or null for "deal" (the next stock card is not known until it is turned). */
  card: string | null;
  from: string;
  to: string | null;
}

interface BcPublicView {
  game: 'besieged-city';
  /** The number of the move being chosen (1 = the first move of the game). */
  move: number;
  /** r0c0..r3c2: the card in each reserve cell, or null when it is empty. */
  reserve: Record<string, string | null>;
  /** N0..W3: each trench pile, bottom first (the last card is the top). */
  trenches: Record<string, string[]>;
  /** The talon, bottom first (every card of it was seen when it was dealt). */
  talon: string[];
  /** Per suit S H D C: cards on the foundation (0..26) and the card it takes next, or null. */
  foundations: Record<string, { cards: number; next: string | null }>;
  /** Face-down stock cards left: a count, never their order. */
  stock: number;
  /** The cards not in sight (both packs less every visible and foundation card), sorted: what a
   *  player who counts cards knows the stock holds, as a set. */
  unseen: string[];
  /** The card just dealt, awaiting "stock>F" or "stock>talon", or null. */
  dealt: string | null;
  /** The empty trench that the next move must fill (rule IV), or null. */
  pending: string | null;
  moves: BcPublicMove[];
}

function publicMove(m: number): BcPublicMove {
  const notation = formatViewMove(m);
  const p = /^(\S+) (\S+)>(\S+)$/.exec(notation);
  return p ? { notation, card: p[1], from: p[2], to: p[3] } : { notation, card: null, from: 'stock', to: null };
}

export function publicView(v: BcView, legal: readonly number[]): BcPublicView {
  const card = (c: number) => (c < 0 ? null : formatCard(c));
  return {
    game: 'besieged-city',
    move: v.ply + 1,
    reserve: Object.fromEntries(CELL_NAMES.map((n, i) => [n, card(v.reserve[i])])),
    trenches: Object.fromEntries(TRENCH_NAMES.map((n, t) => [n, v.piles[t].map((c) => formatCard(c))])),
    talon: v.talon.map((c) => formatCard(c)),
    foundations: Object.fromEntries(
      [...SUITS].map((s, i) => {
        const h = v.found[i];
        return [s, { cards: h, next: h < 26 ? `${RANKS[PLAY_ORDER[h] - 1]}${s}` : null }];
      }),
    ),
    stock: v.stockLeft,
    unseen: v.unseen().map((c) => formatCard(c)),
    dealt: card(v.dealt),
    pending: v.pending >= 0 ? TRENCH_NAMES[v.pending] : null,
    moves: legal.map(publicMove),
  };
}

/** A Strategy played by a player under the contract: its choose() throws Forfeit when the player
 *  breaks the contract (a throw, a move not offered, too slow). */
export class ContractStrategy implements Strategy {
  constructor(private readonly player: ContractPlayer) {}

  get name(): string {
    return this.player.name;
  }

  start(view: BcView): void {
    this.player.start(publicView(view, view.legal()), `move ${view.ply + 1}`);
  }

  choose(view: BcView): number {
    const legal = view.legal();
    return legal[this.player.choose(publicView(view, legal), `move ${view.ply + 1}`)];
  }
}
