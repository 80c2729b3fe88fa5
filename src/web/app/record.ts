import { PIL_MAX_TURNS, type Session } from './model.js';

// The record of a game played in the page, as `patience verify` reads it: for Besieged City and
// Parterre a solution document ({ game, deal, moves }: verify replays it and says whether it was
// won), for Pilstymas a game record ({ game, deal, rule, maxTurns, moves, result }). The one
// place the page writes records, so that the record format of the CLI plugs in here.

export function recordOf(session: Session): { file: string; json: object } {
  const s = session.settings;
  const name = `${s.game}-${s.dealJson ? 'file' : s.seed}`;
  if (s.game !== 'pilstymas') {
    const doc = {
      game: s.game,
      deal: withoutGame(session.dealJson()),
      moves: session.moves.map((m) => m.text),
      outcome: session.won() ? 'solved' : 'unknown',
    };
    return { file: `${name}.json`, json: doc };
  }
  const winner = session.winner?.() ?? -1;
  const end = session.over();
  const rule = /win=russian-bank/.test(s.variant) ? 'russian-bank' : 'cleared';
  const doc = {
    game: s.game,
    deal: withoutGame(session.dealJson()),
    ...(rule !== 'cleared' ? { rule } : {}),
    maxTurns: PIL_MAX_TURNS,
    moves: session.moves.map((m) => ({ player: m.player ?? 0, move: m.text })),
    result:
      winner >= 0
        ? { outcome: 'win', winner, turns: session.turns?.() ?? 0 }
        : {
            outcome: 'draw',
            ...(end === 'drawn by repetition' ? { reason: 'repetition' } : end ? { reason: 'max-turns' } : {}),
            turns: session.turns?.() ?? 0,
          },
  };
  return { file: `${name}.json`, json: doc };
}

function withoutGame(deal: object): object {
  const { game: _, ...rest } = deal as Record<string, unknown>;
  return rest;
}
