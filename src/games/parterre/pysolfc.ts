import { type Card, makeCard } from '../../cards/card.js';
import { InputError, quote } from '../../io/errors.js';
import type { DealNumbering } from '../../solitaire/kit.js';
import { BOUQUET_SIZE, PILE_DEPTH, PILES, type PtDeal } from './deal.js';

// PySolFC's game numbers for Flower Garden (its game 222), written afresh from how PySolFC deals
// (shlomif/PySolFC, pysollib/pysolrandom.py and games/klondike.py; shlomif/pysol_cards,
// random.py and cards.py) and pinned by data/parterre/pysolfc-golden.json, made by PySolFC's own
// code. A number picks its generator by its range: 1..31999 (and any number written "msN", up to
// 2^33 - 1) the Microsoft-compatible linear congruential one over the pack in Microsoft's order;
// 32000 and above Python's Mersenne Twister seeded with the number, over the pack in PySolFC's
// order. Either shuffles with Fisher–Yates from the last card down; the pack goes face down on
// the talon, its last card on top, and the talon deals six rounds of one card to each column, left
// to right, then one card to each of the sixteen places of the bouquet.

export interface PysolfcNumber {
  /** As this project writes it: "12345", or "ms40000" for a Microsoft-style number from 32000 on. */
  readonly text: string;
  readonly value: bigint;
  /** Dealt by the linear congruential generator (1..31999, or written "msN"). */
  readonly ms: boolean;
}

/** Below this a plain number is Microsoft-compatible; from it on, the Mersenne Twister's. */
const MS_BELOW = 32000n;
/** The largest "msN" PySolFC takes: its generator keeps 33 bits. */
const MS_MAX = (1n << 33n) - 1n;
/** Longer numbers are no one's game number; a limit keeps the work of a typo small. */
const MAX_DIGITS = 100;

export type ParsedNumber = { ok: true; number: PysolfcNumber } | { ok: false; reason: string };

/** A game number as PySolFC takes it in "Select game by number…": digits (leading zeros as its
 *  status bar pads them), or "ms" and digits; a "#" before either as the status bar shows it.
 *  PySolFC refuses 0; a sign, a point or a comma it would drop silently (turning "-5" into game
 *  5), so they are refused here rather than read as another game. */
export function parsePysolfcNumber(input: string): ParsedNumber {
  const t = input.trim();
  const m = /^#?(ms)?(\d+)$/i.exec(t);
  if (!m) {
    const why = /^[+-]/.test(t)
      ? 'a game number has no sign'
      : /^\d*[.,]\d/.test(t)
        ? 'a game number is a whole number'
        : 'a game number is digits, as PySolFC shows it (e.g. 12345 or ms12345)';
    return { ok: false, reason: `${JSON.stringify(t.slice(0, 40))} is not a PySolFC game number: ${why}` };
  }
  const digits = m[2].replace(/^0+(?=\d)/, '');
  if (digits.length > MAX_DIGITS)
    return { ok: false, reason: `a PySolFC game number has at most ${MAX_DIGITS} digits` };
  const value = BigInt(digits);
  if (value === 0n) return { ok: false, reason: 'PySolFC has no game 0: its numbers start at 1' };
  const ms = m[1] !== undefined || value < MS_BELOW;
  if (ms && value > MS_MAX)
    return { ok: false, reason: `ms${digits} is out of range: PySolFC takes ms1 to ms${MS_MAX}` };
  const text = m[1] !== undefined && value >= MS_BELOW ? `ms${value}` : String(value);
  return { ok: true, number: { text, value, ms } };
}

/** What PySolFC's status bar shows for the number ("Game number" field). */
export const pysolfcShown = (n: PysolfcNumber): string =>
  n.ms ? `#ms${n.value}` : `#${String(n.value).padStart(20, '0')}`;

/** PySolFC's pack: clubs, spades, hearts, diamonds, each ace to king, as our card ids. */
function orderedPack(): Card[] {
  const ourSuit = [3, 0, 1, 2]; // PySolFC's suits C S H D in our order S H D C
  const pack: Card[] = [];
  for (let s = 0; s < 4; s++) for (let r = 1; r <= 13; r++) pack.push(makeCard(r, ourSuit[s]));
  return pack;
}

/** The pack reordered as Microsoft's deals take it: by rank, and within a rank C D H S. */
function microsoftOrder(pack: readonly Card[]): Card[] {
  const out: Card[] = [];
  for (let r = 0; r < 13; r++) for (const s of [0, 3, 2, 1]) out.push(pack[s * 13 + r]);
  return out;
}

/** Fisher–Yates from the last card down, item n swapped with item pick(n + 1) in 0..n. */
function shuffle(cards: Card[], pick: (bound: number) => number): Card[] {
  for (let n = cards.length - 1; n > 0; n--) {
    const j = pick(n + 1);
    const t = cards[n];
    cards[n] = cards[j];
    cards[j] = t;
  }
  return cards;
}

const TWO_16 = 65536;
const TWO_31 = 2 ** 31;
const TWO_32 = 2 ** 32;
const TWO_33 = 2 ** 33;

/** The linear congruential generator: x = (x * 214013 + 2531011) mod 2^33, 15 bits of it out
 *  (with bit 15 set for seeds from 2^31 on); from 2^32 on, x starts at seed - 2^32 and 16 bits
 *  plus one come out. Exact in doubles: x stays below 2^33, the product below 2^51. */
function lcPicker(seed: number): (bound: number) => number {
  const high = seed >= TWO_32;
  let x = high ? seed - TWO_32 : seed;
  return (bound) => {
    x = (x * 214013 + 2531011) % TWO_33;
    const bits = Math.floor(x / TWO_16);
    const r = high ? (bits % TWO_16) + 1 : (bits % 32768) + (seed >= TWO_31 ? 32768 : 0);
    return r % bound;
  };
}

/** MT19937 as Python's random.Random(n) seeds it for a whole number n (init_by_array over n's
 *  32-bit words, low word first) and its random(): 53 bits from two outputs. */
class PythonRandom {
  private readonly mt = new Uint32Array(624);
  private index = 624;

  constructor(n: bigint) {
    const key: number[] = [];
    for (let v = n; v > 0n; v >>= 32n) key.push(Number(v & 0xffffffffn));
    if (key.length === 0) key.push(0);
    const mt = this.mt;
    mt[0] = 19650218;
    for (let i = 1; i < 624; i++) mt[i] = Math.imul(1812433253, mt[i - 1] ^ (mt[i - 1] >>> 30)) + i;
    let i = 1,
      j = 0;
    for (let k = Math.max(624, key.length); k > 0; k--) {
      mt[i] = (mt[i] ^ Math.imul(mt[i - 1] ^ (mt[i - 1] >>> 30), 1664525)) + key[j] + j;
      i++;
      j++;
      if (i >= 624) (mt[0] = mt[623]), (i = 1);
      if (j >= key.length) j = 0;
    }
    for (let k = 623; k > 0; k--) {
      mt[i] = (mt[i] ^ Math.imul(mt[i - 1] ^ (mt[i - 1] >>> 30), 1566083941)) - i;
      i++;
      if (i >= 624) (mt[0] = mt[623]), (i = 1);
    }
    mt[0] = 0x80000000;
  }

  private next(): number {
    const mt = this.mt;
    if (this.index >= 624) {
      for (let k = 0; k < 624; k++) {
        const y = (mt[k] & 0x80000000) | (mt[(k + 1) % 624] & 0x7fffffff);
        mt[k] = mt[(k + 397) % 624] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      this.index = 0;
    }
    let y = mt[this.index++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    return (y ^ (y >>> 18)) >>> 0;
  }

  random(): number {
    const a = this.next() >>> 5,
      b = this.next() >>> 6;
    return (a * 67108864 + b) / 9007199254740992;
  }
}

/** The pack as PySolFC's talon holds it after the shuffle, bottom card first. */
function shuffledPack(n: PysolfcNumber): Card[] {
  if (n.ms) return shuffle(microsoftOrder(orderedPack()), lcPicker(Number(n.value)));
  const rng = new PythonRandom(n.value);
  return shuffle(orderedPack(), (bound) => Math.floor(rng.random() * bound));
}

/** The seed text of a PySolFC deal, as batch items, CSV rows and deal files name it. */
export const PYSOLFC_PREFIX = 'pysolfc#';

/** Flower Garden as PySolFC deals game n: the talon's top card first, six rounds over the
 *  columns left to right (each pile here bottom first, p0 the leftmost column), then the
 *  bouquet's sixteen places in order. The rules the deal is read under are the caller's. */
export function pysolfcDeal(n: PysolfcNumber): PtDeal {
  const talon = shuffledPack(n);
  let top = talon.length;
  const piles: Card[][] = Array.from({ length: PILES }, () => []);
  for (let round = 0; round < PILE_DEPTH; round++) for (const p of piles) p.push(talon[--top]);
  const bouquet: Card[] = [];
  for (let k = 0; k < BOUQUET_SIZE; k++) bouquet.push(talon[--top]);
  return { seed: `${PYSOLFC_PREFIX}${n.text}`, piles, bouquet };
}

/** The most numbers one list may hold (a batch of them is days of work already). */
const MAX_LIST = 50_000_000n;

function parseOne(text: string, where: string): PysolfcNumber {
  const p = parsePysolfcNumber(text);
  if (!p.ok) throw new InputError(`${where}: ${p.reason}`);
  return p.number;
}

/** "1..32000", "5,9,100..200", "ms40000..ms40100": PySolFC game numbers and inclusive ranges of
 *  them, each once. */
export function parsePysolfcList(text: string, where: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (t: string) => {
    if (seen.has(t)) throw new InputError(`${where}: game ${t} is listed twice`);
    seen.add(t);
    out.push(t);
  };
  if (text.trim() === '') throw new InputError(`${where}: name at least one game number`);
  for (const part of text.split(',')) {
    const r = /^\s*(\S+?)\s*\.\.\s*(\S+)\s*$/.exec(part);
    if (!r) {
      add(parseOne(part, where).text);
      continue;
    }
    const [a, b] = [parseOne(r[1], where), parseOne(r[2], where)];
    const msA = /^#?ms/i.test(r[1].trim()),
      msB = /^#?ms/i.test(r[2].trim());
    if (msA !== msB) throw new InputError(`${where}: ${quote(part.trim())} mixes "ms" numbers and plain ones`);
    if (b.value < a.value) throw new InputError(`${where}: range ${part.trim()} runs backwards`);
    if (b.value - a.value >= MAX_LIST) throw new InputError(`${where}: range ${part.trim()} is too large`);
    for (let v = a.value; v <= b.value; v++) add(parseOne(`${msA ? 'ms' : ''}${v}`, where).text);
  }
  return out;
}

/** PySolFC's numbering in the solitaire kit: `--pysolfc N` on every command that names a deal. */
export const PYSOLFC_NUMBERING: DealNumbering = {
  key: 'pysolfc',
  title: 'PySolFC game',
  describe:
    "PySolFC's game number of Flower Garden (12345, or ms12345 as its status bar shows it): the deal PySolFC gives that number, under its rules (foundations=removable) unless --variant says otherwise; docs/pysolfc.md",
  parse: (text, where) => parseOne(text, where).text,
  parseList: parsePysolfcList,
  variant: { text: 'foundations=removable', whose: "PySolFC's rules" },
};
