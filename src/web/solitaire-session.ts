import type { Board } from '../cards/board.js';
import { type GameSoFar, hint, type Task, winnable } from '../solitaire/advice.js';
import type { Solitaire, SolitairePosition } from '../solitaire/kit.js';
import { recordOfLine } from '../solitaire/record.js';
import type { SearchGame } from '../search/types.js';
import {
  type Advice,
  type AdviceKind,
  type Answer,
  type MadeMove,
  moveWords,
  type PageLayout,
  type Session,
  type Settings,
  type UiMove,
  Undone,
} from './plugin.js';

// A one-player game of the solitaire kit (src/solitaire/kit.ts) as the page plays it: the moves
// made and undone over the kit's position, the board from the kit's, the record of the line.
// A game fills in the places a move joins, what its foundations take next and its status line;
// one with more to it (a card turned that waits for its place) overrides what changes. A game
// whose search adapter has a proved-safe move home (SearchGame.forcedMove) says so (safeRule),
// and the page makes those moves for the person.

export abstract class SolitaireSession<D extends { seed?: string }, P extends SolitairePosition> implements Session {
  readonly moves: MadeMove[] = [];
  protected readonly pos: P;
  /** The moves made (engine moves), and those undone. */
  protected readonly history: number[] = [];
  protected readonly undone = new Undone();
  private readonly board: Board<P>;
  private readonly buf: Int32Array;

  constructor(
    readonly settings: Settings,
    protected readonly kit: Solitaire<D, P>,
    protected readonly deal: D,
  ) {
    if (!kit.board) throw new Error(`${kit.title} has no board to draw`);
    this.board = kit.board;
    this.pos = kit.position(deal);
    this.buf = new Int32Array(kit.maxMoves);
  }

  /** The move as the page offers it, with the places it joins. */
  protected abstract place(m: number): UiMove;
  abstract status(): string;
  abstract wants(): Record<string, string>;
  /** Whether the kit's search game has a proved-safe move (forcedMove) that safeHome() makes. */
  protected readonly safeRule: boolean = false;
  /** The kit's search game, kept at the session's position while safeHome() is asked. */
  private search: SearchGame | null = null;

  get layout(): PageLayout {
    return this.board.layout;
  }

  cards(): Record<string, string[]> {
    return this.board.cards(this.pos);
  }

  /** The engine's legal moves. */
  protected engine(): number[] {
    return Array.from(this.buf.subarray(0, this.kit.legalMoves(this.pos, this.buf)));
  }

  legal(): UiMove[] {
    return this.engine().map((m) => this.place(m));
  }

  play(text: string): Answer {
    if (this.pos.won()) return { ok: false, reason: 'the game is won' };
    return this.load(text);
  }

  load(text: string): Answer {
    const p = this.kit.parseMove(this.pos, text);
    return p.ok ? this.make(p.move) : { ok: false, reason: p.reason };
  }

  protected make(m: number, keepRedo = false): Answer {
    const words = moveWords(this.place(m), this.layout);
    this.pos.make(m);
    this.search?.make(m);
    this.history.push(m);
    this.moves.push({ text: this.kit.formatMove(m), words });
    if (!keepRedo) this.undone.clear();
    return { ok: true, said: `played ${this.kit.formatMove(m)}${this.pos.won() ? ': won' : ''}` };
  }

  undo(): Answer {
    const m = this.history.pop();
    if (m === undefined) return { ok: false, reason: 'nothing to undo' };
    this.pos.unmake(m);
    this.search?.unmake(m);
    this.moves.pop();
    this.undone.push(m);
    return { ok: true, said: `took back ${this.kit.formatMove(m)}` };
  }

  redo(): Answer {
    return this.undone.redo((m) => this.make(m, true));
  }

  get canRedo(): boolean {
    return this.undone.any;
  }

  over(): string | null {
    return this.pos.won() ? 'won' : this.legal().length === 0 ? 'lost: no move left' : null;
  }

  computerToMove(): boolean {
    return false;
  }

  /** The game's proved-safe move home now (SearchGame.forcedMove), in notation; null when the
   *  game has no such rule or it makes no move here. */
  safeHome(): string | null {
    if (!this.safeRule || this.pos.won()) return null;
    if (!this.search) {
      this.search = this.kit.searchGame(this.deal);
      for (const m of this.history) this.search.make(m);
    }
    const m = this.search.forcedMove?.() ?? -1;
    return m < 0 ? null : this.kit.formatMove(m);
  }

  /** The moves that take every card left home, when moves to the foundations alone do it (in
   *  any order: a card home never blocks another); null otherwise. Only the person's moves are
   *  tried (legal()), so nothing face down is turned or read. */
  finishLine(): string[] | null {
    if (this.pos.won() || this.pending() !== null) return null;
    const homes = new Set(Object.keys(this.wants()));
    const made: number[] = [];
    for (;;) {
      const next = this.legal().find((x) => homes.has(x.to) && x.tap === undefined);
      const p = next && this.kit.parseMove(this.pos, next.text);
      if (!p?.ok) break;
      this.pos.make(p.move);
      made.push(p.move);
    }
    const won = this.pos.won();
    for (let i = made.length - 1; i >= 0; i--) this.pos.unmake(made[i]);
    return won && made.length > 0 ? made.map((m) => this.kit.formatMove(m)) : null;
  }

  pending(): string | null {
    return null;
  }

  dealJson(): object {
    return this.kit.dealToJson(this.deal);
  }

  home(): [number, number] {
    return [this.kit.foundationCards(this.pos), this.kit.cards];
  }

  record(): { json: object } {
    const line = this.moves.map((m) => m.text);
    return { json: recordOfLine(this.kit, this.deal, line, { player: 'person', stopped: 'quit' }) };
  }
}

/** The kit's advice (src/solitaire/advice.ts) as the page asks for it: a hint, or whether the
 *  game is still winnable (with the winning line; a spoiler when asked). */
export function solitaireAdvice<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Solitaire<D, P>,
  game: GameSoFar<D>,
  kind: AdviceKind,
  opts: { maxNodes?: number; poll: (nodes: number) => boolean },
): Task<Advice> {
  if (kind === 'hint') return hint(kit, game, { maxNodes: opts.maxNodes, poll: opts.poll });
  return winnable(kit, game, { ...opts, spoiler: kind === 'spoiler', line: true });
}
