import seedrandom from 'seedrandom';
import { DEAD, type SearchGame } from '../../src/search/types.js';

/** A game on an explicit directed graph, built like a patience's: levels of `width` states; from
 *  each state three seeded moves to the next level (transpositions everywhere) and one to its twin
 *  on the same level and back (cycles); a quarter of the states proved dead. Paths stay short, so
 *  the table can always hold the current one. Its truth is a breadth-first reachability.
 *  With `deadEnds` a dead state has no moves, so it is truly lost and a proof that misses it
 *  (`missProofs`: its deadness is seen only when it is entered from an even-numbered state, like
 *  an incremental proof that judges only what the last move changed) costs nodes, never a
 *  verdict. */
export class Graph implements SearchGame {
  readonly maxMoves = 4;
  readonly maxKeyWords = 1;
  readonly succ: Int32Array[] = [];
  readonly deadAt: Uint8Array;
  private readonly path: number[] = [0];
  goal = -1;
  /** The capability object: DeadTestCalls.deadFirst, for the tests of both orders. */
  readonly extras: { deadFirst: boolean } = { deadFirst: false };
  missProofs = false;
  constructor(
    readonly levels: number,
    readonly width: number,
    seed: string,
    readonly deadEnds = false,
  ) {
    const rng = seedrandom(seed),
      n = levels * width;
    this.deadAt = new Uint8Array(n);
    for (let s = 0; s < n; s++) {
      const level = Math.floor(s / width),
        i = s % width;
      const out: number[] = [];
      if (level + 1 < levels) for (let j = 0; j < 3; j++) out.push((level + 1) * width + Math.floor(rng() * width));
      if ((i ^ 1) < width) out.push(level * width + (i ^ 1));
      this.succ.push(Int32Array.from(out));
      this.deadAt[s] = s > 0 && rng() < 0.25 ? 1 : 0;
    }
  }
  get at(): number {
    return this.path[this.path.length - 1];
  }
  moves(out: Int32Array, offset: number): number {
    if (this.deadEnds && this.deadAt[this.at]) return 0;
    const s = this.succ[this.at];
    for (let j = 0; j < s.length; j++) out[offset + j] = s[j];
    return s.length;
  }
  make(m: number): void {
    this.path.push(m);
  }
  unmake(): void {
    this.path.pop();
  }
  key(out: Uint32Array): number {
    out[0] = this.at;
    return 1;
  }
  won(): boolean {
    return this.at === this.goal;
  }
  lowerBound(): number {
    if (this.won()) return 0;
    const seen = this.deadAt[this.at] === 1 && (!this.missProofs || this.path[this.path.length - 2] % 2 === 0);
    return seen ? DEAD : 1;
  }
  formatMove(m: number): string {
    return String(m);
  }
  /** The states a search can reach (dead ones are reached, never left). */
  reachable(): Uint8Array {
    const seen = new Uint8Array(this.succ.length),
      queue = [0];
    seen[0] = 1;
    while (queue.length) {
      const s = queue.pop()!;
      if (this.deadAt[s]) continue;
      for (const t of this.succ[s])
        if (!seen[t]) {
          seen[t] = 1;
          queue.push(t);
        }
    }
    return seen;
  }
}
