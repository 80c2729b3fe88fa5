import { formatCard, makeCard } from '../../../cards/card.js';
import type { ContractPlayer, PublicMove } from '../../../strategies/contract.js';
import { formatMove, PILE_NAMES } from '../notation.js';
import { MAX_MOVES, PilPosition, plainCard } from '../position.js';
import { type PilView, loadView } from '../view.js';
import type { Strategy } from './strategy.js';

// A player's view as plain data (docs/strategies.md), what a player under the strategy contract
// sees (a strategy file, file.ts, or a program's own strategy object): the PilView (no order of
// either hand or of the face-down stock cards) with the rules page's names, and the legal moves
// in the page's notation.

export interface PilPublicMove extends PublicMove {
  /** The card moved, or null for "end" and "pass". */
  card: string | null;
  from: string | null;
  to: string | null;
}

export interface PilSide {
  /** Cards in the hand (face down; the own hand card, when turned up, counts too). */
  hand: number;
  /** Face-down cards at the bottom of the stock. */
  stockDown: number;
  /** The face-up part of the stock, bottom first (the last card is the top). */
  stockUp: string[];
  /** The waste, bottom first. */
  waste: string[];
  /** The cards of the hand and face-down stock together, sorted: a set, never their order. */
  hidden: string[];
}

export interface PilPublicView {
  game: 'pilstymas';
  /** The mover: "A" or "B" (this strategy). */
  seat: 'A' | 'B';
  /** `end` and `pass` moves made so far in the game. */
  turns: number;
  /** The own hand card, turned up, or null. */
  handCard: string | null;
  players: { A: PilSide; B: PilSide };
  /** A0..A3 (player A's), B0..B3 (player B's): each tableau pile, bottom first. */
  tableau: Record<string, string[]>;
  /** The top card of each started foundation. */
  foundations: string[];
  moves: PilPublicMove[];
}

const card = (id: number) => formatCard(plainCard(id));

function publicMove(m: number): PilPublicMove {
  const notation = formatMove(m);
  const p = /^(\S+) (\S+)>(\S+)$/.exec(notation);
  return p ? { notation, card: p[1], from: p[2], to: p[3] } : { notation, card: null, from: null, to: null };
}

export function publicView(v: PilView, legal: readonly number[]): PilPublicView {
  const side = (p: number): PilSide => ({
    hand: v.handCount[p],
    stockDown: v.stockDown[p],
    stockUp: v.stockUp[p].map(card),
    waste: v.waste[p].map(card),
    hidden: v.hidden[p].map(card),
  });
  const foundations: string[] = [];
  v.foundations.forEach((h, slot) => {
    if (h > 0) foundations.push(formatCard(makeCard(h, slot >> 1)));
  });
  return {
    game: 'pilstymas',
    seat: v.seat === 0 ? 'A' : 'B',
    turns: v.turns,
    handCard: v.handCard >= 0 ? card(v.handCard) : null,
    players: { A: side(0), B: side(1) },
    tableau: Object.fromEntries(PILE_NAMES.map((n, t) => [n, v.tableau[t].map(card)])),
    foundations,
    moves: legal.map(publicMove),
  };
}

/** A Strategy played by a player under the contract: the player gets the public view and names
 *  a move in notation, mapped back to the engine's move; choose() throws Forfeit when the player
 *  breaks the contract. */
export class ContractStrategy implements Strategy {
  private readonly pos = new PilPosition();
  private readonly buf = new Int32Array(MAX_MOVES);
  private made = 0;
  /** The turn count of the last view seen (for the row of a forfeited game). */
  turns = 0;

  constructor(private readonly player: ContractPlayer) {}

  get name(): string {
    return this.player.name;
  }

  choose(view: PilView): number {
    this.turns = view.turns;
    // Hidden cards load as UNKNOWN, which no move can name: the moves are those of the view.
    loadView(this.pos, view);
    const legal = Array.from(this.buf.subarray(0, this.pos.moves(this.buf)));
    this.made++;
    return legal[this.player.choose(publicView(view, legal), `its move ${this.made} (turn ${view.turns + 1})`)];
  }
}
