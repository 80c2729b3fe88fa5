import { main } from '../../src/cli.js';

// Several CLI calls in one process, in order (`node --import tsx test/cli/cli-calls.ts JSON`, the
// calls' argument lists as JSON): each prints one JSON line { code, out, err } when it ends. For
// the calls that would hang or spin the test's own process if the CLI regressed; the test kills
// this one instead (runInChild in hostile-input.test.ts), and the calls share one start of node
// and tsx.

const calls = JSON.parse(process.argv[2] ?? '[]') as string[][];
const stdout = process.stdout.write.bind(process.stdout);
const stderr = process.stderr.write.bind(process.stderr);
for (const args of calls) {
  let out = '',
    err = '';
  process.stdout.write = ((s: string | Uint8Array) => ((out += String(s)), true)) as typeof process.stdout.write;
  process.stderr.write = ((s: string | Uint8Array) => ((err += String(s)), true)) as typeof process.stderr.write;
  let code: number;
  try {
    code = await main(args);
  } finally {
    process.stdout.write = stdout;
    process.stderr.write = stderr;
  }
  stdout(`${JSON.stringify({ code, out, err })}\n`);
}
process.exit(0);
