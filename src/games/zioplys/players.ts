import { InputError, quote } from '../../io/errors.js';

// `patience batch zioplys` runs items "P/seed" for every player count and seed, so that one CSV
// can hold several player counts (the resume key is the item).

/** `4`, `2..6` or `2,4` → player counts. */
export function parsePlayerList(text: string): number[] {
  const out: number[] = [];
  for (const part of text.split(',')) {
    const m = /^\s*(\d+)\s*(?:\.\.\s*(\d+)\s*)?$/.exec(part);
    if (!m) throw new InputError(`--players: ${quote(part)} is not a count or a range like 2..6`);
    const a = Number(m[1]),
      b = m[2] === undefined ? a : Number(m[2]);
    for (let p = a; p <= b; p++) {
      if (p < 2 || p > 6) throw new InputError(`--players: ${p} is outside 2..6`);
      if (!out.includes(p)) out.push(p);
    }
    if (b < a) throw new InputError(`--players: range ${part.trim()} runs backwards`);
  }
  return out;
}
