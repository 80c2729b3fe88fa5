// The strategy contract as plain data (docs/strategies.md): what a strategy file is, what
// create(ctx) receives, a public move, and a forfeit. Pure, so that game cores may use it in any
// runtime; loading and running a module is module.ts.

/** A strategy value that names a file rather than a built-in: it has a "/" or ends in .js/.mjs. */
export const isStrategyPath = (text: string): boolean => text.includes('/') || /\.m?js$/i.test(text.trim());

export interface StrategyFile {
  /** Absolute path of the module. */
  path: string;
  /** Its name in CSVs and summaries: the player's `name`, else the file's base name. */
  name: string;
}

/** What create(ctx) receives. `seed` is for the strategy's own randomness, never the deal's. */
export interface StrategyContext {
  game: string;
  seed: string;
  seat: number;
  players: number;
}

export const DEFAULT_DECISION_TIMEOUT_MS = 1000;
/** Parses --decision-timeout's milliseconds as carried in a job config. */
export const decisionTimeoutOf = (ms: unknown): number =>
  typeof ms === 'number' && ms > 0 ? ms : DEFAULT_DECISION_TIMEOUT_MS;

/** A strategy broke the contract and lost its game: what happened, and at which move. */
export class Forfeit extends Error {
  override name = 'Forfeit';
  /** `at` says where in the game, e.g. "move 12". */
  constructor(
    readonly strategy: string,
    readonly seat: number,
    readonly at: string,
    readonly reason: string,
  ) {
    super(`${strategy} forfeits at ${at}: ${reason}`);
  }
}

/** A public move: its notation and whatever else the game's adapter tells about it. */
export interface PublicMove {
  notation: string;
}

/** One seat's player under the contract, as a game's adapter asks it: given a public view, the
 *  index of its move in view.moves, or a Forfeit. A strategy file's (FilePlayer, module.ts) or
 *  a program's own strategy object's (the library's). */
export interface ContractPlayer {
  readonly name: string;
  /** create(ctx), then start(view); before the first decision. `at` says where, for a Forfeit. */
  start(view: object, at: string): void;
  choose(view: { moves: readonly PublicMove[] }, at: string): number;
}

/** Strategy files as a job config carries them to the workers: "name=path" entries (plain
 *  strings, so the settings column records them too). */
export const filesToConfig = (files: ReadonlyMap<string, StrategyFile>): string[] =>
  [...files.values()].map((f) => `${f.name}=${f.path}`);

export function filesFromConfig(list: unknown): Map<string, StrategyFile> {
  const out = new Map<string, StrategyFile>();
  if (!Array.isArray(list)) return out;
  for (const entry of list as string[]) {
    const i = entry.indexOf('=');
    out.set(entry.slice(0, i), { name: entry.slice(0, i), path: entry.slice(i + 1) });
  }
  return out;
}
