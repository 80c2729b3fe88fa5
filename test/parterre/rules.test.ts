import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { formatCard, parseCard } from '../../src/cards/card.js';
import { shuffledDeck } from '../../src/cards/shuffle.js';
import { dealFromJson, dealFromSeed, dealToJson } from '../../src/games/parterre/deal.js';
import { formatMove, parseMove } from '../../src/games/parterre/notation.js';
import { PtPosition } from '../../src/games/parterre/position.js';
import { replay } from '../../src/games/parterre/replay.js';
import { packKey } from '../../src/games/parterre/key.js';
import { canonical, game, layout, lcg, legal, snapshot } from './helpers.js';

const C = (s: string) => parseCard(s);

describe('deal', () => {
  it('deals cards 1-36 to the piles one row at a time, 37-52 to the bouquet [D]', () => {
    const deck = shuffledDeck('7', 1);
    const d = dealFromSeed('7');
    for (let i = 0; i < 36; i++) expect(d.piles[i % 6][Math.floor(i / 6)]).toBe(deck[i]);
    expect(d.bouquet).toEqual(deck.slice(36));
  });

  it('is pinned by the golden file', () => {
    const golden = JSON.parse(readFileSync(new URL('../../data/parterre/golden.json', import.meta.url), 'utf8'));
    expect(Object.keys(golden).length).toBeGreaterThanOrEqual(3);
    for (const [seed, json] of Object.entries(golden)) expect(dealToJson(dealFromSeed(seed))).toEqual(json);
  });

  it('round-trips through JSON', () => {
    const d = dealFromSeed('42');
    expect(dealFromJson(JSON.parse(JSON.stringify(dealToJson(d))), 'x.json')).toEqual(d);
  });

  it('rejects bad deal files with one line naming the problem', () => {
    const j = dealToJson(dealFromSeed('42'));
    expect(() => dealFromJson({ ...j, game: 'besieged-city' }, 'd.json')).toThrow(/d\.json: field "game"/);
    expect(() => dealFromJson({ ...j, piles: j.piles.slice(0, 5) }, 'd.json')).toThrow(/field "piles" must be 6 piles/);
    const bad = structuredClone(j);
    bad.piles[2][3] = 'XX';
    expect(() => dealFromJson(bad, 'd.json')).toThrow('d.json: piles[2][3]: unknown card "XX"');
    const dup = structuredClone(j);
    dup.bouquet[0] = dup.bouquet[1];
    expect(() => dealFromJson(dup, 'd.json')).toThrow(/card \w\w appears 2 times/);
    expect(() => dealFromJson({ ...j, bouquet: j.bouquet.slice(1) }, 'd.json')).toThrow(
      /bouquet: expected 16 cards, got 15/,
    );
  });
});

describe('moves (rules page)', () => {
  it('makes every bouquet card and every pile top available, nothing else (rule I)', () => {
    const g = new PtPosition(dealFromSeed('42'));
    const tops = new Set([0, 1, 2, 3, 4, 5].map((p) => formatCard(g.top(p))));
    const bouquet = new Set(g.bouquetCards().map((c) => formatCard(c)));
    const moved = new Set(legal(g).map((m) => m.split(' ')[0]));
    expect(moved.size).toBeGreaterThan(0);
    for (const c of moved) expect(tops.has(c) || bouquet.has(c)).toBe(true);
    expect(moved.has('6S')).toBe(false); // covered in p0
    expect(moved.has('AC')).toBe(true); // a top
  });

  it('builds foundations up by suit from the ace; an ace starts one at any time (rule II)', () => {
    // Home: spades to 4, hearts to 8, all diamonds and clubs.
    const g = game([['5S'], ['6S'], ['9H'], ['TH'], ['7S', '8S', '9S'], ['TS', 'JS', 'QS', 'KS']], ['JH', 'QH', 'KH']);
    const m = legal(g);
    expect(m).toContain('5S p0>F');
    expect(m).not.toContain('6S p1>F');
    expect(m).toContain('9H p2>F');
    expect(m).not.toContain('TH p3>F');
    expect(legal(new PtPosition(dealFromSeed('42')))).toContain('AC p1>F');
  });

  it('builds down on the piles by one rank, whatever the suit (rule III)', () => {
    const g = game([['9S'], ['8H'], ['8S'], ['7H'], ['TS'], ['JS']], ['7S', '9H', 'TH', 'JH', 'QH', 'KH', 'QS', 'KS']);
    const m = legal(g);
    expect(m).toContain('8H p1>p0');
    expect(m).toContain('8S p2>p0');
    expect(m).toContain('9S p0>p4');
    expect(m).toContain('TS p4>p5');
    expect(m).toContain('7S b>p1');
    expect(m).not.toContain('7H p3>p0'); // two ranks apart
    expect(m).not.toContain('9S p0>p1'); // building up
  });

  it('lets any available card fill an empty pile [D]; a king goes nowhere else', () => {
    const g = game([['KS'], ['9H'], [], ['QD'], ['JC'], ['TH']], ['KH', 'JH', 'QH', 'KD', 'QC', 'KC']);
    const m = legal(g);
    expect(m).toContain('9H p1>p2');
    expect(m).toContain('KH b>p2');
    expect(m).toContain('QD p3>p2');
    expect(m).toContain('QD p3>p0');
    expect(m).toContain('JC p4>p3');
    expect(m.filter((x) => x.startsWith('KH '))).toEqual(['KH b>p2']);
    expect(m.filter((x) => x.startsWith('KS '))).toEqual(['KS p0>F', 'KS p0>p2']);
  });

  it('never returns a card to the bouquet, and moves one card at a time', () => {
    const g = new PtPosition(dealFromSeed('42'));
    expect(legal(g).every((x) => !x.endsWith('>b'))).toBe(true);
    const p = parseMove(g, '7C b>p0');
    expect(p.ok).toBe(true);
    if (p.ok) g.make(p.move);
    expect(g.pile(0).map((c) => formatCard(c))).toEqual(['QH', 'QD', '6H', '6S', 'TH', '8C', '7C']);
    expect(parseMove(g, '7C p0>b')).toEqual({ ok: false, reason: 'cards never return to the bouquet' });
    expect(parseMove(g, '8C p0>p4')).toMatchObject({ ok: false });
  });

  it('is won when all 52 cards are home', () => {
    const g = game([['KS'], [], [], [], [], []], []);
    expect(g.won()).toBe(false);
    const p = parseMove(g, 'KS p0>F');
    expect(p.ok).toBe(true);
    if (p.ok) g.make(p.move);
    expect(g.won()).toBe(true);
  });

  it('explains illegal moves', () => {
    const g = new PtPosition(dealFromSeed('42'));
    // deal 42: p0 = QH QD 6H 6S TH 8C, p1 ends with AC; the bouquet holds 4S
    expect(parseMove(g, '6S p0>F')).toEqual({
      ok: false,
      reason: '6S is covered in p0: only its top card 8C may move',
    });
    expect(parseMove(g, '8C p0>F')).toEqual({ ok: false, reason: '8C does not fit its foundation (it needs AC)' });
    expect(parseMove(g, '4S b>p9')).toMatchObject({ ok: false, reason: expect.stringMatching(/unknown place "p9"/) });
    expect(parseMove(g, 'ZZ b>F')).toEqual({ ok: false, reason: 'unknown card "ZZ"' });
    expect(parseMove(g, '8C p1>F')).toMatchObject({ ok: false, reason: expect.stringMatching(/top of p1 is AC/) });
    expect(parseMove(g, '4S b>p0')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/does not fit on 8C in p0/),
    });
    expect(parseMove(g, 'hello')).toMatchObject({ ok: false });
    expect(parseMove(g, 'ac p1>f')).toMatchObject({ ok: true }); // lenient about case
  });

  it('formats moves as the rules page does', () => {
    const g = game(
      [['QS'], ['9H'], ['TD'], [], [], []],
      ['KS', 'TH', 'JH', 'QH', 'KH', 'JD', 'QD', 'KD', '8C', '9C', 'TC', 'JC', 'QC', 'KC'],
    );
    expect(legal(g)).toEqual(expect.arrayContaining(['QS p0>F', '9H p1>p2', '8C b>p1', '8C b>p3', '9H p1>p3']));
    expect(
      legal(g).map((m) => formatMove(parseMove(g, m).ok ? (parseMove(g, m) as { move: number }).move : -1)),
    ).toEqual(legal(g));
  });
});

describe('make / unmake and the key', () => {
  it('unmake restores every observable part of the position (random playouts)', () => {
    const rnd = lcg(5);
    for (let d = 0; d < 20; d++) {
      const pos = new PtPosition(dealFromSeed(String(d)));
      const buf = new Int32Array(200);
      const stack: [number, string][] = [];
      for (let i = 0; i < 60; i++) {
        const n = pos.legalMoves(buf);
        if (n === 0) break;
        const m = buf[Math.floor(rnd() * n)];
        stack.push([m, snapshot(pos)]);
        pos.make(m);
      }
      while (stack.length) {
        const [m, snap] = stack.pop()!;
        pos.unmake(m);
        expect(snapshot(pos)).toBe(snap);
      }
    }
  });

  it('gives equal keys exactly to equal positions up to the order of the piles', () => {
    const rnd = lcg(9);
    const byKey = new Map<string, string>();
    const key = new Uint32Array(8);
    for (let d = 0; d < 6; d++) {
      const pos = new PtPosition(dealFromSeed(String(d)));
      const buf = new Int32Array(200);
      for (let i = 0; i < 400; i++) {
        const n = pos.legalMoves(buf);
        if (n === 0) break;
        pos.make(buf[Math.floor(rnd() * n)]);
        const k = Array.from(key.subarray(0, packKey(pos, key))).join(',');
        const c = canonical(pos);
        const seen = byKey.get(k);
        if (seen !== undefined) expect(seen).toBe(c);
        else byKey.set(k, c);
      }
    }
    // and the converse: distinct canonical texts never share a key (checked by the map above),
    // equal canonical texts share one:
    const inv = new Map<string, string>();
    for (const [k, c] of byKey) {
      if (inv.has(c)) expect(inv.get(c)).toBe(k);
      inv.set(c, k);
    }
  });

  it('ignores the order of the piles', () => {
    const key = (g: PtPosition) => {
      const k = new Uint32Array(8);
      return Array.from(k.subarray(0, packKey(g, k))).join(',');
    };
    const keyAfter = (move: string) => {
      const g = game([['KS'], ['QH'], [], [], [], []], ['KH']);
      const p = parseMove(g, move);
      if (!p.ok) throw new Error(p.reason);
      g.make(p.move);
      return key(g);
    };
    expect(keyAfter('QH p1>p2')).toBe(keyAfter('QH p1>p4'));
    expect(keyAfter('QH p1>p2')).not.toBe(keyAfter('QH p1>p0'));
    expect(keyAfter('KH b>p2')).toBe(keyAfter('KH b>p5'));
  });
});

describe('replay', () => {
  it('stops at the first illegal move and says why', () => {
    const r = replay(dealFromSeed('42'), ['AC p1>F', '6C p1>F']);
    expect(r).toMatchObject({ ok: false, index: 1, move: '6C p1>F' });
  });
  it('reports a legal line that does not win', () => {
    const r = replay(dealFromSeed('42'), ['AC p1>F']);
    expect(r).toMatchObject({ ok: true, won: false, moves: 1 });
  });
});

void layout;
void C;
