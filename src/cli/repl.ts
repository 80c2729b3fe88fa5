import { createInterface } from 'node:readline';

// A line-by-line terminal loop shared by the `play` commands. Works on a terminal and on piped
// input (tests, scripts): each line goes to `onLine`, which returns false to stop.

export async function runRepl(prompt: string, onLine: (line: string) => boolean | Promise<boolean>): Promise<void> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY === true });
  const interactive = process.stdin.isTTY === true;
  if (interactive) rl.setPrompt(prompt);
  if (interactive) rl.prompt();
  try {
    for await (const line of rl) {
      // Piped input is echoed after the prompt, so a transcript reads like a terminal session.
      if (!interactive) console.log(`${prompt}${line}`);
      if (!(await onLine(line.trim()))) break;
      if (interactive) rl.prompt();
    }
  } finally {
    rl.close();
  }
}

/** What a player typed: nothing, a command, a number from the "moves" list, a move (in
 *  notation, or one of the game's move words such as "end" or "deal"), or an unknown word. */
export type Typed =
  | { kind: 'empty' }
  | { kind: 'command'; name: string }
  | { kind: 'number'; n: number }
  | { kind: 'move'; text: string }
  | { kind: 'unknown'; word: string };

/** Tells commands from moves: a single word is a command or one of `moveWords`, or else
 *  unknown; anything with a space or a ">" is a move attempt (and the rules say why it is
 *  illegal). `q` is short for quit. */
export function readTyped(line: string, commands: readonly string[], moveWords: readonly string[]): Typed {
  const t = line.trim();
  if (t === '') return { kind: 'empty' };
  if (/^\d+$/.test(t)) return { kind: 'number', n: Number(t) };
  const lower = t.toLowerCase();
  if (commands.includes(lower)) return { kind: 'command', name: lower };
  if (lower === 'q' && commands.includes('quit')) return { kind: 'command', name: 'quit' };
  if (moveWords.includes(lower.replace(/\s*>\s*/g, '>')) || /[\s>]/.test(t)) return { kind: 'move', text: t };
  return { kind: 'unknown', word: t };
}

/** The answer to an unknown word: it is not a command, and these are. */
export function unknownCommand(word: string, commands: readonly string[], moves: string): string {
  return `unknown command "${word}". Commands: ${commands.join(', ')}; a move is ${moves}, or its number from "moves"`;
}

/** The numbered list that "moves" printed. A number refers to the list the player saw: once a
 *  move is made (by anyone) the list is out of date, and numbers are refused until "moves" is
 *  shown again, so that a number never plays a move the player did not see under it. */
export class MoveMenu<T> {
  private listed: readonly T[] | null = null;
  private stale = false;

  /** Prints the list and makes it the one numbers refer to. */
  print(moves: readonly T[], text: (m: T) => string): void {
    this.listed = moves.slice();
    this.stale = false;
    moves.forEach((m, i) => console.log(`${String(i + 1).padStart(3)}. ${text(m)}`));
    if (moves.length === 0) console.log('no legal moves');
  }

  /** The position changed: the list shown no longer applies. */
  forget(): void {
    if (this.listed !== null) this.stale = true;
    this.listed = null;
  }

  /** The move under number n of the list shown, or undefined (saying why on stdout). */
  pick(n: number): T | undefined {
    if (this.listed === null) {
      console.log(
        this.stale
          ? `the list of moves is out of date (a move was made since it was shown): type "moves" to see the current one`
          : `type "moves" first: a number picks a move from the list it shows`,
      );
      return undefined;
    }
    const m = n >= 1 ? this.listed[n - 1] : undefined;
    if (m === undefined) console.log(`no move number ${n} in the list shown (1..${this.listed.length})`);
    return m;
  }
}
