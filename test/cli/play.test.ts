import { describe, expect, it } from 'vitest';
import { runWithInput } from './run.js';

// `play` in the terminal: commands are told from moves, move numbers refer to the list the
// player saw, and Besieged City's stock is dealt without naming its card.

/** The answer printed to each line typed (up to the next prompt), in order. */
async function answers(args: string[], lines: string[]): Promise<string[]> {
  const r = await runWithInput(['play', ...args], [...lines, 'quit']);
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  return r.out
    .split(/^> .*$/m)
    .slice(1, lines.length + 1)
    .map((s) => s.replace(/^\n/, '').trimEnd());
}

describe('commands and moves', () => {
  for (const [game, args] of [
    ['besieged-city', ['besieged-city', '--seed', '42']],
    ['parterre', ['parterre', '--seed', '42']],
    ['pilstymas', ['pilstymas', '--seed', '42', '--ai', 'greedy']],
  ] as const) {
    it(`${game}: an unknown command is named as such, with the commands listed`, async () => {
      const [word, q, typo] = await answers([...args], ['hnit', '?', 'KS E2F']);
      for (const a of [word, q]) {
        expect(a).toMatch(
          /^unknown command "(hnit|\?)"\. Commands: moves, show, (undo, )?(hint, winnable, )?help, quit; a move is in notation/,
        );
        expect(a).not.toMatch(/illegal/);
      }
      expect(typo).toMatch(/^illegal: not a move in notation/);
    });

    it(`${game}: a move number refers to the list shown, and goes stale after a move`, async () => {
      const [none, list, first, stale, again, second] = await answers(
        [...args],
        ['1', 'moves', '1', '2', 'moves', '2'],
      );
      expect(none).toMatch(/^type "moves" first/);
      const listed = /^ {2}1\. (.+)$/m.exec(list)![1];
      expect(first).toMatch(new RegExp(`^played ${listed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      expect(stale).toMatch(/^the list of moves is out of date/);
      // The number plays what the new list shows under it, not the old list's move 2.
      const two = /^ {2}2\. (.+)$/m.exec(again)![1];
      expect(second.split('\n')[0]).toBe(`played ${two}`);
    });
  }

  it('a number outside the list is refused', async () => {
    const [, out] = await answers(['parterre', '--seed', '1'], ['moves', '99']);
    expect(out).toMatch(/^no move number 99 in the list shown \(1\.\.\d+\)/);
  });
});

describe('besieged-city: the stock is dealt face down', () => {
  it('"deal" turns the card; a card that fits its foundation waits for the choice', async () => {
    // Deal 12's first stock card is AS, which fits the spade foundation.
    const [dealt, list, undo, other, put, back] = await answers(
      ['besieged-city', '--seed', '12'],
      ['deal', 'moves', 'undo', 'JH r1c2>W1', 'AS stock>F', 'undo'],
    );
    expect(dealt).toMatch(/^dealt AS: it fits its foundation/);
    expect(dealt).toMatch(/Dealt: AS, face up and waiting for its place/);
    expect(list).toBe('  1. AS stock>F\n  2. AS stock>talon');
    expect(undo).toMatch(/^AS is face up and cannot go back into the stock/);
    expect(other).toMatch(/^AS was dealt and waits for its place/);
    expect(put).toMatch(/^played AS stock>F/);
    expect(put).toMatch(/S {2}1\/26/);
    expect(back).toMatch(/^cannot take back AS stock>F: it turned a stock card face up/);
  });

  it('"stock>talon" deals onto the talon whatever the card; the list shows "deal", never the card', async () => {
    const [list, tal, refused] = await answers(
      ['besieged-city', '--seed', '12'],
      ['moves', 'stock>talon', 'AS stock>talon'],
    );
    expect(list).toMatch(/\d+\. deal$/);
    expect(list).not.toMatch(/stock>/);
    expect(tal).toMatch(/^played AS stock>talon/);
    expect(tal).toMatch(/Talon: AS on top, 1 card/);
    // The next card is not AS, but the answer would be the same if it were.
    expect(refused).toMatch(/^illegal: the stock's next card is face down, so no move can name it/);
  });

  it('with the stock dealt out, a stock move is refused as such', async () => {
    const a = await answers(
      ['besieged-city', '--seed', '12'],
      [...Array.from({ length: 78 }, () => 'stock>talon'), 'AS stock>talon', 'deal', 'moves'],
    );
    expect(a[77]).toMatch(/Stock: 0 cards/);
    expect(a[78]).toBe('illegal: the stock is empty');
    expect(a[79]).toBe('cannot deal: the stock is empty');
    expect(a[80]).not.toMatch(/deal/);
  });

  it('a move that refilled a reserve cell from the stock cannot be taken back; others can', async () => {
    // Deal 42: 6S r0c0>E0 empties r0c0, which takes the next stock card (the talon is empty).
    const [played, undo, trench, back] = await answers(
      ['besieged-city', '--seed', '42'],
      ['6S r0c0>E0', 'undo', '6S E0>W2', 'undo'],
    );
    expect(played).toMatch(/^played 6S r0c0>E0/);
    expect(undo).toMatch(/^cannot take back 6S r0c0>E0: it turned a stock card face up/);
    expect(trench).toMatch(/^played 6S E0>W2/);
    expect(back).toMatch(/^took back 6S E0>W2/);
  });
});
