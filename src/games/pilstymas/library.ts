import { InputError } from '../../io/errors.js';
import type { GameLibrary } from '../../lib/game.js';
import { ObjectPlayer, playerNames } from '../../lib/player.js';
import { rulesOf } from '../../lib/rules.js';
import { wholeNumber } from '../../lib/solve.js';
import { checkStop } from '../../lib/stop.js';
import type { DealDocument, GameRecord, Player, PlayOptions, PlayResult } from '../../lib/types.js';
import { Forfeit } from '../../strategies/contract.js';
import { analysePilstymas } from './analyse.js';
import { dealFromJson, dealFromSeed, dealToJson, GAME, type PilDeal } from './deal.js';
import { DEFAULT_MAX_TURNS, playGame } from './match.js';
import { recordFromJson, recordToJson, verifyRecord } from './replay.js';
import { STRATEGY_NAMES, type Strategy, strategyFor } from './strategies/index.js';
import { ContractStrategy } from './strategies/public-view.js';
import type { WinRule } from './position.js';

// Pilstymas in the library (`import { tournament } from 'patience-lab'`): deals, games between
// two players (built-in strategies or the caller's own), verifying and analysing records. On the
// core alone, so that it runs in a browser too (src/lib/game.ts).

const SEATS = ['A', 'B'] as const;

const readDeal = (doc: DealDocument): PilDeal => dealFromJson(doc, 'deal');

/** A record's checks: a move that cannot be made makes it bad input, as on the command line. */
function checkedRecord(doc: DealDocument) {
  const rec = recordFromJson(doc, 'record');
  const v = verifyRecord(rec);
  if (!v.ok && v.illegal) throw new InputError(`record: ${v.message}`);
  return { rec, v };
}

function playDeal(doc: DealDocument, players: readonly Player[], opts: PlayOptions): PlayResult {
  const deal = readDeal(doc);
  if (players.length !== 2) throw new InputError(`players: Pilstymas is played by two, not ${players.length}`);
  if (opts.maxMoves !== undefined) throw new InputError('maxMoves: Pilstymas counts turns (maxTurns)');
  const names = playerNames(players, STRATEGY_NAMES, 'players', GAME, 2);
  const rule = rulesOf(opts.rules, { win: ['cleared', 'russian-bank'] }).win as WinRule;
  const maxTurns = opts.maxTurns === undefined ? DEFAULT_MAX_TURNS : wholeNumber(opts.maxTurns, 'maxTurns');
  const strategySeed = opts.strategySeed ?? '1';
  const signal = opts.signal;
  // A built-in's seed comes from the deal and its seat (as in a tournament); the caller's own
  // strategy gets the strategy seed and its seat, never the deal's seed.
  const seated = players.map((p, seat): Strategy => {
    if (typeof p !== 'string') {
      const ctx = { game: GAME, seed: `${strategySeed}:${SEATS[seat]}`, seat, players: 2 };
      return new ContractStrategy(new ObjectPlayer(p, ctx, names[seat], signal));
    }
    const s = strategyFor(names[seat], deal.seed ?? 'file', seat, new Map(), strategySeed);
    return signal
      ? {
          name: s.name,
          choose: (view) => {
            checkStop(signal);
            return s.choose(view);
          },
        }
      : s;
  }) as [Strategy, Strategy];
  const base = { game: GAME, ...(deal.seed !== undefined ? { seed: deal.seed } : {}), players: names };
  try {
    const r = playGame(deal, seated, { maxTurns, rule, record: true });
    const record = recordToJson(deal, r, rule, maxTurns, [names[0], names[1]]) as GameRecord;
    return {
      ...base,
      outcome: r.winner >= 0 ? 'win' : 'draw',
      ...(r.winner < 0 ? { reason: r.reason } : {}),
      scores: r.winner < 0 ? [0.5, 0.5] : r.winner === 0 ? [1, 0] : [0, 1],
      moves: r.turns,
      record,
    };
  } catch (e) {
    // A strategy that breaks the contract loses this game, and nothing else happens.
    if (!(e instanceof Forfeit)) throw e;
    const loser = seated[e.seat] as ContractStrategy;
    return {
      ...base,
      outcome: 'win',
      reason: 'forfeit',
      scores: e.seat === 0 ? [0, 1] : [1, 0],
      moves: loser.turns,
      forfeit: e.message,
    };
  }
}

export const library: GameLibrary = {
  module: import.meta.url,
  name: GAME,
  title: 'Pilstymas',
  seats: { min: 2, max: 2 },
  strategies: STRATEGY_NAMES,
  deal(seed, o) {
    if (o.variant !== undefined)
      throw new InputError('variant: a Pilstymas deal has no variant (play takes its rules)');
    if (o.players !== undefined && o.players !== 2) throw new InputError('players: Pilstymas is played by two');
    return { ...dealToJson(dealFromSeed(seed)) };
  },
  verify(doc, moves) {
    if (moves !== undefined)
      throw new InputError('verify: a Pilstymas game is verified from its record (play gives it)', 'NOT_AVAILABLE');
    const { rec, v } = checkedRecord(doc);
    return {
      valid: v.ok,
      won: v.position.winner >= 0,
      moves: rec.moves.length,
      text: v.ok ? v.message : `invalid: ${v.message}`,
    };
  },
  play: playDeal,
  analyse(doc) {
    const { rec } = checkedRecord(doc);
    return analysePilstymas(rec, dealToJson(rec.deal));
  },
};
