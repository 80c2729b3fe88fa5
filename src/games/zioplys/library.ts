import { InputError } from '../../io/errors.js';
import type { GameLibrary } from '../../lib/game.js';
import { ObjectPlayer, playerNames } from '../../lib/player.js';
import { rulesOf } from '../../lib/rules.js';
import { wholeNumber } from '../../lib/solve.js';
import { checkStop } from '../../lib/stop.js';
import type { DealDocument, Player, PlayOptions, PlayResult } from '../../lib/types.js';
import { checkPlayers, dealFromJson, dealFromSeed, dealToJson, GAME } from './deal.js';
import { resultJson, simulate } from './match.js';
import { CHOOSE_EXTERNAL } from './position.js';
import { parseStrategies, STRATEGY_NAMES, type Strategies } from './strategies/index.js';

// Žioplys in the library (`import { play } from 'patience-lab'`): deals for 2 to 6 players, and
// their games played out by built-in strategies or the caller's own (asked when a card fits
// several wastes). On the core alone, so that it runs in a browser too (src/lib/game.ts).

/** Players when a deal names none, as on the command line. */
const DEFAULT_PLAYERS = 4;

/** The seats' strategies: built-ins by name, the caller's own as seats the engine asks. */
function seatsOf(players: readonly Player[], names: readonly string[]): Strategies {
  const builtins = parseStrategies(
    names.map((n, i) => (typeof players[i] === 'string' ? n : 'rule')).join(','),
    players.length,
  );
  players.forEach((p, seat) => {
    if (typeof p === 'string') return;
    builtins.names[seat] = names[seat];
    builtins.chooser[seat] = CHOOSE_EXTERNAL;
    builtins.miss[seat] = 0;
  });
  return builtins;
}

function playDeal(doc: DealDocument, players: readonly Player[], opts: PlayOptions): PlayResult {
  const deal = dealFromJson(doc, 'deal');
  if (players.length !== deal.players)
    throw new InputError(`players: the deal seats ${deal.players} players, ${players.length} given`);
  if (opts.maxMoves !== undefined) throw new InputError('maxMoves: Žioplys counts turns (maxTurns)');
  const names = playerNames(players, STRATEGY_NAMES, 'players', GAME, deal.players);
  const rules = rulesOf(opts.rules, { wrap: ['yes', 'no'], 'centre-alternate-colours': ['no', 'yes'] });
  const strategySeed = opts.strategySeed ?? '1';
  checkStop(opts.signal);
  const r = simulate(deal, {
    variant: { wrap: rules.wrap === 'yes', alternateColours: rules['centre-alternate-colours'] === 'yes' },
    strategies: seatsOf(players, names),
    ...(opts.maxTurns !== undefined ? { maxTurns: wholeNumber(opts.maxTurns, 'maxTurns') } : {}),
    players: players.map((p, seat) =>
      typeof p === 'string'
        ? null
        : new ObjectPlayer(
            p,
            { game: GAME, seed: `${strategySeed}:${seat}`, seat, players: deal.players },
            names[seat],
            opts.signal,
          ),
    ),
  });
  const result = resultJson(r);
  return {
    game: GAME,
    ...(deal.seed !== undefined ? { seed: deal.seed } : {}),
    players: names,
    outcome: r.outcome,
    scores: names.map((_, seat) => (r.loser === null ? 0.5 : r.loser === seat ? 0 : 1)),
    moves: r.turns,
    ...(r.forfeit ? { forfeit: r.forfeit } : {}),
    result,
  };
}

export const library: GameLibrary = {
  module: import.meta.url,
  name: GAME,
  title: 'Žioplys',
  seats: { min: 2, max: 6 },
  strategies: STRATEGY_NAMES,
  deal(seed, o) {
    if (o.variant !== undefined) throw new InputError('variant: a Žioplys deal has no variant (play takes its rules)');
    const players = o.players === undefined ? DEFAULT_PLAYERS : checkPlayers(o.players, 'players');
    return { ...dealToJson(dealFromSeed(seed, players)) };
  },
  play: playDeal,
};
