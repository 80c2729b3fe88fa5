import { formatCard, makeCard } from '../../cards/card.js';
import type { Answer, PageLayout, PagePile, PagePlugin, PageWorker, Settings, UiMove } from '../../web/plugin.js';
import { SolitaireSession, solitaireAdvice } from '../../web/solitaire-session.js';
import {
  BC_CHANCE_NODES,
  BC_EXACT_NODES,
  BC_HINT_NODES,
  type BcDeal,
  type BcPosition,
  bcBoard,
  besiegedCity,
  CELL_NAMES,
  dealFromJson,
  dealFromSeed,
  FILL,
  moveCard,
  moveFrom,
  moveKind,
  moveTo,
  R2T,
  S2F,
  S2TAL,
  STOCK_SIZE,
  SWITCH_NAMES,
  switchValues,
  T2F,
  T2T,
  TRENCH_NAMES,
  withVariant,
} from './core.js';
import { PLAY_ORDER } from './layout.js';

// Besieged City on the play page (src/web/plugin.ts). The stock is face down: a person deals
// its next card with "deal" (or a click on the stock); a card that fits its foundation then
// waits, face up, for the person to choose its place (the session's pending step), and a move
// that turned a stock card cannot be taken back. No typed move may name the face-down card.

/** "deal": the step that turns the next stock card. */
const DEAL = 'deal';

const FACE_DOWN =
  'the next stock card is face down: click the stock (or type "deal") to turn it, "stock>talon" deals it onto the talon';

const SUITS = ['♠', '♥', '♦', '♣'];
const SIDES: Record<string, string> = { N: 'north', E: 'east', S: 'south', W: 'west' };

/** A pile of the board as the page shows it: named in words, the trenches given room to fan. */
function named(p: (typeof bcBoard.layout.piles)[number]): PagePile {
  const id = p.id;
  if (/^[NESW]\d$/.test(id))
    return { ...p, name: `the ${SIDES[id[0]]} trench ${id}`, extent: /^[NS]/.test(id) ? 1.4 : 1.7 };
  if (/^r\dc\d$/.test(id)) return { ...p, name: `the reserve ${id}` };
  if (/^F\d$/.test(id)) return { ...p, label: SUITS[Number(id[1])], name: `the ${SUITS[Number(id[1])]} foundation` };
  return { ...p, name: `the ${id}` };
}

/** A dealt card that fits its foundation waits here for its place (it came from the stock). */
const DEALT: PagePile = { id: 'dealt', label: 'dealt', name: 'the stock', row: 5, column: 5, fan: 'none' };

/** The rules page's cross, with stock, talon and foundations at the right. */
const LAYOUT: PageLayout = { ...bcBoard.layout, piles: [...bcBoard.layout.piles.map(named), DEALT] };

/** On a narrow screen: the cross alone across the width, the stock and talon in its top
 *  corners, the dealt card in a bottom one, the foundations in a row below. */
const NARROW: PageLayout = {
  columns: 5,
  rows: 7,
  piles: LAYOUT.piles.map((p): PagePile => {
    if (p.id === 'stock') return { ...p, row: 0, column: 0 };
    if (p.id === 'talon') return { ...p, row: 0, column: 4 };
    if (p.id === 'dealt') return { ...p, row: 5, column: 0 };
    if (/^F\d$/.test(p.id)) return { ...p, row: 6, column: Number(p.id[1]) };
    return p;
  }),
};

const isStockMove = (m: number) => moveKind(m) === S2F || moveKind(m) === S2TAL;
const suitOf = (c: number) => (c / 13) | 0;

function bcDeal(s: Settings): BcDeal {
  const d = s.dealJson ? dealFromJson(s.dealJson, 'deal file') : dealFromSeed(s.seed);
  return s.variant ? withVariant(d, s.variant, 'variant') : d;
}

class BcSession extends SolitaireSession<BcDeal, BcPosition> {
  /** A card turned by "deal" that fits its foundation and waits for the player's choice. */
  private dealt = -1;
  /** Per move made: it turned a stock card face up (a deal, a refill), so it stays. */
  private readonly turned: boolean[] = [];

  constructor(settings: Settings) {
    super(settings, besiegedCity, bcDeal(settings));
  }

  override get layout(): PageLayout {
    return LAYOUT;
  }

  get narrowLayout(): PageLayout {
    return NARROW;
  }

  /** Each foundation's next card, in the play order A K 2 Q 3 J … 7 7 … Q 2 K A. */
  wants(): Record<string, string> {
    const out: Record<string, string> = {};
    for (let s = 0; s < 4; s++)
      out[`F${s}`] =
        this.pos.found[s] >= PLAY_ORDER.length ? '' : formatCard(makeCard(PLAY_ORDER[this.pos.found[s]], s));
    return out;
  }

  override cards(): Record<string, string[]> {
    const out = super.cards();
    out.dealt = this.dealt >= 0 ? [formatCard(this.dealt)] : [];
    if (this.dealt >= 0) out.stock = out.stock.slice(1);
    return out;
  }

  protected place(m: number): UiMove {
    const text = besiegedCity.formatMove(m);
    const card = text.split(' ')[0];
    const from = moveFrom(m),
      to = moveTo(m);
    switch (moveKind(m)) {
      case T2F:
        return { text, card, from: TRENCH_NAMES[from], to: `F${suitOf(moveCard(m))}` };
      case T2T:
        return { text, card, from: TRENCH_NAMES[from], to: TRENCH_NAMES[to] };
      case R2T:
      case FILL:
        return { text, card, from: CELL_NAMES[from], to: TRENCH_NAMES[to] };
      case S2F:
        return { text, card, from: 'dealt', to: `F${suitOf(moveCard(m))}` };
      default:
        return { text, card, from: 'dealt', to: 'talon' };
    }
  }

  override legal(): UiMove[] {
    if (this.pos.won()) return [];
    const moves = this.engine();
    if (this.dealt >= 0) return moves.filter(isStockMove).map((m) => this.place(m));
    const out = moves.filter((m) => !isStockMove(m)).map((m) => this.place(m));
    if (moves.some((m) => moveKind(m) === S2TAL))
      out.push({ text: DEAL, card: '??', from: 'stock', to: 'talon', tap: 'deal the next card' });
    return out;
  }

  private kind(k: number): number | undefined {
    return this.engine().find((m) => moveKind(m) === k);
  }

  override play(text: string): Answer {
    const t = text
      .trim()
      .replace(/\s*>\s*/g, '>')
      .replace(/\s+/g, ' ')
      .toLowerCase();
    if (this.pos.won()) return { ok: false, reason: 'the game is won' };
    if (this.dealt >= 0) return this.placeDealt(t);
    if (t === DEAL || t === 'stock>talon' || t === 'deal>talon') return this.dealNext(t);
    // A move that names a stock card while it is face down is refused alike whatever the
    // card, so that trying cards tells nothing about the stock.
    if (/^(\S+ )?stock>/.test(t))
      return { ok: false, reason: this.pos.sp >= STOCK_SIZE ? 'the stock is empty' : FACE_DOWN };
    return super.load(text);
  }

  /** The dealt card's place, typed: the foundation or the talon. */
  private placeDealt(t: string): Answer {
    const c = formatCard(this.dealt);
    if (t === 'stock>f' || t === `${c.toLowerCase()} stock>f`) return this.make(this.kind(S2F)!);
    if (t === 'stock>talon' || t === `${c.toLowerCase()} stock>talon`) return this.make(this.kind(S2TAL)!);
    return { ok: false, reason: `${c} was dealt and waits for its place: "${c} stock>F" or "${c} stock>talon"` };
  }

  /** The next stock card turned: onto the talon, or, when it fits its foundation and the person
   *  said "deal", face up to wait for its place. */
  private dealNext(t: string): Answer {
    const m = this.kind(S2TAL);
    if (m === undefined)
      return {
        ok: false,
        reason: `cannot deal: ${this.pos.sp >= STOCK_SIZE ? 'the stock is empty' : 'an empty trench must be filled first (rule IV)'}`,
      };
    const c = besiegedCity.formatMove(m).split(' ')[0];
    if (t === DEAL && this.kind(S2F) !== undefined) {
      this.dealt = this.pos.stock[this.pos.sp];
      this.undone.clear();
      return { ok: true, said: `dealt ${c}: it fits its foundation; play it to F or onto the talon` };
    }
    return this.make(m);
  }

  override load(text: string): Answer {
    this.dealt = -1;
    return super.load(text);
  }

  protected override make(m: number, keepRedo = false): Answer {
    const sp = this.pos.sp;
    const r = super.make(m, keepRedo);
    this.turned.push(this.pos.sp !== sp);
    this.dealt = -1;
    return r;
  }

  override undo(): Answer {
    if (this.dealt >= 0) return { ok: false, reason: 'the dealt card is face up and cannot go back into the stock' };
    if (this.turned.at(-1))
      return {
        ok: false,
        reason: `cannot take back ${besiegedCity.formatMove(this.history.at(-1)!)}: it turned a stock card face up, and a card once seen stays dealt`,
      };
    this.turned.pop();
    return super.undo();
  }

  override pending(): string | null {
    return this.dealt >= 0 ? DEAL : null;
  }

  status(): string {
    if (this.pos.won()) return 'Won.';
    if (this.dealt >= 0)
      return `Dealt ${formatCard(this.dealt)}: it fits its foundation — play it to F or onto the talon.`;
    if (this.pos.pending >= 0)
      return `Trench ${TRENCH_NAMES[this.pos.pending]} is empty: fill it from its line (rule IV).`;
    return `${STOCK_SIZE - this.pos.sp} cards in the stock.`;
  }
}

export const page: PagePlugin = {
  name: besiegedCity.name,
  title: besiegedCity.title,
  switches: SWITCH_NAMES.map((name) => ({ name, values: switchValues(name) })),
  example: `${besiegedCity.exampleMove} or ${DEAL}`,
  keys: { d: DEAL },
  advice: {
    hint: { running: 'hint', nodes: BC_HINT_NODES },
    winnable: { running: 'chance without peeking', nodes: BC_CHANCE_NODES },
    spoiler: { running: 'with the stock known', nodes: BC_EXACT_NODES },
  },
  session: (settings) => new BcSession(settings),
  rules: { file: 'docs/rules/besieged-city.md', leaveOut: ['Playing in the terminal', 'Files'] },
  dealLists: { file: 'data/besieged-city/difficulty.csv', grades: besiegedCity.difficulty!.grades, variant: '' },
  // The chance's walk, kept in the watch's worker, goes on by one position a move; the spoiler,
  // when asked for, at its own budget.
  watch: { nodes: BC_CHANCE_NODES },
};

export const worker: PageWorker = {
  name: besiegedCity.name,
  // Advice never reads the stock unless the spoiler is asked for: the hint comes from hindsight
  // (the strongest player that does not peek) given the player's view only, the chance from
  // guesses of the stock drawn from the cards not in sight (the estimator `analyse` uses).
  advise: (kind, s, opts) =>
    solitaireAdvice(besiegedCity, { deal: bcDeal(s.settings), moves: s.moves, dealt: s.pending === DEAL }, kind, opts),
};
