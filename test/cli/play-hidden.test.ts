import { describe, expect, it } from 'vitest';
import { formatCard, makeCard } from '../../src/cards/card.js';
import { dealFromSeed as bcDeal } from '../../src/games/besieged-city/deal.js';
import { PILE_CAP, PLAY_ORDER, TRENCHES } from '../../src/games/besieged-city/layout.js';
import { parseMove as bcParse } from '../../src/games/besieged-city/notation.js';
import { BcPosition } from '../../src/games/besieged-city/position.js';
import { dealFromSeed as pilDeal } from '../../src/games/pilstymas/deal.js';
import { parseMove as pilParse } from '../../src/games/pilstymas/notation.js';
import { HAND, PilPosition, STOCK, TAB, WASTE, plainCard } from '../../src/games/pilstymas/position.js';
import { runWithInput } from './run.js';

// A person playing in the terminal never sees a card named before it is face up. Each session
// is played through `play`'s text interface (the CLI in-process, its stdin a piped stream), and
// the transcript is checked against a mirror of the game kept here with the rules engine: every
// card the output names must have been face up at some point before (or be turned by that very
// line), and no listed or suggested move may name the next stock card.

/** Runs `patience play …` with `input` piped to its stdin; the transcript. */
async function session(args: string[], input: string[]): Promise<string> {
  const r = await runWithInput(['play', ...args], input);
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  return r.out;
}

/** The transcript cut at each echoed input line: the opening chunk, then one per line typed. */
function chunks(out: string): { input: string | null; lines: string[] }[] {
  const parts: { input: string | null; lines: string[] }[] = [{ input: null, lines: [] }];
  for (const line of out.split('\n')) {
    if (line.startsWith('> ')) parts.push({ input: line.slice(2), lines: [] });
    else parts.at(-1)!.lines.push(line);
  }
  return parts;
}

const CARD = /(?<![A-Za-z0-9])([A2-9TJQK][SHDC])(?![A-Za-z0-9])/g;
/** Cards named in output text, less what names no card's place: the help line's example moves
 *  and the card each foundation takes next (public: the foundations are in sight). */
function named(text: string, examples: string[]): string[] {
  let t = text.replace(/\(next \S\S\)/g, '').replace(/it needs \S\S/g, '');
  for (const e of examples) t = t.split(e).join('');
  return [...t.matchAll(CARD)].map((m) => m[1]);
}

const moveRounds = (seed: number, rounds: number, extra: (i: number) => string[]) =>
  Array.from({ length: rounds }, (_, i) => ['moves', String(1 + ((seed * 7 + i * 3) % 6)), ...extra(i)]).flat();

describe('play besieged-city names no stock card before it is turned', () => {
  const SEEDS = Array.from({ length: 20 }, (_, i) => i + 1);
  const probes = [...'A23456789TJQK'].flatMap((r) =>
    [...'SHDC'].flatMap((s) => [`${r}${s} stock>talon`, `${r}${s} stock>F`]),
  );

  function seen(pos: BcPosition, into: Set<string>): void {
    for (const c of pos.reserve) if (c >= 0) into.add(formatCard(c));
    for (let t = 0; t < TRENCHES; t++)
      for (let i = 0; i < pos.plen[t]; i++) into.add(formatCard(pos.piles[t * PILE_CAP + i]));
    for (let i = 0; i < pos.tlen; i++) into.add(formatCard(pos.stock[pos.talon[i]]));
    for (let s = 0; s < 4; s++) for (let h = 0; h < pos.found[s]; h++) into.add(formatCard(makeCard(PLAY_ORDER[h], s)));
  }

  for (const seed of SEEDS) {
    it(`seed ${seed}: the first 30 moves`, async () => {
      // A card-named stock move first (every card, both places), then rounds of "moves" and a
      // number, with a deal, a stale number and an undo now and then.
      const input = [
        ...probes,
        ...moveRounds(seed, 45, (i) => (i % 5 === 2 ? ['deal', 'moves', '1', '2'] : i % 7 === 3 ? ['undo'] : [])),
      ];
      input.push('quit');
      const out = await session(['besieged-city', '--seed', String(seed)], input);
      const pos = new BcPosition(bcDeal(seed));
      const known = new Set<string>();
      seen(pos, known);
      let dealt: string | null = null;
      let played = 0;
      const made: number[] = [];
      const refusals = new Set<string>();
      for (const { input: typed, lines } of chunks(out)) {
        if (typed && / stock>/.test(typed)) refusals.add(lines.join('\n'));
        for (const line of lines) {
          const d = /^dealt (\S\S): /.exec(line);
          if (d) {
            expect(d[1]).toBe(formatCard(pos.stock[pos.sp])); // the card really turned
            dealt = d[1];
            known.add(dealt);
          }
          const p = /^played (.+)$/.exec(line);
          if (p) {
            const m = bcParse(pos, p[1]);
            expect(m.ok, `${p[1]}: ${m.ok ? '' : m.reason}`).toBe(true);
            if (m.ok) pos.make(m.move), made.push(m.move);
            seen(pos, known);
            dealt = null;
            played++;
          }
          const t = /^took back (.+)$/.exec(line);
          if (t) {
            const m = made.pop()!;
            pos.unmake(m);
            expect(bcParse(pos, t[1])).toEqual({ ok: true, move: m });
          }
          // A listed stock move names only the card already turned.
          const listed = /^\s*\d+\. (\S\S) stock>/.exec(line);
          if (listed) expect(listed[1]).toBe(dealt);
        }
        const unknown = named(lines.join('\n'), ['"7C r2c1>W2"']).filter((c) => !known.has(c));
        expect(unknown, `after "${typed}":\n${lines.join('\n')}`).toEqual([]);
      }
      expect(played).toBeGreaterThanOrEqual(30);
      // Naming a stock card gets one answer, whichever card it is and wherever it goes.
      expect(refusals.size).toBe(1);
      expect([...refusals][0]).toMatch(/^illegal: the stock's next card is face down/);
    });
  }
});

describe('play pilstymas names no hidden card (hands, face-down stocks) before it is face up', () => {
  const SEEDS = Array.from({ length: 20 }, (_, i) => i + 1);
  const EXAMPLES = ['"7S hand>B2", "QD stock>owaste", "AS A1>F"'];

  function seen(pos: PilPosition, into: Set<string>): void {
    const add = (id: number) => into.add(formatCard(plainCard(id)));
    for (let t = 0; t < 8; t++) pos.stack(TAB + t).forEach(add);
    for (let p = 0; p < 2; p++) {
      pos.stack(WASTE + p).forEach(add);
      pos
        .stack(STOCK + p)
        .slice(pos.down[p])
        .forEach(add);
    }
    for (let slot = 0; slot < 8; slot++)
      for (let r = 1; r <= pos.found[slot]; r++) into.add(formatCard(makeCard(r, slot >> 1)));
    // The mover's hand card is turned up on the table.
    if (pos.winner < 0 && pos.len[HAND + pos.turn] > 0) add(pos.top(HAND + pos.turn));
  }

  for (const seed of SEEDS) {
    it(`seed ${seed}: the first 30 moves`, async () => {
      const input = [...moveRounds(seed, 40, (i) => (i % 3 === 2 ? ['end', '1'] : []))];
      input.push('quit');
      const out = await session(['pilstymas', '--seed', String(seed), '--ai', 'greedy'], input);
      const pos = PilPosition.fromDeal(pilDeal(seed));
      const known = new Set<string>();
      seen(pos, known);
      let moves = 0;
      for (const { input: typed, lines } of chunks(out)) {
        for (const line of lines) {
          const p = /^played (.+)$/.exec(line) ?? /^B \(greedy\): (.+)$/.exec(line);
          if (!p) continue;
          const m = pilParse(pos, p[1]);
          expect(m.ok, `${p[1]}: ${m.ok ? '' : m.reason}`).toBe(true);
          if (m.ok) pos.make(m.move);
          seen(pos, known);
          moves++;
        }
        const unknown = named(lines.join('\n'), EXAMPLES).filter((c) => !known.has(c));
        expect(unknown, `after "${typed}":\n${lines.join('\n')}`).toEqual([]);
      }
      expect(moves).toBeGreaterThanOrEqual(30);
    });
  }
});
