import { formatMove } from './notation.js';
import { END, PASS, PilPosition } from './position.js';
import type { PilRecord } from './replay.js';
import { parseMove } from './notation.js';
import { evaluateExpert } from './strategies/expert-eval.js';
import { WIN } from './strategies/turn.js';
import { loadView, viewOf } from './view.js';

// The analysis of a Pilstymas game record: after every turn, the expert's evaluation of the
// position as the player who just moved sees it (its view: hidden cards unknown), from that
// player's side; and the turn where the game turned — the first turn after which the eventual
// winner stays ahead in every evaluation to the end. The evaluation is a heuristic (the
// expert's, strategies/expert-eval.ts), not a proof: a two-player game with hidden cards has
// no verdict the solver could give.

interface TurnEval {
  turn: number;
  player: 'A' | 'B';
  moves: string[];
  /** The expert's score after the turn, from the mover's view and side (won: 1e6, lost: -1e6). */
  eval: number;
}

export interface PilAnalysis {
  game: 'pilstymas';
  deal: object;
  turns: TurnEval[];
  /** 'A', 'B' or null for a draw. */
  winner: 'A' | 'B' | null;
  /** The first turn from which the winner is ahead in every evaluation, or null. */
  turningTurn: number | null;
}

/** Replays a record (read by recordFromJson: its moves in notation) turn by turn. */
export function analysePilstymas(rec: PilRecord, dealJson: object): PilAnalysis {
  const pos = PilPosition.fromDeal(rec.deal, rec.rule);
  const scratch = new PilPosition(rec.rule);
  const turns: TurnEval[] = [];
  let current: { player: number; moves: string[] } | null = null;
  const close = (p: number) => {
    // The mover's view of the position after its turn, scored for the mover.
    loadView(scratch, viewOf(pos, p));
    const e = pos.winner >= 0 ? (pos.winner === p ? WIN : -WIN) : evaluateExpert(scratch, p);
    turns.push({ turn: turns.length + 1, player: p === 0 ? 'A' : 'B', moves: current!.moves, eval: round(e) });
    current = null;
  };
  for (const { player, move } of rec.moves) {
    const p = parseMove(pos, move);
    if (!p.ok || player !== pos.turn) throw new Error(`a verified record does not replay at ${move}`);
    current ??= { player, moves: [] };
    current.moves.push(formatMove(p.move));
    pos.make(p.move);
    if (p.move === END || p.move === PASS || pos.winner >= 0) close(player);
  }
  if (current) close((current as { player: number }).player);
  const winner = pos.winner === 0 ? 'A' : pos.winner === 1 ? 'B' : null;
  let turningTurn: number | null = null;
  if (winner !== null)
    for (let i = turns.length - 1; i >= 0; i--) {
      const forWinner = turns[i].player === winner ? turns[i].eval : -turns[i].eval;
      if (forWinner <= 0) break;
      turningTurn = turns[i].turn;
    }
  return { game: 'pilstymas', deal: dealJson, turns, winner, turningTurn };
}

const round = (x: number) => Math.round(x * 100) / 100;
