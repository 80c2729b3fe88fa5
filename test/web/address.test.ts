import { describe, expect, it } from 'vitest';
import { readAddress, readSaved } from '../../src/web/app/address-read.js';
import { pagePlugins } from '../../src/web/build.js';
import { PageGames } from '../../src/web/plugin.js';

// A bad address or a bad stored game is never a blank page nor another game than the one
// named: each field the page cannot take is replaced by its default and said; an unknown game
// plays the first game. What the page then plays, it can start (a session is made of it).

const games = new PageGames(await pagePlugins());
const read = (hash: string) => readAddress(hash, games);
const playable = (s: NonNullable<ReturnType<typeof read>['settings']>) => expect(() => games.session(s)).not.toThrow();

describe('the address', () => {
  it('a good address is taken as it is', () => {
    const r = read('#game=pilstymas&seed=7&ai=greedy');
    expect(r).toEqual({ settings: { game: 'pilstymas', seed: '7', variant: '', ai: 'greedy' }, problems: [] });
    expect(read('')).toEqual({ settings: null, problems: [] });
  });

  it('an unknown computer player: the game with its default player, and why', () => {
    const r = read('#game=pilstymas&ai=nope');
    expect(r.settings).toEqual({ game: 'pilstymas', seed: '1', variant: '', ai: 'expert' });
    expect(r.problems).toEqual(['no computer player "nope" in Pilstymas: expert instead']);
    playable(r.settings!);
  });

  it("another program's game number names its deal, kept over a reload; a bad one is said", () => {
    const r = read('#game=parterre&pysolfc=12345');
    expect(r.problems).toEqual([]);
    expect(r.settings).toMatchObject({
      game: 'parterre',
      seed: 'file',
      variant: 'foundations=removable',
      numbering: { key: 'pysolfc', text: '12345', title: 'PySolFC game #12345' },
      dealJson: { seed: 'pysolfc#12345', variant: { foundations: 'removable' } },
    });
    playable(r.settings!);
    const kept = readSaved({ settings: r.settings, moves: [] }, games, []);
    expect(kept?.settings).toEqual(r.settings);
    const bad = read('#game=parterre&pysolfc=0');
    expect(bad.settings).toEqual({ game: 'parterre', seed: '1', variant: '', ai: '' });
    expect(bad.problems).toEqual([expect.stringMatching(/^PySolFC game 0: .*no game 0.*: deal 1 instead$/)]);
  });

  it('__proto__, constructor or an unknown name as the game: no game, and why', () => {
    for (const game of ['__proto__', 'constructor', 'toString', 'chess'])
      expect(read(`#game=${game}`)).toEqual({ settings: null, problems: [`unknown game "${game}" in the address`] });
  });

  it('a bad variant keeps the game named, with its standard rules', () => {
    const r = read('#game=parterre&seed=3&variant=foundations=sideways');
    expect(r.settings).toEqual({ game: 'parterre', seed: '3', variant: '', ai: '' });
    expect(r.problems).toEqual([
      'variant: foundations: "sideways" is not one of final, removable; the standard rules instead',
    ]);
    playable(r.settings!);
  });

  it('a seed the command line refuses (-5, 042, empty, a NUL) is deal 1, and why', () => {
    for (const seed of ['-5', '042', '', '%00x', `a${'b'.repeat(200)}`]) {
      const r = read(`#game=besieged-city&seed=${seed}`);
      expect(r.settings?.seed, seed).toBe('1');
      expect(r.problems[0], seed).toMatch(/^seed: .*: deal 1 instead$/);
      playable(r.settings!);
    }
    expect(read('#game=besieged-city&seed=hello').settings?.seed).toBe('hello');
  });
});

describe('the stored game', () => {
  it('one of an unknown game, or not of this page, is dropped with a message', () => {
    for (const doc of [
      { settings: { game: 'chess', seed: '1', variant: '', ai: '' }, moves: [] },
      { settings: { game: '__proto__' }, moves: [] },
      { settings: null, moves: [] },
      { moves: 'x' },
      null,
      42,
    ]) {
      const problems: string[] = [];
      expect(readSaved(doc, games, problems)).toBeNull();
      expect(problems).toHaveLength(1);
    }
  });

  it('a good one is kept; a bad field in it is replaced and said', () => {
    const problems: string[] = [];
    const kept = readSaved(
      { settings: { game: 'pilstymas', seed: '2', variant: '', ai: 'nope' }, moves: ['a'], redo: [], pending: null },
      games,
      problems,
    );
    expect(kept).toEqual({
      settings: { game: 'pilstymas', seed: '2', variant: '', ai: 'expert' },
      moves: ['a'],
      redo: [],
    });
    expect(problems).toEqual(['no computer player "nope" in Pilstymas: expert instead']);
  });
});
