import type { BcDeal } from '../deal.js';
import { formatMove } from '../notation.js';
import { BcPosition, MAX_MOVES, S2F, S2TAL, packMove } from '../position.js';
import { BcView, DEAL, RESIGN, formatViewMove } from '../view.js';
import type { Strategy } from './strategy.js';

// The referee. It alone holds the real position (and so the stock order); the strategy sees a
// BcView copied from it, names a move, and the referee checks that move against the real
// position before making it. A DEAL is resolved here: the referee turns the next stock card,
// shows it in the view, and asks where it goes when it fits its foundation.

export type GameEnd = 'won' | 'stuck' | 'move-cap' | 'resigned';

export interface GameResult {
  won: boolean;
  /** Every move in notation, replayable with replay() (a won game is a solution). */
  moves: string[];
  reason: GameEnd;
}

export interface PlayOptions {
  /** Moves at most (default 1000; a solution is a few hundred moves). */
  maxMoves?: number;
  /** Called after each move, with the view after it. */
  onMove?: (move: string, view: BcView) => void;
}

/** Whether a dealt stock card may go straight to its foundation now (rule I, and the
 *  stock-to-foundation switch). */
const dealtFitsFoundation = (pos: BcPosition, c: number): boolean =>
  pos.rules.stockToFoundation && pos.fitsFoundation(c);

/** A strategy broke the contract: it named a move that is not legal. */
export class StrategyError extends Error {
  override name = 'StrategyError';
}

export function playGame(deal: BcDeal, strategy: Strategy, opts: PlayOptions = {}): GameResult {
  return playFrom(new BcPosition(deal), strategy, opts);
}

export interface PlayFromOptions extends PlayOptions {
  /** Visible keys (BcView.key()) of the positions met earlier in the game: the player remembers
   *  them, and may not return to one by a trench-to-trench move. */
  history?: Iterable<string>;
  /** The next stock card was turned by a deal and fits its foundation: the first move places it
   *  (foundation or talon). */
  dealt?: boolean;
}

/** Referees the rest of a game from `pos` (which it plays on); the moves are those made from
 *  there. */
export function playFrom(pos: BcPosition, strategy: Strategy, opts: PlayFromOptions = {}): GameResult {
  const maxMoves = opts.maxMoves ?? 1000;
  const view = new BcView();
  for (const k of opts.history ?? []) view.history.add(k);
  let dealtFirst = opts.dealt === true;
  if (dealtFirst) {
    const c = pos.stock[pos.sp];
    if (pos.sp >= pos.stock.length || !dealtFitsFoundation(pos, c))
      throw new Error('playFrom: no dealt card waits for its place');
    view.observe(pos, c);
  } else view.observe(pos);
  const buf = new Int32Array(MAX_MOVES);
  const moves: string[] = [];
  strategy.start(view);
  const ask = (): number => {
    const m = strategy.choose(view);
    if (m !== RESIGN && !view.legal().includes(m))
      throw new StrategyError(`${strategy.name} named ${formatViewMove(m)}, which the player may not make now`);
    return m;
  };
  for (;;) {
    if (pos.won()) return { won: true, moves, reason: 'won' };
    if (view.legal().length === 0) return { won: false, moves, reason: 'stuck' };
    if (moves.length >= maxMoves) return { won: false, moves, reason: 'move-cap' };
    let m = ask();
    if (m === RESIGN) return { won: false, moves, reason: 'resigned' };
    if (m === DEAL || dealtFirst) {
      const c = pos.stock[pos.sp];
      if (!dealtFirst) {
        view.observe(pos, c); // the card is turned: now it is seen
        m = dealtFitsFoundation(pos, c) ? ask() : packMove(S2TAL, 0, 0, c);
        if (m === RESIGN) return { won: false, moves, reason: 'resigned' };
      }
      dealtFirst = false;
      if (m !== packMove(S2F, 0, 0, c) && m !== packMove(S2TAL, 0, 0, c))
        throw new StrategyError(`${strategy.name} named ${formatViewMove(m)} for the dealt card`);
    }
    // The real check: the move must be one the rules engine generates in the real position.
    const n = pos.moves(buf);
    let ok = false;
    for (let i = 0; i < n && !ok; i++) ok = buf[i] === m;
    if (!ok) throw new StrategyError(`${strategy.name} named ${formatViewMove(m)}, which is illegal here`);
    const text = formatMove(m);
    pos.make(m);
    moves.push(text);
    view.observe(pos);
    opts.onMove?.(text, view);
  }
}
