import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { besiegedCity } from '../../src/games/besieged-city/kit.js';
import { dealFromSeed as bcDealFromSeed, dealToJson as bcDealToJson } from '../../src/games/besieged-city/deal.js';
import { parterre } from '../../src/games/parterre/kit.js';
import { worker as ptWorker } from '../../src/games/parterre/page.js';
import { runTask, type Winnable } from '../../src/solitaire/advice.js';
import { pagePlugins } from '../../src/web/build.js';
import { PageGames } from '../../src/web/plugin.js';
import { solve } from '../../src/search/solve.js';
import { run } from '../cli/run.js';
import { findChromium, INSTALL_HINT, launchChromium, PAGE_TIMEOUT_MS } from '../report/browser.js';
import { tempDir } from '../temp-dir.js';

// The play page (`patience web`) in a real browser: the built page is loaded from disk, games
// are played to a win through the move box and by clicks, the refusals, undo, reload, the hint
// and the record are checked, and nothing may log an error or fetch anything from elsewhere.
// One browser, one page for the file. Screenshots go to test-artifacts/ (ignored by git).

const dir = tempDir('patience-web-');
const ARTIFACTS = resolve('test-artifacts');
const chromium = findChromium();
const CI = process.env.CI === 'true';
if (!chromium && !CI) console.warn(`browser tests skipped: chromium not found; ${INSTALL_HINT}`);

// biome-ignore lint/suspicious/noExplicitAny: the page's DOM and playwright's objects, untyped here
type Dom = any;
// The page's globals, inside callbacks that run in the page (the project's TypeScript has no DOM library).
declare const document: Dom;
declare const localStorage: Dom;
declare const window: Dom;

/** The solver's winning line for a seed. */
function line(game: 'besieged-city' | 'parterre', seed: string): string[] {
  const kit = game === 'besieged-city' ? besiegedCity : parterre;
  const deal = kit.dealFromSeed(seed);
  const r = solve(kit.searchGame(deal as never), { maxNodes: 5_000_000, policy: kit.searchPolicy });
  if (r.outcome !== 'solved') throw new Error(`${game} ${seed} not solved: ${r.outcome}`);
  return r.line;
}

/** A Besieged City line as a person types it: the stock is face down, so a stock move does not
 *  name its card — "stock>talon" deals onto the talon, "deal" turns a card that then goes to F. */
const asTyped = (moves: string[]) =>
  moves.flatMap((m) => (/stock>talon$/.test(m) ? ['stock>talon'] : /stock>F$/.test(m) ? ['deal', m] : [m]));

/** A first move of Besieged City deal 42 that turns no stock card (one that does may not be
 *  taken back: a card once seen stays dealt). */
function quietMove(): string {
  const deal = besiegedCity.dealFromSeed('42');
  const pos = besiegedCity.position(deal);
  const buf = new Int32Array(besiegedCity.maxMoves);
  const n = besiegedCity.legalMoves(pos, buf);
  for (let i = 0; i < n; i++) {
    const sp = pos.sp;
    pos.make(buf[i]);
    const quiet = pos.sp === sp;
    pos.unmake(buf[i]);
    if (quiet) return besiegedCity.formatMove(buf[i]);
  }
  throw new Error('no quiet first move');
}

/** The places a move in notation joins, as the board names them. */
function places(move: string): { card: string; from: string; to: string } {
  const [card, path] = move.split(' ');
  const [from, to] = path.split('>');
  const suit = 'SHDC'.indexOf(card[1]);
  return { card, from: from === 'stock' ? 'dealt' : from, to: to === 'F' ? `F${suit}` : to };
}

/** What is wrong with the layout as drawn, from the bounding boxes: two labels, a label and
 *  another pile's cards, two piles' cards or a count badge and a label overlapping; a label cut
 *  short; a covered card's index hidden by the cards above it; anything outside the felt; the
 *  felt not wholly on the first screen; the page wider than the window. Plain JavaScript run in
 *  the page (kept out of the TypeScript transform, which would add helpers the page lacks). */
const LAYOUT_FAULTS = `(() => {
  const box = (e) => e.getBoundingClientRect();
  // Less than a pixel of contact is not an overlap (borders meet, sub-pixel rounding).
  const meet = (a, b) =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const inside = (a, b) =>
    a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
  const faults = [];
  const felt = box(document.querySelector('#table'));
  // The first screen: the page as opened, not scrolled.
  if (felt.bottom + window.scrollY > window.innerHeight + 0.5)
    faults.push('the felt ends at ' + (felt.bottom + window.scrollY) + ' px, below the first screen');
  if (document.documentElement.scrollWidth > window.innerWidth)
    faults.push('the page is ' + document.documentElement.scrollWidth + ' px wide');
  const piles = [...document.querySelectorAll('#board .pile')].map((p) => ({
    id: p.dataset.pile,
    label: p.querySelector('.label'),
    cards: [...p.querySelectorAll('.card, .slot')],
  }));
  for (const p of piles) {
    const l = box(p.label);
    if (p.label.textContent && p.label.scrollWidth > p.label.clientWidth + 1)
      faults.push('label of ' + p.id + ' "' + p.label.textContent + '" cut short');
    if (!inside(l, felt)) faults.push('label of ' + p.id + ' outside the felt');
    p.cards.forEach((c, i) => {
      if (!inside(box(c), felt)) faults.push(p.id + ' card ' + (c.dataset.card || 'slot') + ' outside the felt');
      const index = c.querySelector('.i');
      if (index)
        for (const above of p.cards.slice(i + 1))
          if (meet(box(index), box(above))) faults.push(p.id + ': the index of ' + c.dataset.card + ' hidden by ' + above.dataset.card);
    });
    for (const q of piles) {
      if (q === p) continue;
      if (q.id > p.id && meet(l, box(q.label))) faults.push('labels of ' + p.id + ' and ' + q.id + ' overlap');
      for (const c of q.cards) if (meet(l, box(c))) faults.push('label of ' + p.id + ' under the cards of ' + q.id);
      if (q.id > p.id)
        for (const c of p.cards)
          if (q.cards.some((d) => meet(box(c), box(d)))) faults.push('cards of ' + p.id + ' and ' + q.id + ' overlap');
    }
    if (p.cards.some((c) => meet(l, box(c)))) faults.push('label of ' + p.id + ' under its own cards');
  }
  for (const n of document.querySelectorAll('#board .count')) {
    for (const p of piles) if (meet(box(n), box(p.label))) faults.push('a count badge covers the label of ' + p.id);
    const index = n.parentElement.querySelector('.i');
    if (index && meet(box(n), box(index))) faults.push('a count badge covers the index of ' + n.parentElement.dataset.card);
  }
  return [...new Set(faults)];
})()`;

describe.skipIf(!chromium && !CI)('the play page in a real browser (chromium)', () => {
  let browser: Dom, page: Dom, url: string;
  const errors: string[] = [];
  const requests: string[] = [];
  let bcLine: string[], ptLine: string[];

  beforeAll(async () => {
    if (!chromium) return;
    const r = await run('web', '--out', dir);
    expect(r.code, r.err).toBe(0);
    url = pathToFileURL(join(dir, 'index.html')).href;
    bcLine = line('besieged-city', '42');
    ptLine = line('parterre', '1');
    browser = await launchChromium(chromium);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    context.setDefaultTimeout(PAGE_TIMEOUT_MS);
    // Anything but the file itself and the worker's Blob is a request leaving the page: refused and counted.
    await context.route('**/*', (route: Dom) => {
      const u: string = route.request().url();
      if (u.startsWith('file:') || u.startsWith('blob:') || u.startsWith('data:')) return route.continue();
      requests.push(u);
      return route.abort();
    });
    context.on('request', (r: Dom) => {
      const u: string = r.url();
      if (!u.startsWith('file:') && !u.startsWith('blob:') && !u.startsWith('data:')) requests.push(u);
    });
    page = await context.newPage();
    page.on('console', (m: Dom) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e: Error) => errors.push(e.message));
    mkdirSync(ARTIFACTS, { recursive: true });
  }, 120_000);
  afterAll(async () => browser?.close());

  /** Opens a fresh game (storage cleared) from the address's hash; `auto` false turns off the
   *  moves home made by themselves (a solver's line typed or clicked plays those itself). */
  async function open(hash: string, auto = true) {
    await page.goto(url);
    await page.evaluate((on: boolean) => {
      localStorage.clear();
      localStorage.setItem('patience-lab:web:options', JSON.stringify({ auto: on }));
    }, auto);
    await page.goto('about:blank');
    await page.goto(`${url}#${hash}`);
    await page.waitForSelector('body[data-ready=true][data-auto=idle]');
  }
  const moves = async () => Number(await page.getAttribute('body', 'data-moves'));
  const live = async () => (await page.textContent('#live')).trim();
  const board = () =>
    page.$$eval('#board .pile', (ps: Dom[]) =>
      ps
        .map((p) => `${p.dataset.pile}:${[...p.querySelectorAll('.card')].map((c: Dom) => c.dataset.card).join(' ')}`)
        .join('|'),
    );
  async function type(move: string) {
    await page.fill('#move', move);
    await page.press('#move', 'Enter');
  }

  it('has chromium', () => {
    expect(chromium, `chromium is missing: ${INSTALL_HINT}`).toBeTruthy();
  });

  it('Besieged City deal 42: the solver line typed into the move box wins, and the record passes verify', async () => {
    await open('game=besieged-city&seed=42', false);
    expect(await page.textContent('#title')).toContain('Besieged City, deal 42');
    const typed = asTyped(bcLine);
    for (const m of typed) await type(m);
    expect(await page.getAttribute('body', 'data-over')).toBe('won');
    expect(await live()).toBe('won');
    expect(await moves()).toBe(bcLine.length);
    await page.screenshot({ path: join(ARTIFACTS, 'web-besieged-city-won.png') });
    // After the game, its replay: back to the start and one move on.
    await page.click('#replay');
    await page.fill('#replay-slider', '0');
    expect(await page.textContent('#status')).toContain(`after move 0 of ${bcLine.length}`);
    expect(await page.$$eval('#board .pile[data-pile=stock] .card', (cs: Dom[]) => cs.length)).toBe(1);
    await page.click('#replay-next');
    expect(await page.textContent('#status')).toContain(`after move 1 of ${bcLine.length}`);
    await page.click('#replay');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    const file = join(dir, 'bc-record.json');
    await download.saveAs(file);
    const v = await run('verify', '--solution', file);
    expect(v.out).toContain(`valid: won in ${bcLine.length} moves`);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ format: 'patience-record', player: 'person' });
    expect(v.code).toBe(0);
  });

  it('Besieged City: the first moves by clicks (and one by dragging), legal places lit when a card is picked up', async () => {
    await open('game=besieged-city&seed=42', false);
    for (const [i, m] of bcLine.slice(0, 12).entries()) {
      const before = await moves();
      if (/stock>/.test(m)) {
        await page.click('.pile[data-pile=stock] .card');
        if (/stock>talon$/.test(m) && (await moves()) > before) continue;
      }
      const p = places(m);
      const card = page.locator(`.pile[data-pile="${p.from}"] .card.pickable[data-card="${p.card}"]`);
      if (i === 1 && p.from !== 'dealt') {
        await card.dragTo(page.locator(`.pile[data-pile="${p.to}"]`));
      } else {
        await card.click();
        expect(await page.getAttribute(`.pile[data-pile="${p.to}"]`, 'class')).toContain('target');
        const name = await card.getAttribute('aria-label');
        expect(name).toMatch(/ of (spades|hearts|diamonds|clubs)/);
        await page.click(`.pile[data-pile="${p.to}"]`);
      }
      expect(await moves(), `move ${i + 1} ${m}: ${await live()}`).toBe(before + 1);
    }
    expect(await page.getAttribute('.pile[data-pile=N0] .card:last-child', 'aria-label')).toMatch(
      /, top of the north trench N0$/,
    );
    await page.screenshot({ path: join(ARTIFACTS, 'web-besieged-city.png') });
  });

  it('an illegal move is refused with its reason and changes nothing; undo restores; a reload keeps the game', async () => {
    await open('game=besieged-city&seed=42');
    const start = await board();
    // 4H (reserve r0c0 holds 6S) — a card that is not there, then one that does not fit.
    await type('6S r0c0>N0');
    expect(await live()).toMatch(/^illegal: 6S does not fit on 8C/);
    expect(await board()).toBe(start);
    expect(await moves()).toBe(0);
    expect(await page.inputValue('#move')).toBe('6S r0c0>N0');
    await type(quietMove());
    expect(await moves()).toBe(1);
    const after1 = await board();
    await page.click('#undo');
    expect(await board()).toBe(start);
    expect(await moves()).toBe(0);
    await page.click('#redo');
    expect(await board()).toBe(after1);
    await page.click('#undo');
    // A move that turned a stock card (the reserve refilled from the stock) is not taken back.
    await type(bcLine[0]);
    await page.click('#undo');
    expect(await live()).toMatch(/^cannot take back .*a card once seen stays dealt/);
    expect(await moves()).toBe(1);
    const after2 = await board();
    await page.reload();
    await page.waitForSelector('body[data-ready=true]');
    expect(await moves()).toBe(1);
    expect(await board()).toBe(after2);
    expect(page.url()).toContain('#game=besieged-city&seed=42');
  });

  it('the keyboard alone plays a move: Tab to a card, Enter, Tab to a lit place, Enter', async () => {
    await open('game=besieged-city&seed=42');
    const p = places(quietMove());
    const focused = () =>
      page.evaluate(() => {
        const e = document.activeElement;
        return `${e.closest('.pile')?.dataset.pile ?? ''}:${e.dataset.card ?? ''}:${e.classList.contains('target')}`;
      });
    const tabTo = async (want: string) => {
      for (let i = 0; i < 120 && (await focused()) !== want; i++) await page.keyboard.press('Tab');
      expect(await focused()).toBe(want);
    };
    await tabTo(`${p.from}:${p.card}:false`);
    await page.keyboard.press('Enter');
    expect(await live()).toMatch(new RegExp(`^picked up .* it may go to .*${p.to}`));
    await tabTo(`${p.to}::true`);
    await page.keyboard.press('Enter');
    expect(await moves()).toBe(1);
    await page.keyboard.press('u');
    expect(await moves()).toBe(0);
  });

  it('the Besieged City hint is a legal move that does not depend on the stock order', async () => {
    const deal = bcDealFromSeed('42');
    // The same deal but for the undealt stock, reversed.
    const other = bcDealToJson({ ...deal, seed: undefined, stock: [...deal.stock].reverse() });
    const hints: string[] = [];
    for (const file of ['seed', 'file']) {
      await open('game=besieged-city&seed=42');
      if (file === 'file') {
        const path = join(dir, 'other.json');
        writeFileSync(path, JSON.stringify(other));
        await page.setInputFiles('#file', path);
        await page.waitForFunction(() => document.querySelector('#title')!.textContent!.includes('from a file'));
      }
      await page.click('#hint');
      await page.waitForFunction(() => /^hint: /.test(document.querySelector('#live')!.textContent!));
      hints.push((await live()).replace(/^hint: /, ''));
    }
    expect(hints[0]).toBe(hints[1]);
    // It says what it weighed: the moves in question, each with the guessed stock orders it won.
    expect(await page.textContent('#advice')).toMatch(/guessed stock orders won after each: .* \d+ of \d+/);
    // Legal: the move box takes it.
    await type(hints[1] === 'deal' ? 'deal' : hints[1]);
    expect((await moves()) === 1 || hints[1] === 'deal').toBe(true);
  });

  it('Besieged City: chance without peeking, and the stock known only when asked', async () => {
    await open('game=besieged-city&seed=42');
    // The estimator `analyse` gives, named so, with its guesses, seed and interval.
    await page.click('#winnable');
    await page.waitForFunction(() => /chance without peeking/.test(document.querySelector('#live')!.textContent!));
    expect(await page.textContent('#advice')).toMatch(
      /^Chance without peeking \(guessed stock orders won, seed 1\): \d+ of 32 guesses won, \d+% \(\d+%\.\.\d+%\) with its 95% interval/,
    );
    expect(await page.textContent('#advice')).not.toMatch(/stock known/i);
    await page.fill('#budget', '');
    await page.click('#spoiler');
    await page.waitForFunction(() => /with the stock known/.test(document.querySelector('#live')!.textContent!));
    expect(await page.textContent('#advice')).toMatch(/^SPOILER, with the stock known: (winnable|unknown)/);
    // A game left unfinished downloads as such, and verify agrees.
    await type(bcLine[0]);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    const file = join(dir, 'bc-unfinished.json');
    await download.saveAs(file);
    const v = await run('verify', '--solution', file);
    expect(v.out).toMatch(/^valid: unfinished after 1 move/);
  });

  it('Stop ends a search at once and the page goes on: the next hint comes from a fresh worker', async () => {
    await open('game=besieged-city&seed=42');
    // The chance walks the game from the deal, 32 guesses at every position: after 60 moves, far
    // longer than the few milliseconds between the progress seen and the click on Stop.
    for (const m of asTyped(bcLine.slice(0, 60))) await type(m);
    await page.click('#winnable');
    await page.waitForFunction(() => / of [\d,]+ nodes/.test(document.querySelector('#busy')!.textContent!));
    expect(await page.getAttribute('body', 'data-busy')).toBe('true');
    expect(await page.isDisabled('#stop')).toBe(false);
    await page.click('#stop');
    expect(await live()).toBe('stopped');
    expect(await page.getAttribute('body', 'data-busy')).toBe('false');
    expect(await page.textContent('#advice')).toBe('');
    for (const m of asTyped(bcLine.slice(60, 61))) await type(m);
    expect(await moves()).toBe(61);
    await page.click('#hint');
    await page.waitForFunction(() => /^hint: /.test(document.querySelector('#live')!.textContent!));
  });

  it('Parterre deal 1: the solver line typed wins; the first moves by clicks; winnable with its line', async () => {
    await open('game=parterre&seed=1', false);
    for (const m of ptLine.slice(0, 8)) {
      const p = places(m);
      const before = await moves();
      // A covered card of a fan is picked up by its strip, where its index shows.
      await page.click(`.pile[data-pile="${p.from}"] .card.pickable[data-card="${p.card}"]`, {
        position: { x: 4, y: 4 },
      });
      await page.click(`.pile[data-pile="${p.to}"]`);
      expect(await moves(), `${m}: ${await live()}`).toBe(before + 1);
    }
    await page.click('#winnable');
    await page.waitForFunction(() => /still winnable/.test(document.querySelector('#live')!.textContent!));
    expect(await page.textContent('#advice')).toContain('Winnable: the solver found a winning line');
    await page.click('#show-line');
    expect((await page.textContent('#line')).split(', ').length).toBeGreaterThan(0);
    await page.screenshot({ path: join(ARTIFACTS, 'web-parterre.png') });
    await page.click('#restart');
    for (const m of ptLine) await type(m);
    expect(await live()).toBe('won');
    expect(await moves()).toBe(ptLine.length);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    const file = join(dir, 'pt-record.json');
    await download.saveAs(file);
    const v = await run('verify', '--solution', file);
    expect(v.code, v.out + v.err).toBe(0);
  });

  it('Pilstymas: the computer plays B in the worker; a variant from the address is chosen', async () => {
    await open('game=pilstymas&seed=3&ai=greedy&variant=win=russian-bank');
    expect(await page.inputValue('#switches select')).toBe('russian-bank');
    expect(await page.inputValue('#ai')).toBe('greedy');
    // Whoever starts, after a while it is A's turn with B having moved, or A moves first.
    await page.waitForFunction(() => document.querySelector('#status')!.textContent!.startsWith('Your turn'));
    expect(await page.textContent('#status')).toMatch(/hands A \d+, B \d+ · \d+\/104 cards home · \d+ moves?$/);
    const legal = await page.$$eval('#board .card.pickable', (cs: Dom[]) => cs.length);
    expect(legal).toBeGreaterThan(0);
    await page.screenshot({ path: join(ARTIFACTS, 'web-pilstymas.png') });
  });

  it('fits a 390-pixel-wide phone screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open('game=besieged-city&seed=42');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(ARTIFACTS, 'web-phone.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  /** What is wrong with the layout as drawn, from the bounding boxes: two labels, a label and
   *  another pile's cards, two piles' cards or a count badge and a label overlapping; a label cut
   *  short; a covered card's index hidden by the cards above it; anything outside the felt; the
   *  felt not wholly on the first screen; the page wider than the window. */
  const layoutFaults = async (): Promise<string[]> => {
    // A card sliding to its place is not where it will lie: the boxes are read once none moves.
    await page.waitForFunction(() => document.getAnimations().every((a: Dom) => a.playState !== 'running'));
    return page.evaluate(LAYOUT_FAULTS);
  };

  /** Pastes a solver's line and plays on after its first k moves. */
  async function playLine(moves: readonly string[], k: number) {
    if (!(await page.$eval('#more', (e: Dom) => e.open))) await page.click('#more summary');
    await page.click('#paste-open');
    await page.fill('#paste-text', moves.join('\n'));
    await page.click('#paste-go');
    await page.waitForSelector('#replay-controls:not([hidden])');
    await page.$eval(
      '#replay-slider',
      (e: Dom, at: number) => {
        e.value = String(at);
        e.dispatchEvent(new Event('input'));
      },
      k,
    );
    await page.click('#replay-take');
    // The safe moves home may follow on their own timer: the line's moves are the ones not
    // marked as made by themselves, whenever that timer fires.
    expect(await page.$$eval('#movelist li:not(.auto)', (ls: Dom[]) => ls.length)).toBe(k);
  }

  for (const [w, h] of [
    [390, 844],
    [1280, 800],
  ])
    it(`at ${w}×${h}: nothing overlaps, is cut short or lies outside the felt, and the felt is on the first screen, at the start and mid-game`, async () => {
      await page.setViewportSize({ width: w, height: h });
      try {
        for (const [game, lineOf, mid] of [
          ['besieged-city', () => bcLine, 60],
          ['parterre', () => ptLine, 20],
          ['pilstymas', null, 0],
        ] as const) {
          await open(`game=${game}&seed=42`, false);
          expect(await layoutFaults(), `${game} at the start`).toEqual([]);
          if (w === 1280) {
            // Cards about 70 px wide or more, and the whole page on the screen, without scrolling.
            expect(Number(await page.getAttribute('body', 'data-cw')), game).toBeGreaterThanOrEqual(70);
            expect(await page.evaluate(() => document.documentElement.scrollHeight), game).toBeLessThanOrEqual(h);
          }
          if (lineOf) {
            await open(`game=${game}&seed=${game === 'parterre' ? '1' : '42'}`, false);
            await playLine(lineOf(), mid);
            expect(await layoutFaults(), `${game} after ${mid} moves`).toEqual([]);
          } else {
            // Pilstymas against the computer: a few moves of yours (a card that may move, to the
            // first place lit), the computer's between your turns.
            for (let turn = 0; turn < 6; turn++) {
              await page.waitForFunction(
                () =>
                  document.body.dataset.over || document.querySelector('#status')!.textContent!.startsWith('Your turn'),
              );
              if (await page.getAttribute('body', 'data-over')) break;
              const before = await moves();
              // A hand card first (its move ends the turn, so the computer plays between).
              const hand = await page.$('#board .pile[data-pile=handA] .card.pickable');
              await page.click(
                hand ? '#board .pile[data-pile=handA] .card.pickable' : '#board .card.pickable >> nth=0',
                {
                  position: { x: 4, y: 4 },
                },
              );
              if (await page.$('#board .pile.target')) await page.click('#board .pile.target >> nth=0');
              else await page.keyboard.press('Escape');
              if ((await moves()) === before) break;
            }
            expect(await moves(), 'moves made in Pilstymas').toBeGreaterThan(0);
            // Read once the computer is done (its moves redraw the board).
            await page.waitForFunction(
              () =>
                document.body.dataset.over || document.querySelector('#status')!.textContent!.startsWith('Your turn'),
            );
            expect(await layoutFaults(), `${game} after ${await moves()} moves`).toEqual([]);
          }
          await page.evaluate(() => window.scrollTo(0, 0));
          await page.screenshot({ path: join(ARTIFACTS, `web-layout-${game}-${w}.png`) });
        }
      } finally {
        await page.setViewportSize({ width: 1280, height: 800 });
      }
    });

  it('the list of moves shows every move number, past 100 moves too', async () => {
    await open('game=besieged-city&seed=42', false);
    expect(bcLine.length).toBeGreaterThan(100);
    await playLine(bcLine, bcLine.length);
    const shown = await page.$$eval('#movelist li', (lis: Dom[]) => {
      const list = lis[0].parentElement.getBoundingClientRect();
      return lis.map((li) => {
        const n = li.querySelector('.n');
        const b = n.getBoundingClientRect();
        return {
          text: n.textContent,
          inside: b.left >= list.left && b.right <= list.right && n.scrollWidth <= n.clientWidth + 1,
        };
      });
    });
    expect(shown.length).toBe(bcLine.length);
    shown.forEach((s: { text: string; inside: boolean }, i: number) => {
      expect(s.text).toBe(`${i + 1}.`);
      expect(s.inside, `move number ${i + 1} drawn outside the list`).toBe(true);
    });
  });

  it('each foundation names the card it takes next; a move is told in words; a hint is one card and one place', async () => {
    await open('game=besieged-city&seed=42', false);
    const wants = await page.$$eval('#board .label.wants', (ls: Dom[]) => ls.map((l) => l.textContent));
    expect(wants).toEqual(['next A♠', 'next A♥', 'next A♦', 'next A♣']);
    await type(quietMove());
    expect(await page.textContent('#movelist li:last-child .w')).toMatch(/^\S+ from the .+ to the .+/);
    expect(await live()).toMatch(/^played .*\(\S+ from the .+ to the .+\)$/);
    await open('game=parterre&seed=1', false);
    await page.click('#hint');
    await page.waitForFunction(() => /^hint: /.test(document.querySelector('#live')!.textContent!));
    expect(await page.$$eval('#board .hint-card', (cs: Dom[]) => cs.length)).toBe(1);
    expect(await page.$$eval('#board .hint-place', (cs: Dom[]) => cs.length)).toBe(1);
    expect(await page.isVisible('#arrow')).toBe(true);
  });

  it('the Rules panel opens by its button and by "?", names the variant played, and Esc closes it', async () => {
    await open('game=besieged-city&seed=42&variant=trench-order=directional');
    await page.keyboard.press('?');
    expect(await page.isVisible('#rules')).toBe(true);
    expect(await page.textContent('#rules-title')).toBe('Rules of Besieged City');
    const text = await page.textContent('#rules-body');
    expect(text).toMatch(/Played here: the variant trench-order=directional/);
    expect(text).toMatch(/Notation/);
    expect(await page.evaluate(() => document.activeElement.id)).toBe('rules-close');
    await page.screenshot({ path: join(ARTIFACTS, 'web-rules.png') });
    await page.keyboard.press('Escape');
    expect(await page.isVisible('#rules')).toBe(false);
    await page.click('#rules-open');
    expect(await page.isVisible('#rules')).toBe(true);
    await page.click('#rules-close');
  });

  it('cards slide when they move, and not under prefers-reduced-motion', async () => {
    const slides = async () => Number((await page.getAttribute('body', 'data-slides')) ?? 0);
    for (const reduce of [false, true]) {
      await page.emulateMedia({ reducedMotion: reduce ? 'reduce' : 'no-preference' });
      await open('game=besieged-city&seed=42', false);
      const before = await slides();
      await type(quietMove());
      expect(await moves()).toBe(1);
      expect(await page.textContent('#status')).toMatch(/ · 1 move$/);
      if (reduce) expect(await slides()).toBe(before);
      else expect(await slides()).toBeGreaterThan(before);
    }
    await page.emulateMedia({ reducedMotion: 'no-preference' });
  });

  it('safe moves home go by themselves (an option, kept), a won position finishes itself, and the win is counted', async () => {
    await open('game=parterre&seed=1');
    const auto = await page.$$eval('#movelist li.auto', (ls: Dom[]) => ls.length);
    expect(auto).toBe(await moves());
    expect(auto).toBeGreaterThan(0);
    expect(await page.isChecked('#auto')).toBe(true);
    await page.uncheck('#auto');
    await page.reload();
    await page.waitForSelector('body[data-ready=true][data-auto=idle]');
    expect(await page.isChecked('#auto')).toBe(false);
    // Played by the solver's line up to where only moves home are left: the page ends it.
    await open('game=parterre&seed=1');
    const last = ptLine.length - [...ptLine].reverse().findIndex((m) => !/>F$/.test(m));
    expect(last).toBeLessThan(ptLine.length);
    await playLine(ptLine, last);
    await page.waitForSelector('body[data-over=won][data-auto=idle]');
    expect(await moves()).toBeGreaterThan(last);
    await page.click('#stats-open');
    const row = '#stats-body tr[data-key^="parterre|"]';
    expect(await page.$$eval(`${row} td`, (ts: Dom[]) => ts.slice(2, 4).map((t) => t.textContent))).toEqual(['1', '1']);
    await page.click(`${row} button`);
    await page.click(`${row} button`);
    expect(await page.$$eval(`${row} td`, (ts: Dom[]) => ts.slice(2, 4).map((t) => t.textContent))).toEqual(['0', '0']);
    await page.click('#stats-close');
  });

  it('New deal draws a winnable or graded deal from the shipped list and says which list', async () => {
    const csv = readFileSync('data/besieged-city/difficulty.csv', 'utf8').trim().split('\n');
    const head = csv[0].split(',');
    const rows = csv.slice(1).map((l) => Object.fromEntries(l.split(',').map((v, i) => [head[i], v])));
    for (const which of ['winnable', 'hard']) {
      await open('game=besieged-city&seed=42');
      await page.selectOption('#deal-list', which);
      await page.click('#new');
      await page.waitForSelector('body[data-ready=true][data-auto=idle]');
      const seed = /deal (\d+)/.exec(await page.textContent('#title'))![1];
      const row = rows.find((r) => r.seed === seed)!;
      expect(row, `deal ${seed} in the list`).toBeTruthy();
      expect(row.outcome).toBe('solved');
      if (which === 'hard') expect(row.grade).toBe('hard');
      const note = await page.textContent('#deal-note');
      expect(note).toContain('data/besieged-city/difficulty.csv');
      expect(note).toMatch(which === 'winnable' ? /proved winnable/ : /graded hard/);
    }
  });

  it('the watch, when asked for, says after each move whether the game can still be won', async () => {
    await open('game=parterre&seed=1', false);
    await page.selectOption('#watch', 'winnable');
    await page.waitForSelector('body[data-watch=done]');
    expect(await page.textContent('#watch-line')).toMatch(/^Watch: still winnable at the deal/);
    await type(ptLine[0]);
    await page.waitForFunction(() => /winnable after move 1/.test(document.querySelector('#watch-line')!.textContent!));
    expect(await page.textContent('#watch-line')).toMatch(/^Watch: still winnable after move 1/);
    await page.selectOption('#watch', 'off');
  });

  it('a pasted solution file (solve --json) brings its deal and plays through to the win', async () => {
    const solved = await run('solve', 'besieged-city', '--seed', '42', '--json');
    expect(solved.code, solved.err).toBe(0);
    const doc = JSON.parse(solved.out);
    await open('game=parterre&seed=1', false);
    if (!(await page.$eval('#more', (e: Dom) => e.open))) await page.click('#more summary');
    await page.click('#paste-open');
    await page.fill('#paste-text', 'QS b>p9');
    await page.click('#paste-go');
    expect(await page.textContent('#paste-error')).toMatch(/^the pasted line: /);
    await page.fill('#paste-text', solved.out);
    await page.click('#paste-go');
    await page.waitForSelector('#replay-controls:not([hidden])');
    expect(await page.textContent('#title')).toContain('Besieged City, deal 42 (from a file)');
    expect(await page.getAttribute('#replay-slider', 'max')).toBe(String(doc.moves.length));
    await page.$eval(
      '#replay-slider',
      (e: Dom, at: number) => {
        e.value = String(at);
        e.dispatchEvent(new Event('input'));
      },
      doc.moves.length,
    );
    await page.click('#replay-take');
    expect(await page.getAttribute('body', 'data-over')).toBe('won');
    expect(await moves()).toBe(doc.moves.length);
  });

  it('the watch in Besieged City is the chance without peeking', async () => {
    await open('game=besieged-city&seed=42', false);
    await page.selectOption('#watch', 'winnable');
    await page.waitForSelector('body[data-watch=done]');
    const said = await page.textContent('#watch-line');
    expect(said).toMatch(
      /^Watch: chance without peeking at the deal: \d+% \(guessed stock orders won: \d+ of 32\), 95% interval/,
    );
    expect(said).not.toMatch(/stock known|spoiler/i);
    await page.selectOption('#watch', 'off');
  });

  it('the watch says when a move lost the game, and marks that move', async () => {
    // A first move of Parterre deal 5 after which no winning line exists (the solver's verdict).
    const settings = { game: 'parterre', seed: '5', variant: '', ai: '' };
    const verdict = (moves: string[]) =>
      (
        runTask(ptWorker.advise('winnable', { settings, moves }, { poll: () => false })) as Winnable & {
          verdict?: string;
        }
      ).verdict;
    expect(verdict([])).toBe('solved');
    const games = new PageGames(await pagePlugins());
    const losing = games
      .session(settings)
      .legal()
      .map((m) => m.text)
      .find((m) => verdict([m]) === 'lost');
    expect(losing, 'a first move that loses deal 5').toBeTruthy();
    await open('game=parterre&seed=5', false);
    await page.selectOption('#watch', 'winnable');
    await page.waitForSelector('body[data-watch=done]');
    await type(losing!);
    await page.waitForFunction(() => /lost after move 1/.test(document.querySelector('#watch-line')!.textContent!));
    expect(await page.textContent('#watch-line')).toMatch(
      /^Watch: lost after move 1: no winning line exists; move 1 lost it/,
    );
    await page.waitForFunction(() => document.querySelectorAll('#movelist li.lost-it').length === 1);
    expect(await page.textContent('#movelist li.lost-it .t')).toBe(losing);
    expect(await live()).toMatch(/^watch: the game is lost; move 1 lost it/);
    await page.selectOption('#watch', 'off');
  });

  it('Parterre takes a PySolFC game number: its deal, named in the title and the address', async () => {
    // PySolFC's game 12345 as `patience deal parterre --pysolfc 12345` shows it (golden-tested).
    await open('game=parterre&pysolfc=12345', false);
    expect(await page.textContent('#title')).toContain('PySolFC game #12345');
    expect(await board()).toContain('p0:QC 4S AS TD 2C TC|');
    // Read under PySolFC's rules, which the address and the rule switch show.
    expect(page.url()).toContain('pysolfc=12345');
    expect(page.url()).toContain('variant=foundations=removable');
    const field = '#numberings input[data-key=pysolfc]';
    await page.fill(field, '32000');
    await page.press(field, 'Enter');
    await page.waitForFunction(() => document.querySelector('#title')!.textContent!.includes('#32000'));
    expect(page.url()).toContain('pysolfc=32000');
    // A number PySolFC would refuse: said, and the game goes on.
    await page.fill(field, '0');
    await page.press(field, 'Enter');
    await page.waitForFunction(() => /no game 0/.test(document.querySelector('#live')!.textContent!));
    expect(await page.textContent('#title')).toContain('#32000');
  });

  it('the new controls have names a screen reader reads', async () => {
    await open('game=parterre&seed=1', false);
    for (const id of ['deal-list', 'rules-open', 'stats-open', 'auto', 'watch', 'paste-open', 'paste-text']) {
      const name = await page.evaluate((i: string) => {
        const e = document.getElementById(i);
        return e.getAttribute('aria-label') ?? (e.labels?.[0]?.textContent || e.textContent || '').trim();
      }, id);
      expect(name, id).not.toBe('');
    }
  });

  it('logged no error and fetched nothing from elsewhere', () => {
    expect(errors).toEqual([]);
    expect(requests).toEqual([]);
  });
});
