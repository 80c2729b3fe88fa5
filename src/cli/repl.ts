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
