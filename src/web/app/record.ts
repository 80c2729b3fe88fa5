import * as bc from '../../games/besieged-city/core.js';
import * as pt from '../../games/parterre/core.js';
import * as pil from '../../games/pilstymas/core.js';
import { recordToJson } from '../../games/pilstymas/replay.js';
import { recordOfLine } from '../../solitaire/record.js';
import { bcDeal, PIL_MAX_TURNS, pilDeal, pilRule, ptDeal, type Session } from './model.js';

// The record of a game played in the page, in the format `patience play --record` writes and
// `patience verify` judges (src/solitaire/record.ts; Pilstymas: its game record). A game left
// unfinished is recorded as such ("quit"). A Pilstymas record holds a finished game only (won,
// or drawn by repetition or at the turn cap): its format has no unfinished game.

export function recordOf(session: Session): { file: string; json: object } | { error: string } {
  const s = session.settings;
  const file = `${s.game}-${s.dealJson ? 'file' : s.seed}-record.json`;
  const line = session.moves.map((m) => m.text);
  if (s.game === 'besieged-city')
    return { file, json: recordOfLine(bc.besiegedCity, bcDeal(s), line, { player: 'person', stopped: 'quit' }) };
  if (s.game === 'parterre')
    return { file, json: recordOfLine(pt.parterre, ptDeal(s), line, { player: 'person', stopped: 'quit' }) };
  const end = session.over();
  if (!end) return { error: 'a Pilstymas record holds a finished game (won or drawn): play it to its end first' };
  const deal = pilDeal(s);
  const rule = pilRule(s);
  const pos = pil.PilPosition.fromDeal(deal, rule);
  const moves = session.moves.map((m) => {
    const p = pil.parseMove(pos, m.text);
    if (!p.ok) throw new Error(`move "${m.text}": ${p.reason}`);
    pos.make(p.move);
    return { player: m.player ?? 0, move: p.move };
  });
  const result: pil.GameResult = {
    winner: pos.winner,
    turns: pos.turns,
    reason: pos.winner >= 0 ? 'win' : end === 'drawn by repetition' ? 'repetition' : 'max-turns',
    starter: moves[0]?.player ?? 0,
    moves,
    forcedEnds: 0,
  };
  return { file, json: recordToJson(deal, result, rule, PIL_MAX_TURNS, ['person', s.ai]) as object };
}
