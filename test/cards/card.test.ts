import { describe, expect, it } from 'vitest';
import { formatCard, makeCard, parseCard, rankOf, suitOf, isRed, orderedDeck } from '../../src/cards/card.js';
import { shuffledDeck } from '../../src/cards/shuffle.js';

describe('cards', () => {
  it('round-trips every card through notation', () => {
    for (let c = 0; c < 52; c++) expect(parseCard(formatCard(c))).toBe(c);
  });
  it('encodes rank and suit', () => {
    const c = parseCard('TS');
    expect(rankOf(c)).toBe(10);
    expect(suitOf(c)).toBe(0);
    expect(makeCard(13, 3)).toBe(parseCard('KC'));
    expect(isRed(parseCard('AD'))).toBe(true);
    expect(isRed(parseCard('AC'))).toBe(false);
  });
  it('accepts 10S, lower case and unicode suits on input; rejects junk', () => {
    expect(parseCard('10S')).toBe(parseCard('TS'));
    expect(parseCard('7h')).toBe(parseCard('7H'));
    expect(parseCard('A♠')).toBe(parseCard('AS'));
    expect(formatCard(parseCard('QH'), true)).toBe('Q♥');
    for (const bad of ['', '1S', '11S', 'XS', 'AX', 'TSS', 'S']) expect(parseCard(bad)).toBe(-1);
  });
  it('shuffles deterministically and keeps every card', () => {
    const a = shuffledDeck('42', 2),
      b = shuffledDeck('42', 2);
    expect(a).toEqual(b);
    expect([...a].sort((x, y) => x - y)).toEqual([...orderedDeck(2)].sort((x, y) => x - y));
    expect(shuffledDeck('43', 2)).not.toEqual(a);
  });
});
