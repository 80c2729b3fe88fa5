import { linkSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { OutputError } from '../io/errors.js';
import { fileProblem, realPathOf } from '../io/files.js';

// One writer per CSV: a batch holds a lock while it reads and writes the file, so a second run
// on the same file stops with one line naming the first (two writers would interleave,
// duplicate and tear rows).
// - The lock is the file's, not its name's: it lies beside the file's real path (`<real>.lock`),
//   so a run through a symbolic link meets it; a file with a second name (a hard link) is not
//   appended to at all (checkOneName: a run through the other name would not see the lock).
// - It holds "pid host token start": start tells the run's process from a later one that got
//   its pid (the boot and the start time, from /proc), so the lock of a run that was killed is
//   stale, and the next run takes it over, even when its pid is in use again.
// - It is made whole in a file of its own and linked into place (link fails when the lock
//   exists), so no run ever reads a half-written lock.

/** How often a run tries again when the lock comes and goes under it before it gives up. */
const ATTEMPTS = 8;

export class FileLock {
  private constructor(
    readonly path: string,
    private readonly content: string,
  ) {}

  /** Takes the lock of `file`, or throws an OutputError naming the run that holds it. */
  static acquire(file: string): FileLock {
    const path = `${realPathOf(file)}.lock`;
    const content = `${process.pid} ${hostname()} ${Math.random().toString(36).slice(2)} ${startOf(process.pid) ?? '-'}\n`;
    const mine = `${path}.${process.pid}`;
    try {
      writeFileSync(mine, content, { flag: 'w' });
    } catch (e) {
      throw new OutputError(`${file}: cannot create its lock file ${path} (${fileProblem(e)})`);
    }
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          linkSync(mine, path);
          return new FileLock(path, content);
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== 'EEXIST')
            throw new OutputError(`${file}: cannot create its lock file ${path} (${fileProblem(e)})`);
        }
        const held = readHolder(path, file);
        if (attempt >= ATTEMPTS)
          throw new OutputError(
            held?.stale
              ? `${file}: its lock ${path} is left by a run that ended, and cannot be removed; remove it`
              : `${file}: its lock ${path} keeps changing (other runs start on it); try again`,
          );
        if (held === null) continue; // released in between: try again
        if (!held.stale) {
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

/** Refuses to append to a file that has a second name (a hard link): a run through that name
 *  would take another lock, and appending would change the other name's file as well. */
export function checkOneName(file: string): void {
  let links: number;
  try {
    links = statSync(file).nlink;
  } catch {
    return; // not there: nothing to append to
  }
  if (links > 1)
    throw new OutputError(
      `${file}: the file has ${links} names (hard links), and a batch appends to a file of one name only (a run through another name would not see its lock, and the other names would change too); copy it (cp ${file} new.csv) and resume that`,
    );
}

interface Holder {
  pid: number;
  host: string;
  text: string;
  /** Its process is gone (known only on this host). */
  stale: boolean;
}

/** Who holds the lock at `path`, or null when there is none; a lock path that is not a lock
 *  file (a directory) is an error, not a lock to wait for. */
function readHolder(path: string, file: string): Holder | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new OutputError(
      `${file}: its lock ${path} cannot be read as a lock file (${fileProblem(e)}); if no batch is running on it, remove it`,
    );
  }
  const [pidText = '', host = '', , start = '-'] = text.trim().split(' ');
  const pid = Number(pidText);
  // A lock not of this format (made by hand, cut short) holds no process: stale.
  if (!Number.isInteger(pid) || pid <= 0) return { pid: 0, host: hostname(), text, stale: true };
  return { pid, host, text, stale: host === hostname() && !running(pid, start) };
}

/** Whether the run that wrote a lock still runs: its pid is alive and, when the lock says when
 *  that run started, the process of that pid started then (not a later one that reused it). */
function running(pid: number, start: string): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (start === '-') return true;
  const now = startOf(pid);
  return now === null || now === start;
}

let boot: string | null | undefined;

/** When process `pid` started, as "boot/ticks" (the boot's id and the start time in clock ticks
 *  since boot, from /proc), or null where /proc does not tell. */
function startOf(pid: number): string | null {
  try {
    boot ??= readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (which may hold spaces): state is field 3, start time 22.
    const ticks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return ticks && /^\d+$/.test(ticks) ? `${boot}/${ticks}` : null;
  } catch {
    boot ??= null;
    return null;
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
