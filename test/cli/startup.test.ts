import { describe, expect, it } from 'vitest';
import { loaded as loadedBy } from './loaded-modules.js';

// A command loads only what it uses: `patience --version` no game and not the parser, a game's
// verb only that game. Read from the modules the program loads (a loader hook lists them), so it
// says nothing of time and holds on any machine.

const loaded = (...args: string[]) => loadedBy('source', args);

const gamesIn = (modules: string[]) => [
  ...new Set(modules.flatMap((m) => /^src\/games\/([\w-]+)\//.exec(m)?.[1] ?? [])),
];

describe('start-up', () => {
  it('--version loads no game and not the parser', () => {
    const r = loaded('--version');
    expect(r.code).toBe(0);
    expect(r.out.trim()).toMatch(/^\d+\.\d+\.\d+/);
    expect(r.modules).toContain('src/cli.ts');
    expect(gamesIn(r.modules)).toEqual([]);
    expect(r.modules.filter((m) => m.startsWith('src/batch/') || m.includes('node_modules/yargs'))).toEqual([]);
  }, 60_000);

  it("a game's verb loads that game only, and no batch machinery, strategy host, analyser or CSV writer unless it runs one", () => {
    const r = loaded('deal', 'parterre', '--seed', '1');
    expect(r.code).toBe(0);
    expect(gamesIn(r.modules)).toEqual(['parterre']);
    expect(r.modules).not.toContain('src/batch/run.ts');
    expect(r.modules).not.toContain('src/games/index.ts');
    // Nor the strategy host, the analyser or the terminal's prompt, which only some verbs run.
    expect(r.modules).not.toContain('src/strategies/host.ts');
    expect(r.modules).not.toContain('src/solitaire/analyse-cli.ts');
    expect(r.modules).not.toContain('src/cli/repl.ts');
    // Nor the CSV writer: a game's shell reads results CSVs, only a batch writes one.
    expect(r.modules.filter((m) => m.includes('node_modules/csv-stringify/'))).toEqual([]);
    expect(r.modules.some((m) => m.includes('node_modules/yargs/'))).toBe(true);
  }, 60_000);

  it('a game that is not one still loads the list, to name the games', () => {
    const r = loaded('deal', 'no-such-game');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/"no-such-game" is not a game here; the games are: .*parterre/);
  }, 60_000);
});
