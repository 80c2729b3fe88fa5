import type { PagePlugin, Settings } from './plugin.js';

// Deals named in another numbering of a game (PagePlugin.numberings, e.g. another program's game
// numbers): the settings a number typed or read from the address gives, and the address's part
// that names it again (`#game=…&<key>=N`).

type Named = Required<Pick<Settings, 'dealJson' | 'numbering' | 'variant'>>;

/** The deal numbered `text` in the game's numbering `key`; throws Error naming what is wrong. */
export function numberedDeal(game: PagePlugin, key: string, text: string): Named {
  const n = game.numberings?.find((x) => x.key === key);
  if (!n) throw new Error(`${game.title} has no numbering "${key}"`);
  const t = text.trim();
  const r = n.parse(t);
  if (!r.ok) throw new Error(`${n.label} ${t}: ${r.reason}`);
  let dealJson: unknown;
  try {
    dealJson = JSON.parse(r.dealJson);
  } catch (e) {
    throw new Error(`${n.label} ${t}: its deal is not JSON: ${(e as Error).message}`);
  }
  return { dealJson, numbering: { key, text: t, title: r.title }, variant: r.variant ?? '' };
}

/** The deal the address names in a numbering of the game (the first whose key it holds), or
 *  null; throws Error for a number that names no deal. */
export function dealFromAddress(game: PagePlugin, params: URLSearchParams): Named | null {
  const n = game.numberings?.find((x) => params.has(x.key));
  return n ? numberedDeal(game, n.key, params.get(n.key) ?? '') : null;
}

/** The address's key and value for a deal named in a numbering, or null. */
export const numberingParam = (s: Settings): [string, string] | null =>
  s.numbering ? [s.numbering.key, s.numbering.text] : null;

/** Whether two settings name the same numbered deal (or both none). */
export const sameNumbering = (a: Settings, b: Settings) =>
  a.numbering?.key === b.numbering?.key && a.numbering?.text === b.numbering?.text;
