import type { PilView } from '../view.js';

/** A way of playing Pilstymas from one seat. It sees a PilView only (view.ts) and rebuilds a
 *  position from it, with hidden cards UNKNOWN or dealt at random from what the view allows. */
export interface Strategy {
  readonly name: string;
  /** A legal move for view.seat, who is to move. */
  choose(view: PilView): number;
}
