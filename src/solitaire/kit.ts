import { InputError, quote } from '../io/errors.js';
import { checkFields, isObject } from '../io/json.js';
import type { AutoPolicy } from '../search/policy.js';
import type { SearchGame } from '../search/types.js';
import type { Board, Replay } from '../cards/board.js';
import type { DifficultyMeasure } from './difficulty.js';
import type { Advisor } from './advice.js';

// What the one-player games with a solver (Besieged City, Parterre) share: a kit of the game's
// functions, through which replay, solution files and the CLI's play / solve / batch commands
// are written once. Rules stay in each game; this only wires them.

export type ParsedMove = { ok: true; move: number } | { ok: false; reason: string };

export interface SolitairePosition {
  make(m: number): void;
  unmake(m: number): void;
  won(): boolean;
}

/** A game with face-down cards dealt in a fixed order (a stock): what a player may not see, and
 *  what is built on it so that nothing peeks. */
export interface HiddenCards<D, P> {
  /** A person's seat in `play`. */
  seat(pos: P): PlaySeat;
  /** How many face-down cards are face up by now; a game record names the cards each move turned. */
  turned(pos: P): number;
  /** The i-th card turned, in notation. */
  card(pos: P, i: number): string;
  /** At every position of a line (ply 0 the deal, ply k after move k), how many of `samples`
   *  guesses of the face-down cards (drawn from those not in sight, seeded by `seed`) are won from
   *  there: the chance of a player who cannot see them. How a guess is judged won is the game's;
   *  `verdicts`, the line's exact verdicts where known, stand for the guesses when the face-down
   *  order is known (`exact`: the chance is 0 or 1). */
  chance(
    deal: D,
    line: readonly number[],
    opts: { samples: number; seed: string; verdicts?: readonly string[] },
  ): { wins: number; samples: number; exact?: boolean }[];
  /** That estimator's name, as `analyse`, `play` and the page show it (advice.ts: ChanceAnswer). */
  readonly chanceName: string;
  /** Hints and "still winnable?" that never peek (advice.ts). */
  readonly advisor: Advisor<D>;
}

/** Another program's numbering of a game's deals (e.g. PySolFC's game numbers): the CLI offers
 *  `--<key> N` wherever a deal is named and `--<key> 1..100` on batch (src/solitaire/cli.ts). Its
 *  deals are named in seeds, batch rows and files as `<key>#<number>`, which the kit's
 *  dealFromSeed takes. */
export interface DealNumbering {
  readonly key: string;
  /** For people: "PySolFC game" (a deal is then "PySolFC game #12345"). */
  readonly title: string;
  /** For --help. */
  readonly describe: string;
  /** One number as the numbering writes it; InputError naming `where`. */
  parse(text: string, where: string): string;
  /** Numbers and ranges, e.g. "1..32000,40000", each as parse() writes it; InputError naming `where`. */
  parseList(text: string, where: string): string[];
  /** The rule variant its deals are read under unless the user says otherwise (as --variant
   *  writes it), and whose reading that is ("PySolFC's rules"). */
  readonly variant?: { readonly text: string; readonly whose: string };
}

/** Another program's deal file format: the kit's dealFromJson reads it; `deal --format <name>`
 *  writes it. */
export interface DealFormat<D> {
  readonly name: string;
  /** For --help. */
  readonly describe: string;
  /** Whether a document without a "game" field is a deal in this format (the file commands take
   *  the game from it). */
  claims(doc: unknown): boolean;
  write(deal: D): object;
}

/** The seed that names deal `number` of a numbering. */
export const numberedSeed = (n: DealNumbering, number: string): string => `${n.key}#${number}`;

/** The numbering a deal was named by, and its number, if any. */
export function numberOf<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Solitaire<D, P>,
  deal: D,
): { numbering: DealNumbering; number: string } | undefined {
  const s = deal.seed;
  const numbering = s === undefined ? undefined : kit.numberings?.find((n) => s.startsWith(`${n.key}#`));
  return numbering && { numbering, number: s!.slice(numbering.key.length + 1) };
}

/** A deal as titles name it: "deal 42", "PySolFC game #12345", or "deal <fallback>" for a deal
 *  file without a seed. */
export function dealName<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Solitaire<D, P>,
  deal: D,
  fallback = '(file)',
): string {
  const n = numberOf(kit, deal);
  return n ? `${n.numbering.title} #${n.number}` : `deal ${deal.seed ?? fallback}`;
}

/** " (variant …)" after a deal's name when it is not the default reading; for a numbered deal
 *  always, with whether it is the numbering's reading. */
export function variantNote<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Solitaire<D, P>,
  deal: D,
): string {
  const v = kit.variants?.describe(deal);
  const reading = numberOf(kit, deal)?.numbering.variant;
  if (v !== undefined && reading)
    return v === reading.text
      ? ` (variant ${v}: ${reading.whose})`
      : ` (variant ${v}; ${reading.whose} are ${reading.text})`;
  return v === undefined || v === 'default' ? '' : ` (variant ${v})`;
}

export interface Solitaire<D extends { seed?: string }, P extends SolitairePosition> {
  /** The game's name in files and on the command line, e.g. "parterre". */
  readonly name: string;
  /** For people, e.g. "Parterre". */
  readonly title: string;
  readonly cards: number;
  /** A move in notation, for help texts. */
  readonly exampleMove: string;
  dealFromSeed(seed: string): D;
  dealFromJson(doc: unknown, file: string): D;
  dealToJson(deal: D): object;
  position(deal: D): P;
  searchGame(deal: D): SearchGame;
  /** How the 'auto' search spends its budget on this game, over the defaults (src/search/policy.ts);
   *  every caller of solve() passes it (SolveOptions.policy). */
  readonly searchPolicy?: Partial<AutoPolicy>;
  /** Writes the legal moves to out, returns how many. */
  legalMoves(pos: P, out: Int32Array): number;
  readonly maxMoves: number;
  formatMove(m: number): string;
  parseMove(pos: P, text: string): ParsedMove;
  render(pos: P, opts: { unicode?: boolean; revealStock?: boolean }): string;
  /** Cards on the foundations, for "lost with N/M cards home" messages. */
  foundationCards(pos: P): number;
  /** The position drawn as cards, for the replay page. */
  readonly board?: Board<P>;
  /** What a game with face-down cards adds; without it every card is face up (the open seat:
   *  every legal move listed and typed in notation; the solver advises on the open position). */
  readonly hidden?: HiddenCards<D, P>;
  /** How hard a deal is, as this game measures it from its batch rows (summary, report and the
   *  graded list of `patience difficulty` read it through src/solitaire/difficulty.ts). */
  readonly difficulty?: DifficultyMeasure;
  /** Rule variants, when the game has them: the deal carries its variant, so a position, a
   *  solution file and a batch row are played under the rules they were made under. */
  readonly variants?: {
    /** The deal under a variant as `--variant` writes it (`name=value,…`); InputError naming
     *  `where` for an unknown switch or value. */
    apply(deal: D, text: string, where: string): D;
    /** The deal's variant as `--variant` writes it; "default" for the default reading. */
    describe(deal: D): string;
    /** For --help. */
    help: string;
  };
  /** Other programs' numberings of the deals (DealNumbering). */
  readonly numberings?: readonly DealNumbering[];
  /** Other programs' deal files the game reads and writes (DealFormat). */
  readonly formats?: readonly DealFormat<D>[];
}

export type SeatAnswer = { ok: true; said: string[] } | { ok: false; reason: string };

/** What a person at the table may name and see in `play`. Nothing it lists, prints or answers
 *  names a face-down card, or depends on one (a refusal reads the same whichever card lies
 *  there), so that no trial and error can probe the hidden cards. */
export interface PlaySeat {
  /** The moves the player may make now, as the player names them (the "moves" list). */
  options(): string[];
  /** Makes the move typed (an option, or notation): the lines to print, or why not. */
  play(text: string): SeatAnswer;
  /** Takes back the last move, or says why it cannot be. */
  undo(): SeatAnswer;
  /** Lines shown under the board (e.g. a dealt card waiting for its place). */
  status(): string[];
  /** The moves made so far, in order (what a game record of the session holds). */
  line(): number[];
  /** The game so far, for advice (advice.ts): the moves made, in notation, and whether a dealt
   *  card waits for its place. */
  progress(): { moves: string[]; dealt: boolean };
  /** Words that are moves besides notation (e.g. "deal"), to tell them from commands. */
  readonly moveWords: readonly string[];
  /** How moves are typed, for the help line, e.g. `in notation (e.g. "7D b>p3")`. */
  readonly howToMove: string;
}

/** The seat of a game whose cards are all face up: every legal move, in notation. */
export function openSeat<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Solitaire<D, P>,
  pos: P,
): PlaySeat {
  const buf = new Int32Array(kit.maxMoves);
  const history: number[] = [];
  return {
    options: () => Array.from(buf.subarray(0, kit.legalMoves(pos, buf)), (m) => kit.formatMove(m)),
    play: (text) => {
      const p = kit.parseMove(pos, text);
      if (!p.ok) return { ok: false, reason: `illegal: ${p.reason}` };
      pos.make(p.move);
      history.push(p.move);
      return { ok: true, said: [`played ${kit.formatMove(p.move)}`] };
    },
    undo: () => {
      const m = history.pop();
      if (m === undefined) return { ok: false, reason: 'nothing to undo' };
      pos.unmake(m);
      return { ok: true, said: [`took back ${kit.formatMove(m)}`] };
    },
    status: () => [],
    line: () => [...history],
    progress: () => ({ moves: history.map((m) => kit.formatMove(m)), dealt: false }),
    moveWords: [],
    howToMove: `in notation (e.g. "${kit.exampleMove}")`,
  };
}

export type ReplayResult<P> =
  | { ok: true; won: boolean; moves: number; position: P }
  | { ok: false; index: number; move: string; reason: string };

/** Replays moves in notation from the deal; stops at the first illegal one and says why. */
export function replayLine<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Solitaire<D, P>,
  deal: D,
  moves: readonly string[],
): ReplayResult<P> {
  const pos = kit.position(deal);
  for (let i = 0; i < moves.length; i++) {
    const p = kit.parseMove(pos, moves[i]);
    if (!p.ok) return { ok: false, index: i, move: moves[i], reason: p.reason };
    pos.make(p.move);
  }
  return { ok: true, won: pos.won(), moves: moves.length, position: pos };
}

/** The fields of a solution: `solve --json` writes them all (verify reads game, deal and moves);
 *  any other is refused, so that a field put in the wrong place is never silently ignored. */
const SOLUTION_FIELDS = ['game', 'deal', 'moves', 'outcome', 'limit', 'stats', 'solver'];
const MISPLACED = new Map([
  ['variant', 'the rule variant is a field of "deal" (deal.variant)'],
  ['seed', 'the seed is a field of "deal"'],
]);

/** Validates a solution document `{ game, deal, moves }`; failures name the file and field. */
export function readSolution<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Solitaire<D, P>,
  doc: unknown,
  file: string,
): { deal: D; moves: string[] } {
  if (!isObject(doc)) throw new InputError(`${file}: expected a JSON object`);
  if (doc.game !== kit.name)
    throw new InputError(`${file}: field "game" is ${quote(doc.game)}, expected ${quote(kit.name)}`);
  checkFields(doc, SOLUTION_FIELDS, file, MISPLACED);
  if (!isObject(doc.deal)) throw new InputError(`${file}: field "deal" is missing or not an object`);
  const deal = kit.dealFromJson({ game: kit.name, ...doc.deal }, `${file}: deal`);
  if (!Array.isArray(doc.moves)) throw new InputError(`${file}: field "moves" is missing or not an array`);
  doc.moves.forEach((m, i) => {
    if (typeof m !== 'string') throw new InputError(`${file}: moves[${i}] is not a string`);
  });
  return { deal, moves: doc.moves as string[] };
}

/** `verify`'s verdict: whether the line is legal and won, and the line that says so. */
export interface Verdict {
  valid: boolean;
  text: string;
}

/** `verify`: replays a solution document; the CLI prints the text (exit code 0 valid, 1 not). */
export function verifySolution<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Solitaire<D, P>,
  doc: unknown,
  file: string,
): Verdict {
  const sol = readSolution(kit, doc, file);
  const r = replayLine(kit, sol.deal, sol.moves);
  if (!r.ok) return { valid: false, text: `invalid: move ${r.index + 1} ${quote(r.move)} is illegal: ${r.reason}` };
  if (!r.won)
    return {
      valid: false,
      text: `invalid: the line ends unwon after ${r.moves} moves (${kit.foundationCards(r.position)}/${kit.cards} cards on the foundations)`,
    };
  return { valid: true, text: `valid: won in ${r.moves} moves` };
}

/** A line of notations played from the position after the first `from` moves of `line`, a
 *  deal's line in notation (Replay.playLine): null when every move is legal and the line wins,
 *  else why not. */
export function playLineFrom<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Solitaire<D, P>,
  deal: D,
  line: readonly string[],
): (from: number, moves: readonly string[]) => string | null {
  return (from, moves) => {
    const r = replayLine(kit, deal, [...line.slice(0, from), ...moves]);
    if (!r.ok) return `its move ${r.index - from + 1}, ${quote(r.move)}, is illegal there: ${r.reason}`;
    return r.won ? null : `it does not win: ${kit.foundationCards(r.position)}/${kit.cards} cards on the foundations`;
  };
}

/** `replay`: the positions of a solution file, move by move, for the replay page. */
export function replaySolution<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Solitaire<D, P>,
  doc: unknown,
  file: string,
): Replay {
  const board = kit.board;
  if (!board) throw new InputError(`${file}: replay is not available for ${kit.name}`);
  const sol = readSolution(kit, doc, file);
  const pos = kit.position(sol.deal);
  const frames = [board.cards(pos)];
  sol.moves.forEach((m, i) => {
    const p = kit.parseMove(pos, m);
    if (!p.ok) throw new InputError(`${file}: moves[${i}] ${quote(m)} is illegal: ${p.reason}`);
    pos.make(p.move);
    frames.push(board.cards(pos));
  });
  const end = pos.won() ? 'won' : `not won: ${kit.foundationCards(pos)}/${kit.cards} cards on the foundations`;
  return {
    title: `${kit.title}, ${dealName(kit, sol.deal, file)}`,
    notes: [`${sol.moves.length} moves, ${end}`],
    layout: board.layout,
    moves: sol.moves.map((text) => ({ text })),
    frames,
    playLine: playLineFrom(kit, sol.deal, sol.moves),
  };
}
