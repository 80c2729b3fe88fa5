import { InputError, quote } from '../../../io/errors.js';
import { CHOOSE_RULE } from '../position.js';
import type { BuiltinStrategy } from './strategy.js';

/** "careless:p": the rule's choices, but each legal play is missed with probability p (a blunder,
 *  punished by the penalty); p = 0 is the rule. Null for a name of another form. */
export function careless(name: string): BuiltinStrategy | null {
  const m = /^careless:(\d*\.?\d+(?:e-?\d+)?)$/.exec(name);
  if (!m) return null;
  const p = Number(m[1]);
  if (!(p >= 0 && p <= 1))
    throw new InputError(`--strategies: careless probability must be between 0 and 1, got ${quote(m[1])}`);
  return { name: `careless:${p}`, chooser: CHOOSE_RULE, miss: p };
}
