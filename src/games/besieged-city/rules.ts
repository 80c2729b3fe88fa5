import { InputError, oneLine, quote } from '../../io/errors.js';
import { isObject } from '../../io/json.js';
import { PLAY_ORDER } from './layout.js';

// The rule variants of the rules page (§ Variants): three switches, each a reading of the 1874
// text. A rules object is chosen at deal time (it travels with the deal) and read by move
// generation, the key, the prunings and the guides. The default is the page's main reading.

export const TRENCH_ORDERS = ['either', 'directional', 'ordinary', 'play-order'] as const;
export type TrenchOrder = (typeof TRENCH_ORDERS)[number];

export interface BcRules {
  /** either: one apart in either order; directional: a pile keeps the order and direction its
   *  first two cards set; ordinary: A-2 … Q-K only; play-order: play-order neighbours only. */
  readonly trenchOrder: TrenchOrder;
  /** Whether a dealt stock card that fits may go straight to its foundation. */
  readonly stockToFoundation: boolean;
  /** Whether an empty trench may wait (deferred) instead of being filled by the next move. */
  readonly deferredFill: boolean;
}

export const DEFAULT_RULES: BcRules = Object.freeze({
  trenchOrder: 'either',
  stockToFoundation: true,
  deferredFill: false,
});

/** The switches by name, each with its values (the default first) and how it sets the rules.
 *  A Map: a name the user gives ("constructor", "__proto__") finds nothing it should not. */
const SWITCHES = new Map<
  string,
  { values: readonly string[]; set: (r: Mutable, v: string) => void; get: (r: BcRules) => string }
>([
  [
    'trench-order',
    { values: TRENCH_ORDERS, set: (r, v) => (r.trenchOrder = v as TrenchOrder), get: (r) => r.trenchOrder },
  ],
  [
    'stock-to-foundation',
    {
      values: ['yes', 'no'],
      set: (r, v) => (r.stockToFoundation = v === 'yes'),
      get: (r) => (r.stockToFoundation ? 'yes' : 'no'),
    },
  ],
  [
    'trench-fill',
    {
      values: ['immediate', 'deferred'],
      set: (r, v) => (r.deferredFill = v === 'deferred'),
      get: (r) => (r.deferredFill ? 'deferred' : 'immediate'),
    },
  ],
]);
type Mutable = { -readonly [K in keyof BcRules]: BcRules[K] };
export const SWITCH_NAMES = [...SWITCHES.keys()];
/** A switch's values, the default first (for a chooser, e.g. the web page's). */
export const switchValues = (name: string): readonly string[] => SWITCHES.get(name)?.values ?? [];

/** The seven readings of the rules the studies compare (docs/variants.md): the default, each
 *  switch's other values one at a time, and the strictest combination. */
export const STUDY_READINGS: readonly string[] = [
  'default',
  'trench-order=directional',
  'trench-order=ordinary',
  'trench-order=play-order',
  'stock-to-foundation=no',
  'trench-fill=deferred',
  'trench-order=ordinary,stock-to-foundation=no,trench-fill=immediate',
];

/** Builds rules from switch name -> value pairs; `where` names the source in errors. */
function rulesOf(pairs: [string, unknown][], where: string): BcRules {
  const r: Mutable = { ...DEFAULT_RULES };
  const seen = new Set<string>();
  for (const [name, value] of pairs) {
    const sw = SWITCHES.get(name);
    if (!sw) throw new InputError(`${where}: unknown variant switch ${quote(name)} (use ${SWITCH_NAMES.join(', ')})`);
    if (seen.has(name)) throw new InputError(`${where}: variant switch ${quote(name)} is given twice`);
    seen.add(name);
    if (typeof value !== 'string' || !sw.values.includes(value))
      throw new InputError(
        `${where}: ${name}=${typeof value === 'string' ? oneLine(value.slice(0, 60)) : quote(value)} is not a value of that switch (use ${sw.values.join(', ')})`,
      );
    sw.set(r, value);
  }
  return Object.freeze(r);
}

/** `--variant trench-order=ordinary,stock-to-foundation=no` (empty or "default": the default). */
export function parseVariant(text: string, where = '--variant'): BcRules {
  const t = text.trim();
  if (t === '' || t === 'default') return DEFAULT_RULES;
  return rulesOf(
    t.split(',').map((part) => {
      const m = /^\s*([^=\s]+)\s*=\s*(\S+)\s*$/.exec(part);
      if (!m) throw new InputError(`${where}: ${quote(part)} is not name=value (e.g. trench-order=ordinary)`);
      return [m[1].toLowerCase(), m[2].toLowerCase()];
    }),
    where,
  );
}

/** The "variant" field of a deal file: an object of switch -> value (absent or {}: the default). */
export function variantFromJson(v: unknown, where: string): BcRules {
  if (v === undefined) return DEFAULT_RULES;
  if (!isObject(v)) throw new InputError(`${where}: expected an object such as {"trench-order": "ordinary"}`);
  return rulesOf(Object.entries(v), where);
}

/** The switches that differ from the default, as the "variant" field writes them. */
export function variantToJson(r: BcRules): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, sw] of SWITCHES) if (sw.get(r) !== sw.values[0]) out[name] = sw.get(r);
  return out;
}

export const isDefaultRules = (r: BcRules) => Object.keys(variantToJson(r)).length === 0;

/** The variant as the flag writes it ("default" for the default reading). */
export function formatVariant(r: BcRules): string {
  const parts = Object.entries(variantToJson(r)).map(([k, v]) => `${k}=${v}`);
  return parts.length ? parts.join(',') : 'default';
}

// --- Which ranks may go on a trench pile (rule II and its variants), as 14-bit masks over ranks.

const bit = (r: number) => 1 << r;
/** ORDINARY[y]: ranks one apart from y in ordinary order (no wrap). */
const ORDINARY = Uint16Array.from({ length: 14 }, (_, y) =>
  y < 1 ? 0 : (y > 1 ? bit(y - 1) : 0) | (y < 13 ? bit(y + 1) : 0),
);
/** PLAYWISE[y]: the play-order neighbours of y (7 is its own neighbour: the 7-7 pair). */
const PLAYWISE = new Uint16Array(14);
for (let i = 0; i + 1 < PLAY_ORDER.length; i++) {
  PLAYWISE[PLAY_ORDER[i]] |= bit(PLAY_ORDER[i + 1]);
  PLAYWISE[PLAY_ORDER[i + 1]] |= bit(PLAY_ORDER[i]);
}
/** The neighbour mask of a top card by trench order (directional: a one-card pile is free). */
export const NEIGHBOUR_MASK: Record<TrenchOrder, Uint16Array> = {
  either: ORDINARY.map((m, y) => m | PLAYWISE[y]),
  directional: ORDINARY.map((m, y) => m | PLAYWISE[y]),
  ordinary: ORDINARY,
  'play-order': PLAYWISE,
};

/** Directional piles of two or more cards: the rank that continues a run whose top two ranks are
 *  x (below) then y, in ordinary order (x, y, 2y - x) and in the play order (three consecutive
 *  places of A K 2 Q … 8 7 7 8 … K A, read either way; so 8 7 goes on to 7, 7 7 to 8, and a run
 *  that reaches an ace at either end is closed). A pile is built only by legal moves, so its
 *  top two carry the run its first two set. */
const CONTINUE_ORDINARY = new Uint16Array(14 * 14);
const CONTINUE_PLAYWISE = new Uint16Array(14 * 14);
for (let x = 1; x <= 13; x++)
  for (const y of [x - 1, x + 1])
    if (y >= 1 && y <= 13 && 2 * y - x >= 1 && 2 * y - x <= 13) CONTINUE_ORDINARY[x * 14 + y] = bit(2 * y - x);
for (let i = 0; i + 2 < PLAY_ORDER.length; i++) {
  const a = PLAY_ORDER[i],
    b = PLAY_ORDER[i + 1],
    c = PLAY_ORDER[i + 2];
  CONTINUE_PLAYWISE[a * 14 + b] |= bit(c);
  CONTINUE_PLAYWISE[c * 14 + b] |= bit(a);
}

/** The ranks that may go on a pile of `len` cards whose top ranks are w (third from the top),
 *  x (second) and y (top); ranks below the pile's bottom are ignored. Not for empty piles. */
export function acceptMask(order: TrenchOrder, len: number, w: number, x: number, y: number): number {
  if (order !== 'directional' || len < 2) return NEIGHBOUR_MASK[order][y];
  const o = CONTINUE_ORDINARY[x * 14 + y],
    p = CONTINUE_PLAYWISE[x * 14 + y];
  // Only 7-8 and 8-7 are neighbours in both orders: two cards leave both runs open, a third one
  // below says which the pile follows (w, x, y one apart: ordinary).
  if (o === 0 || p === 0 || len === 2) return o | p;
  return w === 2 * x - y ? o : p;
}
