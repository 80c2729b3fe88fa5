import { parseCard } from '../../src/cards/card.js';
import { HAND, MAX_MOVES, PilPosition, STOCK, TAB, WASTE, type WinRule } from '../../src/games/pilstymas/position.js';
import { formatMove, parseMove } from '../../src/games/pilstymas/notation.js';

/** "7S" is A's 7S, "7S'" is B's. */
export function id(text: string): number {
  const b = text.endsWith("'");
  const c = parseCard(b ? text.slice(0, -1) : text);
  if (c < 0) throw new Error(`bad card ${text}`);
  return c + (b ? 52 : 0);
}

interface Spec {
  turn?: number;
  rule?: WinRule;
  /** Per player, bottom first (the last is the top / the hand card). */
  hand?: [string[], string[]];
  stock?: [string[], string[]];
  waste?: [string[], string[]];
  /** Piles A0..A3 B0..B3, bottom first. */
  tab?: string[][];
  /** Foundation heights by slot (2s, 2s+1 for suit s in S H D C). */
  found?: number[];
}

/** A hand-made position (only the cards named; conservation does not apply). */
export function build(s: Spec): PilPosition {
  const pos = new PilPosition(s.rule ?? 'cleared');
  pos.clear();
  for (const p of [0, 1]) {
    for (const c of s.hand?.[p] ?? []) pos.push(HAND + p, id(c));
    for (const c of s.stock?.[p] ?? []) pos.push(STOCK + p, id(c));
    pos.down[p] = Math.max(0, (s.stock?.[p]?.length ?? 0) - 1);
    for (const c of s.waste?.[p] ?? []) pos.push(WASTE + p, id(c));
  }
  (s.tab ?? []).forEach((pile, t) => pile.forEach((c) => pos.push(TAB + t, id(c))));
  (s.found ?? []).forEach((h, i) => pos.setFoundation(i, h));
  pos.setTurn(s.turn ?? 0);
  return pos;
}

export function legal(pos: PilPosition): string[] {
  const buf = new Int32Array(MAX_MOVES);
  return Array.from(buf.subarray(0, pos.moves(buf))).map(formatMove);
}

/** Plays a move given in notation; throws if it is illegal. */
export function play(pos: PilPosition, text: string): number {
  const p = parseMove(pos, text);
  if (!p.ok) throw new Error(`${text}: ${p.reason}`);
  pos.make(p.move);
  return p.move;
}

export const why = (pos: PilPosition, text: string): string => {
  const p = parseMove(pos, text);
  return p.ok ? 'legal' : p.reason;
};

/** Everything a position holds, as one string: two positions are the same exactly when these are. */
export function snapshot(pos: PilPosition): string {
  return JSON.stringify([
    [...Array(14).keys()].map((s) => pos.stack(s)),
    Array.from(pos.len),
    Array.from(pos.found),
    Array.from(pos.down),
    pos.turn,
    pos.turns,
    pos.winner,
    pos.key(),
    pos.keys.symmetricKey(),
  ]);
}
