import { ObjectPlayer, playerNames } from '../../lib/player.js';
import { solitaireLibrary } from '../../lib/solitaire.js';
import { wholeNumber } from '../../lib/solve.js';
import { checkStop } from '../../lib/stop.js';
import type { GameRecord, Player, PlayOptions, PlayResult } from '../../lib/types.js';
import { InputError } from '../../io/errors.js';
import { Forfeit } from '../../strategies/contract.js';
import { recordOfLine, type StopReason } from '../../solitaire/record.js';
import type { BcDeal } from './deal.js';
import { besiegedCity } from './kit.js';
import { makeStrategy, playGame, STRATEGIES, type Strategy } from './strategies/index.js';
import { ContractStrategy } from './strategies/public-view.js';

// Besieged City in the library (`import { play } from 'patience-lab'`): the one-player calls over
// its kit, and its strategies, built-in or the caller's own, playing a deal. On the core alone,
// so that it runs in a browser too (src/lib/game.ts).

/** A strategy whose every decision first looks at the signal. */
function stoppable(s: Strategy, signal: AbortSignal | undefined): Strategy {
  if (!signal) return s;
  return {
    get name() {
      return s.name;
    },
    start: (view) => s.start(view),
    choose: (view) => {
      checkStop(signal);
      return s.choose(view);
    },
  };
}

/** One game of the deal played by `player`, refereed as `play --strategy` referees it; a player
 *  that breaks the contract forfeits (its game is unfinished, reason forfeit). */
function playDeal(deal: BcDeal, player: Player, game: string, opts: PlayOptions): PlayResult {
  const [name] = playerNames([player], STRATEGIES, 'players', game, 1);
  const seed = opts.strategySeed ?? '1';
  const maxMoves = opts.maxMoves === undefined ? undefined : wholeNumber(opts.maxMoves, 'maxMoves');
  if (opts.rules !== undefined) throw new InputError('rules: a Besieged City deal carries its variant (deal options)');
  const signal = opts.signal;
  // The strategy's own seed is never the deal's: from that it could rebuild the stock order.
  const strategy =
    typeof player === 'string'
      ? makeStrategy(name, seed, signal ? { poll: () => signal.aborted } : {})
      : new ContractStrategy(new ObjectPlayer(player, { game, seed, seat: 0, players: 1 }, name, signal));
  const line: string[] = [];
  let reason: string;
  let forfeit: string | undefined;
  try {
    reason = playGame(deal, stoppable(strategy, signal), { maxMoves, onMove: (m) => line.push(m) }).reason;
  } catch (e) {
    if (!(e instanceof Forfeit)) throw e;
    reason = 'forfeit';
    forfeit = e.message;
  }
  const stopped = reason === 'move-cap' || reason === 'resigned' || reason === 'forfeit' ? reason : undefined;
  const record = recordOfLine(besiegedCity, deal, line, {
    player: `${name} (strategy seed ${seed})`,
    stopped: stopped as StopReason | undefined,
  }) as GameRecord;
  const outcome = record.result.outcome;
  return {
    game,
    ...(deal.seed !== undefined ? { seed: deal.seed } : {}),
    players: [name],
    outcome,
    ...(stopped ? { reason: stopped } : {}),
    scores: [outcome === 'won' ? 1 : 0],
    moves: line.length,
    ...(forfeit ? { forfeit } : {}),
    record,
  };
}

export const library = solitaireLibrary(besiegedCity, {
  module: import.meta.url,
  strategies: { names: STRATEGIES, play: playDeal },
});
