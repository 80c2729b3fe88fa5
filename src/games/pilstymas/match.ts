import type { PilDeal } from './deal.js';
import { END, PASS, PilPosition, type WinRule } from './position.js';
import { REPETITION_LIMIT, RepetitionTable } from './repetition.js';
import type { Strategy } from './strategies/strategy.js';
import { viewOf } from './view.js';

// Plays one game between two strategies. The engine stays here; each strategy is handed a
// fresh PilView of its own seat and nothing else.

/** Default turn cap [decision]: greedy-vs-greedy games that end do so in a few hundred turns
 *  (bench/pilstymas.ts prints the distribution); 1000 leaves a wide margin. The
 *  repetition rule ends stuck games, so the cap is only a safety net. */
export const DEFAULT_MAX_TURNS = 1000;
/** A harness guard, not a rule: a strategy that makes this many moves in one turn is made to
 *  end it (only a random mover that keeps shuffling tableau cards could get here). */
export const MAX_MOVES_PER_TURN = 500;

export interface GameOptions {
  maxTurns?: number;
  rule?: WinRule;
  /** Keep the moves (for records). */
  record?: boolean;
}

export type GameEnd = 'win' | 'max-turns' | 'repetition';

export interface GameResult {
  /** 0 (A), 1 (B), or -1 for a draw. */
  winner: number;
  turns: number;
  /** How the game ended: a win, the turn cap, or a position at the start of a turn seen for
   *  the third time (rules page, [D] Repetition). */
  reason: GameEnd;
  /** The player who started. */
  starter: number;
  moves: { player: number; move: number }[];
  /** Turns cut short by MAX_MOVES_PER_TURN. */
  forcedEnds: number;
}

export function playGame(deal: PilDeal, players: readonly [Strategy, Strategy], opts: GameOptions = {}): GameResult {
  const maxTurns = opts.maxTurns ?? DEFAULT_MAX_TURNS;
  const pos = PilPosition.fromDeal(deal, opts.rule ?? 'cleared');
  const starter = pos.turn;
  const moves: { player: number; move: number }[] = [];
  let inTurn = 0,
    forcedEnds = 0;
  const reps = new RepetitionTable();
  let repeated = reps.add(pos) >= REPETITION_LIMIT;
  while (pos.winner < 0 && pos.turns < maxTurns && !repeated) {
    const p = pos.turn;
    let m: number;
    if (inTurn >= MAX_MOVES_PER_TURN) {
      m = pos.isLegal(END) ? END : PASS;
      forcedEnds++;
    } else {
      m = players[p].choose(viewOf(pos, p));
      if (!pos.isLegal(m)) throw new Error(`strategy ${players[p].name} chose an illegal move ${m}`);
    }
    pos.make(m);
    if (opts.record) moves.push({ player: p, move: m });
    if (m === END || m === PASS) {
      inTurn = 0;
      repeated = reps.add(pos) >= REPETITION_LIMIT;
    } else inTurn++;
  }
  return {
    winner: pos.winner,
    turns: pos.turns,
    reason: pos.winner >= 0 ? 'win' : repeated ? 'repetition' : 'max-turns',
    starter,
    moves,
    forcedEnds,
  };
}
