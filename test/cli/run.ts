import { Readable } from 'node:stream';
import { vi } from 'vitest';
import { buildCli, main } from '../../src/cli.js';

/** Runs the CLI in-process and captures what it prints. */
export async function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [],
    err: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  const write = vi
    .spyOn(process.stderr, 'write')
    .mockImplementation((s: string | Uint8Array) => (err.push(String(s)), true));
  try {
    const code = await main(args);
    return { code, out: out.join('\n'), err: err.join('') };
  } finally {
    log.mockRestore();
    write.mockRestore();
    process.exitCode = 0;
  }
}

/** Runs the CLI in-process with `lines` piped to its stdin (as `printf … | patience …` would). */
export async function runWithInput(
  args: string[],
  lines: string[],
): Promise<{ code: number; out: string; err: string }> {
  const stdin = vi
    .spyOn(process, 'stdin', 'get')
    .mockReturnValue(Readable.from([`${lines.join('\n')}\n`]) as unknown as typeof process.stdin);
  try {
    return await run(...args);
  } finally {
    stdin.mockRestore();
  }
}

/** What `patience ARGS --help` prints (yargs' output, captured in-process). */
export function help(...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    buildCli(args)
      .exitProcess(false)
      .parse(args, {}, (err, _argv, output) => (err ? reject(err) : resolve(output)));
  });
}
