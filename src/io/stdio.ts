import { format } from 'node:util';
import { terminalText } from './errors.js';
import { fileProblem } from './files.js';

// The program's own output, stdout and stderr, can fail too: a reader that stops early
// (`patience … | head`: EPIPE) or a full disk behind a redirection (ENOSPC). A reader that went
// away ends the program quietly, as Unix tools end; any other failure is one line on stderr
// (when stderr still takes it) and exit code 2. A command that has work in hand (a batch) is
// told first and stops as on Ctrl-C, its lock released and its rows kept; otherwise the
// program ends at once.

type Listener = (code: string) => void;
const listeners = new Set<Listener>();
let gone: string | null = null;

/** Calls `f` once when stdout or stderr fails; returns the function that stops listening. */
export function onOutputGone(f: Listener): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

/** Handles the failures of stdout and stderr as above; call it once, when the program starts. */
export function guardStdio(): void {
  for (const [stream, name] of [
    [process.stdout, 'stdout'],
    [process.stderr, 'stderr'],
  ] as const)
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (gone !== null) return; // what is written after the first failure fails too
      const code = e.code ?? 'EIO';
      gone = code;
      if (code !== 'EPIPE') {
        if (name === 'stdout')
          try {
            process.stderr.write(`patience: cannot write to stdout: ${fileProblem(e)}\n`);
          } catch {
            // stderr is gone as well
          }
        process.exitCode = 2;
      }
      if (listeners.size > 0) for (const f of listeners) f(code);
      else process.exit(process.exitCode ?? 0);
    });
}

const PRINTERS = ['log', 'info', 'warn', 'error'] as const;

/** Makes what the program prints through `console` terminal-safe (terminalText): names from
 *  modules, files, CSV headers and records can neither clear nor recolour the terminal, nor
 *  fake a line. Returns the function that puts the console back. */
export function safeConsole(): () => void {
  const saved = PRINTERS.map((k) => console[k]);
  PRINTERS.forEach((k, i) => {
    console[k] = (...a: unknown[]) => saved[i].call(console, terminalText(format(...a)));
  });
  return () =>
    PRINTERS.forEach((k, i) => {
      console[k] = saved[i];
    });
}
