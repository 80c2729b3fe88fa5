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
      if (!interactive) process.stdout.write(`${prompt}${line}\n`);
      if (!(await onLine(line.trim()))) break;
      if (interactive) rl.prompt();
    }
  } finally {
    rl.close();
  }
}

/** The move a player typed: a number from the "moves" list, or a move in notation. Says why
 *  not (on stdout) and returns undefined when it is neither. */
export function typedMove(
  line: string,
  legal: readonly number[],
  parse: (text: string) => { ok: true; move: number } | { ok: false; reason: string },
): number | undefined {
  if (/^\d+$/.test(line)) {
    const move = legal[Number(line) - 1];
    if (move === undefined) console.log(`no move number ${line} (type "moves")`);
    return move;
  }
  const p = parse(line);
  if (p.ok) return p.move;
  console.log(`illegal: ${p.reason}`);
  return undefined;
}
