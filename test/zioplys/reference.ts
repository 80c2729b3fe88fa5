// A slow, plain reference implementation of the rules page, written separately from the engine
// (arrays, shift/push, a Map of every position seen) so the tests can compare the two.
import { isRed, rankOf } from '../../src/cards/card.js';
import type { ZDeal } from '../../src/games/zioplys/deal.js';
import type { Variant } from '../../src/games/zioplys/position.js';

export interface RefResult {
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
  const n = deal.players;
  const res = deal.reserves.map((r) => [...r]); // top first
  const waste: number[][] = deal.reserves.map(() => []); // bottom first
  let centre = deal.start,
    centrePlays = 0,
    turns = 0;
  const out: number[] = [];
  const inGame = (s: number) => res[s].length + waste[s].length > 0 && !out.includes(s);
  const next = (r: number) => (r === 13 ? (variant.wrap ? 1 : -1) : r + 1);
  const fitsCentre = (c: number) =>
    rankOf(c) === next(rankOf(centre)) && (!variant.alternateColours || isRed(c) !== isRed(centre));
  const fitsWaste = (top: number, c: number) => rankOf(c) === next(rankOf(top)) || rankOf(top) === next(rankOf(c));
  const dest = (i: number, c: number): number | 'C' | null => {
    if (fitsCentre(c)) return 'C';
    let best: number | null = null;
    for (let k = 1; k < n; k++) {
      const j = (i - k + n) % n;
      const w = waste[j];
      if (w.length && fitsWaste(w[w.length - 1], c)) {
        if (!spiteful) return j;
        if (best === null || res[j].length + w.length < res[best].length + waste[best].length) best = j;
      }
    }
    return best;
  };
  const put = (c: number, d: number | 'C') => {
    if (d === 'C') {
      centre = c;
      centrePlays++;
    } else waste[d].push(c);
  };
  const turnOver = (s: number) => {
    const top = waste[s].pop()!;
    res[s] = waste[s];
    waste[s] = [top];
  };
  let over = false;
  const checkOut = (s: number) => {
    if (res[s].length === 0 && waste[s].length === 0 && !out.includes(s)) {
      out.push(s);
      if (out.length === n - 1) over = true;
      return true;
    }
    return false;
  };
  const turn = (i: number) => {
    if (res[i].length === 0 && waste[i].length >= 2) turnOver(i);
    for (;;) {
      while (waste[i].length) {
        const c = waste[i][waste[i].length - 1];
        const d = dest(i, c);
        if (d === null) break;
        waste[i].pop();
        put(c, d);
        if (checkOut(i)) return;
      }
      if (res[i].length === 0) return;
      const c = res[i].shift()!;
      const d = dest(i, c);
      if (d === null) {
        waste[i].push(c);
        return;
      }
      put(c, d);
      if (checkOut(i)) return;
      if (res[i].length === 0 && waste[i].length >= 2) turnOver(i);
    }
  };
  const seen = new Map<string, number>();
  let toMove = 0;
  const key = () => JSON.stringify([toMove, centre, res, waste]);
  seen.set(key(), 0);
  for (;;) {
    turn(toMove);
    if (over) break;
    do toMove = (toMove + 1) % n;
    while (!inGame(toMove));
    turns++;
    const k = key();
    const before = seen.get(k);
    if (before !== undefined)
      return {
        outcome: 'cycle',
        loser: null,
        outOrder: out,
        turns,
        centrePlays,
        firstRepeat: turns,
        cycleLength: turns - before,
      };
    seen.set(k, turns);
  }
  const loser = [...Array(n).keys()].find((s) => !out.includes(s))!;
  return { outcome: 'loser', loser, outOrder: out, turns, centrePlays, firstRepeat: 0, cycleLength: 0 };
}
