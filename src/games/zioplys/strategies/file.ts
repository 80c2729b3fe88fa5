import type { StrategyFile } from '../../../strategies/contract.js';
import { FilePlayer } from '../../../strategies/module.js';
import type { ZPosition } from '../position.js';
import { seatPlayers } from './public-view.js';

// A strategy file in a seat of Žioplys (docs/strategies.md). The page leaves a player one choice:
// which opponent's waste takes a card that fits several (the centre, when it fits, comes first).
// The engine asks the file only then, through the seat's public view (public-view.ts). Running
// a file needs Node, so this adapter is the shell's: it hands seatFiles to simulate (match.ts).

/** Puts this game's file players in their seats (`files[seat]`, null for a built-in): each
 *  gets create(ctx) before its first decision. `strategySeed` is theirs, never the deal's. */
export function seatFiles(
  g: ZPosition,
  files: readonly (StrategyFile | null)[],
  strategySeed: string,
  timeoutMs: number,
): void {
  seatPlayers(
    g,
    files.map((f, seat) =>
      f ? new FilePlayer(f, { game: 'zioplys', seed: `${strategySeed}:${seat}`, seat, players: g.n }, timeoutMs) : null,
    ),
  );
}
