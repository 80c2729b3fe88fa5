import { InputError, quote } from '../io/errors.js';

// Parsers for command-line values; each failure is a one-line InputError naming the option.

/** "10s", "500ms", "2m", "1h", or a plain number of seconds. */
export function parseDuration(text: unknown, option: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|min|h)?\s*$/i.exec(String(text));
  if (!m) throw new InputError(`${option}: ${quote(text)} is not a duration (e.g. 10s, 500ms, 2m)`);
  const unit = (m[2] ?? 's').toLowerCase();
  const ms = Number(m[1]) * (unit === 'ms' ? 1 : unit === 's' ? 1000 : unit === 'h' ? 3_600_000 : 60_000);
  if (!(ms > 0)) throw new InputError(`${option}: must be more than zero`);
  return ms;
}

/** "1GiB", "512MiB", "64M", "1G", or a plain number of bytes. */
export function parseBytes(text: unknown, option: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(b|k|kb|kib|m|mb|mib|g|gb|gib)?\s*$/i.exec(String(text));
  if (!m) throw new InputError(`${option}: ${quote(text)} is not a size (e.g. 1GiB, 512MiB)`);
  const u = (m[2] ?? 'b').toLowerCase()[0];
  const bytes = Math.floor(Number(m[1]) * (u === 'k' ? 2 ** 10 : u === 'm' ? 2 ** 20 : u === 'g' ? 2 ** 30 : 1));
  if (bytes < 2 ** 20) throw new InputError(`${option}: ${text} is too small (at least 1MiB)`);
  if (bytes > 64 * 2 ** 30) throw new InputError(`${option}: ${text} is too large (at most 64GiB)`);
  return bytes;
}

// A count is written in decimal digits, optionally grouped with _ or scaled by e: 16, 2_000_000,
// 2e6. Number() would also take 0x10, 0b10, 1e400 or " ": none of them is a count here.
const COUNT = /^\d+(?:_\d+)*(?:\.\d+)?(?:e\d+)?$/i;

/** A whole number from `min` to `max`, e.g. for --max-nodes or --workers ("2e6" and
 *  "2_000_000" allowed). */
export function parseCount(text: unknown, option: string, min = 1, max = Number.MAX_SAFE_INTEGER): number {
  const s = String(text ?? '');
  const n = COUNT.test(s) ? Number(s.replace(/_/g, '')) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min)
    throw new InputError(`${option}: ${quote(text)} is not a whole number >= ${min} (e.g. 16, 2e6 or 2_000_000)`);
  if (n > max)
    throw new InputError(`${option}: ${quote(text)} is more than ${max.toLocaleString('en-US')}, the most it takes`);
  return n;
}

/** A finite decimal number >= `min`, e.g. for --weight ("1.5"; not "Infinity" or "0x10"). */
export function parseDecimal(text: unknown, option: string, min: number): number {
  const s = String(text ?? '');
  const n = /^\d+(?:\.\d+)?$/.test(s) ? Number(s) : Number.NaN;
  if (!Number.isFinite(n) || n < min)
    throw new InputError(`${option}: ${quote(text)} is not a number >= ${min} (e.g. 1.5)`);
  return n;
}

/** The most items one run takes (seeds after --shard, times the plays of each): a run holds its
 *  items, and what it did of them, in memory. */
export const MAX_ITEMS = 10_000_000;

/** Refuses, before any work, a run of more than MAX_ITEMS items; `what` says what they are. */
export function checkItemCount(count: number, option: string, what: string): void {
  if (count > MAX_ITEMS)
    throw new InputError(
      `${option}: ${count.toLocaleString('en-US')} ${what}, more than the ${MAX_ITEMS.toLocaleString('en-US')} one run takes; split the work into runs (or shards: --shard k/N)`,
    );
}

// A seed is a deal number — a whole number >= 0 written plainly ("42", not "042", "+42" or
// "42.0") — or a name that starts with a letter ("hello", "club-night.2"). Anything else is an
// error, not a silently different deal: the alea generator is seeded with the seed's text, so
// "042" and "42" would be two unrelated deals, and "-5" or "1.5" look like numbers but are not
// deal numbers.
const DEAL_NUMBER = /^(0|[1-9]\d*)$/;
const SEED_NAME = /^[A-Za-z][A-Za-z0-9_.-]*$/;

/** One seed for --seed: a deal number or a name (see above). */
export function parseSeed(text: unknown, option = '--seed'): string {
  const s = String(text ?? '');
  if (s === '') throw new InputError(`${option}: empty seed`);
  if (DEAL_NUMBER.test(s) && Number.isSafeInteger(Number(s))) return s;
  if (SEED_NAME.test(s) && s.length <= 100) return s;
  if (/^[+-]?\d/.test(s))
    throw new InputError(
      `${option}: ${quote(s)} is not a deal number (a whole number >= 0 without sign or leading zeros)`,
    );
  throw new InputError(
    `${option}: ${quote(s)} is not a seed (a deal number like 42, or a name starting with a letter like hello)`,
  );
}

/** "1..1000" or "1..10,42,100..120": deal numbers and inclusive ranges of them, none twice.
 *  Named seeds are for --seed only; a batch runs numbered deals. With `shard`, only that share
 *  of the list (shardOf()) is made: a run of a shard of a long range never holds the rest.
 *  More than MAX_ITEMS seeds (in the shard) is an error before any is made. */
export function parseSeeds(text: unknown, option = '--seeds', shard?: { k: number; n: number }): string[] {
  const s = String(text ?? '').trim();
  if (s === '') throw new InputError(`${option}: empty seed list`);
  const ranges: [number, number][] = [];
  for (const part of s.split(',')) {
    const p = part.trim();
    if (p === '') throw new InputError(`${option}: empty item in ${quote(s)}`);
    const r = /^(0|[1-9]\d*)\s*\.\.\s*(0|[1-9]\d*)$/.exec(p);
    if (r) {
      const a = Number(r[1]),
        b = Number(r[2]);
      if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b))
        throw new InputError(`${option}: range ${p} goes past the largest deal number`);
      if (b < a) throw new InputError(`${option}: range ${p} runs backwards`);
      ranges.push([a, b]);
    } else if (p.includes('..')) {
      throw new InputError(`${option}: ${quote(p)} is not a range of whole numbers like 1..1000`);
    } else if (DEAL_NUMBER.test(p) && Number.isSafeInteger(Number(p))) ranges.push([Number(p), Number(p)]);
    else throw new InputError(`${option}: ${quote(p)} is not a deal number or a range (e.g. 1..1000, or 1,5,9..12)`);
  }
  const sorted = [...ranges].sort((x, y) => x[0] - y[0]);
  for (let i = 1; i < sorted.length; i++)
    if (sorted[i][0] <= sorted[i - 1][1]) throw new InputError(`${option}: seed ${sorted[i][0]} is listed twice`);
  const total = ranges.reduce((a, [x, y]) => a + (y - x + 1), 0);
  const { k, n } = shard ?? { k: 1, n: 1 };
  // Shard k of N takes the seeds at positions k-1, k-1+N, … of the list as written.
  checkItemCount(Math.floor((total - k) / n) + 1, option, shard ? `seeds in shard ${k}/${n}` : 'seeds');
  const out: string[] = [];
  let at = 0; // the position of each range's first seed in the whole list
  for (const [a, b] of ranges) {
    const first = (((k - 1 - at) % n) + n) % n; // the first offset in this range that is ours
    for (let x = a + first; x <= b; x += n) out.push(String(x));
    at += b - a + 1;
  }
  return out;
}

/** "k/N" with 1 <= k <= N: this machine's share of the seeds. */
export function parseShard(text: unknown): { k: number; n: number } {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(String(text));
  if (!m) throw new InputError(`--shard: ${quote(text)} is not k/N (e.g. 3/8)`);
  const k = Number(m[1]),
    n = Number(m[2]);
  if (n < 1 || k < 1 || k > n) throw new InputError(`--shard: ${text} needs 1 <= k <= N`);
  return { k, n };
}

/** Shard k of N takes the items at positions k-1, k-1+N, k-1+2N, … of the list: deterministic,
 *  disjoint, and together complete; round robin keeps easy and hard seeds spread evenly. */
export function shardOf<T>(items: readonly T[], shard: { k: number; n: number }): T[] {
  return items.filter((_, i) => i % shard.n === shard.k - 1);
}
