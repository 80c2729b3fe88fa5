import cliProgress from 'cli-progress';

// Progress of a batch on stderr: a cli-progress bar on a terminal; elsewhere (CI, logs, pipes)
// a plain line every few seconds, since cli-progress prints nothing off a terminal.
//
// The rate is counted from the first finished item, not from the start (which includes starting
// the workers and loading tables), and a rate and an ETA are given only once they mean
// something: MIN_ITEMS items after the first, over at least MIN_MS. Before that the line says
// how many are done and how long it has run.

const MIN_ITEMS = 10;
const MIN_MS = 2000;

export interface ProgressOptions {
  /** The line's tag: the command, e.g. "batch", "tournament". */
  label?: string;
  /** What an item is, for the rate: "deals", "games". */
  unit?: string;
  /** How often the plain line is written (ms). */
  intervalMs?: number;
  tty?: boolean;
  /** The clock and the stream (tests give their own). */
  now?: () => number;
  write?: (line: string) => void;
}

export class Progress {
  private bar: cliProgress.SingleBar | null = null;
  private done = 0;
  private readonly start: number;
  private first = -1; // when the first item finished
  private lastLine = -Infinity;
  private readonly label: string;
  private readonly unit: string;
  private readonly intervalMs: number;
  private readonly now: () => number;
  private readonly write: (line: string) => void;

  constructor(
    private readonly total: number,
    private readonly note: () => string,
    opts: ProgressOptions = {},
  ) {
    this.label = opts.label ?? 'batch';
    this.unit = opts.unit ?? 'items';
    this.intervalMs = opts.intervalMs ?? 5000;
    this.now = opts.now ?? Date.now;
    this.write = opts.write ?? ((line) => void process.stderr.write(line));
    this.start = this.now();
    if ((opts.tty ?? process.stderr.isTTY === true) && total > 0) {
      this.bar = new cliProgress.SingleBar(
        {
          stream: process.stderr,
          format: ` {bar} {value}/{total} | {speed} | {note}`,
          hideCursor: true,
          fps: 5,
        },
        cliProgress.Presets.shades_classic,
      );
      this.bar.start(total, 0, { speed: '', note: '' });
    }
  }

  /** Rate and ETA, or how long it has run while they would not mean anything yet. */
  status(at = this.now()): string {
    if (this.done === this.total) return `${formatSeconds(Math.round((at - this.start) / 1000))} in all`;
    const since = this.first < 0 ? 0 : at - this.first;
    if (this.done - 1 < MIN_ITEMS || since < MIN_MS)
      return `${formatSeconds(Math.round((at - this.start) / 1000))} in, ETA after ${MIN_ITEMS + 1} ${this.unit}`;
    const rate = ((this.done - 1) / since) * 1000;
    return `${rate.toFixed(1)} ${this.unit}/s, ETA ${formatSeconds(Math.round((this.total - this.done) / rate))}`;
  }

  tick(): void {
    this.done++;
    const now = this.now();
    if (this.first < 0) this.first = now;
    if (this.bar) {
      this.bar.update(this.done, { speed: this.status(now), note: this.note() });
      return;
    }
    if (now - this.lastLine >= this.intervalMs || this.done === this.total) {
      this.lastLine = now;
      const note = this.note();
      this.write(`[${this.label}] ${this.done}/${this.total} done, ${this.status(now)}${note ? `, ${note}` : ''}\n`);
    }
  }

  stop(): void {
    this.bar?.stop();
    this.bar = null;
  }
}

export function formatSeconds(s: number): string {
  if (!Number.isFinite(s)) return '?';
  const h = Math.floor(s / 3600),
    m = Math.floor((s % 3600) / 60),
    sec = Math.round(s % 60);
  return h > 0 ? `${h}h${String(m).padStart(2, '0')}m` : m > 0 ? `${m}m${String(sec).padStart(2, '0')}s` : `${sec}s`;
}
