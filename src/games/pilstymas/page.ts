import { formatCard, makeCard } from '../../cards/card.js';
import type {
  Answer,
  GameState,
  MadeMove,
  PageLayout,
  PagePile,
  PagePlugin,
  PageWorker,
  Session,
  Settings,
  UiMove,
} from '../../web/plugin.js';
import { cardSign, moveWords, parseSwitches, Undone } from '../../web/plugin.js';
import type { Hint } from '../../solitaire/advice.js';
import {
  DEFAULT_MAX_TURNS,
  dealFromJson,
  dealFromSeed,
  dealToJson,
  END,
  EXPERT_DEFAULTS,
  FROM_HAND,
  FROM_STOCK,
  FROM_TAB,
  formatMove,
  GAME,
  type GameResult,
  HAND,
  MAX_MOVES,
  makeStrategy,
  moveCard,
  moveFrom,
  moveTo,
  PASS,
  PILE_NAMES,
  type PilDeal,
  PilPosition,
  packMove,
  parseMove,
  pilBoard,
  plainCard,
  REPETITION_LIMIT,
  RepetitionTable,
  STRATEGY_NAMES,
  type Strategy,
  type StrategyName,
  TO_F,
  TO_OSTOCK,
  TO_OWASTE,
  TO_TAB,
  viewOf,
  type WinRule,
} from './core.js';
import { recordToJson } from './replay.js';

// Pilstymas on the play page (src/web/plugin.ts): the person is A, a built-in strategy is B and
// moves in the page's worker. The person sees A's view (A's hand card while it is A's turn); a
// move of the person's turn that showed no new card may be taken back, one that did stays.

const SWITCHES = [{ name: 'win', values: ['cleared', 'russian-bank'] }];
/** The turn cap of the terminal's games: a game past it is drawn. */
const MAX_TURNS = DEFAULT_MAX_TURNS;

const pilDeal = (s: Settings): PilDeal => (s.dealJson ? dealFromJson(s.dealJson, 'deal file') : dealFromSeed(s.seed));
const pilRule = (s: Settings): WinRule => (parseSwitches(SWITCHES, s.variant).win as WinRule | undefined) ?? 'cleared';
const side = (p: number) => 'AB'[p];

/** A card as the board names it: a trailing "'" marks B's pack. */
const cardText = (id: number) => formatMove(packMove(0, 0, id)).split(' ')[0] + (id >= 52 ? "'" : '');

const SUITS = ['♠', '♥', '♦', '♣'];

/** The board's piles named in words; the foundations' labels are their suits. */
const LAYOUT: PageLayout = {
  ...pilBoard.layout,
  piles: pilBoard.layout.piles.map((p): PagePile => {
    const f = /^F(\d)$/.exec(p.id);
    if (f) return { ...p, label: SUITS[Number(f[1]) >> 1], name: `a ${SUITS[Number(f[1]) >> 1]} foundation` };
    const own = /^(hand|stock|waste)([AB])$/.exec(p.id);
    // The side shows by the row: the label is short enough for a phone.
    if (own) return { ...p, label: own[1], name: `${own[2]}'s ${own[1]}` };
    return { ...p, name: `${p.id[0]}'s tableau pile ${p.id}` };
  }),
};

class PilSession implements Session {
  readonly moves: (MadeMove & { player: number; move: number })[] = [];
  readonly layout = LAYOUT;
  private readonly deal: PilDeal;
  private readonly rule: WinRule;
  private readonly pos: PilPosition;
  private readonly buf = new Int32Array(MAX_MOVES);
  private readonly reps = new RepetitionTable();
  private repeated: boolean;
  /** The person's moves this turn that showed no new card, which may be taken back. */
  private undoable: number[] = [];
  private readonly undone = new Undone();

  constructor(readonly settings: Settings) {
    this.deal = pilDeal(settings);
    this.rule = pilRule(settings);
    if (!STRATEGY_NAMES.includes(settings.ai as StrategyName))
      throw new Error(`unknown player "${settings.ai}" (${STRATEGY_NAMES.join(', ')})`);
    this.pos = PilPosition.fromDeal(this.deal, this.rule);
    this.repeated = this.reps.add(this.pos) >= REPETITION_LIMIT;
  }

  cards(): Record<string, string[]> {
    const out = pilBoard.cards(this.pos);
    // The person sees A's hand card while it is A's turn (rules page, "Information").
    const v = viewOf(this.pos, 0);
    if (v.handCard >= 0 && out.handA.length) out.handA[out.handA.length - 1] = cardText(v.handCard);
    return out;
  }

  legal(): UiMove[] {
    if (this.over() || this.pos.turn !== 0) return [];
    return Array.from(this.buf.subarray(0, this.pos.moves(this.buf))).map((m) => this.uiMove(m));
  }

  /** A move of the player to move, with the places it joins and its words. */
  private uiMove(m: number): UiMove {
    const me = side(this.pos.turn);
    if (m === PASS) return { text: 'pass', card: '', from: '', to: '', words: `${me} passes (no hand card)` };
    if (m === END) {
      const card = cardText(this.pos.top(HAND));
      const words = `${cardSign(card)} from ${me}'s hand to ${me}'s waste, ending the turn`;
      return { text: 'end', card, from: `hand${me}`, to: `waste${me}`, words };
    }
    return { text: formatMove(m), card: cardText(moveCard(m)), from: this.from(m), to: this.to(m) };
  }

  /** The pile a move leaves, as the board names it. */
  private from(m: number): string {
    const f = moveFrom(m);
    const me = side(this.pos.turn);
    return f === FROM_HAND ? `hand${me}` : f === FROM_STOCK ? `stock${me}` : PILE_NAMES[f - FROM_TAB];
  }

  /** The pile a move joins: a foundation is the one of its suit the card fits. */
  private to(m: number): string {
    const t = moveTo(m);
    const o = side(1 - this.pos.turn);
    if (t === TO_F) {
      const c = plainCard(moveCard(m));
      const s = (c / 13) | 0,
        r = (c % 13) + 1;
      return `F${this.pos.found[2 * s] === r - 1 ? 2 * s : 2 * s + 1}`;
    }
    if (t === TO_OSTOCK) return `stock${o}`;
    if (t === TO_OWASTE) return `waste${o}`;
    return PILE_NAMES[t - TO_TAB];
  }

  play(text: string): Answer {
    const end = this.over();
    if (end) return { ok: false, reason: `the game is over (${end})` };
    const p = parseMove(this.pos, text);
    return p.ok ? this.make(p.move) : { ok: false, reason: p.reason };
  }

  load(text: string): Answer {
    return this.play(text);
  }

  private make(m: number, keepRedo = false): Answer {
    const pos = this.pos;
    const p = pos.turn,
      down = pos.down[p],
      hand = pos.len[HAND + p];
    const text = formatMove(m);
    const words = moveWords(this.uiMove(m), LAYOUT);
    pos.make(m);
    this.moves.push({ text, player: p, move: m, words });
    if (m === END || m === PASS) {
      this.repeated = this.reps.add(pos) >= REPETITION_LIMIT;
      this.undoable = [];
      this.undone.clear();
    } else if (p === 0) {
      // A move that turned a stock card or brought up the next hand card showed a card: it stays.
      if (pos.down[p] !== down || (moveFrom(m) === FROM_HAND && pos.len[HAND + p] !== hand)) this.undoable = [];
      else this.undoable.push(m);
      if (!keepRedo) this.undone.clear();
    }
    return { ok: true, said: `${side(p)} played ${text}${pos.winner >= 0 ? `: ${side(pos.winner)} won` : ''}` };
  }

  undo(): Answer {
    const m = this.undoable.pop();
    if (m === undefined)
      return {
        ok: false,
        reason:
          this.pos.turn === 0 && this.moves.at(-1)?.player === 0
            ? 'the last move showed a new card, and a card once seen stays'
            : 'nothing of this turn to undo',
      };
    this.pos.unmake(m);
    this.moves.pop();
    this.undone.push(m);
    return { ok: true, said: `took back ${formatMove(m)}` };
  }

  redo(): Answer {
    return this.undone.redo((m) => this.make(m, true));
  }

  get canRedo(): boolean {
    return this.undone.any;
  }

  over(): string | null {
    const w = this.pos.winner;
    if (w === 0) return 'won';
    if (w === 1) return `lost: ${this.settings.ai} (B) won`;
    if (this.repeated) return 'drawn by repetition';
    return this.pos.turns >= MAX_TURNS ? 'drawn at the turn cap' : null;
  }

  status(): string {
    const end = this.over();
    if (end) return `Game over: ${end}.`;
    const v = viewOf(this.pos, 0);
    const who = this.pos.turn === 0 ? 'Your turn (A)' : `${this.settings.ai} (B) to move`;
    return `${who} · turn ${this.pos.turns + 1} · hands A ${v.handCount[0]}, B ${v.handCount[1]}`;
  }

  /** Each foundation's next card (two per suit; an empty one takes the suit's ace). */
  wants(): Record<string, string> {
    const out: Record<string, string> = {};
    for (let f = 0; f < 8; f++)
      out[`F${f}`] = this.pos.found[f] >= 13 ? '' : formatCard(makeCard(this.pos.found[f] + 1, f >> 1));
    return out;
  }

  computerToMove(): boolean {
    return this.pos.turn === 1 && !this.over();
  }

  pending(): null {
    return null;
  }

  dealJson(): object {
    return dealToJson(this.deal);
  }

  home(): [number, number] {
    return [Array.from(this.pos.found).reduce((a, b) => a + b, 0), 104];
  }

  /** The game record (replay.ts), which holds a finished game only: won, or drawn by
   *  repetition or at the turn cap. */
  record(): { json: object } | { error: string } {
    const end = this.over();
    if (!end) return { error: 'a Pilstymas record holds a finished game (won or drawn): play it to its end first' };
    const moves = this.moves.map((m) => ({ player: m.player, move: m.move }));
    const result: GameResult = {
      winner: this.pos.winner,
      turns: this.pos.turns,
      reason: this.pos.winner >= 0 ? 'win' : end === 'drawn by repetition' ? 'repetition' : 'max-turns',
      starter: moves[0]?.player ?? 0,
      moves,
      forcedEnds: 0,
    };
    return { json: recordToJson(this.deal, result, this.rule, MAX_TURNS, ['person', this.settings.ai]) as object };
  }
}

/** The position of a game as the page holds it. */
function positionOf(s: GameState): PilPosition {
  const pos = PilPosition.fromDeal(pilDeal(s.settings), pilRule(s.settings));
  for (const m of s.moves) {
    const p = parseMove(pos, m);
    if (!p.ok) throw new Error(`move "${m}": ${p.reason}`);
    pos.make(p.move);
  }
  return pos;
}

/** B: one strategy per game, kept between its moves (a planner remembers where its turns
 *  ended). */
let opponent: { key: string; strategy: Strategy } | null = null;

function computerMove(s: GameState): string {
  const pos = positionOf(s);
  const { seed, dealJson, variant, ai } = s.settings;
  const key = `${seed}|${JSON.stringify(dealJson ?? null)}|${variant}|${ai}`;
  // Seeded as the terminal's games seed B (deal seed and seat).
  if (!opponent || opponent.key !== key) opponent = { key, strategy: makeStrategy(ai, `${seed || 'file'}:B`) };
  return formatMove(opponent.strategy.choose(viewOf(pos, 1)));
}

/** What the expert would play in the person's seat, seeing only that seat's view. */
function expertHint(s: GameState): Hint {
  const pos = positionOf(s);
  const move = formatMove(makeStrategy('expert', 'hint').choose(viewOf(pos, pos.turn)));
  const text = `hint: ${move} (the expert strategy, seeing only your view)`;
  return { move, by: 'expert', text, nodes: 0, stopped: false };
}

export const page: PagePlugin = {
  name: GAME,
  title: 'Pilstymas',
  switches: SWITCHES,
  example: '7S hand>A2',
  opponents: { names: STRATEGY_NAMES, default: 'expert' },
  pass: 'pass',
  // The hint is the expert's choice at its own budget (its root search, in positions).
  advice: { hint: { running: 'hint', nodes: EXPERT_DEFAULTS.rootNodes } },
  session: (settings) => new PilSession(settings),
  rules: { file: 'docs/rules/pilstymas.md', leaveOut: ['Playing in the terminal', 'Files'] },
};

export const worker: PageWorker = {
  name: GAME,
  advise: (_hint, s) => ({ step: () => ({ done: true, result: expertHint(s) }) }),
  computerMove,
};
