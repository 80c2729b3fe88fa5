import { formatCard } from '../../../cards/card.js';
import { FilePlayer, type PublicMove, type StrategyFile } from '../../../strategies/module.js';
import type { ZGame } from '../position.js';

// A strategy file in a seat of Žioplys (docs/strategies.md). The page leaves a player one choice:
// which opponent's waste takes a card that fits several (the centre, when it fits, comes first).
// The engine asks the file only then, through a plain-data view of what the seat sees: the
// centre, every waste (face up), and how many face-down reserve cards each seat holds.

export interface ZPublicMove extends PublicMove {
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

export function publicView(g: ZGame, seat: number, c: number, seats: readonly number[]): ZPublicView {
  const card = formatCard(c);
  const from = g.wasteTop(seat) === c ? `W${seat}` : 'R';
  return {
    game: 'zioplys',
    seat,
    players: g.n,
    turn: g.turns + 1,
    card,
    from,
    centre: { top: formatCard(g.centreTop), cards: g.centreCount },
    reserves: Array.from({ length: g.n }, (_, s) => g.rlen[s]),
    wastes: Array.from({ length: g.n }, (_, s) => g.wasteOf(s).map((x) => formatCard(x))),
    out: Array.from(g.outOrder.subarray(0, g.outCount)),
    moves: seats.map((s) => ({ notation: `${card} ${from}>W${s}`, to: `W${s}`, seat: s })),
  };
}

/** Puts this game's file players in their seats (`files[seat]`, null for a built-in): each
 *  gets create(ctx) before its first decision. `strategySeed` is theirs, never the deal's. */
export function seatFiles(g: ZGame, files: readonly (StrategyFile | null)[], strategySeed: string, timeoutMs: number): void {
  if (!files.some((f) => f !== null)) {
    g.external = null;
    return;
  }
  const players = files.map((f, seat) => (f ? new FilePlayer(f, { game: 'zioplys', seed: `${strategySeed}:${seat}`, seat, players: g.n }, timeoutMs) : null));
  g.external = (seat, c, seats) => seats[players[seat]!.choose(publicView(g, seat, c, seats), `turn ${g.turns + 1}`)];
}
