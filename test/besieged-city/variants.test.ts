import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { dealFromJson, dealFromSeed, dealToJson, withVariant } from '../../src/games/besieged-city/deal.js';
import { formatMove, parseMove } from '../../src/games/besieged-city/notation.js';
import { BcPosition, FILL, MAX_MOVES, R2T, T2T } from '../../src/games/besieged-city/position.js';
import { replay } from '../../src/games/besieged-city/replay.js';
import {
  type BcRules,
  DEFAULT_RULES,
  formatVariant,
  parseVariant,
  variantToJson,
} from '../../src/games/besieged-city/rules.js';
import { BcSearch } from '../../src/games/besieged-city/search.js';
import { BC_POLICY } from '../../src/games/besieged-city/policy.js';
import { setupPosition, type PositionSpec } from './setup.js';
import { CELL_TRENCHES, PILE_CAP, RANK, SUIT, TRENCHES } from '../../src/games/besieged-city/layout.js';
import { InputError } from '../../src/io/errors.js';
import { solve } from '../../src/search/solve.js';
import { DEAD } from '../../src/search/types.js';
import { makeEndgame } from '../search/make-endgames.js';
import { checkLeftOutMoves, deadOnlyWhereLost, expectEachCardTwice, legal, snapshot, winnable } from './helpers.js';
import { STUDY_READINGS } from '../../src/games/besieged-city/rules.js';

// The rule variants of the rules page (§ Variants): parsing and files, the rules of each switch
// value, the engine's invariants under every variant, and the solver's prunings per variant.

const ALL: string[] = [...STUDY_READINGS, 'trench-order=directional,trench-fill=deferred,stock-to-foundation=no'];
const rules = (text: string): BcRules => parseVariant(text);
const at = (text: string, spec: PositionSpec) => setupPosition({ ...spec, rules: rules(text) });
const buf = new Int32Array(MAX_MOVES);
const keyOf = (g: BcSearch) => {
  const k = new Uint32Array(32);
  return Array.from(k.subarray(0, g.key(k))).join(',');
};

describe('variants: the flag and the files', () => {
  it("parses every switch value, and the default is the page's reading", () => {
    expect(parseVariant('')).toBe(DEFAULT_RULES);
    expect(parseVariant('default')).toBe(DEFAULT_RULES);
    for (const v of ['either', 'directional', 'ordinary', 'play-order'])
      expect(rules(`trench-order=${v}`).trenchOrder).toBe(v);
    expect(rules('stock-to-foundation=no').stockToFoundation).toBe(false);
    expect(rules('stock-to-foundation=yes').stockToFoundation).toBe(true);
    expect(rules('trench-fill=deferred').deferredFill).toBe(true);
    expect(rules('trench-fill=immediate').deferredFill).toBe(false);
    const strict = rules(' Trench-Order=ordinary , stock-to-foundation=no ');
    expect(variantToJson(strict)).toEqual({ 'trench-order': 'ordinary', 'stock-to-foundation': 'no' });
    expect(formatVariant(strict)).toBe('trench-order=ordinary,stock-to-foundation=no');
    expect(formatVariant(rules('trench-order=either,trench-fill=immediate'))).toBe('default');
  });

  it.each([
    [
      'trench-order=sideways',
      /--variant: trench-order=sideways is not a value of that switch \(use either, directional, ordinary, play-order\)/,
    ],
    ['colour=red', /--variant: unknown variant switch "colour"/],
    ['trench-order', /not name=value/],
    ['trench-order=ordinary,trench-order=either', /given twice/],
  ])('rejects %s in one line', (text, message) => {
    expect(() => parseVariant(text)).toThrow(InputError);
    expect(() => parseVariant(text)).toThrow(message);
  });

  it('a deal file records its variant; absent or {} is the default reading', () => {
    const d = dealFromSeed('9');
    expect(dealToJson(d)).not.toHaveProperty('variant');
    const v = withVariant(d, 'trench-fill=deferred,trench-order=play-order');
    const json = dealToJson(v);
    expect(json.variant).toEqual({ 'trench-order': 'play-order', 'trench-fill': 'deferred' });
    expect(dealFromJson(json, 'd.json').rules).toEqual(v.rules);
    expect(dealFromJson({ ...dealToJson(d), variant: {} }, 'd.json').rules).toBeUndefined();
    expect(() => dealFromJson({ ...json, variant: { 'trench-fill': 'later' } }, 'd.json')).toThrow(
      /d.json: field "variant": trench-fill=later is not a value/,
    );
    expect(() => dealFromJson({ ...json, variant: 'ordinary' }, 'd.json')).toThrow(
      /d.json: field "variant": expected an object/,
    );
  });
});

// --- An independent oracle for rule II under each trench order, from the rules page's words.

const PO = [1, 13, 2, 12, 3, 11, 4, 10, 5, 9, 6, 8, 7, 7, 8, 6, 9, 5, 10, 4, 11, 3, 12, 2, 13, 1];
const ordinaryNext = (a: number, b: number) => Math.abs(a - b) === 1;
const playNext = (a: number, b: number) =>
  PO.some((r, i) => i < 25 && ((r === a && PO[i + 1] === b) || (r === b && PO[i + 1] === a)));
/** Whether ranks (bottom first) form one run in an order, in one direction. */
function isRun(ranks: number[]): boolean {
  if (ranks.length <= 1) return true;
  const d = ranks[1] - ranks[0];
  if (Math.abs(d) === 1 && ranks.every((r, i) => i === 0 || r - ranks[i - 1] === d)) return true;
  // Play order: consecutive places p, p+1, … of the 26 (read forwards; the order is a palindrome).
  for (let p = 0; p + ranks.length <= 26; p++) if (ranks.every((r, i) => PO[p + i] === r)) return true;
  return false;
}
function oracleFits(order: string, pile: number[], c: number): boolean {
  const top = pile[pile.length - 1];
  switch (order) {
    case 'ordinary':
      return ordinaryNext(top, c);
    case 'play-order':
      return playNext(top, c);
    case 'directional':
      return pile.length === 1 ? ordinaryNext(top, c) || playNext(top, c) : isRun([...pile, c]);
    default:
      return ordinaryNext(top, c) || playNext(top, c);
  }
}

describe('variants: rule II under each trench order', () => {
  const onto = (text: string, pile: string[], card: string) =>
    legal(at(text, { reserve: { r0c0: card }, trenches: { W0: pile }, found: { H: 26, D: 26, C: 26 } }).pos).includes(
      `${card} r0c0>W0`,
    );

  it('either (default): one apart or play-order neighbours, any pile, any direction', () => {
    expect(onto('default', ['6S'], '5S')).toBe(true);
    expect(onto('default', ['AS'], 'KS')).toBe(true);
    expect(onto('default', ['7S'], '7S')).toBe(true);
    expect(onto('default', ['5S', '6S'], '5S')).toBe(true); // back down: no direction
    expect(onto('default', ['6S'], '5H')).toBe(false);
  });

  it('ordinary: one apart only', () => {
    expect(onto('trench-order=ordinary', ['6S'], '5S')).toBe(true);
    expect(onto('trench-order=ordinary', ['5S', '6S'], '5S')).toBe(true);
    expect(onto('trench-order=ordinary', ['AS'], 'KS')).toBe(false);
    expect(onto('trench-order=ordinary', ['7S'], '7S')).toBe(false);
    expect(onto('trench-order=ordinary', ['6S'], '9S')).toBe(false);
  });

  it('play-order: play-order neighbours only (7 on 7 too)', () => {
    expect(onto('trench-order=play-order', ['AS'], 'KS')).toBe(true);
    expect(onto('trench-order=play-order', ['7S'], '7S')).toBe(true);
    expect(onto('trench-order=play-order', ['6S'], '9S')).toBe(true);
    expect(onto('trench-order=play-order', ['6S'], '5S')).toBe(false);
    const p = parseMove(
      at('trench-order=play-order', { reserve: { r0c0: '5S' }, trenches: { W0: ['6S'] } }).pos,
      '5S r0c0>W0',
    );
    expect(p.ok === false && p.reason).toMatch(/trench-order=play-order/);
  });

  it('directional: the first two cards set order and direction; one card is free; 7-8 keeps both open', () => {
    const d = 'trench-order=directional';
    expect(['5S', '7S', '9S', '8S'].map((c) => onto(d, ['6S'], c))).toEqual([true, true, true, true]);
    expect(onto(d, ['5S', '6S'], '7S')).toBe(true);
    expect(onto(d, ['5S', '6S'], '5S')).toBe(false); // turning back
    expect(onto(d, ['5S', '6S'], '8S')).toBe(false); // other order
    expect(onto(d, ['9S', '6S'], '8S')).toBe(true); // play order, towards the sevens
    expect(onto(d, ['9S', '6S'], '5S')).toBe(false);
    expect(onto(d, ['8S', '7S'], '7S')).toBe(true); // 8-7: play order goes on to 7 ...
    expect(onto(d, ['8S', '7S'], '6S')).toBe(true); // ... ordinary order down to 6
    expect(onto(d, ['9S', '8S', '7S'], '7S')).toBe(false); // the third card settled it: ordinary
    expect(onto(d, ['9S', '8S', '7S'], '6S')).toBe(true);
    expect(onto(d, ['6S', '8S', '7S'], '7S')).toBe(true); // play order
    expect(onto(d, ['6S', '8S', '7S'], '6S')).toBe(false);
    expect(onto(d, ['7S', '7S'], '8S')).toBe(true); // through the middle of the play order
    expect(onto(d, ['8S', '7S', '7S'], '8S')).toBe(true);
    expect(onto(d, ['8S', '7S', '7S'], '6S')).toBe(false);
    expect(onto(d, ['KS', 'AS'], '2S')).toBe(false); // a run that reached its ace is closed
    expect(onto(d, ['KS', 'AS'], 'KS')).toBe(false);
    // Back to one card, the pile is free again.
    const g = at(d, {
      trenches: { W0: ['5S', '6S'], E0: ['7S'] },
      reserve: { r0c0: '4S' },
      found: { H: 26, D: 26, C: 26 },
    });
    expect(legal(g.pos)).not.toContain('4S r0c0>W0');
    g.make(parseMove(g.pos, '6S W0>E0').ok ? (parseMove(g.pos, '6S W0>E0') as { move: number }).move : -1);
    expect(legal(g.pos)).toContain('4S r0c0>W0');
    const p = parseMove(at(d, { reserve: { r0c0: '5S' }, trenches: { W0: ['5S', '6S'] } }).pos, '5S r0c0>W0');
    expect(p.ok === false && p.reason).toMatch(/directional/);
  });

  it('setupPosition refuses a pile its variant could not build', () => {
    expect(() => at('trench-order=ordinary', { trenches: { N0: ['AS', 'KS'] } })).toThrow(/cannot lie/);
    expect(() => at('trench-order=directional', { trenches: { N0: ['5S', '6S', '5S'] } })).toThrow(/cannot lie/);
    expect(() => at('default', { trenches: { N0: ['5S', '6S', '5S'] } })).not.toThrow();
  });
});

describe('variants: the stock and the trench fill', () => {
  it('stock-to-foundation=no: a dealt card that fits still goes onto the talon', () => {
    const spec = { stock: ['AS', '9D'], reserve: { r0c0: '9S' }, trenches: { N0: ['5C'] } };
    expect(legal(at('default', spec).pos)).toContain('AS stock>F');
    const g = at('stock-to-foundation=no', spec);
    expect(legal(g.pos)).not.toContain('AS stock>F');
    expect(legal(g.pos)).toContain('AS stock>talon');
    const p = parseMove(g.pos, 'AS stock>F');
    expect(p.ok === false && p.reason).toMatch(/stock-to-foundation=no/);
  });

  // W0 holds AS alone; its line (row 0) has 5D and 9C. Playing AS empties W0.
  const gap = {
    found: { S: 0 },
    trenches: { W0: ['AS'], N1: ['KS'], E1: ['6H'] },
    reserve: { r0c1: '5D', r0c2: '9C', r1c2: '7H' },
    stock: ['2C', '3C'],
  };

  it('immediate (default): the gap must be filled by the next move', () => {
    const g = at('default', gap);
    g.make((parseMove(g.pos, 'AS W0>F') as { move: number }).move);
    expect(g.pos.pending).toBe(10);
    expect(legal(g.pos).sort()).toEqual(['5D r0c1>W0', '9C r0c2>W0']);
  });

  it('deferred: the gap may wait, stays empty across other moves, and is filled only from its line', () => {
    const g = at('trench-fill=deferred', gap);
    g.make((parseMove(g.pos, 'AS W0>F') as { move: number }).move);
    expect(g.pos.pending).toBe(-1);
    const moves = legal(g.pos);
    expect(moves).toEqual(
      expect.arrayContaining(['5D r0c1>W0', '9C r0c2>W0', 'KS N1>F', '7H r1c2>E1', '2C stock>talon']),
    );
    const before = keyOf(g);
    g.make((parseMove(g.pos, '2C stock>talon') as { move: number }).move);
    g.make((parseMove(g.pos, 'KS N1>F') as { move: number }).move); // N1 empties too: column 1 has 5D
    expect(legal(g.pos)).toEqual(expect.arrayContaining(['5D r0c1>W0', '9C r0c2>W0', '5D r0c1>N1']));
    expect(
      legal(g.pos)
        .filter((m) => m.endsWith('>W0') || m.endsWith('>N1'))
        .sort(),
    ).toEqual(['5D r0c1>N1', '5D r0c1>W0', '9C r0c2>W0']);
    expect(keyOf(g)).not.toBe(before);
    // A trench card never goes into the gap (rule IV), deferred or not.
    const h = at('trench-fill=deferred', { trenches: { W0: ['AS'], E0: ['2S'] }, reserve: { r0c1: '5D' } });
    h.make((parseMove(h.pos, 'AS W0>F') as { move: number }).move);
    expect(legal(h.pos)).not.toContain('2S E0>W0');
    expect(legal(h.pos)).toContain('5D r0c1>W0');
  });

  it('the key tells an empty trench from a filled one under deferred fill', () => {
    const a = at('trench-fill=deferred', { trenches: { W0: ['AS'] }, reserve: { r0c1: '5D' } });
    a.make((parseMove(a.pos, 'AS W0>F') as { move: number }).move);
    const k1 = keyOf(a);
    a.make((parseMove(a.pos, '5D r0c1>W0') as { move: number }).move);
    expect(keyOf(a)).not.toBe(k1);
  });
});

describe('variants: random play under every variant', () => {
  it.each(ALL)(
    '%s: cards are conserved, undo restores, piles obey the oracle, moves are exactly the legal ones',
    (text) => {
      const r = rules(text);
      const key = new Uint32Array(32);
      let plies = 0,
        checkedFits = 0;
      for (let seed = 1; seed <= 8; seed++) {
        const g = new BcSearch(withVariant(dealFromSeed(String(seed)), text));
        const rng = seedrandom.alea(`variant ${text} ${seed}`);
        const start = snapshot(g.pos);
        const history: number[] = [],
          snaps: string[] = [];
        for (let step = 0; step < 250; step++) {
          const n = g.moves(buf, 0);
          if (n === 0) break;
          const moves = Array.from(buf.subarray(0, n));
          // Every reserve -> trench and trench -> trench move the oracle allows is generated, and no other.
          if (g.pos.pending < 0) {
            const want = new Set<string>();
            for (let t = 0; t < TRENCHES; t++) {
              const pile = g.pos.pile(t).map((c) => RANK[c]);
              if (pile.length === 0) continue;
              const s = SUIT[g.pos.top(t)];
              for (let cell = 0; cell < 12; cell++) {
                const c = g.pos.reserve[cell];
                const reach = [0, 1, 2, 3].some((k) => CELL_TRENCHES[cell * 4 + k] === t);
                if (c >= 0 && reach && SUIT[c] === s && oracleFits(r.trenchOrder, pile, RANK[c]))
                  want.add(`${R2T}:${cell}:${t}`);
              }
              for (let a = 0; a < TRENCHES; a++) {
                const c = g.pos.top(a);
                if (a !== t && c >= 0 && SUIT[c] === s && oracleFits(r.trenchOrder, pile, RANK[c]))
                  want.add(`${T2T}:${a}:${t}`);
              }
            }
            const got = new Set(
              moves
                .filter((m) => (m & 7) === R2T || (m & 7) === T2T)
                .map((m) => `${m & 7}:${(m >> 3) & 31}:${(m >> 8) & 31}`),
            );
            expect([...got].sort()).toEqual([...want].sort());
            checkedFits += want.size;
          }
          if (!r.stockToFoundation) expect(moves.some((m) => formatMove(m).includes('stock>F'))).toBe(false);
          if (r.deferredFill) expect(g.pos.pending).toBe(-1);
          // Prefer trench moves, so that piles grow and directions matter.
          const tm = moves.filter((m) => (m & 7) === T2T || (m & 7) === R2T);
          const m = tm.length && rng() < 0.6 ? tm[Math.floor(rng() * tm.length)] : moves[Math.floor(rng() * n)];
          snaps.push(snapshot(g.pos));
          g.make(m);
          history.push(m);
          plies++;
          expectEachCardTwice(g.pos);
          // The pile the move built on (piles change only so) is one suit, and a run by the oracle.
          const kind = m & 7;
          if (kind === T2T || kind === R2T || kind === FILL) {
            const t = (m >> 8) & 31;
            const pile = Array.from(g.pos.piles.subarray(t * PILE_CAP, t * PILE_CAP + g.pos.plen[t]));
            expect(pile.every((c) => SUIT[c] === SUIT[pile[0]])).toBe(true);
            if (pile.length > 1)
              expect(
                oracleFits(
                  r.trenchOrder,
                  pile.slice(0, -1).map((c) => RANK[c]),
                  RANK[pile[pile.length - 1]],
                ),
              ).toBe(true);
            if (r.trenchOrder === 'directional') expect(isRun(pile.map((c) => RANK[c]))).toBe(true);
          }
          expect(g.key(key)).toBeLessThanOrEqual(g.maxKeyWords);
        }
        while (history.length) {
          g.unmake(history.pop()!);
          expect(snapshot(g.pos)).toBe(snaps.pop());
        }
        expect(snapshot(g.pos)).toBe(start);
      }
      expect(plies).toBeGreaterThan(700);
      expect(checkedFits).toBeGreaterThan(300);
    },
  );
});

describe("variants: the solver's prunings", () => {
  it.each(ALL)('%s: every move the search leaves out leads to the parent or one of its children', (text) => {
    let checked = 0;
    for (let seed = 1; seed <= 8; seed++)
      checked += checkLeftOutMoves(
        new BcSearch(withVariant(dealFromSeed(String(seed)), text)),
        `prune ${text} ${seed}`,
        150,
      );
    expect(checked).toBeGreaterThan(20);
  });

  // Spades owe Q 2 K A (height 22); the other suits are home; no stock, talon or reserve. QS lies
  // under KS (W0), AS and 2S lie alone (E0, N0). Reading either order, KS goes onto AS (or 2S) as
  // play-order neighbours and the suit comes home; in ordinary order KS cannot move, so QS is
  // buried for good. Under directional a one-card pile is free, so KS goes onto AS again.
  const spec: PositionSpec = {
    found: { S: 22, H: 26, D: 26, C: 26 },
    trenches: { W0: ['QS', 'KS'], E0: ['AS'], N0: ['2S'] },
  };

  it.each([
    ['default', true],
    ['trench-order=directional', true],
    ['trench-order=ordinary', false],
    ['trench-order=ordinary,trench-fill=deferred', false],
  ] as const)('the suit-endgame proof follows the trench order: %s (winnable %s)', (text, win) => {
    expect(winnable(at(text, spec).pos)).toBe(win);
    const g = at(text, spec);
    g.extras.beginSearch({ guided: false, macros: false });
    expect(g.lowerBound() >= DEAD).toBe(!win);
    expect(solve(at(text, spec), { algorithm: 'dfs' }).outcome).toBe(win ? 'solved' : 'unsolvable');
  });

  it('a suit puzzle puts back the card a deeper search displaced (the position that showed it)', () => {
    // Clubs owe 4 J 3 Q 2 K A; J lies under 3. The puzzle's search used to leave a card of a
    // deeper line in a slot it had vacated (here Q over J), and called this position lost.
    const g = at('trench-order=directional', {
      found: { S: 24, H: 23, D: 24, C: 19 },
      reserve: { r0c1: 'AD', r1c1: 'AS' },
      trenches: {
        N0: ['4C'],
        N1: ['AC'],
        N2: ['KD'],
        W0: ['KC'],
        W1: ['QC'],
        W2: ['KS'],
        W3: ['AH'],
        E0: ['JC', '3C'],
        E1: ['2C'],
        S0: ['KH'],
        S1: ['2H'],
      },
    });
    g.extras.beginSearch({ guided: false, macros: false });
    expect(g.lowerBound()).toBeLessThan(DEAD);
  });

  it.each(ALL)('%s: DEAD only where plain exhaustive search finds no win (random stock-less endgames)', (text) => {
    let dead = 0,
      checked = 0;
    for (let seed = 1; seed <= 36; seed++) {
      if (seed % 3 === 0) continue; // those have a stock
      let g: BcSearch;
      try {
        g = at(text, makeEndgame(seed));
      } catch {
        continue; // a pile this trench order could not have built
      }
      const r = deadOnlyWhereLost(g, `eg ${text} ${seed}`, 40_000);
      if (r.dead) dead++;
      if (r.checked) checked++;
    }
    expect(dead).toBeGreaterThanOrEqual(2);
    expect(checked).toBeGreaterThanOrEqual(2);
  });
});

describe('variants: a line replays only under rules it keeps', () => {
  const solved = (text: string, seed: string) => {
    const deal = withVariant(dealFromSeed(seed), text);
    const r = solve(new BcSearch(deal), { maxNodes: 400_000, policy: BC_POLICY });
    if (r.outcome !== 'solved') throw new Error(`seed ${seed} under ${text}: ${r.outcome}`);
    return { deal, line: r.line };
  };
  const under = (deal: ReturnType<typeof dealFromSeed>, text: string) =>
    dealFromJson({ ...dealToJson(deal), variant: variantToJson(rules(text)) }, 'edited.json');

  it('a default line that uses the play order fails under trench-order=ordinary, and one that deals to F under stock-to-foundation=no', () => {
    const { deal, line } = solved('default', '5');
    expect(replay(deal, line)).toMatchObject({ ok: true, won: true });
    const ordinary = replay(under(deal, 'trench-order=ordinary'), line);
    expect(ordinary.ok).toBe(false);
    if (!ordinary.ok) expect(ordinary.reason).toMatch(/does not fit|trench-order=ordinary/);
    expect(line.some((m) => m.includes('stock>F'))).toBe(true);
    const noStock = replay(under(deal, 'stock-to-foundation=no'), line);
    expect(noStock.ok).toBe(false);
    if (!noStock.ok) expect(noStock.reason).toMatch(/stock-to-foundation=no/);
  });

  it('a line of the strictest combination stays valid under the default reading, which allows all it does', () => {
    const strict = 'trench-order=ordinary,stock-to-foundation=no,trench-fill=immediate';
    const { deal, line } = solved(strict, '5');
    expect(replay(deal, line)).toMatchObject({ ok: true, won: true });
    expect(replay(under(deal, 'default'), line)).toMatchObject({ ok: true, won: true });
    const play = replay(under(deal, 'trench-order=play-order'), line);
    expect(play.ok).toBe(false);
  });

  it('a deferred line replays under the immediate fill exactly when it never lets a gap wait', () => {
    for (const seed of ['5', '6']) {
      const { deal, line } = solved('trench-fill=deferred', seed);
      // Replay under the immediate fill by hand: the first move made while a gap is pending
      // that is not its fill is where the line waits.
      const r = new BcPosition(under(deal, 'trench-fill=immediate'));
      let waitsAt = -1;
      for (let i = 0; i < line.length && waitsAt < 0; i++) {
        const p = parseMove(r, line[i]);
        if (!p.ok) {
          expect(r.pending).toBeGreaterThanOrEqual(0);
          expect(p.reason).toMatch(/must be filled first/);
          waitsAt = i;
        } else r.make(p.move);
      }
      const imm = replay(under(deal, 'trench-fill=immediate'), line);
      expect(imm.ok).toBe(waitsAt < 0);
      if (!imm.ok) expect(imm.index).toBe(waitsAt);
    }
  });
});
