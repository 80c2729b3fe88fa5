import { formatCard } from '../../../cards/card.js';
import type { ContractPlayer, PublicMove } from '../../../strategies/contract.js';
import { type ZPosition, wasteOf } from '../position.js';

// What a seat sees when it has a choice to make, as plain data (docs/strategies.md): the centre,
// every waste (face up), and how many face-down reserve cards each seat holds. Players under the
// strategy contract are asked through it: strategy files (file.ts) and a program's own strategy
// objects.

interface ZPublicMove extends PublicMove {
  /** The waste that takes the card, "W<seat>", and that seat. */
  to: string;
  seat: number;
}

export interface ZPublicView {
  game: 'zioplys';
  seat: number;
  players: number;
  /** The turn being played (1 = the first). */
  turn: number;
  /** The card to place, and where it comes from: "R" (turned up from the own reserve) or "W<seat>"
   *  (the own waste top). */
  card: string;
  from: string;
  centre: { top: string; cards: number };
  /** Per seat: face-down reserve cards (a count, never their order). */
  reserves: number[];
  /** Per seat: the waste, bottom first (the last card is the top). */
  wastes: string[][];
  /** Seats that are out, in the order they went out. */
  out: number[];
  moves: ZPublicMove[];
}

export function publicView(g: ZPosition, seat: number, c: number, seats: readonly number[]): ZPublicView {
  const card = formatCard(c);
  const own = wasteOf(g, seat);
  const from = own[own.length - 1] === c ? `W${seat}` : 'R';
  return {
    game: 'zioplys',
    seat,
    players: g.n,
    turn: g.turns + 1,
    card,
    from,
    centre: { top: formatCard(g.centreTop), cards: g.centreCount },
    reserves: Array.from({ length: g.n }, (_, s) => g.rlen[s]),
    wastes: Array.from({ length: g.n }, (_, s) => wasteOf(g, s).map((x) => formatCard(x))),
    out: Array.from(g.outOrder.subarray(0, g.outCount)),
    moves: seats.map((s) => ({ notation: `${card} ${from}>W${s}`, to: `W${s}`, seat: s })),
  };
}

/** Puts players under the contract in their seats (`players[seat]`, null for a built-in): the
 *  engine asks a seat's player through its public view when the seat has a choice. */
export function seatPlayers(g: ZPosition, players: readonly (ContractPlayer | null)[]): void {
  if (!players.some((p) => p !== null)) {
    g.seats.external = null;
    return;
  }
  g.seats.external = (seat, c, seats) =>
    seats[players[seat]!.choose(publicView(g, seat, c, seats), `turn ${g.turns + 1}`)];
}
