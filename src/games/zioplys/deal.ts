import { type Card, formatCard } from '../../cards/card.js';
import { shuffledDeck } from '../../cards/shuffle.js';
import { InputError, quote } from '../../io/errors.js';
import { dealDocument } from '../../io/json.js';
import { cardField, cardList, checkPackCounts } from '../../io/cards.js';

export const GAME = 'zioplys';
const MIN_PLAYERS = 2;
const MAX_PLAYERS = 6;

/** A deal: the start card and each seat's face-down reserve, top (first turned) first. */
export interface ZDeal {
  seed?: string;
  players: number;
  start: Card;
  reserves: Card[][];
}

/** Reserve size of `seat` when 51 cards go round `players` seats starting at seat 0. */
export const reserveSize = (players: number, seat: number): number =>
  Math.floor(51 / players) + (seat < 51 % players ? 1 : 0);

export function checkPlayers(p: unknown, where: string): number {
  const n = typeof p === 'string' && /^\d+$/.test(p.trim()) ? Number(p) : p;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < MIN_PLAYERS || n > MAX_PLAYERS)
    throw new InputError(`${where}: players must be an integer from ${MIN_PLAYERS} to ${MAX_PLAYERS}, got ${quote(p)}`);
  return n;
}

/**
 * The deal of a seed [D]: `shuffledDeck(seed, 1)`, then deck[0], deck[1], … are dealt one at a
 * time, face down, to seats 0, 1, …, n-1, 0, … ; deck[51] (the 52nd card) is not dealt but is the
 * start card. Dealt face down onto a pile, a seat's first card ends at the bottom, so the reserve
 * (top first) is that seat's cards in reverse deal order: its top card is the last one dealt to it.
 * data/zioplys/golden.json pins this.
 */
export function dealFromDeck(deck: readonly Card[], players: number, seed?: string): ZDeal {
  const reserves: Card[][] = [];
  for (let s = 0; s < players; s++) reserves.push([]);
  for (let i = 0; i < 51; i++) reserves[i % players].unshift(deck[i]);
  return { ...(seed !== undefined ? { seed } : {}), players, start: deck[51], reserves };
}

export function dealFromSeed(seed: string | number, players: number): ZDeal {
  return dealFromDeck(shuffledDeck(seed, 1), players, String(seed));
}

/** The inverse of dealFromDeck: the 52-card deck a deal comes from (for the search's mutations). */
export function deckOfDeal(d: ZDeal): Card[] {
  const deck = new Array<Card>(52);
  deck[51] = d.start;
  for (let s = 0; s < d.players; s++) {
    const r = d.reserves[s];
    for (let k = 0; k < r.length; k++) deck[s + d.players * (r.length - 1 - k)] = r[k];
  }
  return deck;
}

interface ZDealJson {
  game: string;
  players: number;
  seed?: string;
  start: string;
  reserves: string[][];
}

export function dealToJson(d: ZDeal): ZDealJson {
  return {
    game: GAME,
    players: d.players,
    ...(d.seed !== undefined ? { seed: d.seed } : {}),
    start: formatCard(d.start),
    reserves: d.reserves.map((r) => r.map((c) => formatCard(c))),
  };
}

/** Validates a deal document; every failure names the file and the field (or the card). */
export function dealFromJson(input: unknown, file: string): ZDeal {
  const { doc, seed } = dealDocument(input, file, GAME, ['players', 'start', 'reserves']);
  if (typeof doc.players !== 'number') throw new InputError(`${file}: field "players" is missing or not a number`);
  const players = checkPlayers(doc.players, `${file}: field "players"`);
  const start = cardField(doc.start, `${file}: start`);
  if (!Array.isArray(doc.reserves) || doc.reserves.length !== players)
    throw new InputError(`${file}: field "reserves" must be ${players} lists of cards, one per seat`);
  const reserves = doc.reserves.map((r, s) => cardList(r, `${file}: reserves[${s}]`, reserveSize(players, s)));
  checkPackCounts([start, ...reserves.flat()], 1, file);
  return { ...seed, players, start, reserves };
}
