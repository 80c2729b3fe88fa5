import type { AutoPolicy } from './policy.js';
import { solve } from './solve.js';
import { StateTable } from './table.js';
import type { SearchGame } from './types.js';

// How narrow the way through a deal is, for a game whose cards are all visible: along a winning
// line, every legal move at every step is tried, and the position after it is solved under a
// node budget. A step's share is the part of its legal moves that keep the deal winnable. A
// probe that hits its budget is "unknown" and counted as such (the share is then a range: the
// unknown moves as losing for the low end, as winning for the high end), never as lost.
//
// Each position is decided once: a found line makes every position along it winnable, and an
// exhausted search makes its position lost, so the siblings and later steps that meet them
// again (moves commute often) cost no search.

interface NarrowStep {
  /** Legal moves at this step. */
  legal: number;
  /** Of them: the position after the move is winnable (a line was found, or the move is the
   *  line's own), proved lost (an exhausted search), or undecided at the budget. */
  winnable: number;
  lost: number;
  unknown: number;
}

interface Narrowness {
  steps: NarrowStep[];
  /** Probes run (positions not known before). */
  probes: number;
  /** Nodes all probes took. */
  nodes: number;
}

interface NarrowOptions {
  /** Node budget of each probe (no time limit: verdicts are the same on every machine). */
  maxNodes: number;
  /** Memory of each probe's search (default 64 MiB: probes are small). */
  memoryBytes?: number;
  policy?: Partial<AutoPolicy>;
}

const keyText = (key: Uint32Array, n: number): string => Array.from(key.subarray(0, n)).join(',');

/** A won line made no longer, often much shorter: from each position it plays the legal move
 *  that reaches the position furthest along the line whose rest still replays from there to a
 *  win (the line's own next move always does), so loops and detours are cut. A key may stand
 *  for positions that differ in ways play ignores (piles in another order), under which the
 *  line's moves would name other piles: hence the replay check. The game's position is left as
 *  it was. */
export function shortcut(game: SearchGame, line: readonly number[]): number[] {
  const key = new Uint32Array(game.maxKeyWords);
  const keyOf = () => keyText(key, game.key(key));
  const at = new Map<string, number>(); // position -> its last index along the line
  at.set(keyOf(), 0);
  line.forEach((m, i) => {
    game.make(m);
    at.set(keyOf(), i + 1);
  });
  for (let i = line.length - 1; i >= 0; i--) game.unmake(line[i]);
  const buf = new Int32Array(game.maxMoves);
  /** Whether line[from..] replays legally from here to a win (the position is restored). */
  const replays = (from: number): boolean => {
    let made = 0,
      ok = true;
    for (let j = from; j < line.length && ok; j++) {
      const n = game.moves(buf, 0);
      ok = buf.subarray(0, n).includes(line[j]);
      if (ok) game.make(line[j]), made++;
    }
    ok &&= game.won();
    for (let j = from + made - 1; j >= from; j--) game.unmake(line[j]);
    return ok;
  };
  const out: number[] = [];
  let i = 0;
  while (i < line.length) {
    const n = game.moves(buf, 0);
    const jumps: [move: number, to: number][] = [];
    for (let j = 0; j < n; j++) {
      game.make(buf[j]);
      const k = at.get(keyOf());
      game.unmake(buf[j]);
      if (k !== undefined && k > i + 1) jumps.push([buf[j], k]);
    }
    jumps.sort((a, b) => b[1] - a[1]);
    let next: [number, number] = [line[i], i + 1];
    for (const [m, k] of jumps) {
      game.make(m);
      const ok = replays(k);
      game.unmake(m);
      if (ok) {
        next = [m, k];
        break;
      }
    }
    game.make(next[0]);
    out.push(next[0]);
    i = next[1];
  }
  for (let j = out.length - 1; j >= 0; j--) game.unmake(out[j]);
  return out;
}

/** Walks `line` (single moves, a won line from the game's current position, which is left as it
 *  was) and measures every step. */
export function narrowness(game: SearchGame, line: readonly number[], opts: NarrowOptions): Narrowness {
  const memoryBytes = opts.memoryBytes ?? 64 << 20;
  const table = new StateTable(memoryBytes);
  const key = new Uint32Array(game.maxKeyWords);
  const known = new Map<string, boolean>(); // true: winnable, false: proved lost
  const keyOf = () => keyText(key, game.key(key));
  /** Marks every position along a won line from here as winnable (the position is restored). */
  const markWon = (moves: readonly number[]) => {
    known.set(keyOf(), true);
    for (const m of moves) {
      game.make(m);
      known.set(keyOf(), true);
    }
    for (let i = moves.length - 1; i >= 0; i--) game.unmake(moves[i]);
  };
  const buf = new Int32Array(game.maxMoves);
  const steps: NarrowStep[] = [];
  let probes = 0,
    nodes = 0;
  markWon(line);
  for (let i = 0; i < line.length; i++) {
    const n = game.moves(buf, 0);
    const moves = Array.from(buf.subarray(0, n));
    if (!moves.includes(line[i])) throw new Error(`the line's move ${i + 1} is not legal`);
    const step: NarrowStep = { legal: n, winnable: 0, lost: 0, unknown: 0 };
    for (const m of moves) {
      game.make(m);
      const k = keyOf();
      let verdict = known.get(k);
      if (verdict === undefined && game.won()) verdict = true;
      if (verdict === undefined) {
        probes++;
        const r = solve(game, { maxNodes: opts.maxNodes, memoryBytes, policy: opts.policy, table });
        nodes += r.stats.nodes;
        if (r.outcome === 'solved') {
          markWon(r.moves);
          verdict = true;
        } else if (r.outcome === 'unsolvable') {
          known.set(k, false);
          verdict = false;
        }
      }
      game.unmake(m);
      if (verdict === true) step.winnable++;
      else if (verdict === false) step.lost++;
      else step.unknown++;
    }
    steps.push(step);
    game.make(line[i]);
  }
  for (let i = line.length - 1; i >= 0; i--) game.unmake(line[i]);
  return { steps, probes, nodes };
}

/** A line's narrowness in a few figures: the mean share of winnable moves per step and the
 *  narrowest step, each as a range [lo, hi] (unknown moves as losing, as winning); `critical`:
 *  steps with two or more legal moves of which exactly one is known to keep the win and none is
 *  undecided. */
export function narrowSummary(n: Narrowness): {
  steps: number;
  meanLo: number;
  meanHi: number;
  minLo: number;
  minHi: number;
  /** 1-based step of the narrowest (by its low share; the first such). */
  minStep: number;
  critical: number;
  unknownMoves: number;
} {
  let sumLo = 0,
    sumHi = 0,
    minLo = 1,
    minHi = 1,
    minStep = 0,
    critical = 0,
    unknownMoves = 0;
  n.steps.forEach((s, i) => {
    const lo = s.winnable / s.legal,
      hi = (s.winnable + s.unknown) / s.legal;
    sumLo += lo;
    sumHi += hi;
    if (lo < minLo || minStep === 0) {
      if (minStep === 0 || lo < minLo) {
        minLo = lo;
        minHi = hi;
        minStep = i + 1;
      }
    }
    if (s.legal >= 2 && s.winnable === 1 && s.unknown === 0) critical++;
    unknownMoves += s.unknown;
  });
  const k = n.steps.length;
  return {
    steps: k,
    meanLo: k ? sumLo / k : 1,
    meanHi: k ? sumHi / k : 1,
    minLo: k ? minLo : 1,
    minHi: k ? minHi : 1,
    minStep,
    critical,
    unknownMoves,
  };
}
