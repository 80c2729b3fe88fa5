import { type ContractPlayer, Forfeit, type PublicMove, type StrategyContext } from '../strategies/contract.js';
import { InputError, quote } from '../io/errors.js';
import type { Player, PublicView, StrategyFactory, UserStrategy } from './types.js';
import { StoppedError } from './errors.js';

// A program's own strategy under the contract of strategy files (docs/strategies.md), played in
// this process: a player the games' contract adapters ask as they ask a strategy file's
// (ContractPlayer). It keeps the contract's rules, but not its sandbox and time limit: the code
// is the caller's own, and a synchronous call cannot be cut short.

/** A strategy's name as the contract allows it (the files' rule, src/strategies/module.ts). */
const NAME = /^[A-Za-z0-9][A-Za-z0-9_.+-]{0,39}$/;

/** The name a player goes by: a built-in's, or a strategy's own (checked), "user" without one.
 *  A create function is called once with `probe` to learn it, as a strategy file is checked
 *  before any game (its failure is bad input, not a lost game). */
export function playerName(p: Player, builtins: readonly string[], where: string, probe: StrategyContext): string {
  if (typeof p === 'string') {
    const n = p.trim().toLowerCase();
    if (!builtins.some((b) => n === b || n.startsWith(`${b}:`)))
      throw new InputError(
        `${where}: unknown strategy ${quote(p)} (built-in: ${builtins.join(', ') || 'none'}; or a strategy object)`,
      );
    return n;
  }
  if (typeof p === 'function') {
    let s: unknown;
    try {
      s = p(probe);
    } catch (e) {
      throw new InputError(`${where}: create(ctx) threw ${describe(e)}`);
    }
    if (!isStrategy(s)) throw new InputError(`${where}: create(ctx) returned no player with choose(view)`);
    return ownName(s, builtins, where);
  }
  if (!isStrategy(p)) throw new InputError(`${where}: a strategy is a built-in's name, or an object with choose(view)`);
  return ownName(p, builtins, where);
}

const isStrategy = (s: unknown): s is UserStrategy =>
  typeof s === 'object' && s !== null && typeof (s as UserStrategy).choose === 'function';

function ownName(s: UserStrategy, builtins: readonly string[], where: string): string {
  if (s.name === undefined) return 'user';
  if (typeof s.name !== 'string' || !NAME.test(s.name))
    throw new InputError(`${where}: a strategy's name must be 1-40 letters, digits or _.+-`);
  if (builtins.includes(s.name.toLowerCase()))
    throw new InputError(`${where}: the strategy named ${quote(s.name)} shares a built-in's name; give it another`);
  return s.name;
}

/** The names of a game's players (of `game`, `seats` to a deal), one per seat or entry; two that
 *  are not the same player may not share a name (results are told apart by it). */
export function playerNames(
  players: readonly Player[],
  builtins: readonly string[],
  where: string,
  game: string,
  seats: number,
): string[] {
  const names = players.map((p, i) =>
    playerName(p, builtins, `${where}[${i}]`, { game, seed: '1', seat: Math.min(i, seats - 1), players: seats }),
  );
  names.forEach((n, i) => {
    const j = names.indexOf(n);
    if (j >= i || typeof players[i] === 'string') return;
    // One object in two seats would hold two games' state at once; a create function makes each its own.
    if (players[j] === players[i] && typeof players[i] === 'object')
      throw new InputError(`${where}: the strategy object ${quote(n)} is given twice; give a create function instead`);
    if (players[j] !== players[i])
      throw new InputError(`${where}: two strategies are named ${quote(n)}; give each its own name`);
  });
  return names;
}

const describe = (e: unknown) => (e instanceof Error ? `${e.name}: ${e.message}` : String(e));

/** One seat's player backed by a strategy object or factory, for one game. */
export class ObjectPlayer implements ContractPlayer {
  private strategy: UserStrategy | null = null;

  constructor(
    private readonly given: UserStrategy | StrategyFactory,
    readonly ctx: StrategyContext,
    readonly name: string,
    private readonly signal?: AbortSignal,
  ) {}

  start(view: object, at: string): void {
    const s = this.call(
      () => (typeof this.given === 'function' ? this.given(this.ctx) : this.given),
      at,
      'create(ctx)',
    );
    if (!isStrategy(s))
      throw new Forfeit(this.name, this.ctx.seat, at, 'create(ctx) returned no player with choose(view)');
    this.strategy = s as UserStrategy;
    if (this.strategy.start) {
      const st = this.strategy;
      this.call(() => st.start!(view as PublicView), at, 'start(view)');
    }
  }

  choose(view: { moves: readonly PublicMove[] }, at: string): number {
    if (this.signal?.aborted) throw new StoppedError(this.signal);
    if (this.strategy === null) this.start(view, at);
    const s = this.strategy!;
    const value = this.call(() => s.choose(view as PublicView), at, 'choose(view)');
    const i =
      typeof value === 'string'
        ? view.moves.findIndex((m) => m.notation === value)
        : view.moves.findIndex((m) => m === value || (isMove(value) && m.notation === value.notation));
    if (i >= 0) return i;
    const shown = typeof value === 'string' ? value : isMove(value) ? value.notation : value;
    throw new Forfeit(
      this.name,
      this.ctx.seat,
      at,
      value instanceof Promise
        ? 'choose(view) returned a promise: a strategy played in process answers at once'
        : value === undefined || (typeof value !== 'string' && !isMove(value))
          ? `choose(view) returned ${quote(value)}, not a move`
          : `chose ${quote(shown, 24)}, which is not one of the ${view.moves.length} legal moves`,
    );
  }

  /** A call into the strategy: what it throws is a Forfeit, the error its cause. */
  private call<T>(f: () => T, at: string, what: string): T {
    try {
      return f();
    } catch (e) {
      if (e instanceof StoppedError) throw e;
      const forfeit = new Forfeit(this.name, this.ctx.seat, at, `${what} threw ${describe(e)}`);
      forfeit.cause = e;
      throw forfeit;
    }
  }
}

const isMove = (v: unknown): v is PublicMove =>
  typeof v === 'object' && v !== null && typeof (v as PublicMove).notation === 'string';
