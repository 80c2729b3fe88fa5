import { type Card, formatCard, isRed, rankOf } from '../../cards/card.js';
import type { ZDeal } from './deal.js';
import { Seats } from './seats.js';

// The rules engine (rules page: docs/rules/zioplys.md), built for the batch's and the search's
// hot path: all state lives in typed arrays allocated once per engine, a game is re-dealt in place,
// and a turn allocates nothing (trace strings are built only when a trace callback is set).
//
// Why a game under the default rules can never run forever (the README should carry this): cards
// that reach the centre never leave it, so a loop must be a stretch of play with no centre play.
// With wrapping ranks the centre is a run s, s+1, …, s+L-1 (mod 13) of L <= 50 cards (at least two
// players still hold cards), so of the four cards of the next rank (s+L) at most floor(L/13) <= 3
// are in the centre: one, X, is held by a player. With rule play (or any strategy that keeps the
// centre first) X cannot stay hidden: a player who has reserve cards turns one up on every turn, a
// reserve gets no new cards except by turning the waste over, so the holder's reserve empties within
// finitely many turns and the waste (X inside) is turned over; X is then turned up, or is the top
// left face up — and the mover must play it, centre first. So the centre grows within finitely many
// turns, and it cannot grow past 51: every game ends. The same holds with alternating colours (of
// the two cards of the next rank and the needed colour at most one is in the centre, since ranks
// recur every 13 = odd cards and colours alternate). Without wrap a king on the centre ends its
// growth for good and loops do happen. The engine still detects repetition exactly in every
// variant (Brent's algorithm on whole positions, LoopWatch below); batch runs confirm 0 cycles by
// default. The seats' strategies, which the turn reads, are seats.ts.

export interface Variant {
  /** Ranks wrap (K is followed by A). The page's default; --no-wrap turns it off. */
  wrap: boolean;
  /** --centre-alternate-colours: the centre also alternates red and black. */
  alternateColours: boolean;
}
export const DEFAULT_VARIANT: Variant = { wrap: true, alternateColours: false };

const MAX_SEATS = 6;
const RCAP = 64; // reserve ring buffer per seat (a reserve never holds more than 51 cards)
const RMASK = RCAP - 1;
const WCAP = 52; // waste stack per seat
const CENTRE = -1;
const NONE = -2;

/** How a seat chooses where a card goes. Both keep the centre first (the page's priority). */
export const CHOOSE_RULE = 0; // opponents nearest to the right first
export const CHOOSE_SPITEFUL = 1; // the opponent with the fewest cards first (ties: nearest right)
/** A strategy outside the engine (a strategy file): asked through Seats.external whenever a card
 *  fits more than one opponent's waste and not the centre. */
export const CHOOSE_EXTERNAL = 2;

export const RUNNING = -1;
export const OUTCOME_LOSER = 0;
export const OUTCOME_CYCLE = 1;
/** Only with random (careless) strategies, where a repeated position proves nothing: the turn cap. */
const OUTCOME_LIMIT = 2;
export const OUTCOME_NAMES = ['loser', 'cycle', 'limit'] as const;

/** A position to start from (tests, constructed loops): wastes bottom first, reserves top first. */
interface ZPositionSpec {
  centre: Card;
  reserves: Card[][];
  wastes: Card[][];
  toMove?: number;
  /** Cards on the centre, for the record (default: the cards not held by the players). */
  centreCount?: number;
}

/** A trace line: seat i plays c from `from` to d. */
const moveText = (i: number, c: Card, from: string, d: number): string =>
  `seat ${i}: ${formatCard(c)} ${from}>${d === CENTRE ? 'C' : `W${d}`}`;

export class ZPosition {
  readonly n: number;
  /** Reserves as ring buffers: seat s's k-th card from the top is res[s*64 + ((rhead[s]+k)&63)]. */
  readonly res = new Int8Array(MAX_SEATS * RCAP);
  readonly rhead = new Uint8Array(MAX_SEATS);
  readonly rlen = new Uint8Array(MAX_SEATS);
  /** Wastes as stacks, bottom (first laid) first: waste[s*52 .. s*52+wlen[s]). */
  readonly waste = new Int8Array(MAX_SEATS * WCAP);
  readonly wlen = new Uint8Array(MAX_SEATS);
  readonly active = new Uint8Array(MAX_SEATS);
  activeCount = 0;
  centreTop = 0;
  centreCount = 1;
  centrePlays = 0;
  toMove = 0;
  turns = 0;
  blunders = 0;
  readonly outOrder = new Int8Array(MAX_SEATS);
  outCount = 0;
  loser = -1;
  outcome = RUNNING;
  /** With outcome cycle: the period of the loop, in turns. */
  cycleLength = 0;
  /** What fits where under the variant, indexed top*52 + card: 1 when card may go on top of the
   *  centre, or of a waste. */
  private readonly centreFit = new Uint8Array(52 * 52);
  readonly wasteFit = new Uint8Array(52 * 52);
  /** The seats' strategies (seats.set; configure in strategies/index.ts sets them by name). */
  readonly seats: Seats;
  /** Stops a game that would never end (its maxTurns: the turn cap for random play). */
  readonly loops: LoopWatch;
  /** When set, every event of the game is described here (for --show and tests). */
  trace: ((line: string) => void) | null = null;

  constructor(players: number, variant: Variant = DEFAULT_VARIANT) {
    if (!Number.isInteger(players) || players < 2 || players > MAX_SEATS)
      throw new Error(`bad player count ${players}`);
    this.n = players;
    this.seats = new Seats(players);
    this.loops = new LoopWatch(players);
    for (let top = 0; top < 52; top++) {
      const t = rankOf(top);
      const up = t === 13 ? (variant.wrap ? 1 : 0) : t + 1;
      const down = t === 1 ? (variant.wrap ? 13 : 0) : t - 1;
      for (let c = 0; c < 52; c++) {
        const r = rankOf(c);
        const colourOk = !variant.alternateColours || isRed(c) !== isRed(top);
        this.centreFit[top * 52 + c] = r === up && colourOk ? 1 : 0;
        this.wasteFit[top * 52 + c] = r === up || r === down ? 1 : 0;
      }
    }
  }

  private clear(): void {
    this.rhead.fill(0);
    this.rlen.fill(0);
    this.wlen.fill(0);
    this.active.fill(0);
    this.centrePlays = 0;
    this.turns = 0;
    this.blunders = 0;
    this.outCount = 0;
    this.loser = -1;
    this.outcome = RUNNING;
    this.cycleLength = 0;
    this.toMove = 0;
  }

  /** Deals `deck` as the page says (see deal.ts): deck[i] to seat i mod n, face down, deck[51] the start. */
  dealDeck(deck: ArrayLike<number>): void {
    this.clear();
    const n = this.n;
    for (let s = 0; s < n; s++) this.rlen[s] = Math.floor(51 / n) + (s < 51 % n ? 1 : 0);
    for (let i = 0; i < 51; i++) {
      const s = i % n;
      const k = (i - s) / n; // the k-th card dealt to s; it lies at depth rlen-1-k from the top
      this.res[s * RCAP + this.rlen[s] - 1 - k] = deck[i];
    }
    this.centreTop = deck[51];
    this.centreCount = 1;
    this.start();
  }

  reset(deal: ZDeal): void {
    if (deal.players !== this.n) throw new Error(`deal for ${deal.players} players on a ${this.n}-seat engine`);
    this.clear();
    for (let s = 0; s < this.n; s++) {
      const r = deal.reserves[s];
      for (let k = 0; k < r.length; k++) this.res[s * RCAP + k] = r[k];
      this.rlen[s] = r.length;
    }
    this.centreTop = deal.start;
    this.centreCount = 1;
    this.start();
  }

  /** Sets up any position (it need not be reachable, nor hold all 52 cards). */
  setPosition(p: ZPositionSpec): void {
    if (p.reserves.length !== this.n || p.wastes.length !== this.n)
      throw new Error('one reserve and one waste per seat');
    this.clear();
    let held = 0;
    for (let s = 0; s < this.n; s++) {
      p.reserves[s].forEach((c, k) => (this.res[s * RCAP + k] = c));
      p.wastes[s].forEach((c, k) => (this.waste[s * WCAP + k] = c));
      this.rlen[s] = p.reserves[s].length;
      this.wlen[s] = p.wastes[s].length;
      held += this.rlen[s] + this.wlen[s];
    }
    this.centreTop = p.centre;
    this.centreCount = p.centreCount ?? 52 - held;
    this.toMove = p.toMove ?? 0;
    this.start();
  }

  private start(): void {
    this.activeCount = 0;
    for (let s = 0; s < this.n; s++) {
      if (this.rlen[s] + this.wlen[s] > 0) {
        this.active[s] = 1;
        this.activeCount++;
      }
    }
    if (this.activeCount <= 1) {
      this.outcome = OUTCOME_LOSER;
      for (let s = 0; s < this.n; s++) if (this.active[s]) this.loser = s;
    }
    this.loops.start(this);
  }

  // ---- piles ----

  private draw(s: number): Card {
    const h = this.rhead[s];
    const c = this.res[s * RCAP + h];
    this.rhead[s] = (h + 1) & RMASK;
    this.rlen[s]--;
    return c;
  }

  private toBottom(s: number, c: Card): void {
    this.res[s * RCAP + ((this.rhead[s] + this.rlen[s]) & RMASK)] = c;
    this.rlen[s]++;
  }

  /** The empty reserve is replaced by the waste turned over, less its top card, which stays up:
   *  the card laid first is turned up first. */
  private turnOver(s: number): void {
    const w = s * WCAP,
      r = s * RCAP,
      m = this.wlen[s] - 1;
    for (let k = 0; k < m; k++) this.res[r + k] = this.waste[w + k];
    this.rhead[s] = 0;
    this.rlen[s] = m;
    this.waste[w] = this.waste[w + m];
    this.wlen[s] = 1;
    if (this.trace)
      this.trace(
        `seat ${s} turns its waste over: ${m} card${m === 1 ? '' : 's'} to the reserve, ${formatCard(this.waste[w])} stays up`,
      );
  }

  /** Where seat i, whose chooser code is `chooser`, must (or, for a spiteful seat, chooses to)
   *  play c: CENTRE, a seat, or NONE. */
  private dest(i: number, c: Card, chooser: number): number {
    if (this.centreFit[this.centreTop * 52 + c]) return CENTRE;
    const n = this.n;
    if (chooser === CHOOSE_RULE) {
      for (let k = 1; k < n; k++) {
        let j = i - k;
        if (j < 0) j += n;
        const wl = this.wlen[j]; // seats that are out have no waste
        if (wl > 0 && this.wasteFit[this.waste[j * WCAP + wl - 1] * 52 + c]) return j;
      }
      return NONE;
    }
    if (chooser === CHOOSE_EXTERNAL) {
      const j = this.seats.askExternal(this, i, c);
      return j < 0 ? NONE : j;
    }
    let best = NONE,
      bestCards = 1000;
    for (let k = 1; k < n; k++) {
      let j = i - k;
      if (j < 0) j += n;
      const wl = this.wlen[j];
      if (wl > 0 && this.wasteFit[this.waste[j * WCAP + wl - 1] * 52 + c]) {
        const held = wl + this.rlen[j];
        if (held < bestCards) {
          bestCards = held;
          best = j;
        }
      }
    }
    return best;
  }

  private put(c: Card, d: number): void {
    if (d === CENTRE) {
      this.centreTop = c;
      this.centreCount++;
      this.centrePlays++;
    } else {
      this.waste[d * WCAP + this.wlen[d]] = c;
      this.wlen[d]++;
    }
  }

  private goOut(s: number): void {
    this.active[s] = 0;
    this.outOrder[this.outCount++] = s;
    this.activeCount--;
    if (this.trace) this.trace(`seat ${s} is out`);
    if (this.activeCount === 1) {
      for (let j = 0; j < this.n; j++) if (this.active[j]) this.loser = j;
      this.outcome = OUTCOME_LOSER;
      if (this.trace) this.trace(`seat ${this.loser} is the žioplys`);
    }
  }

  /** The blunder penalty: each other seat, from the blunderer's left, gives its top reserve card to
   *  the bottom of the blunderer's reserve (an empty reserve gives nothing). */
  private blunder(i: number): void {
    this.blunders++;
    const n = this.n;
    for (let k = 1; k < n; k++) {
      const j = (i + k) % n;
      if (this.rlen[j] === 0) continue;
      const c = this.draw(j);
      this.toBottom(i, c);
      if (this.trace) this.trace(`seat ${j} gives ${formatCard(c)} to the bottom of seat ${i}'s reserve`);
      if (this.rlen[j] === 0) {
        if (this.wlen[j] === 0) {
          this.goOut(j);
          if (this.outcome !== RUNNING) return;
        } else if (this.wlen[j] >= 2) this.turnOver(j);
      }
    }
  }

  /** Seat i's turn, up to the moment the turn passes (or the game ends). */
  private turn(i: number): void {
    // The exception: a reserve emptied by laying its last card on the own waste is turned over
    // only now (and a waste that others loaded while the reserve was empty, likewise).
    if (this.rlen[i] === 0 && this.wlen[i] >= 2) this.turnOver(i);
    // The seat's chooser code is read once a turn, and the miss check is inline for the seats
    // that never miss: reads through the seats object for every card cost (bench/zioplys.ts).
    const wbase = i * WCAP,
      chooser = this.seats.chooser[i];
    for (;;) {
      // 1. The own waste top must be played while it fits somewhere.
      while (this.wlen[i] > 0) {
        const c = this.waste[wbase + this.wlen[i] - 1];
        const d = this.dest(i, c, chooser);
        if (d === NONE) break;
        if (this.seats.miss[i] > 0 && this.seats.misses(i)) {
          if (this.trace)
            this.trace(`seat ${i}: blunder! ${formatCard(c)} W${i}>${d === CENTRE ? 'C' : `W${d}`} was possible`);
          this.blunder(i);
          return;
        }
        this.wlen[i]--;
        if (this.trace) this.trace(moveText(i, c, `W${i}`, d));
        this.put(c, d);
        if (this.wlen[i] === 0 && this.rlen[i] === 0) {
          this.goOut(i);
          return;
        }
      }
      // 2. Turn up the next reserve card (none left: the waste holds only its unplayable top).
      if (this.rlen[i] === 0) {
        if (this.trace) this.trace(`seat ${i}: no reserve card to turn up`);
        return;
      }
      const c = this.draw(i);
      const d = this.dest(i, c, chooser);
      if (d === NONE || (this.seats.miss[i] > 0 && this.seats.misses(i))) {
        this.waste[wbase + this.wlen[i]] = c;
        this.wlen[i]++;
        if (d === NONE) {
          if (this.trace) this.trace(`seat ${i}: ${formatCard(c)} R>W${i}`);
        } else {
          if (this.trace)
            this.trace(
              `seat ${i}: blunder! ${formatCard(c)} R>W${i} although R>${d === CENTRE ? 'C' : `W${d}`} was possible`,
            );
          this.blunder(i);
        }
        return;
      }
      if (this.trace) this.trace(moveText(i, c, 'R', d));
      this.put(c, d);
      if (this.rlen[i] === 0) {
        if (this.wlen[i] === 0) {
          this.goOut(i);
          return;
        }
        if (this.wlen[i] >= 2) this.turnOver(i);
      }
    }
  }

  /** Plays one turn and passes it on; then checks for a repeated position. Returns false once the
   *  game is over. */
  step(): boolean {
    if (this.outcome !== RUNNING) return false;
    const i = this.toMove;
    this.turn(i);
    if (this.outcome !== RUNNING) return false;
    let j = i;
    do j = j + 1 === this.n ? 0 : j + 1;
    while (!this.active[j]);
    this.toMove = j;
    this.turns++;
    if (this.seats.deterministic) {
      const period = this.loops.period(this);
      if (period > 0) {
        this.outcome = OUTCOME_CYCLE;
        this.cycleLength = period;
        if (this.trace)
          this.trace(
            `the position after turn ${this.turns} repeats the one ${period} turns earlier: the game never ends`,
          );
        return false;
      }
    } else if (this.turns >= this.loops.maxTurns) {
      this.outcome = OUTCOME_LIMIT;
      return false;
    }
    return true;
  }

  /** Plays to the end; returns the outcome code. */
  play(): number {
    while (this.step());
    return this.outcome;
  }
}

/** Seat s's reserve in g, top first. */
export function reserveOf(g: ZPosition, s: number): Card[] {
  const out: Card[] = [];
  for (let k = 0; k < g.rlen[s]; k++) out.push(g.res[s * RCAP + ((g.rhead[s] + k) & RMASK)]);
  return out;
}

/** Seat s's waste in g, bottom first. */
export function wasteOf(g: ZPosition, s: number): Card[] {
  return Array.from(g.waste.subarray(s * WCAP, s * WCAP + g.wlen[s]));
}

// How a game that may never end is stopped (ZPosition.step). Deterministic play stops at the
// first repeated whole position, which proves the game would loop for ever: Brent's cycle
// detection at turn boundaries. Centre cards never leave, so a position can only recur while the
// centre has not grown: the saved position is replaced whenever it grows, which keeps the
// detection exact and its cost at one compare per turn. Random (careless) play, where a repeat
// proves nothing, stops at a turn cap instead.

class LoopWatch {
  /** Turn cap for random play. */
  maxTurns = 1_000_000;
  /** The saved position: every seat's reserve (top first) then waste, with their lengths. */
  private readonly cards = new Int8Array(52);
  private readonly rlen: Uint8Array;
  private readonly wlen: Uint8Array;
  private toMove = 0;
  private centreTop = 0;
  private centreCount = 0;
  private power = 1;
  /** Turns since the saved position. */
  private lam = 0;

  constructor(players: number) {
    this.rlen = new Uint8Array(players);
    this.wlen = new Uint8Array(players);
  }

  /** Watches a game from g, its first position. */
  start(g: ZPosition): void {
    this.power = 1;
    this.save(g);
  }

  /** Called after every turn of deterministic play: the period in turns of the loop g has just
   *  closed (g repeats the position of that many turns earlier), or 0. */
  period(g: ZPosition): number {
    if (g.centreCount !== this.centreCount) {
      this.power = 1;
      this.save(g);
      return 0;
    }
    this.lam++;
    if (this.same(g)) return this.lam;
    if (this.lam === this.power) {
      this.save(g);
      this.power *= 2;
    }
    return 0;
  }

  // The position's arrays are read into locals first: the copy and the compare run at every
  // turn, and field loads in their loops cost (bench/zioplys.ts).
  private save(g: ZPosition): void {
    const res = g.res,
      waste = g.waste,
      rlen = g.rlen,
      wlen = g.wlen,
      rhead = g.rhead,
      cards = this.cards;
    let p = 0;
    for (let s = 0; s < g.n; s++) {
      const rl = rlen[s],
        wl = wlen[s],
        r = s * RCAP,
        h = rhead[s],
        w = s * WCAP;
      this.rlen[s] = rl;
      this.wlen[s] = wl;
      for (let k = 0; k < rl; k++) cards[p++] = res[r + ((h + k) & RMASK)];
      for (let k = 0; k < wl; k++) cards[p++] = waste[w + k];
    }
    this.toMove = g.toMove;
    this.centreTop = g.centreTop;
    this.centreCount = g.centreCount;
    this.lam = 0;
  }

  /** Whole-position equality with the saved position (lengths first: they differ most often). */
  private same(g: ZPosition): boolean {
    if (g.toMove !== this.toMove || g.centreTop !== this.centreTop) return false;
    const n = g.n,
      res = g.res,
      waste = g.waste,
      rlen = g.rlen,
      wlen = g.wlen,
      rhead = g.rhead,
      cards = this.cards;
    for (let s = 0; s < n; s++) if (rlen[s] !== this.rlen[s] || wlen[s] !== this.wlen[s]) return false;
    let p = 0;
    for (let s = 0; s < n; s++) {
      const rl = rlen[s],
        wl = wlen[s],
        r = s * RCAP,
        h = rhead[s],
        w = s * WCAP;
      for (let k = 0; k < rl; k++) if (cards[p++] !== res[r + ((h + k) & RMASK)]) return false;
      for (let k = 0; k < wl; k++) if (cards[p++] !== waste[w + k]) return false;
    }
    return true;
  }
}
