import { FilePlayer, type StrategyFile } from '../../../strategies/module.js';
import type { FileStrategyMaker } from './index.js';
import { ContractStrategy } from './public-view.js';

// A strategy file playing Pilstymas (docs/strategies.md): the contract's adapter
// (public-view.ts) with a player that runs the file in a process of its own. Running a file
// needs Node, so this is the shell's: it passes fileStrategies to strategyFor (index.ts).

/** A strategy file in one seat of one game. */
export class FileStrategy extends ContractStrategy {
  constructor(file: StrategyFile, seed: string, seat: number, timeoutMs: number) {
    super(new FilePlayer(file, { game: 'pilstymas', seed, seat, players: 2 }, timeoutMs));
  }
}

/** The shell's way to play strategy files (strategyFor in index.ts), each decision limited to
 *  `timeoutMs`. */
export const fileStrategies =
  (timeoutMs: number): FileStrategyMaker =>
  (file, seed, seat) =>
    new FileStrategy(file, seed, seat, timeoutMs);
