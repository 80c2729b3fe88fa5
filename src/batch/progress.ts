import cliProgress from 'cli-progress';

// Progress of a batch on stderr: a cli-progress bar on a terminal; elsewhere (CI, logs, pipes)
// a plain line every few seconds, since cli-progress prints nothing off a terminal.

export class Progress {
  private bar: cliProgress.SingleBar | null = null;
  private done = 0;
  private readonly start = Date.now();
  private lastLine = 0;

  constructor(
    private readonly total: number,
    private readonly note: () => string,
    private readonly intervalMs = 5000,
    tty = process.stderr.isTTY === true,
  ) {
    if (tty && total > 0) {
      this.bar = new cliProgress.SingleBar(
        {
          stream: process.stderr,
          format: ' {bar} {value}/{total} | {rate} deals/s | ETA {eta_formatted} | {note}',
          hideCursor: true,
          etaBuffer: 50,
          fps: 5,
        },
        cliProgress.Presets.shades_classic,
      );
      this.bar.start(total, 0, { rate: '0.0', note: '' });
    }
  }

  tick(): void {
    this.done++;
    const secs = (Date.now() - this.start) / 1000;
    const rate = secs > 0 ? this.done / secs : 0;
    if (this.bar) {
      this.bar.update(this.done, { rate: rate.toFixed(1), note: this.note() });
      return;
    }
    const now = Date.now();
    if (now - this.lastLine >= this.intervalMs || this.done === this.total) {
      this.lastLine = now;
      const eta = rate > 0 ? Math.round((this.total - this.done) / rate) : 0;
      process.stderr.write(
        `[batch] ${this.done}/${this.total} done, ${rate.toFixed(1)}/s, ETA ${formatSeconds(eta)}, ${this.note()}\n`,
      );
    }
  }

  stop(): void {
    this.bar?.stop();
    this.bar = null;
  }
}

export function formatSeconds(s: number): string {
  if (!Number.isFinite(s)) return '?';
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = Math.round(s % 60);
  return h > 0 ? `${h}h${String(m).padStart(2, '0')}m` : m > 0 ? `${m}m${String(sec).padStart(2, '0')}s` : `${sec}s`;
}
