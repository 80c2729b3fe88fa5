import type { ReplayPile } from '../cards/board.js';
import type { Hint, Task, Winnable } from '../solitaire/advice.js';

// A game plugs into the play page through its page.ts, as it plugs into the CLI through its
// GamePlugin (src/cli/plugin.ts): page.ts exports `page`, a PagePlugin (what the page plays:
// sessions, the choosers, the advice offered), and `worker`, a PageWorker (what the page's
// worker runs: the advice and the computer's moves). The game's plugin names that module by
// address (GamePlugin.page), and the page's build bundles the modules so named (build.ts): the
// page reads the list of games without importing a shell. Everything here is plain data and
// functions over a game's core, so it runs in the page, in its worker and in Node alike.
// Nothing in the page knows a game beyond what its plugin says.

/** A rule switch a person may choose, its values (the default first). */
export interface Switch {
  name: string;
  values: readonly string[];
}

/** What the page keeps of a game: enough to deal it again. */
export interface Settings {
  /** The game's name (PagePlugin.name). */
  game: string;
  seed: string;
  /** `name=value,…` as the CLI's --variant writes it (empty: the default). */
  variant: string;
  /** In a game against the computer, the computer's player (kept when another game is chosen,
   *  so that it is still chosen on the way back). */
  ai: string;
  /** A deal read from a file (its JSON document), instead of the seed's. */
  dealJson?: unknown;
  /** A deal named in another numbering (PagePlugin.numberings): its key, the number as typed,
   *  and the title its parse gave; the deal itself is dealJson. */
  numbering?: { key: string; text: string; title: string };
}

/** A pile as the page lays it out: the board's pile (src/cards/board.ts), with the words that
 *  name it to people and the room a fanned pile is given. */
export interface PagePile extends ReplayPile {
  /** The pile in words, as a move told in words names it ("the west trench W2"); default: its
   *  label. */
  name?: string;
  /** A fanned pile's room along its fan, in card lengths (a pile that grows past it squeezes its
   *  cards, then makes every card smaller); default 1.5. */
  extent?: number;
}

export interface PageLayout {
  columns: number;
  rows: number;
  piles: PagePile[];
}

/** A move as the page offers it: its notation, the card it moves as the board names it, the
 *  pile it leaves and the pile it joins (ids of the board's layout). */
export interface UiMove {
  text: string;
  card: string;
  from: string;
  to: string;
  /** A move made by a click on the top card of a face-down pile alone, there being no place to
   *  choose (e.g. turning its next card): what it does, in words. */
  tap?: string;
  /** The move told in words ("7♣ from the reserve r2c1 to the west trench W2"); default: built
   *  from the card and the piles' names. */
  words?: string;
}

/** A move made, as the list of moves shows it. */
export interface MadeMove {
  text: string;
  /** In a game of two, the seat that made it (0 the person, A; 1 the computer, B). */
  player?: number;
  /** The move in words. */
  words?: string;
}

/** Another numbering of a game's deals (a program's game numbers, say), offered beside the deal
 *  number: the page shows a field for it and reads and writes `#game=…&<key>=N`. */
export interface Numbering {
  /** The address's key, e.g. "pysolfc". */
  key: string;
  /** The field's label, e.g. "PySolFC game". */
  label: string;
  /** The deal of a number as typed: its deal file's text (JSON), a title for it and the rule
   *  variant it is read under (the switches show it; absent: the standard rules), or why not. */
  parse(text: string): { ok: true; dealJson: string; title: string; variant?: string } | { ok: false; reason: string };
}

/** A list of graded deals the game ships (built into the page): the file read at build time, a
 *  table with the columns `seed`, `outcome` and `grade` (as \`patience difficulty\` writes it). */
export interface DealLists {
  /** Where the list lives, from the package's root, e.g. "data/<game>/difficulty.csv". */
  file: string;
  /** The grades it holds, each with its rule in words (the game's difficulty measure). */
  grades: readonly { name: string; rule: string }[];
  /** The rule set the list was made under (a deal from it is dealt under this variant). */
  variant: string;
}

/** The grades offered in New deal, besides any deal: the list's winnable deals, and these. */
export const DEAL_GRADES = ['easy', 'medium', 'hard'] as const;

/** What the page's build reads for each game (by name) from the files its plugin names: the
 *  rules page's text, and the seeds of its deal lists by list (deal-lists.ts). */
export type PageAssets = Record<string, { rules: string; deals?: Record<string, string[]> }>;

export type Answer = { ok: true; said: string } | { ok: false; reason: string };

/** A game in play: its deal, the moves made and those undone. Everything it holds follows from
 *  its settings and its moves (and its pending step), so a reload or a record rebuilds it. */
export interface Session {
  readonly settings: Settings;
  readonly layout: PageLayout;
  /** A layout for a narrow screen (a phone), when the game has one: the page takes whichever
   *  gives the larger cards. */
  readonly narrowLayout?: PageLayout;
  /** The board: pile id -> cards bottom first ("??" face down). */
  cards(): Record<string, string[]>;
  /** What the person may do now (none while the computer is to move, or after the end). */
  legal(): UiMove[];
  /** A move the person typed or clicked, in the words the person uses. */
  play(text: string): Answer;
  /** A move of a saved game or record, in the engine's notation: made without the rules that
   *  keep a person from naming a face-down card. */
  load(text: string): Answer;
  undo(): Answer;
  redo(): Answer;
  readonly canRedo: boolean;
  /** Moves made, in notation; in a game of two, with the seat that made it. */
  readonly moves: readonly MadeMove[];
  /** null while the game goes on, else its end in words ("won", "lost: no move left", …). */
  over(): string | null;
  /** A line under the board: whose turn, what waits. */
  status(): string;
  /** In a game against the computer: the computer is to move (the page asks its worker). */
  computerToMove(): boolean;
  /** A step the person took that is not a move of the line yet (e.g. a card turned up that
   *  waits for its place), as the words that take it again after a reload; null when none. */
  pending(): string | null;
  /** The deal as a deal file writes it (with its variant). */
  dealJson(): object;
  /** Cards on the foundations, out of how many. */
  home(): [number, number];
  /** The game as a record file (the format `patience verify` judges), or why there is none yet. */
  record(): { json: object } | { error: string };
  /** The foundations: pile id -> the card each takes next, in notation ("" when it is full). */
  wants(): Record<string, string>;
  /** The move home the game's proved-safe rule makes now (one that never turns a won game into
   *  a lost one), or null; absent in a game without such a rule. */
  safeHome?(): string | null;
  /** When every card left can go home by moves to the foundations alone (nothing face down
   *  turned), those moves in order; else null. */
  finishLine?(): string[] | null;
}

/** A hint (one move); whether the game can still be won (exact where every card is face up,
 *  else a chance without peeking); the same with the face-down cards known (a spoiler). */
export type AdviceKind = 'hint' | 'winnable' | 'spoiler';
export type Advice = Hint | Winnable;

/** The game as the page hands it to its worker. */
export interface GameState {
  settings: Settings;
  moves: string[];
  /** The session's pending step, if any (Session.pending). */
  pending?: string;
}

export interface PagePlugin {
  /** As in files and the CLI (GamePlugin.name). */
  readonly name: string;
  readonly title: string;
  /** The rule switches a person may choose. */
  readonly switches: readonly Switch[];
  /** What the move box shows before anything is typed, after "e.g. ". */
  readonly example: string;
  /** A game against the computer: the players it may be, and the one it is unless chosen. */
  readonly opponents?: { names: readonly string[]; default: string };
  /** The move that passes the turn, when the game has one: the page's Pass button makes it. */
  readonly pass?: string;
  /** Keys that make a move at once, and the move each types (e.g. a key for turning a card). */
  readonly keys?: Readonly<Record<string, string>>;
  /** Piles any card of which may be picked up, not only the top one. */
  readonly openPiles?: readonly string[];
  /** The advice the page offers: for each kind, the words shown while it runs and its node
   *  budget when the person names none. */
  readonly advice: Partial<Record<AdviceKind, { running: string; nodes: number }>>;
  /** A new game; throws Error naming what is wrong with the settings. */
  session(settings: Settings): Session;
  /** The game's rules page, built into the page and shown in its Rules panel: the file, from
   *  the package's root, and the sections (by heading) left out there. */
  readonly rules: { file: string; leaveOut?: readonly string[] };
  /** Graded lists of deals, for New deal's choice of a winnable, easy, medium or hard deal. */
  readonly dealLists?: DealLists;
  /** Other numberings of the game's deals, each with a field beside the deal number. */
  readonly numberings?: readonly Numbering[];
  /** The game's proved-safe rule for moves home (Session.safeHome), in words, for the option
   *  that makes them by themselves; absent when the game has none. */
  readonly safeMoves?: string;
  /** The watchful solver's budget a position (it runs the `winnable` advice, or the `spoiler`
   *  when asked for). */
  readonly watch?: { nodes: number };
}

/** What the page's worker runs for a game: exported as `worker` from the game's page.ts, beside
 *  its `page`, so that the page's own bundle leaves the searches and the strategies to the
 *  worker's. */
export interface PageWorker {
  /** The game's name (PagePlugin.name). */
  readonly name: string;
  /** The advice as a task (step() until done), asked only of a kind the game offers
   *  (PagePlugin.advice); `poll` sees the nodes spent. */
  advise(
    kind: AdviceKind,
    state: GameState,
    opts: { maxNodes?: number; poll: (nodes: number) => boolean },
  ): Task<Advice>;
  /** In a game against the computer: its move, in notation. */
  computerMove?(state: GameState): string;
}

/** A session's moves undone, for redo (the last undone first); a new move clears them. */
export class Undone {
  private readonly moves: number[] = [];

  push(m: number): void {
    this.moves.push(m);
  }

  clear(): void {
    this.moves.length = 0;
  }

  get any(): boolean {
    return this.moves.length > 0;
  }

  /** Makes the last move undone again with `make`, or says there is none. */
  redo(make: (m: number) => Answer): Answer {
    const m = this.moves.pop();
    return m === undefined ? { ok: false, reason: 'nothing to redo' } : make(m);
  }
}

/** A variant text checked against a game's switches; throws Error naming the fault. */
export function parseSwitches(switches: readonly Switch[], text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of text.split(',').filter((p) => p.trim() && p.trim() !== 'default')) {
    const [k, v] = part.split('=').map((x) => x.trim());
    const s = switches.find((x) => x.name === k);
    if (!s) throw new Error(`unknown rule switch "${k}"`);
    if (!s.values.includes(v)) throw new Error(`${k}: "${v}" is not one of ${s.values.join(', ')}`);
    if (v !== s.values[0]) out[k] = v;
  }
  // In the switches' order, so that one variant is written one way (the address compares them).
  return Object.fromEntries(switches.filter((x) => x.name in out).map((x) => [x.name, out[x.name]]));
}

export const formatSwitches = (sw: Record<string, string>) =>
  Object.entries(sw)
    .map(([k, v]) => `${k}=${v}`)
    .join(',');

/** The games the page plays, in the order of the list (src/games/index.ts). */
export class PageGames {
  readonly all: readonly PagePlugin[];

  constructor(games: readonly PagePlugin[]) {
    if (games.length === 0) throw new Error('the page has no game to play');
    this.all = games;
  }

  find(name: string): PagePlugin | undefined {
    return this.all.find((g) => g.name === name);
  }

  /** The game of these settings; throws Error for a game not played here. */
  of(settings: Settings): PagePlugin {
    const g = this.find(settings.game);
    if (!g) throw new Error(`unknown game "${settings.game}"`);
    return g;
  }

  /** A new game; throws Error naming what is wrong with the settings. A game against the
   *  computer whose player is not chosen gets its default one. */
  session(settings: Settings): Session {
    const g = this.of(settings);
    parseSwitches(g.switches, settings.variant);
    return g.session(g.opponents && !settings.ai ? { ...settings, ai: g.opponents.default } : settings);
  }

  /** The session with `moves` replayed; throws Error at the first illegal one. */
  restore(s: Settings, moves: readonly string[], redo: readonly string[] = []): Session {
    const session = this.session(s);
    for (const [i, m] of moves.entries()) {
      const r = session.load(m);
      if (!r.ok) throw new Error(`move ${i + 1} "${m}": ${r.reason}`);
    }
    // Redo is a stack of undone moves; replaying and undoing them rebuilds it.
    for (let i = redo.length - 1; i >= 0; i--) if (!session.load(redo[i]).ok) break;
    for (let i = 0; i < redo.length; i++) if (!session.undo().ok) break;
    return session;
  }
}

/** The record of a game played in the page, and the name of the file it downloads as. */
export function recordOf(session: Session): { file: string; json: object } | { error: string } {
  const s = session.settings;
  const r = session.record();
  const deal = s.numbering ? `${s.numbering.key}-${s.numbering.text}` : s.dealJson ? 'file' : s.seed;
  return 'error' in r ? r : { file: `${s.game}-${deal}-record.json`, json: r.json };
}

const SUIT_SIGN: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

/** A card as people write it, rank and suit sign: "7♣", "10♥" (a trailing "'", the mark of a
 *  second pack, is kept); "a face-down card" for "??". */
export function cardSign(text: string): string {
  if (text === '??') return 'a face-down card';
  const mark = text.endsWith("'") ? "'" : '';
  const t = mark ? text.slice(0, -1) : text;
  const suit = SUIT_SIGN[t.slice(-1)];
  if (!suit || t.length !== 2) return text;
  return `${t[0] === 'T' ? '10' : t[0]}${suit}${mark}`;
}

/** A pile's name in words (PagePile.name, else its label). */
export function pileName(layout: PageLayout, id: string): string {
  const p = layout.piles.find((x) => x.id === id);
  return p ? (p.name ?? p.label) : id;
}

/** A move in words: its own words, else "7♣ from <pile> to <pile>". */
export function moveWords(m: UiMove, layout: PageLayout): string {
  if (m.words) return m.words;
  if (m.tap) return m.tap;
  if (!m.from || !m.to) return m.text;
  return `${cardSign(m.card)} from ${pileName(layout, m.from)} to ${pileName(layout, m.to)}`;
}

/** "1 move", "2 moves". */
export const plural = (n: number, word: string, words = `${word}s`) =>
  `${n.toLocaleString('en')} ${n === 1 ? word : words}`;
