import { InputError, quote } from '../io/errors.js';

// A game's own rules as a call gives them: "name=value,…" over the game's switches, each value
// one of the switch's (the first its default), as the games' `--variant` texts are written.

/** The value of every switch: the text's where it names one, else the default. */
export function rulesOf<N extends string>(
  text: string | undefined,
  switches: Readonly<Record<N, readonly string[]>>,
): Record<N, string> {
  const out = Object.fromEntries(Object.entries(switches).map(([k, v]) => [k, (v as string[])[0]])) as Record<
    N,
    string
  >;
  if (text === undefined) return out;
  if (typeof text !== 'string') throw new InputError(`rules: expected text like "name=value,…", not ${quote(text)}`);
  for (const part of text.split(',').filter((p) => p.trim() !== '' && p.trim() !== 'default')) {
    const [k, v] = part.split('=').map((x) => x.trim());
    const values = (switches as Record<string, readonly string[]>)[k];
    if (!Object.hasOwn(switches, k))
      throw new InputError(`rules: unknown rule ${quote(k)} (known: ${Object.keys(switches).join(', ')})`);
    if (!values.includes(v)) throw new InputError(`rules: ${k}: ${quote(v)} is not one of ${values.join(', ')}`);
    out[k as N] = v;
  }
  return out;
}
