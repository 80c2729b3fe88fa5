import type { ReplayPile } from '../../cards/board.js';
import { formatCard } from '../../cards/card.js';
import * as bc from '../../games/besieged-city/core.js';
import * as pt from '../../games/parterre/core.js';
import * as pil from '../../games/pilstymas/core.js';

// The games as the page plays them: a session holds a deal, the moves made and those undone,
// and answers what the board shows, which moves a person may make now (each with the places it
// joins, for clicks and drags) and why a typed move is refused. Built on the games' node-free
// cores only, so the page and its worker share it. A session is rebuilt from its deal and its
// moves (a reload, a record), so everything it holds follows from those.

export type GameName = 'besieged-city' | 'parterre' | 'pilstymas';
export const GAMES: { name: GameName; title: string }[] = [
  { name: 'besieged-city', title: 'Besieged City' },
  { name: 'parterre', title: 'Parterre' },
  { name: 'pilstymas', title: 'Pilstymas' },
];

/** A rule switch a person may choose, its values (the default first). */
export interface Switch {
  name: string;
  values: readonly string[];
}

/** A move as the page offers it: its notation, the card it moves as the board names it, the
 *  pile it leaves and the pile it joins (ids of the board's layout). */
export interface UiMove {
  text: string;
  card: string;
  from: string;
  to: string;
}

export type Answer = { ok: true; said: string } | { ok: false; reason: string };

/** What a game is for the page. */
export interface WebGame {
  name: GameName;
  title: string;
  /** The rule switches (Besieged City's variants, Pilstymas's win rule). */
  switches: Switch[];
  /** Besieged City's notation example, for the move box's placeholder. */
  example: string;
  /** Pilstymas: the built-in players a person may play against. */
  opponents?: readonly string[];
}

export interface Settings {
  game: GameName;
  seed: string;
  /** `name=value,…` as the CLI's --variant writes it (empty: the default). */
  variant: string;
  /** Pilstymas: the AI's strategy. */
  ai: string;
  /** A deal read from a file (its JSON document), instead of the seed's. */
  dealJson?: unknown;
}

export interface Session {
  readonly settings: Settings;
  readonly layout: { columns: number; rows: number; piles: ReplayPile[] };
  /** The board: pile id -> cards bottom first ("??" face down). */
  cards(): Record<string, string[]>;
  /** What the person may do now (none while the computer is to move, or after the end). */
  legal(): UiMove[];
  play(text: string): Answer;
  /** A move of a saved game or record, in the engine's notation (a Besieged City stock move
   *  names its card): made without the seat's rule that a face-down card cannot be named. */
  load(text: string): Answer;
  undo(): Answer;
  redo(): Answer;
  readonly canRedo: boolean;
  /** Moves made, in notation (Pilstymas: with the player). */
  readonly moves: readonly { text: string; player?: number }[];
  /** null while the game goes on, else its end in words ("won", "lost: no move left", …). */
  over(): string | null;
  won(): boolean;
  /** A line under the board: whose turn, what waits. */
  status(): string;
  /** Pilstymas: the computer is to move. */
  aiToMove(): boolean;
  /** Besieged City: a dealt card waits for its place. */
  dealtWaiting(): boolean;
  /** The deal as a deal file writes it (with its variant). */
  dealJson(): object;
  /** Pilstymas: turns played, and the winner (-1: none yet). */
  turns?(): number;
  winner?(): number;
  /** Cards on the foundations, out of how many. */
  home(): [number, number];
}

const SUIT_WORDS = ['spades', 'hearts', 'diamonds', 'clubs'];
const RANK_WORDS = ['ace', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'jack', 'queen', 'king'];

/** "7 of clubs" for "7C" ("face-down card" for "??"; a trailing "'" is Pilstymas's B pack). */
export function cardWords(text: string): string {
  if (text === '??') return 'face-down card';
  const b = text.endsWith("'");
  const t = b ? text.slice(0, -1) : text;
  const r = 'A23456789TJQK'.indexOf(t[0]),
    s = 'SHDC'.indexOf(t[1]);
  if (r < 0 || s < 0) return text;
  return `${RANK_WORDS[r]} of ${SUIT_WORDS[s]}${b ? " (B's pack)" : ''}`;
}

export const WEB_GAMES: Record<GameName, WebGame> = {
  'besieged-city': {
    name: 'besieged-city',
    title: 'Besieged City',
    switches: bc.SWITCH_NAMES.map((name) => ({ name, values: bc.switchValues(name) })),
    example: '7C r2c1>W2',
  },
  parterre: { name: 'parterre', title: 'Parterre', switches: [], example: '7D b>p3' },
  pilstymas: {
    name: 'pilstymas',
    title: 'Pilstymas',
    switches: [{ name: 'win', values: ['cleared', 'russian-bank'] }],
    example: '7S hand>A2',
    opponents: pil.STRATEGY_NAMES,
  },
};

/** A variant text checked against the game's switches; throws Error naming the fault. */
export function parseSwitches(game: GameName, text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const sw = WEB_GAMES[game].switches;
  for (const part of text.split(',').filter((p) => p.trim() && p.trim() !== 'default')) {
    const [k, v] = part.split('=').map((x) => x.trim());
    const s = sw.find((x) => x.name === k);
    if (!s) throw new Error(`unknown rule switch "${k}"`);
    if (!s.values.includes(v)) throw new Error(`${k}: "${v}" is not one of ${s.values.join(', ')}`);
    if (v !== s.values[0]) out[k] = v;
  }
  // In the switches' order, so that one variant is written one way (the address compares them).
  return Object.fromEntries(sw.filter((x) => x.name in out).map((x) => [x.name, out[x.name]]));
}

export const formatSwitches = (sw: Record<string, string>) =>
  Object.entries(sw)
    .map(([k, v]) => `${k}=${v}`)
    .join(',');

export function newSession(s: Settings): Session {
  switch (s.game) {
    case 'besieged-city':
      return bcSession(s);
    case 'parterre':
      return ptSession(s);
    case 'pilstymas':
      return pilSession(s);
  }
}

/** The session with `moves` replayed; throws Error at the first illegal one. */
export function restore(s: Settings, moves: readonly string[], redo: readonly string[] = []): Session {
  const session = newSession(s);
  for (const [i, m] of moves.entries()) {
    const r = session.load(m);
    if (!r.ok) throw new Error(`move ${i + 1} "${m}": ${r.reason}`);
  }
  // Redo is a stack of undone moves; replaying and undoing them rebuilds it.
  for (let i = redo.length - 1; i >= 0; i--) if (!session.load(redo[i]).ok) break;
  for (let i = 0; i < redo.length; i++) if (!session.undo().ok) break;
  return session;
}

// ---- Besieged City ----

export function bcDeal(s: Settings): bc.BcDeal {
  const d = s.dealJson ? bc.dealFromJson(s.dealJson, 'deal file') : bc.dealFromSeed(s.seed);
  return s.variant ? bc.withVariant(d, s.variant, 'variant') : d;
}

const FACE_DOWN =
  'the next stock card is face down: click the stock (or type "deal") to turn it, "stock>talon" deals it onto the talon';

function bcSession(settings: Settings): Session {
  const deal = bcDeal(settings);
  const pos = new bc.BcPosition(deal);
  const buf = new Int32Array(bc.MAX_MOVES);
  const history: { move: number; turned: boolean }[] = [];
  const redo: number[] = [];
  const moves: { text: string }[] = [];
  /** A card turned by "deal" that fits its foundation and waits for the player's choice. */
  let dealt = -1;
  const engine = () => Array.from(buf.subarray(0, pos.moves(buf)));
  const kind = (k: number) => engine().find((m) => bc.moveKind(m) === k);
  const suitOf = (c: number) => (c / 13) | 0;
  const make = (m: number, keepRedo = false): Answer => {
    const sp = pos.sp;
    pos.make(m);
    // A move that turned a stock card (a deal, a refill) showed it: it cannot be taken back.
    history.push({ move: m, turned: pos.sp !== sp });
    moves.push({ text: bc.formatMove(m) });
    dealt = -1;
    if (!keepRedo) redo.length = 0;
    return { ok: true, said: `played ${bc.formatMove(m)}${pos.won() ? ': won' : ''}` };
  };
  const place = (m: number): UiMove => {
    const card = bc.formatMove(m).split(' ')[0];
    const from = bc.moveFrom(m),
      to = bc.moveTo(m);
    const c = bc.moveCard(m);
    switch (bc.moveKind(m)) {
      case bc.T2F:
        return { text: bc.formatMove(m), card, from: bc.TRENCH_NAMES[from], to: `F${suitOf(c)}` };
      case bc.T2T:
        return { text: bc.formatMove(m), card, from: bc.TRENCH_NAMES[from], to: bc.TRENCH_NAMES[to] };
      case bc.R2T:
      case bc.FILL:
        return { text: bc.formatMove(m), card, from: bc.CELL_NAMES[from], to: bc.TRENCH_NAMES[to] };
      case bc.S2F:
        return { text: bc.formatMove(m), card, from: 'dealt', to: `F${suitOf(c)}` };
      default:
        return { text: bc.formatMove(m), card, from: 'dealt', to: 'talon' };
    }
  };
  const self: Session = {
    settings,
    layout: {
      ...bc.bcBoard.layout,
      piles: [...bc.bcBoard.layout.piles, { id: 'dealt', label: 'dealt', row: 5, column: 5, fan: 'none' }],
    },
    cards: () => {
      const out = bc.bcBoard.cards(pos);
      out.dealt = dealt >= 0 ? [formatCard(dealt)] : [];
      if (dealt >= 0) out.stock = out.stock.slice(1);
      return out;
    },
    legal: () => {
      if (pos.won()) return [];
      if (dealt >= 0)
        return engine()
          .filter((m) => bc.moveKind(m) === bc.S2F || bc.moveKind(m) === bc.S2TAL)
          .map(place);
      const out = engine()
        .filter((m) => bc.moveKind(m) !== bc.S2F && bc.moveKind(m) !== bc.S2TAL)
        .map(place);
      if (kind(bc.S2TAL) !== undefined) out.push({ text: 'deal', card: '??', from: 'stock', to: 'talon' });
      return out;
    },
    play: (text) => {
      const t = text
        .trim()
        .replace(/\s*>\s*/g, '>')
        .replace(/\s+/g, ' ')
        .toLowerCase();
      if (pos.won()) return { ok: false, reason: 'the game is won' };
      if (dealt >= 0) {
        const c = formatCard(dealt);
        if (t === 'stock>f' || t === `${c.toLowerCase()} stock>f`) return make(kind(bc.S2F)!);
        if (t === 'stock>talon' || t === `${c.toLowerCase()} stock>talon`) return make(kind(bc.S2TAL)!);
        return { ok: false, reason: `${c} was dealt and waits for its place: "${c} stock>F" or "${c} stock>talon"` };
      }
      if (t === 'deal' || t === 'stock>talon' || t === 'deal>talon') {
        const m = kind(bc.S2TAL);
        if (m === undefined)
          return {
            ok: false,
            reason: `cannot deal: ${pos.sp >= bc.STOCK_SIZE ? 'the stock is empty' : 'an empty trench must be filled first (rule IV)'}`,
          };
        const c = bc.formatMove(m).split(' ')[0];
        if (t === 'deal' && kind(bc.S2F) !== undefined) {
          dealt = pos.stock[pos.sp];
          redo.length = 0;
          return { ok: true, said: `dealt ${c}: it fits its foundation; play it to F or onto the talon` };
        }
        return make(m);
      }
      // A move that names a stock card while it is face down is refused alike whatever the
      // card, so that trying cards tells nothing about the stock.
      if (/^(\S+ )?stock>/.test(t))
        return { ok: false, reason: pos.sp >= bc.STOCK_SIZE ? 'the stock is empty' : FACE_DOWN };
      const p = bc.parseMove(pos, text);
      if (!p.ok) return { ok: false, reason: p.reason };
      return make(p.move);
    },
    load: (text) => {
      dealt = -1;
      const p = bc.parseMove(pos, text);
      return p.ok ? make(p.move) : { ok: false, reason: p.reason };
    },
    undo: () => {
      if (dealt >= 0) return { ok: false, reason: 'the dealt card is face up and cannot go back into the stock' };
      const h = history.at(-1);
      if (h === undefined) return { ok: false, reason: 'nothing to undo' };
      if (h.turned)
        return {
          ok: false,
          reason: `cannot take back ${bc.formatMove(h.move)}: it turned a stock card face up, and a card once seen stays dealt`,
        };
      history.pop();
      moves.pop();
      pos.unmake(h.move);
      redo.push(h.move);
      return { ok: true, said: `took back ${bc.formatMove(h.move)}` };
    },
    redo: () => {
      const m = redo.pop();
      if (m === undefined) return { ok: false, reason: 'nothing to redo' };
      return make(m, true);
    },
    get canRedo() {
      return redo.length > 0;
    },
    moves,
    over: () => (pos.won() ? 'won' : self.legal().length === 0 ? 'lost: no move left' : null),
    won: () => pos.won(),
    status: () => {
      if (pos.won()) return 'Won.';
      if (dealt >= 0) return `Dealt ${formatCard(dealt)}: it fits its foundation — play it to F or onto the talon.`;
      if (pos.pending >= 0) return `Trench ${bc.TRENCH_NAMES[pos.pending]} is empty: fill it from its line (rule IV).`;
      return `${bc.STOCK_SIZE - pos.sp} cards in the stock.`;
    },
    aiToMove: () => false,
    dealtWaiting: () => dealt >= 0,
    dealJson: () => bc.dealToJson(deal),
    home: () => [pos.foundTotal, 104],
  };
  return self;
}

// ---- Parterre ----

export function ptDeal(s: Settings): pt.PtDeal {
  return s.dealJson ? pt.dealFromJson(s.dealJson, 'deal file') : pt.dealFromSeed(s.seed);
}

function ptSession(settings: Settings): Session {
  if (settings.variant) parseSwitches('parterre', settings.variant);
  const deal = ptDeal(settings);
  const pos = new pt.PtPosition(deal);
  const buf = new Int32Array(pt.MAX_MOVES);
  const history: number[] = [];
  const redo: number[] = [];
  const moves: { text: string }[] = [];
  const make = (m: number, keepRedo = false): Answer => {
    pos.make(m);
    history.push(m);
    moves.push({ text: pt.formatMove(m) });
    if (!keepRedo) redo.length = 0;
    return { ok: true, said: `played ${pt.formatMove(m)}${pos.won() ? ': won' : ''}` };
  };
  const place = (m: number): UiMove => {
    const text = pt.formatMove(m);
    const card = text.split(' ')[0];
    const c = pt.moveCard(m);
    switch (pt.moveKind(m)) {
      case pt.P2F:
        return { text, card, from: `p${pt.moveFrom(m)}`, to: `F${(c / 13) | 0}` };
      case pt.B2F:
        return { text, card, from: 'b', to: `F${(c / 13) | 0}` };
      case pt.P2P:
        return { text, card, from: `p${pt.moveFrom(m)}`, to: `p${pt.moveTo(m)}` };
      default:
        return { text, card, from: 'b', to: `p${pt.moveTo(m)}` };
    }
  };
  const self: Session = {
    settings,
    layout: pt.ptBoard.layout,
    cards: () => pt.ptBoard.cards(pos),
    legal: () => Array.from(buf.subarray(0, pos.legalMoves(buf)), place),
    play: (text) => {
      if (pos.won()) return { ok: false, reason: 'the game is won' };
      const p = pt.parseMove(pos, text);
      return p.ok ? make(p.move) : { ok: false, reason: p.reason };
    },
    load: (text) => self.play(text),
    undo: () => {
      const m = history.pop();
      if (m === undefined) return { ok: false, reason: 'nothing to undo' };
      pos.unmake(m);
      moves.pop();
      redo.push(m);
      return { ok: true, said: `took back ${pt.formatMove(m)}` };
    },
    redo: () => {
      const m = redo.pop();
      return m === undefined ? { ok: false, reason: 'nothing to redo' } : make(m, true);
    },
    get canRedo() {
      return redo.length > 0;
    },
    moves,
    over: () => (pos.won() ? 'won' : self.legal().length === 0 ? 'lost: no move left' : null),
    won: () => pos.won(),
    status: () => (pos.won() ? 'Won.' : `${pos.bouquetCards().length} cards in the bouquet.`),
    aiToMove: () => false,
    dealtWaiting: () => false,
    dealJson: () => pt.dealToJson(deal),
    home: () => [pos.foundTotal, 52],
  };
  return self;
}

// ---- Pilstymas: the person is A, a built-in strategy is B ----

export function pilDeal(s: Settings): pil.PilDeal {
  return s.dealJson ? pil.dealFromJson(s.dealJson, 'deal file') : pil.dealFromSeed(s.seed);
}

export const pilRule = (s: Settings): pil.WinRule =>
  (parseSwitches('pilstymas', s.variant).win as pil.WinRule | undefined) ?? 'cleared';

/** The turn cap of the terminal's games: a game past it is drawn. */
export const PIL_MAX_TURNS = pil.DEFAULT_MAX_TURNS;

function pilSession(settings: Settings): Session {
  const deal = pilDeal(settings);
  const rule = pilRule(settings);
  if (!pil.STRATEGY_NAMES.includes(settings.ai as pil.StrategyName))
    throw new Error(`unknown player "${settings.ai}" (${pil.STRATEGY_NAMES.join(', ')})`);
  const pos = pil.PilPosition.fromDeal(deal, rule);
  const buf = new Int32Array(pil.MAX_MOVES);
  const reps = new pil.RepetitionTable();
  let repeated = reps.add(pos) >= pil.REPETITION_LIMIT;
  const moves: { text: string; player: number }[] = [];
  /** The person's moves this turn that showed no new card, which may be taken back. */
  let undoable: number[] = [];
  let redo: number[] = [];
  const side = (p: number) => 'AB'[p];
  const FROM = (m: number) => {
    const f = pil.moveFrom(m);
    return f === pil.FROM_HAND
      ? 'handA'
      : f === pil.FROM_STOCK
        ? `stock${side(pos.turn)}`
        : pil.PILE_NAMES[f - pil.FROM_TAB];
  };
  const TO = (m: number) => {
    const t = pil.moveTo(m);
    const o = side(1 - pos.turn);
    if (t === pil.TO_F) {
      const c = pil.plainCard(pil.moveCard(m));
      const s = (c / 13) | 0,
        r = (c % 13) + 1;
      return `F${pos.found[2 * s] === r - 1 ? 2 * s : 2 * s + 1}`;
    }
    if (t === pil.TO_OSTOCK) return `stock${o}`;
    if (t === pil.TO_OWASTE) return `waste${o}`;
    return pil.PILE_NAMES[t - pil.TO_TAB];
  };
  const cardText = (id: number) => {
    const t = pil.formatMove(pil.packMove(0, 0, id)).split(' ')[0];
    return t + (id >= 52 ? "'" : '');
  };
  const make = (m: number, keepRedo = false): Answer => {
    const p = pos.turn,
      down = pos.down[p],
      hand = pos.len[pil.HAND + p];
    const text = pil.formatMove(m);
    pos.make(m);
    moves.push({ text, player: p });
    if (m === pil.END || m === pil.PASS) {
      repeated = reps.add(pos) >= pil.REPETITION_LIMIT;
      undoable = [];
      redo = [];
    } else if (p === 0) {
      // A move that turned a stock card or brought up the next hand card showed a card: it stays.
      if (pos.down[p] !== down || (pil.moveFrom(m) === pil.FROM_HAND && pos.len[pil.HAND + p] !== hand)) {
        undoable = [];
        if (!keepRedo) redo = [];
      } else {
        undoable.push(m);
        if (!keepRedo) redo = [];
      }
    }
    return { ok: true, said: `${side(p)} played ${text}${pos.winner >= 0 ? `: ${side(pos.winner)} won` : ''}` };
  };
  const self: Session = {
    settings,
    layout: pil.pilBoard.layout,
    cards: () => {
      const out = pil.pilBoard.cards(pos);
      // The person sees A's hand card while it is A's turn (rules page, "Information").
      const v = pil.viewOf(pos, 0);
      if (v.handCard >= 0 && out.handA.length) out.handA[out.handA.length - 1] = cardText(v.handCard);
      return out;
    },
    legal: () => {
      if (self.over() || pos.turn !== 0) return [];
      return Array.from(buf.subarray(0, pos.moves(buf))).map((m) =>
        m === pil.END
          ? { text: 'end', card: cardText(pos.top(pil.HAND)), from: 'handA', to: 'wasteA' }
          : m === pil.PASS
            ? { text: 'pass', card: '', from: '', to: '' }
            : {
                text: pil.formatMove(m),
                card: cardText(pil.moveCard(m)),
                from: FROM(m),
                to: TO(m),
              },
      );
    },
    play: (text) => {
      const end = self.over();
      if (end) return { ok: false, reason: `the game is over (${end})` };
      const p = pil.parseMove(pos, text);
      return p.ok ? make(p.move) : { ok: false, reason: p.reason };
    },
    load: (text) => self.play(text),
    undo: () => {
      const m = undoable.pop();
      if (m === undefined)
        return {
          ok: false,
          reason:
            pos.turn === 0 && moves.length && moves[moves.length - 1].player === 0
              ? 'the last move showed a new card, and a card once seen stays'
              : 'nothing of this turn to undo',
        };
      pos.unmake(m);
      moves.pop();
      redo.push(m);
      return { ok: true, said: `took back ${pil.formatMove(m)}` };
    },
    redo: () => {
      const m = redo.pop();
      return m === undefined ? { ok: false, reason: 'nothing to redo' } : make(m, true);
    },
    get canRedo() {
      return redo.length > 0;
    },
    moves,
    over: () =>
      pos.winner === 0
        ? 'won'
        : pos.winner === 1
          ? `lost: ${settings.ai} (B) won`
          : repeated
            ? 'drawn by repetition'
            : pos.turns >= PIL_MAX_TURNS
              ? 'drawn at the turn cap'
              : null,
    won: () => pos.winner === 0,
    status: () => {
      const end = self.over();
      if (end) return `Game over: ${end}.`;
      const v = pil.viewOf(pos, 0);
      return `${pos.turn === 0 ? 'Your turn (A)' : `${settings.ai} (B) to move`} · turn ${pos.turns + 1} · hands A ${v.handCount[0]}, B ${v.handCount[1]}`;
    },
    aiToMove: () => pos.turn === 1 && !self.over(),
    dealtWaiting: () => false,
    dealJson: () => pil.dealToJson(deal),
    turns: () => pos.turns,
    winner: () => pos.winner,
    home: () => [Array.from(pos.found).reduce((a, b) => a + b, 0), 104],
  };
  return self;
}
