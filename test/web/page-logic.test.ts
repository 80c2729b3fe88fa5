import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { besiegedCity } from '../../src/games/besieged-city/kit.js';
import { dealFromSeed as bcDealFromSeed, dealToJson as bcDealToJson } from '../../src/games/besieged-city/deal.js';
import { worker as bcWorker } from '../../src/games/besieged-city/page.js';
import { dealFromSeed as ptDealFromSeed, dealToJson as ptDealToJson } from '../../src/games/parterre/deal.js';
import { parterre } from '../../src/games/parterre/kit.js';
import { runTask } from '../../src/solitaire/advice.js';
import { solve } from '../../src/search/solve.js';
import { pagePlugins } from '../../src/web/build.js';
import { dealSeeds } from '../../src/web/deal-lists.js';
import { bestFit, fitBoard } from '../../src/web/fit.js';
import { dealFromAddress, numberedDeal, numberingParam, sameNumbering } from '../../src/web/numbering.js';
import {
  cardSign,
  type Numbering,
  PageGames,
  type PagePlugin,
  plural,
  recordOf,
  type Session,
  type Settings,
} from '../../src/web/plugin.js';
import { rulesBlocks, spans } from '../../src/web/rules-text.js';
import { begin, ended, moved, reset, type Stats, tallyKey } from '../../src/web/stats.js';

// The play page's logic without a browser: the rules panel's text, the graded deal lists, the
// statistics, the hook for other numberings of deals (with a small numbering made up here), the
// board's sizing, and what the sessions add for the page — each foundation's next card, moves in
// words, the safe moves home and the finish, and the watch's chance, which never peeks.

const plugins = await pagePlugins();
const games = new PageGames(plugins);
const plugin = (name: string) => plugins.find((p) => p.name === name)!;
const settings = (game: string, seed: string, extra: Partial<Settings> = {}): Settings => ({
  game,
  seed,
  variant: '',
  ai: '',
  ...extra,
});

/** The solver's winning line of a deal. */
function line(kit: typeof besiegedCity | typeof parterre, seed: string): string[] {
  const deal = kit.dealFromSeed(seed);
  const r = solve(kit.searchGame(deal as never), { maxNodes: 5_000_000, policy: kit.searchPolicy });
  if (r.outcome !== 'solved') throw new Error(`${kit.name} ${seed}: ${r.outcome}`);
  return r.line;
}

describe('the Rules panel: each game’s own rules page, as text', () => {
  it.each(plugins.map((p) => p.name))('%s: layout, moves, notation and variants; the terminal left out', (name) => {
    const p = plugin(name);
    const blocks = rulesBlocks(readFileSync(p.rules.file, 'utf8'), p.rules.leaveOut);
    const headings = blocks.flatMap((b) => (b.kind === 'heading' ? [b.text] : []));
    expect(headings.some((h) => /layout/i.test(h))).toBe(true);
    expect(headings.some((h) => /^Moves|^Foundations/.test(h))).toBe(true);
    expect(headings).toContain('Notation');
    expect(headings.some((h) => /^Variants/.test(h))).toBe(true);
    for (const gone of p.rules.leaveOut ?? []) expect(headings).not.toContain(gone);
    // Links are kept as their words: nothing on the page leads elsewhere.
    expect(JSON.stringify(blocks)).not.toMatch(/\]\(|https?:/);
  });

  it('reads bold, code and links into spans, and tables into rows of cells', () => {
    expect(spans('**Rule** `7C r2c1>W2` and [the page](x.md), *Why:* 2 * 3.')).toEqual([
      { text: 'Rule', strong: true },
      { text: ' ' },
      { text: '7C r2c1>W2', code: true },
      { text: ' and ' },
      { text: 'the page' },
      { text: ', ' },
      { text: 'Why:', em: true },
      { text: ' 2 * 3.' },
    ]);
    const table = rulesBlocks('| a | b |\n|---|---|\n| `x` | y \\| z |\n').find((b) => b.kind === 'table');
    expect(table).toEqual({
      kind: 'table',
      rows: [
        [[{ text: 'a' }], [{ text: 'b' }]],
        [[{ text: 'x', code: true }], [{ text: 'y | z' }]],
      ],
    });
  });
});

describe('the graded deal lists', () => {
  it.each(plugins.filter((p) => p.dealLists).map((p) => p.name))('%s: read as the build reads them', (name) => {
    const { file } = plugin(name).dealLists!;
    const csv = readFileSync(file, 'utf8');
    const lists = dealSeeds(csv, file);
    // Counted here apart, row by row.
    const rows = csv.trim().split('\n').slice(1);
    const head = csv.split('\n')[0].split(',');
    const col = (r: string, c: string) => r.split(',')[head.indexOf(c)];
    expect(lists.winnable).toEqual(rows.filter((r) => col(r, 'outcome') === 'solved').map((r) => col(r, 'seed')));
    for (const g of ['easy', 'medium', 'hard'])
      expect(lists[g]).toEqual(rows.filter((r) => col(r, 'grade') === g).map((r) => col(r, 'seed')));
    expect(lists.winnable.length).toBeGreaterThan(lists.easy.length);
    expect(() => dealSeeds('seed,grade\n1,easy\n', 'x.csv')).toThrow('x.csv: no column "outcome"');
  });
});

describe('statistics per game and variant', () => {
  const s = settings('parterre', '1');
  it('count a game once: played, won, the run of wins, the fewest moves; a left game with a move counts as played', () => {
    const st: Stats = { tallies: {} };
    begin(st, s);
    moved(st);
    ended(st, true, 120);
    ended(st, true, 120);
    begin(st, settings('parterre', '2'));
    moved(st);
    ended(st, true, 90);
    begin(st, settings('parterre', '3'));
    begin(st, settings('parterre', '4')); // no move made: not counted
    moved(st);
    begin(st, settings('parterre', '5')); // left with a move made: played, the run broken
    expect(st.tallies[tallyKey(s)]).toEqual({ played: 3, won: 2, streak: 0, bestStreak: 2, fewest: 90 });
  });

  it('a game lost, then won after moves taken back, counts as won; the variants are apart; reset', () => {
    const st: Stats = { tallies: {} };
    begin(st, s);
    moved(st);
    ended(st, false, 40);
    ended(st, true, 150);
    const other = settings('parterre', '1', { variant: 'foundations=removable' });
    begin(st, other);
    moved(st);
    ended(st, false, 10);
    expect(st.tallies['parterre|default']).toEqual({ played: 1, won: 1, streak: 1, bestStreak: 1, fewest: 150 });
    expect(st.tallies['parterre|foundations=removable']).toMatchObject({ played: 1, won: 0, streak: 0 });
    reset(st, 'parterre|default');
    expect(st.tallies['parterre|default']).toBeUndefined();
    expect(st.tallies['parterre|foundations=removable']).toBeDefined();
  });
});

describe('other numberings of the deals (the hook, with a numbering made up here)', () => {
  // "Fake game N" is the deal of seed N + 1000.
  const fake: Numbering = {
    key: 'fake',
    label: 'Fake game',
    parse: (text) =>
      /^\d+$/.test(text)
        ? {
            ok: true,
            dealJson: JSON.stringify(ptDealToJson(ptDealFromSeed(String(Number(text) + 1000)))),
            title: `fake game ${text}`,
          }
        : { ok: false, reason: 'not a whole number' },
  };
  const withFake: PagePlugin = { ...plugin('parterre'), numberings: [fake] };
  const fakeGames = new PageGames([withFake]);

  it('reads a number from the address, deals it, names it, and writes it back', () => {
    const named = dealFromAddress(withFake, new URLSearchParams('game=parterre&fake=7'));
    expect(named?.numbering).toEqual({ key: 'fake', text: '7', title: 'fake game 7' });
    const s = settings('parterre', 'file', named!);
    const session = fakeGames.session(s);
    expect(session.cards()).toEqual(fakeGames.session(settings('parterre', '1007')).cards());
    expect(numberingParam(s)).toEqual(['fake', '7']);
    expect(sameNumbering(s, settings('parterre', 'file', numberedDeal(withFake, 'fake', ' 7 ')))).toBe(true);
    expect(sameNumbering(s, settings('parterre', 'file', numberedDeal(withFake, 'fake', '8')))).toBe(false);
    expect(recordOf(session)).toMatchObject({ file: 'parterre-fake-7-record.json' });
    expect(dealFromAddress(withFake, new URLSearchParams('game=parterre&seed=3'))).toBeNull();
  });

  it('says what is wrong with a number, naming the numbering', () => {
    expect(() => dealFromAddress(withFake, new URLSearchParams('game=parterre&fake=x'))).toThrow(
      'Fake game x: not a whole number',
    );
    expect(() => numberedDeal(plugin('parterre'), 'fake', '1')).toThrow('Parterre has no numbering "fake"');
  });
});

describe('the board sized to the room it has', () => {
  const counts = (s: Session) => Object.fromEntries(Object.entries(s.cards()).map(([k, v]) => [k, v.length]));
  it('widens the columns of a fan over two of them when it outgrows them, instead of shrinking the board to nothing', () => {
    const pil = games.session(settings('pilstymas', '42', { ai: 'expert' }));
    const room = { width: 890, height: 780 };
    const c = counts(pil);
    const before = bestFit([pil.layout], c, room).fit;
    const long = bestFit([pil.layout], { ...c, A1: 8 }, room).fit;
    const a1 = long.piles.find((p) => p.pile.id === 'A1')!;
    const a2 = long.piles.find((p) => p.pile.id === 'A2')!;
    expect(a1.width).toBeGreaterThanOrEqual(long.size.cw + 7 * long.size.minStepH);
    expect(a1.step).toBeGreaterThanOrEqual(long.size.minStepH);
    // A2 begins past A1's room: the fans do not run into each other.
    const left = (p: typeof a1) =>
      long.columns.slice(0, p.pile.column).reduce((x, y) => x + y, 0) + long.gapX * p.pile.column;
    expect(left(a2)).toBeGreaterThanOrEqual(left(a1) + a1.width);
    expect(long.size.cw).toBeLessThan(before.size.cw);
    expect(long.size.cw).toBeGreaterThanOrEqual(60);
  });

  it('fits every game, with the larger cards of its layouts, and squeezes a long fan before it shrinks', () => {
    for (const p of plugins) {
      const s = games.session(settings(p.name, '3', { ai: p.opponents?.default ?? '' }));
      const layouts = [s.layout, ...(s.narrowLayout ? [s.narrowLayout] : [])];
      for (const room of [
        { width: 378, height: 640 },
        { width: 900, height: 780 },
      ]) {
        const { fit } = bestFit(layouts, counts(s), room);
        expect(fit.width <= room.width && fit.height <= room.height, `${p.name} ${room.width}`).toBe(true);
        for (const l of layouts) expect(fitBoard(l, counts(s), room).size.cw).toBeLessThanOrEqual(fit.size.cw);
      }
    }
    const bc = games.session(settings('besieged-city', '42'));
    const c = counts(bc);
    const room = { width: 900, height: 780 };
    const before = bestFit([bc.layout], c, room).fit;
    // A west trench of nine cards: squeezed to strips that still show an index, then smaller cards.
    const long = bestFit([bc.layout], { ...c, W2: 9 }, room).fit;
    const w2 = long.piles.find((p) => p.pile.id === 'W2')!;
    expect(w2.step).toBeGreaterThanOrEqual(long.size.minStepH);
    expect(w2.width).toBeGreaterThanOrEqual(long.size.cw + 8 * w2.step);
    expect(long.size.cw).toBeLessThanOrEqual(before.size.cw);
  });
});

describe('what the sessions tell the page', () => {
  it('each foundation’s next card: Besieged City’s play order, the others by rank', () => {
    const order = 'A K 2 Q 3 J 4 T 5 9 6 8 7 7 8 6 9 5 T 4 J 3 Q 2 K A'.split(' '); // the rules page's
    const bcLine = line(besiegedCity, '42');
    const bc = games.restore(settings('besieged-city', '42'), bcLine.slice(0, 200));
    const cards = bc.cards();
    for (const [f, want] of Object.entries(bc.wants())) {
      const n = cards[f].length;
      expect(want, f).toBe(n === 26 ? '' : `${order[n]}${'SHDC'[Number(f[1])]}`);
    }
    const pt = games.session(settings('parterre', '1'));
    expect(pt.wants()).toEqual({ F0: 'AS', F1: 'AH', F2: 'AD', F3: 'AC' });
    const pil = games.session(settings('pilstymas', '3', { ai: 'greedy' }));
    expect(Object.values(pil.wants())).toEqual(['AS', 'AS', 'AH', 'AH', 'AD', 'AD', 'AC', 'AC']);
  });

  it('moves told in words, as the list of moves shows them', () => {
    const bc = games.session(settings('besieged-city', '42'));
    const fill = bc.legal().find((m) => /^\S+ r\dc\d>[NESW]\d$/.test(m.text))!;
    expect(bc.play(fill.text).ok).toBe(true);
    const [card, path] = fill.text.split(' ');
    const [from, to] = path.split('>');
    const side = { N: 'north', E: 'east', S: 'south', W: 'west' }[to[0]];
    expect(bc.moves[0].words).toBe(`${cardSign(card)} from the reserve ${from} to the ${side} trench ${to}`);
    // The first deal with an ace in the bouquet.
    let pt = games.session(settings('parterre', '1'));
    for (let seed = 2; !pt.legal().some((m) => /b>F$/.test(m.text)); seed++)
      pt = games.session(settings('parterre', String(seed)));
    pt.play(pt.legal().find((m) => /b>F$/.test(m.text))!.text);
    expect(pt.moves[0].words).toMatch(/^A[♠♥♦♣] from the bouquet to the [♠♥♦♣] foundation$/);
    expect(cardSign('TD')).toBe('10♦');
    expect(plural(1, 'move')).toBe('1 move');
    expect(plural(2, 'move')).toBe('2 moves');
  });

  it('Parterre: the safe moves home (the search’s proved rule) keep each solvable deal solvable', () => {
    for (const seed of ['1', '3', '7']) {
      expect(solveFrom(seed, [])).toBe('solved');
      const s = games.session(settings('parterre', seed));
      const made: string[] = [];
      for (let m = s.safeHome!(); m; m = s.safeHome!()) {
        expect(m).toMatch(/>F$/);
        expect(s.play(m).ok).toBe(true);
        made.push(m);
      }
      expect(made.length, `seed ${seed}`).toBeGreaterThan(0);
      expect(solveFrom(seed, made), `seed ${seed} after ${made.join(', ')}`).toBe('solved');
    }
    expect(games.session(settings('besieged-city', '42')).safeHome!()).toBeNull();
  });

  it('finishes a won game by moves home alone, and never while a face-down card is left', () => {
    for (const [kit, seed] of [
      [besiegedCity, '42'],
      [parterre, '1'],
    ] as const) {
      const l = line(kit, seed);
      const s = games.session(settings(kit.name, seed));
      let first = -1;
      for (let i = 0; i < l.length; i++) {
        const finish = s.finishLine!();
        if (finish) {
          if (first < 0) first = i;
          const [, all] = s.home();
          const stock = s.cards().stock?.length ?? 0;
          expect(stock, `${kit.name} move ${i}`).toBe(0);
          const copy = games.restore(
            settings(kit.name, seed),
            s.moves.map((m) => m.text),
          );
          for (const m of finish) expect(copy.play(m).ok).toBe(true);
          expect(copy.over()).toBe('won');
          expect(copy.home()).toEqual([all, all]);
        }
        expect(s.load(l[i]).ok).toBe(true);
      }
      expect(first, kit.name).toBeGreaterThan(0);
      expect(games.session(settings(kit.name, seed)).finishLine!()).toBeNull();
    }
  });

  it('Besieged City: the watch’s chance never peeks — two deals equal but for the stock order get the same answer', () => {
    const deal = bcDealFromSeed('42');
    const other = bcDealToJson({ ...deal, seed: undefined, stock: [...deal.stock].reverse() });
    const ask = (s: Settings) =>
      runTask(bcWorker.advise('winnable', { settings: s, moves: [] }, { poll: () => false }));
    const a = ask(settings('besieged-city', '42'));
    const b = ask(settings('besieged-city', 'file', { dealJson: other }));
    expect(a).toMatchObject({ kind: 'chance', estimator: 'guessed stock orders won', samples: 32, stopped: false });
    expect(b).toEqual(a);
  });
});

/** The solver's verdict on a Parterre deal after `made`. */
function solveFrom(seed: string, made: readonly string[]): string {
  const g = parterre.searchGame(parterre.dealFromSeed(seed));
  const pos = parterre.position(parterre.dealFromSeed(seed));
  for (const m of made) {
    const p = parterre.parseMove(pos, m);
    if (!p.ok) throw new Error(p.reason);
    pos.make(p.move);
    g.make(p.move);
  }
  return solve(g, { maxNodes: 5_000_000, policy: parterre.searchPolicy }).outcome;
}
