import { solve, type SolveOptions } from '../search/solve.js';
import { wilson } from '../batch/stats.js';
import { StateTable } from '../search/table.js';
import type { SearchGame } from '../search/types.js';
import type { Solitaire, SolitairePosition } from './kit.js';

// The analysis of a played line: for every position along it (ply 0 the deal, ply k after the
// k-th move) the exact verdict — winnable, lost, or unknown at the budget — and the losing
// move: the first move after which the game is lost.
//
// Two facts of any line make most searches unnecessary, and each is a proof:
// - A position from which the line itself reaches a winnable position is winnable (the line's
//   moves, then that position's winning line). So a solve that wins at ply i makes winnable
//   every earlier ply, and every later ply at which the record still follows its winning line.
// - A position reached from a lost position is lost: the exhaustive search that found no win
//   from the earlier position went through every position reachable from it.
// So the verdicts along a line are: winnable up to some ply, lost from some later ply on, and
// the losing move is found by bisection between the last ply known winnable and the first known
// lost. A ply whose search ends unknown is passed over for its nearest untried neighbour; when
// every ply between them has been tried and is unknown, the losing move is not decided.

export type Verdict = 'winnable' | 'lost' | 'unknown';

export interface Chance {
  p: number;
  lo: number;
  hi: number;
}

export interface AnalysedPosition {
  ply: number;
  /** The move that led here (null at ply 0). */
  move: string | null;
  verdict: Verdict;
  chance?: Chance;
}

export interface Analysis {
  game: string;
  deal: object;
  positions: AnalysedPosition[];
  /** The 1-based number of the move after which the game is lost, or null (never lost, never
   *  winnable, or not decided at the budget). */
  losingPly: number | null;
  /** A winning line from the position before the losing move; without a losing move, from the
   *  line's last position when that is winnable and not won; else null. */
  continuation: string[] | null;
  /** The no-peek chance's estimator (a game with face-down cards): its name, guesses and seed. */
  chance?: { estimator: string; samples: number; seed: string };
}

export interface AnalyseStats {
  /** Positions searched, and the nodes of those searches. */
  searches: number;
  nodes: number;
}

/** The per-position budget and the chance estimate's settings. */
export interface AnalyseOptions {
  solver: SolveOptions;
  /** Estimates of the no-peek chance, when the game has them (HiddenCards.chance). */
  chance?: { samples: number; seed: string };
}

/** The verdict at each ply of a line, the winning line from each winnable ply, the losing move. */
interface Verdicts {
  verdicts: Verdict[];
  lines: (number[] | null)[];
  losingPly: number | null;
  stats: AnalyseStats;
}

/** The verdict of every position of `line` (moves as the kit's position numbers them). */
export function lineVerdicts<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Solitaire<D, P>,
  deal: D,
  line: readonly number[],
  solver: SolveOptions,
): Verdicts {
  return new LineProbes(kit, deal, line, solver).run();
}

/** The searches along one line, and what each proves of the plies around it. */
class LineProbes<D extends { seed?: string }, P extends SolitairePosition> {
  private readonly found: Verdict[];
  private readonly lines: (number[] | null)[];
  private readonly tried: Uint8Array;
  private readonly stats: AnalyseStats = { searches: 0, nodes: 0 };
  // One game for every search, walked along the line with make/unmake: the game's caches (of
  // facts that hold for the deal, not the position) serve every search.
  private readonly game: SearchGame;
  private readonly table = new StateTable(64 << 20);
  private readonly pos: P;
  private readonly buf: Int32Array;
  private gameAt = 0;
  private posAt = 0;
  /** The last ply known winnable. */
  private lastWinnable = -1;
  /** The first ply known lost. */
  private firstLost: number;

  constructor(
    private readonly kit: Solitaire<D, P>,
    deal: D,
    private readonly line: readonly number[],
    private readonly solver: SolveOptions,
  ) {
    const n = line.length;
    this.found = new Array(n + 1).fill('unknown');
    this.lines = new Array(n + 1).fill(null);
    this.tried = new Uint8Array(n + 1);
    this.firstLost = n + 1;
    this.game = kit.searchGame(deal);
    this.pos = kit.position(deal);
    this.buf = new Int32Array(kit.maxMoves);
  }

  /** The end first (often won, or lost at a glance), then the start, then bisection between. */
  run(): Verdicts {
    const n = this.line.length;
    this.probe(n);
    if (this.lastWinnable < n) this.probe(0);
    for (let k = this.nextPly(); k >= 0; k = this.nextPly()) this.probe(k);
    return this.verdicts();
  }

  /** Decides ply k if it can: won or without a move at a glance, else by a search. */
  private probe(k: number): void {
    this.tried[k] = 1;
    this.posTo(k);
    if (this.pos.won()) this.winnable(k, []);
    else if (this.kit.legalMoves(this.pos, this.buf) === 0) this.lost(k);
    else this.search(k);
  }

  /** Searches ply k: solved makes it winnable, unsolvable lost, unknown leaves it undecided. */
  private search(k: number): void {
    this.gameTo(k);
    const r = solve(this.game, { ...this.solver, table: this.table });
    this.stats.searches++;
    this.stats.nodes += r.stats.nodes;
    if (r.outcome === 'solved') this.winnable(k, r.moves);
    else if (r.outcome === 'unsolvable') this.lost(k);
  }

  /** The untried ply nearest the middle of the undecided stretch, or -1 when none is left. */
  private nextPly(): number {
    let best = -1;
    const mid = (this.lastWinnable + this.firstLost) / 2;
    for (let k = this.lastWinnable + 1; k < this.firstLost; k++)
      if (!this.tried[k] && (best < 0 || Math.abs(k - mid) < Math.abs(best - mid))) best = k;
    return best;
  }

  /** Every ply's verdict: every ply before a winnable one is winnable (its line: the record's
   *  moves, then that one's), every ply from a lost one on is lost. */
  private verdicts(): Verdicts {
    const { found, lines, line, lastWinnable: w, firstLost: l } = this;
    const n = line.length;
    for (let k = w - 1; k >= 0; k--)
      if (found[k] !== 'winnable') {
        found[k] = 'winnable';
        lines[k] = [line[k], ...lines[k + 1]!];
      }
    for (let k = l; k <= n; k++) found[k] = 'lost';
    const losingPly = w >= 0 && l <= n && l === w + 1 ? l : null;
    return { verdicts: found, lines, losingPly, stats: this.stats };
  }

  /** Ply k is winnable by `win`; the record may follow that line for a while, and each ply it
   *  reaches so is winnable too. */
  private winnable(k: number, win: number[]): void {
    const n = this.line.length;
    let j = k,
      rest = win;
    for (;;) {
      this.found[j] = 'winnable';
      this.lines[j] = rest;
      this.tried[j] = 1;
      if (j >= n || rest.length === 0 || rest[0] !== this.line[j]) break;
      rest = rest.slice(1);
      j++;
    }
    if (j > this.lastWinnable) this.lastWinnable = j;
  }

  private lost(k: number): void {
    this.found[k] = 'lost';
    if (k < this.firstLost) this.firstLost = k;
  }

  private gameTo(k: number): void {
    while (this.gameAt < k) this.game.make(this.line[this.gameAt++]);
    while (this.gameAt > k) this.game.unmake(this.line[--this.gameAt]);
  }

  private posTo(k: number): void {
    while (this.posAt < k) this.pos.make(this.line[this.posAt++]);
    while (this.posAt > k) this.pos.unmake(this.line[--this.posAt]);
  }
}

/** The analysis of a line: verdicts, the losing move, its continuation, and the chances. */
export function analyseLine<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Solitaire<D, P>,
  deal: D,
  line: readonly number[],
  opts: AnalyseOptions,
): { analysis: Analysis; stats: AnalyseStats } {
  const { verdicts, lines, losingPly, stats } = lineVerdicts(kit, deal, line, opts.solver);
  const n = line.length;
  const chances = opts.chance && kit.hidden ? kit.hidden.chance(deal, line, { ...opts.chance, verdicts }) : null;
  const pos = kit.position(deal);
  const notation: string[] = [];
  for (const m of line) {
    notation.push(kit.formatMove(m));
    pos.make(m);
  }
  const positions = verdicts.map((verdict, k): AnalysedPosition => {
    const c = chances?.[k];
    return {
      ply: k,
      move: k === 0 ? null : notation[k - 1],
      verdict,
      ...(c ? { chance: c.exact ? exactChance(c.wins / c.samples) : chanceOf(c.wins, c.samples) } : {}),
    };
  });
  let from: number | null = null;
  if (losingPly !== null) from = losingPly - 1;
  else if (verdicts[n] === 'winnable' && !pos.won()) from = n;
  const continuation = from === null ? null : notateFrom(kit, deal, line, from, lines[from]!);
  return {
    analysis: {
      game: kit.name,
      deal: kit.dealToJson(deal),
      positions,
      losingPly,
      continuation,
      ...(chances && opts.chance ? { chance: { estimator: kit.hidden!.chanceName, ...opts.chance } } : {}),
    },
    stats,
  };
}

/** A share with its 95% Wilson interval, rounded to 4 places. */
export function chanceOf(wins: number, samples: number): Chance {
  const r = (x: number) => Math.round(x * 1e4) / 1e4;
  const w = wilson(wins, samples);
  return { p: r(wins / samples), lo: r(w.lo), hi: r(w.hi) };
}

const exactChance = (p: number): Chance => ({ p, lo: p, hi: p });

/** A line from ply `from` in notation (each move checked legal there: a fault of ours else). */
function notateFrom<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Solitaire<D, P>,
  deal: D,
  line: readonly number[],
  from: number,
  win: readonly number[],
): string[] {
  const pos = kit.position(deal);
  for (let i = 0; i < from; i++) pos.make(line[i]);
  const buf = new Int32Array(kit.maxMoves);
  const out: string[] = [];
  for (const m of win) {
    const k = kit.legalMoves(pos, buf);
    if (!buf.subarray(0, k).includes(m)) throw new Error(`the winning line from ply ${from} does not replay`);
    out.push(kit.formatMove(m));
    pos.make(m);
  }
  if (!pos.won()) throw new Error(`the winning line from ply ${from} does not win`);
  return out;
}

/** The moves that cost the most chance: the largest drops of the estimate from one ply to the
 *  next, largest first (at most `top`, drops of at least `min`), counting only drops outside both
 *  95% intervals (the chance after below the interval before, the chance before above the
 *  interval after: a smaller drop may be the draw of the guesses, not the move). */
export function costliest(positions: readonly AnalysedPosition[], top = 5, min = 0.05): AnalysedPosition[] {
  const drops: { pos: AnalysedPosition; drop: number }[] = [];
  for (let k = 1; k < positions.length; k++) {
    const a = positions[k - 1].chance,
      b = positions[k].chance;
    if (a && b && a.p - b.p >= min && b.p < a.lo && a.p > b.hi) drops.push({ pos: positions[k], drop: a.p - b.p });
  }
  drops.sort((x, y) => y.drop - x.drop || x.pos.ply - y.pos.ply);
  return drops.slice(0, top).map((d) => d.pos);
}
