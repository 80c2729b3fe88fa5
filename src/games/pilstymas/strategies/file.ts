import { FilePlayer, type StrategyFile } from '../../../strategies/module.js';
import { MAX_MOVES, PilPosition } from '../position.js';
import { type PilView, loadView } from '../view.js';
import type { FileStrategyMaker } from './index.js';
import { publicView } from './public-view.js';
import type { Strategy } from './strategy.js';

// A strategy file playing Pilstymas (docs/strategies.md). The adapter hands the file the public
// view (public-view.ts) and maps the notation it chooses back to the engine's move. Only file
// strategies pay for this; the built-ins read the PilView. Running a file needs Node, so this
// adapter is the shell's: it passes fileStrategies to strategyFor (index.ts).

/** A strategy file in one seat of one game. */
export class FileStrategy implements Strategy {
  private readonly player: FilePlayer;
  private readonly pos = new PilPosition();
  private readonly buf = new Int32Array(MAX_MOVES);
  private made = 0;
  /** The turn count of the last view seen (for the row of a forfeited game). */
  turns = 0;

  constructor(file: StrategyFile, seed: string, seat: number, timeoutMs: number) {
    this.player = new FilePlayer(file, { game: 'pilstymas', seed, seat, players: 2 }, timeoutMs);
  }

  get name(): string {
    return this.player.name;
  }

  /** Throws Forfeit when the file breaks the contract (a throw, a move not offered, too slow). */
  choose(view: PilView): number {
    this.turns = view.turns;
    // Hidden cards load as UNKNOWN, which no move can name: the moves are those of the view.
    loadView(this.pos, view);
    const legal = Array.from(this.buf.subarray(0, this.pos.moves(this.buf)));
    this.made++;
    return legal[this.player.choose(publicView(view, legal), `its move ${this.made} (turn ${view.turns + 1})`)];
  }
}

/** The shell's way to play strategy files (strategyFor in index.ts), each decision limited to
 *  `timeoutMs`. */
export const fileStrategies =
  (timeoutMs: number): FileStrategyMaker =>
  (file, seed, seat) =>
    new FileStrategy(file, seed, seat, timeoutMs);
