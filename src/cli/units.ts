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

/** A positive whole number, e.g. for --max-nodes or --workers ("2e6" and "2_000_000" allowed). */
export function parseCount(text: unknown, option: string, min = 1): number {
  const n = Number(String(text).replace(/_/g, ''));
  if (!Number.isInteger(n) || n < min)
    throw new InputError(`${option}: ${quote(text)} is not a whole number >= ${min}`);
  return n;
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

/** "1..1000" or "1..10,42,100..120": deal numbers and inclusive ranges of them. Named seeds
 *  are for --seed only; a batch runs numbered deals. */
export function parseSeeds(text: unknown, option = '--seeds'): string[] {
  const s = String(text ?? '').trim();
  if (s === '') throw new InputError(`${option}: empty seed list`);
  const out: string[] = [];
  for (const part of s.split(',')) {
    const p = part.trim();
    if (p === '') throw new InputError(`${option}: empty item in ${quote(s)}`);
    const r = /^(0|[1-9]\d*)\s*\.\.\s*(0|[1-9]\d*)$/.exec(p);
    if (r) {
      const a = Number(r[1]),
        b = Number(r[2]);
      if (b < a) throw new InputError(`${option}: range ${p} runs backwards`);
      if (b - a > 50_000_000) throw new InputError(`${option}: range ${p} is too large`);
      for (let i = a; i <= b; i++) out.push(String(i));
    } else if (p.includes('..')) {
      throw new InputError(`${option}: ${quote(p)} is not a range of whole numbers like 1..1000`);
    } else if (DEAL_NUMBER.test(p) && Number.isSafeInteger(Number(p))) out.push(p);
    else throw new InputError(`${option}: ${quote(p)} is not a deal number or a range (e.g. 1..1000, or 1,5,9..12)`);
  }
  const seen = new Set<string>();
  for (const x of out) {
    if (seen.has(x)) throw new InputError(`${option}: seed ${x} is listed twice`);
    seen.add(x);
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
