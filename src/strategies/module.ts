import { existsSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { InputError, quote } from '../io/errors.js';
import { realPathOf } from '../io/files.js';
import { killStrategyProcesses, StrategyHost } from './host.js';
import { checkStrategyFolder, DEFAULT_STRATEGY_MEMORY_MIB, FolderRefused, MIN_STRATEGY_MEMORY_MIB } from './sandbox.js';
import { Forfeit, isStrategyPath, type PublicMove, type StrategyContext, type StrategyFile } from './contract.js';

export * from './contract.js';
export { killStrategyProcesses };

// Strategies from outside (docs/strategies.md): an ES module whose default export is
// `create(ctx) -> { name?, start?(view), choose(view) }`. It is the same contract for every game;
// each game has an adapter that builds its plain-data view and maps the chosen notation back to
// an engine move. The referee decides legality and time: a throw, a move that is not in
// view.moves, or a decision slower than the timeout forfeits the game (Forfeit), and nothing
// else. The built-in strategies never come here.

/** Loading a module is not a decision; it gets a generous limit of its own. */
export const DEFAULT_LOAD_TIMEOUT_MS = 30_000;
let loadTimeoutMs = DEFAULT_LOAD_TIMEOUT_MS;

/** Sets the limit for loading a strategy file in this thread (a job config may carry one). */
export function setLoadTimeout(ms: unknown): void {
  loadTimeoutMs = typeof ms === 'number' && ms > 0 ? ms : DEFAULT_LOAD_TIMEOUT_MS;
}
/** --strategy-memory in MiB: the writable memory each strategy process may use. */
let memoryMiB = DEFAULT_STRATEGY_MEMORY_MIB;

/** Sets the memory limit of the strategy processes this thread starts (a job config carries it). */
export function setStrategyMemory(mib: unknown): void {
  memoryMiB = typeof mib === 'number' && mib >= MIN_STRATEGY_MEMORY_MIB ? mib : DEFAULT_STRATEGY_MEMORY_MIB;
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.+-]{0,39}$/;

// One loaded module per thread and file: a pool worker imports each module once and calls
// create(ctx) for every game. A host whose thread was stopped (a hung decision) is replaced.
// A file that would not load in this thread is not tried again here (a hung import would cost
// its limit on every game).
const hosts = new Map<string, StrategyHost>();
const unloadable = new Map<string, string>();

/** A strategy file that loaded when the command checked it would not load in a worker (it threw
 *  or hung there), so its games cannot be played in this thread. No game was played: the
 *  caller records the strategy's result as missing, not as a loss. */
export class StrategyUnavailable extends Error {
  override name = 'StrategyUnavailable';
  constructor(
    readonly strategy: string,
    readonly reason: string,
  ) {
    super(`strategy ${strategy} not played: ${reason}`);
  }
}

function loadHost(path: string, timeoutMs = loadTimeoutMs): { host: StrategyHost } | { error: string } {
  const host = new StrategyHost(path, memoryMiB, basename(path));
  const r = host.call('load', pathToFileURL(path).href, timeoutMs);
  if (!r.ok) {
    host.stop();
    return { error: r.timedOut ? `loading ${r.error}` : r.error };
  }
  return { host };
}

function hostFor(file: StrategyFile): StrategyHost {
  const h = hosts.get(file.path);
  if (h?.alive) return h;
  const failed = unloadable.get(file.path);
  if (failed !== undefined) throw new StrategyUnavailable(file.name, failed);
  const r = loadHost(file.path);
  if ('error' in r) {
    const reason = `${file.path} did not load in a worker: ${r.error}`;
    unloadable.set(file.path, reason);
    throw new StrategyUnavailable(file.name, reason);
  }
  hosts.set(file.path, r.host);
  return r.host;
}

/** Checks a strategy file before any game: it exists, its folder holds no link out of it,
 *  it loads, has a default export function, and create(ctx) gives a player with choose().
 *  Every failure is a one-line InputError. The file is known by its real path from here on:
 *  its folder is what the module may read. */
export function loadStrategyFile(text: string, game: string, players: number): StrategyFile {
  const given = text.trim();
  if (!existsSync(resolve(given))) throw new InputError(`${given}: no such strategy file`);
  const path = realpathSync(resolve(given));
  if (!statSync(path).isFile()) throw new InputError(`${given}: not a file`);
  try {
    checkStrategyFolder(dirname(path));
  } catch (e) {
    if (e instanceof FolderRefused) throw new InputError(`${given}: ${e.message}`);
    throw new InputError(`${given}: cannot read its folder (${(e as NodeJS.ErrnoException).code ?? e})`);
  }
  const r = loadHost(path, DEFAULT_LOAD_TIMEOUT_MS);
  if ('error' in r) throw new InputError(`${given}: ${r.error}`);
  const c = r.host.call(
    'create',
    { game, seed: '1', seat: 0, players } satisfies StrategyContext,
    DEFAULT_LOAD_TIMEOUT_MS,
  );
  if (!c.ok) {
    r.host.stop();
    throw new InputError(`${given}: create(ctx) ${c.error}`);
  }
  const own = c.value;
  const name = typeof own === 'string' && own !== '' ? own : basename(path).replace(/\.m?js$/i, '');
  // The name goes into CSVs and summaries: it is not echoed unless it is a valid one.
  if (!NAME.test(name)) {
    r.host.stop();
    throw new InputError(`${given}: its strategy name must be 1-40 letters, digits or _.+- (set name in the player)`);
  }
  hosts.get(path)?.stop();
  hosts.set(path, r.host);
  return { path, name };
}

/** A command's strategy values: each path is loaded and checked now (before any game), each
 *  other value goes through `builtin` (which checks the name). File names must differ from
 *  each other and from `builtins`. Returns the names in order, and the files by name. */
export function loadStrategyValues(
  values: readonly string[],
  game: string,
  players: number,
  builtins: readonly string[],
  option: string,
  builtin: (value: string) => string = (v) => v.trim(),
): { names: string[]; files: Map<string, StrategyFile> } {
  const files = new Map<string, StrategyFile>();
  const names = values.map((v) => {
    if (!isStrategyPath(v)) return builtin(v);
    const f = loadStrategyFile(v, game, players);
    const prev = files.get(f.name);
    if (prev && prev.path !== f.path)
      throw new InputError(`${option}: two strategy files are named ${quote(f.name)} (${prev.path}, ${f.path})`);
    if (builtins.includes(f.name))
      throw new InputError(
        `${option}: ${v.trim()} is named ${quote(f.name)}, like a built-in strategy; give it another name`,
      );
    files.set(f.name, f);
    return f.name;
  });
  return { names, files };
}

/** Stops the processes this thread started for strategy files: a command that checked its
 *  files here and plays them elsewhere (a batch's pool) ends the checks' processes at once. */
export function stopStrategyHosts(): void {
  for (const h of hosts.values()) h.stop();
  hosts.clear();
}

/** Refuses an output path inside a strategy file's folder, wherever its links lead: the module
 *  may read its folder, and an output holds the run's deal key (its settings), the games so far
 *  or the deals' solutions. */
export function checkOutsideStrategyFolders(
  path: unknown,
  option: string,
  files: ReadonlyMap<string, StrategyFile>,
): void {
  if (typeof path !== 'string') return;
  const p = realPathOf(path);
  for (const f of files.values()) {
    const folder = dirname(realPathOf(f.path));
    if (p === folder || p.startsWith(folder.endsWith(sep) ? folder : folder + sep))
      throw new InputError(
        `${option}: ${path} is in the folder of strategy file ${f.name} (${folder}), which it can read; write it elsewhere`,
      );
  }
}

/** A command's strategy values as a rerun gives them: a file by its path as given, a built-in
 *  by its checked name (`names` from loadStrategyValues). */
export const strategiesAsGiven = (values: readonly string[], names: readonly string[]): string[] =>
  values.map((v, i) => (isStrategyPath(v) ? v.trim() : names[i]));

/** One game's player backed by a strategy file. The adapter gives it public views; it answers
 *  with the index of the chosen move in view.moves, or throws Forfeit. */
export class FilePlayer {
  private started = false;

  constructor(
    readonly file: StrategyFile,
    readonly ctx: StrategyContext,
    readonly timeoutMs: number,
  ) {}

  get name(): string {
    return this.file.name;
  }

  /** create(ctx) and start(view); called before the first decision if the game has no start. */
  start(view: object, at: string): void {
    this.started = true;
    const host = hostFor(this.file);
    this.check(host.call('create', this.ctx, this.timeoutMs), at, 'create(ctx)');
    this.check(host.call('start', view, this.timeoutMs), at, 'start(view)');
  }

  choose(view: { moves: readonly PublicMove[] }, at: string): number {
    if (!this.started) this.start(view, at);
    const value = this.check(hostFor(this.file).call('choose', view, this.timeoutMs), at, 'choose(view)');
    const i = view.moves.findIndex((m) => m.notation === value);
    if (i < 0)
      throw new Forfeit(
        this.name,
        this.ctx.seat,
        at,
        `chose ${quote(value, 24)}, which is not one of the ${view.moves.length} legal moves`,
      );
    return i;
  }

  private check(r: ReturnType<StrategyHost['call']>, at: string, what: string): unknown {
    if (!r.ok) throw new Forfeit(this.name, this.ctx.seat, at, `${what} ${r.error}`);
    // The wait is cut at the limit; an answer that came in just past it is still too late.
    if (r.ms > this.timeoutMs)
      throw new Forfeit(
        this.name,
        this.ctx.seat,
        at,
        `${what} took ${Math.round(r.ms)} ms, more than ${this.timeoutMs} ms`,
      );
    return r.value;
  }
}
