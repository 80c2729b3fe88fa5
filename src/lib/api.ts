import { parseSeed, parseSeeds } from '../cli/units.js';
import { InputError, quote } from '../io/errors.js';
import type { Task } from '../solitaire/advice.js';
import { StoppedError } from './errors.js';
import { GAME_CALLS } from './game.js';
import { allGames, callOf, libraryOf, libraryOfDocument } from './games.js';
import { playerNames } from './player.js';
import { Pauses } from './stop.js';
import type {
  AdviceOptions,
  AnalyseOptions,
  Analysis,
  BatchItem,
  BatchOptions,
  BatchResult,
  DealDocument,
  DealOptions,
  GameInfo,
  GameRecord,
  Hint,
  Player,
  PlayOptions,
  PlayResult,
  SolveOptions,
  SolveResult,
  Standing,
  TournamentOptions,
  TournamentResult,
  VerifyResult,
  Winnable,
  WinnableOptions,
} from './types.js';

// The library's calls. Each takes and gives the documents of the command line (a deal as
// `deal --json` prints it, a solution as `solve --json`, a record as `play --record`) and
// dispatches on the game they name to that game's GameLibrary (game.ts). Nothing here prints,
// reads a file or ends the process: bad input is a UserError with a `code`, a stop is in the
// answer.

/**
 * The games there are, and what each offers.
 *
 * @example
 * ```ts
 * for (const g of games()) console.log(g.name, g.calls.join(' '));
 * ```
 */
export function games(): GameInfo[] {
  return allGames().map((g) => {
    const has = GAME_CALLS.filter((c) => g[c] !== undefined);
    const tournament = g.play !== undefined && g.seats.min <= 2 && g.seats.max >= 2;
    return {
      name: g.name,
      title: g.title,
      seats: { ...g.seats },
      strategies: [...g.strategies],
      calls: ['deal', ...has, ...(g.solve || g.play ? ['batch'] : []), ...(tournament ? ['tournament'] : [])],
    };
  });
}

/**
 * The deal of a seed: the same document as `patience deal GAME --seed SEED --json`, on every
 * machine and in every version. A seed is a deal number (`42`, not `042`) or a name starting with
 * a letter (`hello`).
 *
 * @param game A game's name, as {@link games} lists it (e.g. `'parterre'`).
 * @param options A rule variant (`'stock-to-foundation=no'`, games with variants), or the number
 *   of players (games for several).
 * @throws InputError `UNKNOWN_GAME` for a game not played here, `BAD_INPUT` for a bad seed or option.
 */
export function deal(game: string, seed: string | number, options: DealOptions = {}): DealDocument {
  const g = libraryOf(game);
  return g.deal(parseSeed(String(seed), 'seed'), options);
}

/**
 * Searches a deal for a winning line, within a budget: `solved` with the moves, `unsolvable`
 * (only after an exhaustive search), or `unknown` with the limit reached. The result is the
 * document `patience solve --json` prints; `patience verify --solution` and {@link verify} read it.
 *
 * @param deal A deal document: from `deal()`, or a deal file's JSON.
 * @param options The budget (`maxNodes`, default 10,000,000; `timeoutMs`; `memoryBytes`), the
 *   algorithm, a `signal` and `onProgress`.
 * @throws InputError `NOT_AVAILABLE` for a game without a solver, `BAD_INPUT` for a bad deal or option.
 *
 * @example
 * ```ts
 * const r = solve(deal('parterre', 42), { maxNodes: 1_000_000 });
 * if (r.outcome === 'solved') console.log(r.moves.length, 'moves');
 * ```
 */
export function solve(deal: DealDocument, options: SolveOptions = {}): SolveResult {
  return callOf(libraryOfDocument(deal, 'deal'), 'solve')(deal, options);
}

/**
 * Replays a line of moves from a deal: valid when every move is legal and the game is won; else
 * the first illegal move, or how far the line got. Without `moves`, the first argument is a
 * solution (from {@link solve}, or `solve --json`) or a game record (from {@link play}, or
 * `play --record`), judged as `patience verify --solution FILE` judges it.
 *
 * @param moves The moves in the game's notation, from the deal.
 * @throws InputError `BAD_INPUT` for a bad document (a record's moves must replay).
 */
export function verify(deal: DealDocument | SolveResult | GameRecord, moves?: readonly string[]): VerifyResult {
  return callOf(libraryOfDocument(deal, moves === undefined ? 'document' : 'deal'), 'verify')(deal, moves);
}

/**
 * Plays one game of a deal: a built-in strategy by name, or your own (an object under the
 * strategy contract, or a strategy file's `create` function), one per seat. The result holds
 * the game record where the game has records (`verify` and `analyse` read it).
 *
 * @param players One player (a patience), or one per seat.
 * @param options The strategies' seed, the move or turn cap, the game's rules, and a `signal`
 *   (checked before every move).
 * @throws StoppedError when the signal stops the game; InputError for bad input.
 *
 * @example
 * ```ts
 * const g = play(deal('besieged-city', 42), 'greedy');
 * console.log(g.outcome, g.moves);
 * ```
 */
export function play(deal: DealDocument, players: Player | readonly Player[], options: PlayOptions = {}): PlayResult {
  const list = (Array.isArray(players) ? players : [players]) as readonly Player[];
  return callOf(libraryOfDocument(deal, 'deal'), 'play')(deal, list, options);
}

/**
 * The game record of a line of moves played from a deal (by a person unless `player` names who
 * played): the file `patience play --record` writes, which {@link analyse}, {@link verify} and
 * `patience replay` read. A patience's game ends "won", "lost" (no move left) or "unfinished".
 *
 * @throws InputError `BAD_INPUT` naming the first illegal move.
 */
export function record(deal: DealDocument, moves: readonly string[], options: { player?: string } = {}): GameRecord {
  return callOf(libraryOfDocument(deal, 'deal'), 'record')(deal, moves, options.player);
}

/**
 * Analyses a game record: for a patience, the solver's verdict at every position (winnable,
 * lost, unknown at the budget), the losing move and a winning line from before it, and with
 * face-down cards the chance of a player who cannot see them; for two players, the expert's
 * evaluation after every turn. The same as `patience analyse --record FILE --json`.
 *
 * @param record A game record, from {@link play} or a record file.
 * @param options The search's budget per position (`maxNodes`, default 100,000), the guesses
 *   of face-down cards, a `signal` (positions not searched when it stops are unknown).
 */
export function analyse(record: GameRecord | DealDocument, options: AnalyseOptions = {}): Analysis {
  return callOf(libraryOfDocument(record, 'record'), 'analyse')(record, options);
}

/** Runs a task's steps, pausing between them (Pauses) so that its signal can be aborted. */
async function finish<R>(task: Task<R>): Promise<R> {
  const pauses = new Pauses();
  for (;;) {
    const s = task.step();
    if (s.done) return s.result;
    await pauses.pause();
  }
}

/**
 * A hint: one move for the position after `moves`, from the solver's winning line when it finds
 * one within the budget (in a game with face-down cards, from the best strategy that never
 * sees them), else the move the game's heuristic likes best.
 *
 * @param moves The moves made from the deal, in notation.
 * @param options The node budget (`maxNodes`), a `signal` (a stopped hint is the best move
 *   found so far: `stopped` is true), `onProgress`.
 */
export function hint(deal: DealDocument, moves: readonly string[] = [], options: AdviceOptions = {}): Promise<Hint> {
  return finish(callOf(libraryOfDocument(deal, 'deal'), 'hint')(deal, moves, options));
}

/**
 * Whether the position after `moves` can still be won: exact where every card is face up
 * (`kind: 'exact'`, verdict solved, lost or unknown at the budget); with face-down cards, the
 * chance of winning without peeking (`kind: 'chance'`, with its 95% interval), or with
 * `spoiler` the exact answer with them known.
 */
export function winnable(
  deal: DealDocument,
  moves: readonly string[] = [],
  options: WinnableOptions = {},
): Promise<Winnable> {
  return finish(callOf(libraryOfDocument(deal, 'deal'), 'winnable')(deal, moves, options));
}

/** Seeds as the calls take them: a list, or text as `--seeds` takes it ("1..100,200"). */
function seedsOf(seeds: unknown): string[] {
  if (typeof seeds === 'string') return parseSeeds(seeds, 'seeds');
  if (!Array.isArray(seeds) || seeds.length === 0)
    throw new InputError('seeds: give a list of seeds, or a text like "1..100"');
  const out = seeds.map((s, i) => {
    if (typeof s !== 'string' && typeof s !== 'number') throw new InputError(`seeds[${i}]: ${quote(s)} is not a seed`);
    return parseSeed(String(s), `seeds[${i}]`);
  });
  const twice = out.find((s, i) => out.indexOf(s) !== i);
  if (twice !== undefined) throw new InputError(`seeds: seed ${twice} is listed twice`);
  return out;
}

/** Runs `f`, turning a stop of its game into null. */
function unlessStopped<T>(f: () => T): T | null {
  try {
    return f();
  } catch (e) {
    if (e instanceof StoppedError) return null;
    throw e;
  }
}

/**
 * Deals the seeds in turn and, for each, searches it (a game with a solver) and lets the
 * strategies play it: for a patience each strategy plays every deal alone; for a game of
 * several players the strategies take the seats, one each, and play every deal together. In
 * this process, one deal after another; the promise pauses between deals, so a `signal` from a
 * timer or a button stops it there (or in a search), keeping every deal done.
 *
 * @example
 * ```ts
 * const { items } = await batch('besieged-city', { seeds: '1..3', strategies: ['greedy'], solve: { maxNodes: 200_000 } });
 * ```
 */
export async function batch(game: string, options: BatchOptions): Promise<BatchResult> {
  const g = libraryOf(game);
  const seeds = seedsOf(options.seeds);
  const strategies = options.strategies ?? [];
  if (!Array.isArray(strategies)) throw new InputError('strategies: expected a list of players');
  const search = options.solve === false || (options.solve === undefined && !g.solve) ? null : callOf(g, 'solve');
  const playOne = strategies.length > 0 ? callOf(g, 'play') : null;
  if (!search && !playOne) throw new InputError(`batch ${g.name}: name the strategies that play (strategies)`);
  playerNames(strategies, g.strategies, 'strategies', g.name, g.seats.max === 1 ? 1 : strategies.length);
  const alone = g.seats.max === 1;
  if (!alone && strategies.length > 0) {
    if (strategies.length < g.seats.min || strategies.length > g.seats.max)
      throw new InputError(
        `strategies: ${g.title} seats ${g.seats.min} to ${g.seats.max} players, one strategy each; ${strategies.length} given`,
      );
    if (options.players !== undefined && options.players !== strategies.length)
      throw new InputError(`players: ${options.players}, but ${strategies.length} strategies take the seats`);
  }
  const dealOptions: DealOptions = {
    ...(options.variant !== undefined ? { variant: options.variant } : {}),
    ...(!alone && strategies.length > 0 && g.seats.min !== g.seats.max
      ? { players: strategies.length }
      : options.players !== undefined
        ? { players: options.players }
        : {}),
  };
  const signal = options.signal;
  const playOptions: PlayOptions = { ...options.play, ...(signal ? { signal } : {}) };
  const items: BatchItem[] = [];
  const pauses = new Pauses();
  for (const seed of seeds) {
    if (signal?.aborted) return { items, stopped: true };
    const d = g.deal(seed, dealOptions);
    const item: BatchItem = { seed, deal: d, plays: [] };
    if (search) {
      item.solve = search(d, { ...(options.solve || {}), ...(signal ? { signal } : {}) });
      if (item.solve.outcome === 'unknown' && item.solve.limit === 'stopped') return { items, stopped: true };
    }
    if (playOne) {
      const games = alone ? strategies.map((s) => [s]) : [strategies];
      for (const seats of games) {
        const r = unlessStopped(() => playOne(d, seats, playOptions));
        if (r === null) return { items, stopped: true };
        item.plays.push(r);
      }
    }
    items.push(item);
    options.onItem?.(item);
    await pauses.pause();
  }
  return { items, stopped: false };
}

/**
 * Every two of the players meet on every seed, once in either seat order (a game for two: the
 * other seats stay empty), as `patience tournament` pairs them. In this process; the promise
 * pauses between games, so a `signal` stops it there, keeping every game done.
 *
 * @example
 * ```ts
 * const t = await tournament('pilstymas', { players: ['greedy', 'random'], seeds: '1..2' });
 * console.log(t.standings[0].player);
 * ```
 */
export async function tournament(game: string, options: TournamentOptions): Promise<TournamentResult> {
  const g = libraryOf(game);
  const playOne = callOf(g, 'play');
  if (g.seats.min > 2 || g.seats.max < 2)
    throw new InputError(`tournament is for games of two players; ${g.title} seats ${g.seats.min}`, 'NOT_AVAILABLE');
  const seeds = seedsOf(options.seeds);
  const players = options.players;
  if (!Array.isArray(players) || players.length < 2) throw new InputError('players: name at least two players');
  const names = playerNames(players, g.strategies, 'players', g.name, 2);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice !== undefined) throw new InputError(`players: ${quote(twice)} is listed twice`);
  const signal = options.signal;
  const playOptions: PlayOptions = { ...options.play, ...(signal ? { signal } : {}) };
  const dealOptions: DealOptions = g.seats.min !== g.seats.max ? { players: 2 } : {};
  const played: PlayResult[] = [];
  const pauses = new Pauses();
  const result = (stopped: boolean): TournamentResult => ({
    games: played,
    standings: standings(names, played),
    stopped,
  });
  for (let i = 0; i < players.length; i++)
    for (let j = i + 1; j < players.length; j++)
      for (const seed of seeds) {
        const d = g.deal(seed, dealOptions);
        for (const seats of [
          [players[i], players[j]],
          [players[j], players[i]],
        ]) {
          if (signal?.aborted) return result(true);
          const r = unlessStopped(() => playOne(d, seats, playOptions));
          if (r === null) return result(true);
          played.push(r);
          options.onGame?.(r);
          await pauses.pause();
        }
      }
  return result(false);
}

/** Each player's games, wins, draws and losses, and its share of the points, best first. */
function standings(names: readonly string[], played: readonly PlayResult[]): Standing[] {
  const rows = new Map(names.map((n) => [n, { player: n, games: 0, wins: 0, draws: 0, losses: 0, score: 0 }]));
  for (const r of played)
    r.players.forEach((n, seat) => {
      const s = rows.get(n);
      if (!s) return;
      const x = r.scores[seat];
      s.games++;
      if (x === 1) s.wins++;
      else if (x === 0) s.losses++;
      else s.draws++;
    });
  const out = [...rows.values()].map((s) => ({ ...s, score: s.games ? (s.wins + s.draws / 2) / s.games : 0 }));
  return out.sort((a, b) => b.score - a.score || (a.player < b.player ? -1 : 1));
}
