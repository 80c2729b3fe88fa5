// A slow, plain reference implementation of the rules page, written separately from the engine
// (arrays, shift/push, a Map of every position seen) so the tests can compare the two.
import { isRed, rankOf } from '../../src/cards/card.js';
import type { ZDeal } from '../../src/games/zioplys/deal.js';
import type { Variant } from '../../src/games/zioplys/position.js';

interface RefResult {
  outcome: 'loser' | 'cycle';
  loser: number | null;
  outOrder: number[];
  turns: number;
  centrePlays: number;
  /** With a cycle: the turn at which the first repeated position appeared, and the period. */
  firstRepeat: number;
  cycleLength: number;
}

export function referencePlay(deal: ZDeal, variant: Variant, spiteful = false): RefResult {
  const g = new RefGame(deal, variant, spiteful);
  const n = deal.players;
  let toMove = 0,
    turns = 0;
  const seen = new Map<string, number>();
  const key = () => JSON.stringify([toMove, g.centre, g.res, g.waste]);
  seen.set(key(), 0);
  for (;;) {
    g.turn(toMove);
    if (g.over) break;
    do toMove = (toMove + 1) % n;
    while (!g.inGame(toMove));
    turns++;
    const k = key();
    const before = seen.get(k);
    if (before !== undefined)
      return {
        outcome: 'cycle',
        loser: null,
        outOrder: g.out,
        turns,
        centrePlays: g.centrePlays,
        firstRepeat: turns,
        cycleLength: turns - before,
      };
    seen.set(k, turns);
  }
  const loser = [...Array(n).keys()].find((s) => !g.out.includes(s))!;
  return {
    outcome: 'loser',
    loser,
    outOrder: g.out,
    turns,
    centrePlays: g.centrePlays,
    firstRepeat: 0,
    cycleLength: 0,
  };
}

/** The piles of a reference game as plain arrays, and the rules of a turn. */
class RefGame {
  private readonly n: number;
  /** Reserves top first, wastes bottom first. */
  readonly res: number[][];
  readonly waste: number[][];
  centre: number;
  centrePlays = 0;
  readonly out: number[] = [];
  over = false;

  constructor(
    deal: ZDeal,
    private readonly variant: Variant,
    private readonly spiteful: boolean,
  ) {
    this.n = deal.players;
    this.res = deal.reserves.map((r) => [...r]);
    this.waste = deal.reserves.map(() => []);
    this.centre = deal.start;
  }

  inGame(s: number): boolean {
    return this.res[s].length + this.waste[s].length > 0 && !this.out.includes(s);
  }

  private next(r: number): number {
    return r === 13 ? (this.variant.wrap ? 1 : -1) : r + 1;
  }

  private fitsCentre(c: number): boolean {
    const centre = this.centre;
    return rankOf(c) === this.next(rankOf(centre)) && (!this.variant.alternateColours || isRed(c) !== isRed(centre));
  }

  private fitsWaste(top: number, c: number): boolean {
    return rankOf(c) === this.next(rankOf(top)) || rankOf(top) === this.next(rankOf(c));
  }

  private dest(i: number, c: number): number | 'C' | null {
    if (this.fitsCentre(c)) return 'C';
    const { n, res, waste } = this;
    let best: number | null = null;
    for (let k = 1; k < n; k++) {
      const j = (i - k + n) % n;
      const w = waste[j];
      if (w.length && this.fitsWaste(w[w.length - 1], c)) {
        if (!this.spiteful) return j;
        if (best === null || res[j].length + w.length < res[best].length + waste[best].length) best = j;
      }
    }
    return best;
  }

  private put(c: number, d: number | 'C'): void {
    if (d === 'C') {
      this.centre = c;
      this.centrePlays++;
    } else this.waste[d].push(c);
  }

  private turnOver(s: number): void {
    const top = this.waste[s].pop()!;
    this.res[s] = this.waste[s];
    this.waste[s] = [top];
  }

  private checkOut(s: number): boolean {
    if (this.res[s].length === 0 && this.waste[s].length === 0 && !this.out.includes(s)) {
      this.out.push(s);
      if (this.out.length === this.n - 1) this.over = true;
      return true;
    }
    return false;
  }

  turn(i: number): void {
    const { res, waste } = this;
    if (res[i].length === 0 && waste[i].length >= 2) this.turnOver(i);
    for (;;) {
      while (waste[i].length) {
        const c = waste[i][waste[i].length - 1];
        const d = this.dest(i, c);
        if (d === null) break;
        waste[i].pop();
        this.put(c, d);
        if (this.checkOut(i)) return;
      }
      if (res[i].length === 0) return;
      const c = res[i].shift()!;
      const d = this.dest(i, c);
      if (d === null) {
        waste[i].push(c);
        return;
      }
      this.put(c, d);
      if (this.checkOut(i)) return;
      if (res[i].length === 0 && waste[i].length >= 2) this.turnOver(i);
    }
  }
}
