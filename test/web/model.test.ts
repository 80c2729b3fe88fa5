import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { besiegedCity } from '../../src/games/besieged-city/kit.js';
import { dealFromSeed, dealToJson } from '../../src/games/besieged-city/deal.js';
import { pagePlugins } from '../../src/web/build.js';
import * as listed from '../../src/games/index.js';
import { PageGames, type PageWorker, recordOf, type Settings } from '../../src/web/plugin.js';
import { run } from '../cli/run.js';
import { tempDir } from '../temp-dir.js';

// The play page's games and its command, without a browser: what a person may do in each game,
// what is refused and why, and what `patience web` writes. The games come as the page gets
// them: the page plugins the listed games' plugins name.

const dir = tempDir('patience-web-model-');
const games = new PageGames(await pagePlugins());
const newSession = (s: Settings) => games.session(s);
const restore = (s: Settings, moves: readonly string[]) => games.restore(s, moves);
const bc = (seed = '42', extra: Partial<Settings> = {}): Settings => ({
  game: 'besieged-city',
  seed,
  variant: '',
  ai: 'expert',
  ...extra,
});

describe('the games the page plays', () => {
  it('are the listed games whose plugin names a page plugin, each by its own name, with its worker', async () => {
    const withPage = Object.values(listed).filter((p) => p.page);
    expect(withPage.length).toBeGreaterThanOrEqual(3);
    expect(games.all.map((g) => g.name)).toEqual(withPage.map((p) => p.name).sort());
    for (const p of withPage) {
      const { worker } = (await import(p.page!.href)) as { worker: PageWorker };
      expect(worker.name).toBe(p.name);
    }
  });
});

describe('Besieged City as the page plays it', () => {
  it('never lets a typed move name the face-down stock card: one refusal whatever the card', () => {
    const s = newSession(bc());
    const reasons = new Set<string>();
    for (const card of ['4H', '9S', 'AS', 'KD'])
      for (const to of ['talon', 'F']) {
        const r = s.play(`${card} stock>${to}`);
        expect(r.ok).toBe(false);
        if (!r.ok) reasons.add(r.reason);
      }
    expect(reasons.size).toBe(1);
    expect([...reasons][0]).toMatch(/face down/);
  });

  it('offers every legal move with the places it joins, and "deal" from the stock', () => {
    const s = newSession(bc());
    const legal = s.legal();
    const pos = besiegedCity.position(dealFromSeed('42'));
    const buf = new Int32Array(besiegedCity.maxMoves);
    const engine = Array.from(buf.subarray(0, besiegedCity.legalMoves(pos, buf)), (m) => besiegedCity.formatMove(m))
      .filter((m) => !/stock>/.test(m))
      .sort();
    expect(
      legal
        .filter((m) => m.text !== 'deal')
        .map((m) => m.text)
        .sort(),
    ).toEqual(engine);
    expect(legal.find((m) => m.text === 'deal')).toMatchObject({ from: 'stock', to: 'talon' });
    for (const m of legal.filter((x) => x.text !== 'deal')) {
      const [card, path] = m.text.split(' ');
      expect(m.card).toBe(card);
      expect(path.split('>')[0]).toBe(m.from);
    }
  });

  it('takes back a quiet move, not one that turned a stock card; a reload (restore) is the same game', () => {
    const s = newSession(bc());
    expect(s.play('deal').ok).toBe(true);
    const r = s.undo();
    expect(r.ok).toBe(false);
    const moves = s.moves.map((m) => m.text);
    const again = restore(bc(), moves);
    expect(again.cards()).toEqual(s.cards());
  });

  it('plays a deal file under its variant', () => {
    const doc = { ...dealToJson(dealFromSeed('7')), variant: { 'trench-order': 'ordinary' } };
    const s = newSession(bc('file', { dealJson: doc, variant: 'trench-order=ordinary' }));
    expect((s.dealJson() as { variant?: unknown }).variant).toEqual({ 'trench-order': 'ordinary' });
    expect(() => newSession(bc('1', { variant: 'trench-order=sideways' }))).toThrow(/trench-order/);
  });

  it("an unfinished game's record is judged unfinished by verify", async () => {
    const s = newSession(bc());
    s.play('deal');
    const r = recordOf(s);
    if ('error' in r) throw new Error(r.error);
    const file = join(dir, 'rec.json');
    writeFileSync(file, JSON.stringify(r.json));
    const v = await run('verify', '--solution', file);
    expect(v.out).toMatch(/^valid: unfinished after \d+ moves?/);
  });
});

describe('Parterre and Pilstymas as the page plays them', () => {
  it('Parterre: undo and redo walk the same moves', () => {
    const s = newSession({ game: 'parterre', seed: '1', variant: '', ai: 'expert' });
    const before = s.cards();
    const m = s.legal()[0];
    expect(s.play(m.text).ok).toBe(true);
    const after = s.cards();
    expect(s.undo().ok).toBe(true);
    expect(s.cards()).toEqual(before);
    expect(s.redo().ok).toBe(true);
    expect(s.cards()).toEqual(after);
    expect(s.play('KS b>b')).toMatchObject({ ok: false, reason: 'cards never return to the bouquet' });
  });

  it("Pilstymas: the person moves only in A's turn; a record waits for the end of the game", () => {
    const s = newSession({ game: 'pilstymas', seed: '3', variant: 'win=russian-bank', ai: 'greedy' });
    expect(s.computerToMove() || s.legal().length > 0).toBe(true);
    if (s.computerToMove()) expect(s.legal()).toEqual([]);
    expect(recordOf(s)).toEqual({ error: expect.stringMatching(/finished game/) });
    expect(() => newSession({ game: 'pilstymas', seed: '3', variant: '', ai: 'nobody' })).toThrow(/unknown player/);
  });
});

describe('patience web', () => {
  it('writes one page that names nothing on another site', async () => {
    const r = await run('web', '--out', join(dir, 'site'));
    expect(r.code, r.err).toBe(0);
    const html = readFileSync(join(dir, 'site', 'index.html'), 'utf8');
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).toContain("connect-src 'none'");
  });

  it('refuses an --out that is a file, in one line with exit code 2', async () => {
    const file = join(dir, 'plain');
    writeFileSync(file, 'x');
    const r = await run('web', '--out', file);
    expect(r.code).toBe(2);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toContain('not a directory');
  });
});
