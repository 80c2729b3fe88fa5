import { describe, expect, it } from 'vitest';
import { parseCard } from '../../src/cards/card.js';
import { ADJ, PLAY_ORDER } from '../../src/games/besieged-city/layout.js';
import { dealFromSeed } from '../../src/games/besieged-city/deal.js';
import { parseMove } from '../../src/games/besieged-city/notation.js';
import { BcPosition } from '../../src/games/besieged-city/position.js';
import { setupPosition } from './setup.js';
import { legal } from './helpers.js';

const RANKS = 'A23456789TJQK';
const rank = (r: string) => RANKS.indexOf(r) + 1;
const play = (pos: BcPosition, text: string) => {
  const p = parseMove(pos, text);
  if (!p.ok) throw new Error(`${text}: ${p.reason}`);
  pos.make(p.move);
};

describe('Besieged City: foundations', () => {
  it('take a suit in the play order A K 2 Q 3 J 4 T 5 9 6 8 7 7 8 6 9 5 T 4 J 3 Q 2 K A', () => {
    expect(Array.from(PLAY_ORDER, (r) => RANKS[r - 1]).join(' ')).toBe(
      'A K 2 Q 3 J 4 T 5 9 6 8 7 7 8 6 9 5 T 4 J 3 Q 2 K A',
    );
    // Feed all 26 hearts from the stock in play order: each one goes to F, and nothing else fits.
    const order = Array.from(PLAY_ORDER, (r) => `${RANKS[r - 1]}H`);
    const pos = setupPosition({ stock: order, trenches: { N0: ['5S'] }, reserve: { r0c0: '9S' } });
    for (let i = 0; i < 26; i++) {
      expect(legal(pos.pos)).toContain(`${order[i]} stock>F`);
      play(pos.pos, `${order[i]} stock>F`);
    }
    expect(pos.pos.found[1]).toBe(26);
  });

  it('refuse a card out of order, and start only with the ace', () => {
    const pos = setupPosition({ stock: ['KH'], trenches: { N0: ['2H'] }, reserve: { r0c0: '9S' } });
    expect(legal(pos.pos)).not.toContain('KH stock>F');
    expect(legal(pos.pos)).not.toContain('2H N0>F');
    const p = parseMove(pos.pos, 'KH stock>F');
    expect(p.ok).toBe(false);
    if (!p.ok) expect(p.reason).toMatch(/needs AH/);
  });

  it('take only trench tops and the card just dealt: never a reserve or talon card (rule I)', () => {
    const pos = setupPosition({
      reserve: { r0c0: 'AS' },
      trenches: { N0: ['AH', '2H'], N1: ['AD'] },
      talon: ['AC'],
      stock: ['9S'],
    });
    const moves = legal(pos.pos);
    expect(moves).toContain('AD N1>F');
    expect(moves).not.toContain('AH N0>F'); // buried under 2H
    expect(moves.some((m) => m.startsWith('AS'))).toBe(false); // the reserve ace has no way to F
    expect(moves.some((m) => m.startsWith('AC'))).toBe(false); // talon cards never move by themselves
    const r = parseMove(pos.pos, 'AS r0c0>F');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/rule I/);
  });

  it('a dealt card that fits may go to F or the talon; once on the talon it cannot go to F', () => {
    const pos = setupPosition({ stock: ['AS', '9D'], reserve: { r0c0: '9S' }, trenches: { N0: ['5C'] } });
    expect(legal(pos.pos)).toEqual(expect.arrayContaining(['AS stock>F', 'AS stock>talon']));
    play(pos.pos, 'AS stock>talon');
    expect(legal(pos.pos).some((m) => m.includes('>F'))).toBe(false);
  });
});

describe('Besieged City: trenches (rule II)', () => {
  it('build by suit, one apart in ordinary order or neighbours in the play order', () => {
    const adj = (a: string, b: string) => ADJ[rank(a) * 14 + rank(b)] === 1;
    for (const [a, b] of [
      ['A', '2'],
      ['2', '3'],
      ['Q', 'K'],
      ['A', 'K'],
      ['K', '2'],
      ['2', 'Q'],
      ['Q', '3'],
      ['3', 'J'],
      ['J', '4'],
      ['4', 'T'],
      ['T', '5'],
      ['5', '9'],
      ['9', '6'],
      ['6', '8'],
      ['8', '7'],
      ['7', '7'],
    ]) {
      expect(adj(a, b), `${a}-${b}`).toBe(true);
      expect(adj(b, a), `${b}-${a}`).toBe(true);
    }
    // No other pairs: e.g. no K-A wrap beyond the play order's A-K, no equal ranks but 7-7.
    let pairs = 0;
    for (let a = 1; a <= 13; a++) for (let b = 1; b <= 13; b++) pairs += ADJ[a * 14 + b];
    expect(pairs).toBe(2 * 12 + 2 * 11 + 1); // 12 ordinary pairs, 11 new play-order pairs, 7-7
    for (const [a, b] of [
      ['A', 'Q'],
      ['K', 'J'],
      ['A', 'A'],
      ['K', 'K'],
      ['8', '8'],
      ['3', '5'],
      ['K', '3'],
    ])
      expect(adj(a, b), `${a}-${b}`).toBe(false);
  });

  it('a king may go on an ace and a seven on a seven, same suit only; a pile has no direction [D]', () => {
    const pos = setupPosition({
      trenches: { N0: ['AS'], N1: ['KS'], N2: ['7H'], E0: ['7H'], E1: ['KH'], S0: ['3C', '4C'], S1: ['5C'] },
      reserve: { r0c0: '9D' },
    });
    const moves = legal(pos.pos);
    expect(moves).toContain('KS N1>N0');
    expect(moves).toContain('AS N0>N1');
    expect(moves).toContain('7H N2>E0');
    expect(moves).not.toContain('KH E1>N0'); // other suit
    // S0 went up 3C 4C; 5C may continue up, and the pile may turn: 4C may also come back down on 5C.
    expect(moves).toContain('5C S1>S0');
    expect(moves).toContain('4C S0>S1');
  });

  it('only the top card moves, alone, and never into an empty trench', () => {
    const pos = setupPosition({
      trenches: { N0: ['3S', '4S'], N1: ['2S'], N2: ['5S'] },
      reserve: { r3c2: '9D' }, // column 2 and row 3: N2's line has a card, N0's and N1's do not
    });
    const moves = legal(pos.pos);
    expect(moves).toContain('4S N0>N2');
    expect(moves).not.toContain('3S N0>N1'); // 3S is covered
    play(pos.pos, '4S N0>N2');
    play(pos.pos, '3S N0>N1');
    expect(pos.pos.plen[0]).toBe(0); // N0's line (column 0) has no reserve card: the gap stays empty
    expect(pos.pos.pending).toBe(-1);
    expect(legal(pos.pos).some((m) => m.endsWith('>N0'))).toBe(false);
  });
});

describe('Besieged City: reserve (rules III, IV, V)', () => {
  it('a reserve card reaches only the four trenches ending its row and its column', () => {
    const trenches: Record<string, string[]> = {};
    for (const t of ['N0', 'N1', 'N2', 'E0', 'E1', 'E2', 'E3', 'S0', 'S1', 'S2', 'W0', 'W1', 'W2', 'W3'])
      trenches[t] = ['6H'];
    const pos = setupPosition({ trenches, reserve: { r2c1: '5H' } });
    const targets = legal(pos.pos)
      .filter((m) => m.startsWith('5H r2c1>'))
      .map((m) => m.split('>')[1])
      .sort();
    expect(targets).toEqual(['E2', 'N1', 'S1', 'W2']);
  });

  it('an empty trench is filled at once, as the next written move, by a card of its line only', () => {
    const pos = setupPosition({
      trenches: { W1: ['AS'], E1: ['9D'], N0: ['5C'] },
      reserve: { r1c0: '4H', r1c2: '8C', r0c0: 'QD' },
      stock: ['2C', '3C'],
    });
    play(pos.pos, 'AS W1>F');
    expect(pos.pos.pending).toBe(11); // W1
    // Only fills from row 1 are legal now; dealing or anything else must wait.
    expect(legal(pos.pos).sort()).toEqual(['4H r1c0>W1', '8C r1c2>W1']);
    const r = parseMove(pos.pos, '2C stock>talon');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/must be filled first/);
    expect(parseMove(pos.pos, 'QD r0c0>W1').ok).toBe(false); // another line
    play(pos.pos, '8C r1c2>W1');
    expect(pos.pos.pile(11)).toEqual([parseCard('8C')]);
    expect(pos.pos.pending).toBe(-1);
    // The emptied cell took the next stock card (the talon is empty): rule V.
    expect(pos.pos.reserve[5]).toBe(parseCard('2C'));
  });

  it('a reserve cell is refilled from the talon top first, else from the stock, else stays empty', () => {
    const pos = setupPosition({
      trenches: { N0: ['6H'], N1: ['6D'], N2: ['6C'] },
      reserve: { r0c0: '5H', r0c1: '5D', r0c2: '5C' },
      talon: ['KS', 'QS'],
      stock: ['JS'],
    });
    play(pos.pos, '5H r0c0>N0');
    expect(pos.pos.reserve[0]).toBe(parseCard('QS')); // talon top
    play(pos.pos, '5D r0c1>N1');
    expect(pos.pos.reserve[1]).toBe(parseCard('KS'));
    play(pos.pos, '5C r0c2>N2');
    expect(pos.pos.reserve[2]).toBe(parseCard('JS')); // talon empty: the stock
    expect(pos.pos.sp).toBe(78);
  });

  it('with talon and stock empty, a moved reserve card leaves its cell empty', () => {
    const pos = setupPosition({ trenches: { N0: ['6H'] }, reserve: { r0c0: '5H' } });
    play(pos.pos, '5H r0c0>N0');
    expect(pos.pos.reserve[0]).toBe(-1);
  });
});

describe('Besieged City: stock, end and win', () => {
  it('the stock may be dealt at any moment; it is dealt once, no redeal', () => {
    const pos = setupPosition({ stock: ['9S'], trenches: { N0: ['5C'] }, reserve: { r0c0: '2D' } });
    expect(legal(pos.pos)).toContain('9S stock>talon');
    play(pos.pos, '9S stock>talon');
    expect(legal(pos.pos)).toEqual([]); // no redeal, nothing else: lost
    expect(pos.won()).toBe(false);
  });

  it('is won when all 104 cards are on the foundations', () => {
    const pos = setupPosition({ found: { S: 26, H: 26, D: 26, C: 25 }, trenches: { N0: ['AC'] } });
    expect(pos.won()).toBe(false);
    play(pos.pos, 'AC N0>F');
    expect(pos.won()).toBe(true);
  });

  it('deals in the order of the page: reserve row by row, trenches N E S W, then the stock [D]', () => {
    const d = dealFromSeed('42');
    const pos = new BcPosition(d);
    expect(Array.from(pos.reserve)).toEqual(d.reserve);
    expect(pos.pile(0)).toEqual([d.trenches[0]]); // N0
    expect(pos.pile(3)).toEqual([d.trenches[3]]); // E0
    expect(pos.pile(13)).toEqual([d.trenches[13]]); // W3
    expect(pos.stock[0]).toBe(d.stock[0]);
    expect(pos.sp).toBe(0);
  });
});
