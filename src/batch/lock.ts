import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { OutputError } from '../io/errors.js';

// One writer per CSV: a batch holds `<out>.lock` while it reads and writes the file, so a
// second run on the same file stops with one line naming the first (two writers would
// interleave, duplicate and tear rows). The lock holds "pid host token". It is made whole in a
// file of its own and linked into place (link fails when the lock exists), so no run ever reads
// a half-written lock. A lock whose process is gone (a kill -9, a crash) is stale: the next run
// takes it over.

export class FileLock {
  private constructor(
    readonly path: string,
    private readonly content: string,
  ) {}

  /** Takes the lock of `file`, or throws an OutputError naming the run that holds it. */
  static acquire(file: string): FileLock {
    const path = `${file}.lock`;
    const content = `${process.pid} ${hostname()} ${Math.random().toString(36).slice(2)}\n`;
    const mine = `${path}.${process.pid}`;
    try {
      writeFileSync(mine, content, { flag: 'w' });
    } catch (e) {
      throw new OutputError(
        `${file}: cannot create its lock file ${path} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
      );
    }
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          linkSync(mine, path);
          return new FileLock(path, content);
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== 'EEXIST')
            throw new OutputError(
              `${file}: cannot create its lock file ${path} (${(e as NodeJS.ErrnoException).code})`,
            );
        }
        const held = readHolder(path);
        if (held === null) continue; // released in between: try again
        if (!held.stale || attempt >= 3) {
          const where = held.host === hostname() ? `pid ${held.pid}` : `pid ${held.pid} on ${held.host}`;
          throw new OutputError(
            `${file}: another batch is writing it (${where}, lock ${path}); wait for it to finish, or stop it`,
          );
        }
        takeOver(path, held.text);
      }
    } finally {
      try {
        unlinkSync(mine);
      } catch {
        // gone already
      }
    }
  }

  /** Gives the lock up (only while it is still this run's). */
  release(): void {
    try {
      if (readFileSync(this.path, 'utf8') === this.content) unlinkSync(this.path);
    } catch {
      // gone already
    }
  }
}

interface Holder {
  pid: number;
  host: string;
  text: string;
  /** Its process is gone (known only on this host). */
  stale: boolean;
}

function readHolder(path: string): Holder | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return null;
  }
  const [pidText = '', host = ''] = text.trim().split(' ');
  const pid = Number(pidText);
  // A lock not of this format (made by hand, cut short) holds no process: stale.
  if (!Number.isInteger(pid) || pid <= 0) return { pid: 0, host: hostname(), text, stale: true };
  return { pid, host, text, stale: host === hostname() && !alive(pid) };
}

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes a stale lock that held `text`. It is renamed away first (one run's rename wins) and
 *  checked: should it turn out to be a live run's fresh lock, taken between the read and the
 *  rename, it is put back. */
function takeOver(path: string, text: string): void {
  const aside = `${path}.stale.${process.pid}`;
  try {
    renameSync(path, aside);
  } catch {
    return; // another run removed it first
  }
  let now = '';
  try {
    now = readFileSync(aside, 'utf8');
  } catch {
    // unreadable: drop it
  }
  try {
    if (now !== text) linkSync(aside, path);
  } catch {
    // a lock is in place again: the next attempt reads it
  }
  try {
    unlinkSync(aside);
  } catch {
    // gone already
  }
}
