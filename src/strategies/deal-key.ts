import { createHmac, randomBytes } from 'node:crypto';
import { InputError, quote } from '../io/errors.js';

// Deals a strategy file cannot look up (docs/strategies.md, "Deals a bot cannot look up"). The
// shuffle is public and a seed is a small number, so a module that sees 26 cards could find its
// deal among the seeds and read the stock. When a file strategy plays, the seed that shuffles
// is HMAC-SHA256(key, seed) with a key drawn for the run: the seed no longer tells the deal. The
// key goes into the CSV's settings (the run's owner can replay every game) and never to a
// strategy. With no key the deal is the plain seed's, as in every published study.

const KEY = /^[A-Za-z0-9_-]{16,128}$/;

/** --deal-key as given: "auto" draws a key (128 random bits), "none" keeps plain seeds. */
export function dealKeyOf(value: unknown, files: boolean): string | null {
  const v = value === undefined ? (files ? 'auto' : 'none') : String(value).trim();
  if (v === 'none') return null;
  if (v === 'auto') return files ? randomBytes(16).toString('hex') : null;
  if (!KEY.test(v))
    throw new InputError(`--deal-key: ${quote(v, 20)} is not auto, none, or a key of 16-128 letters, digits, _ or -`);
  return v;
}

/** The seed that shuffles the deal of `seed` under `key` (the seed itself when no key). */
export const keyedSeed = (seed: string, key: string | null | undefined): string =>
  key ? `k${createHmac('sha256', key).update(seed).digest('hex')}` : seed;
