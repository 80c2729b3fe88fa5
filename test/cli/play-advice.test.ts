import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dealFromSeed, dealToJson } from '../../src/games/besieged-city/deal.js';
import { tempDir } from '../temp-dir.js';
import { makeStrategy, playGame } from '../../src/games/besieged-city/strategies/index.js';
import { run, runWithInput } from './run.js';

// `play`'s hint and winnable: the Besieged City hint never peeks at the stock (two deals that
// differ only in the face-down stock get the same answers), the solver's answer with the stock
// known comes only on "winnable --spoiler" and says it is a spoiler; Parterre's answers are the
// solver's.

async function answers(args: string[], lines: string[]): Promise<string[]> {
  const r = await runWithInput(['play', ...args], [...lines, 'quit']);
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  return r.out
    .split(/^> .*$/m)
    .slice(1, lines.length + 1)
    .map((s) => s.replace(/^\n/, '').trimEnd());
}

const dir = tempDir('play-advice-');

describe('play besieged-city: hint and winnable', () => {
  it('the hint is a move the player may make, and the same for a deal whose face-down stock differs', async () => {
    const deal = dealFromSeed(42);
    // The moves below turn at most one stock card: the other deal has the same first five, then
    // the rest of the stock rotated.
    const rest = deal.stock.slice(5);
    const other = {
      ...deal,
      seed: undefined,
      stock: [...deal.stock.slice(0, 5), ...rest.slice(30), ...rest.slice(0, 30)],
    };
    const file = join(dir, 'twin.json');
    writeFileSync(file, JSON.stringify(dealToJson(other)));
    const lines = ['hint', 'moves', '1', 'hint', 'winnable --samples 2'];
    const a = await answers(['besieged-city', '--seed', '42'], lines);
    const b = await answers(['besieged-city', '--deal', file], lines);
    expect(a[0]).toMatch(
      /^hint: (deal|\S\S \S+>\S+) \((the move with the best chance of those weighed|turn the next stock card: no move weighed has a better chance); guessed stock orders won after each: /,
    );
    expect(b[0]).toBe(a[0]);
    expect(b[3]).toBe(a[3]);
    expect(b[4]).toBe(a[4]);
    // Typed in at the position it was given for (asking for a hint changes nothing), the hint is played.
    const move = /^hint: (.+?) \(/.exec(a[3])![1];
    const [, , played] = await answers(['besieged-city', '--seed', '42'], ['moves', '1', move]);
    expect(played).toMatch(/^(played|dealt) /);
  });

  it('winnable: the chance without peeking by default, the solver only on --spoiler, marked so', async () => {
    const [chance, spoiler, line, bad] = await answers(
      ['besieged-city', '--seed', '42'],
      ['winnable --samples 2', 'winnable --spoiler', 'winnable --spoiler --line --nodes 100000', 'winnable --peek'],
    );
    expect(chance).toMatch(
      /^chance without peeking \(guessed stock orders won, seed 1\): [012] of 2 guesses won, \d+% \(\d+%\.\.\d+%\) with its 95% interval\n/,
    );
    expect(chance).not.toMatch(/SPOILER|solver found/);
    expect(chance).toContain('"winnable --spoiler"');
    expect(spoiler).toMatch(/^SPOILER, with the stock known: winnable: the solver found a winning line of \d+ moves/);
    expect(line).toMatch(/^SPOILER, with the stock known: winnable: .*\nline: \S\S \S+>\S+, /);
    expect(bad).toBe('unknown option "--peek" (winnable [--line] [--nodes N] [--samples N] [--seed S] [--spoiler])');
  });
});

describe('play besieged-city: winnable is the chance analyse gives', () => {
  it('the same estimator, figure and interval at the same position and seed', async () => {
    // Greedy's game of deal 21: at move 77, 4 of 6 guesses are won (test/besieged-city/chance.test.ts).
    const moves = playGame(dealFromSeed(21), makeStrategy('greedy', 'x'), { maxMoves: 77 }).moves;
    const file = join(dir, 'g21.json');
    // As a person types them: the stock's next card is face down until dealt.
    const typed = moves.flatMap((m) =>
      m.endsWith('stock>talon') ? ['stock>talon'] : m.endsWith('stock>F') ? ['deal', m] : [m],
    );
    const asked = await answers(
      ['besieged-city', '--seed', '21', '--record', file],
      [...typed, 'winnable --samples 6 --seed s'],
    );
    expect(asked.filter((a) => a.startsWith('illegal'))).toEqual([]);
    const said = asked[typed.length];
    const m =
      /^chance without peeking \(guessed stock orders won, seed s\): 4 of 6 guesses won, (\d+% \(\d+%\.\.\d+%\)) with its 95% interval$/m.exec(
        said,
      );
    expect(m).not.toBeNull();
    const a = await run('analyse', '--record', file, '--samples', '6', '--seed', 's', '--max-nodes', '20000');
    expect(a.code).toBe(0);
    expect(a.out).toContain('chance without peeking (guessed stock orders won, seed s): of 6 guesses');
    expect(a.out).toMatch(new RegExp(`^ +77\\. .* ${m![1].replace(/[()]/g, '\\$&')}$`, 'm'));
  });
});

describe('play parterre: hint and winnable', () => {
  it('the hint is the first move of the solver line, and is played when typed', async () => {
    const [hint, verdict] = await answers(['parterre', '--seed', '3'], ['hint', 'winnable --line']);
    const move = /^hint: (\S+ \S+) \(the first move of a winning line of \d+ moves\)$/.exec(hint)![1];
    expect(verdict).toMatch(
      new RegExp(`^winnable: the solver found a winning line of \\d+ moves .*\\nline: ${move}, `),
    );
    const [played] = await answers(['parterre', '--seed', '3'], [move]);
    expect(played).toMatch(new RegExp(`^played ${move}`));
  });

  it('a lost deal is lost, an undecided one unknown at the budget', async () => {
    const [lost] = await answers(['parterre', '--seed', '52'], ['winnable']);
    expect(lost).toMatch(/^lost: no winning line exists \(exhaustive search, [\d,]+ nodes\)$/);
    const [unknown, hint] = await answers(
      ['parterre', '--seed', '10'],
      ['winnable --nodes 20000', 'hint --nodes 20000'],
    );
    expect(unknown).toBe('unknown: no winning line found and none ruled out (node budget reached, 20,000 nodes)');
    expect(hint).toMatch(
      /^hint: \S+ \S+ \(no winning line found in 20,000 nodes; the move the heuristic likes best\)$/,
    );
  });
});
