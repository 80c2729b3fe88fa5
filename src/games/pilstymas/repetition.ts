import { grown } from '../../search/grow.js';
import { type PilPosition, SNAPSHOT_MAX } from './position.js';

// Draw by repetition (rules page, [D] Repetition): the whole position at the start of a turn is
// remembered; its third occurrence ends the game. Exact: positions are found by Zobrist key
// and then compared byte for byte (PilPosition.snapshot), so a key collision cannot end a game.
// Cheap: one snapshot per turn, and everything is forgotten when a card reaches a foundation
// or a stock card is turned up (PilPosition.progress), since no earlier position can recur.

export const REPETITION_LIMIT = 3;

export class RepetitionTable {
  private store = new Uint8Array(1 << 14);
  private used = 0;
  /** key -> offsets of snapshots in `store` (one per distinct position) and their counts. */
  private byKey = new Map<number, number[]>();
  private counts: number[] = [];
  private mark = Number.NaN;
  private tmp = new Uint8Array(SNAPSHOT_MAX);

  clear(): void {
    this.used = 0;
    this.byKey.clear();
    this.counts.length = 0;
  }

  /** Records pos (at the start of a turn) and returns how often it has occurred so far,
   *  this time included. */
  add(pos: PilPosition): number {
    const mark = pos.progress();
    if (mark !== this.mark) {
      this.clear();
      this.mark = mark;
    }
    const len = pos.snapshot(this.tmp, 0);
    const key = pos.key();
    let list = this.byKey.get(key);
    if (list) {
      for (let j = 0; j < list.length; j += 2) {
        const at = list[j];
        if (this.same(at, len)) return ++this.counts[list[j + 1]];
      }
    } else this.byKey.set(key, (list = []));
    if (this.used + len + 1 > this.store.length) this.store = grown(this.store, this.used + len + 1);
    const at = this.used;
    this.store[at] = len;
    this.store.set(this.tmp.subarray(0, len), at + 1);
    this.used += len + 1;
    list.push(at, this.counts.length);
    this.counts.push(1);
    return 1;
  }

  private same(at: number, len: number): boolean {
    if (this.store[at] !== len) return false;
    const s = this.store,
      t = this.tmp;
    for (let i = 0; i < len; i++) if (s[at + 1 + i] !== t[i]) return false;
    return true;
  }
}
