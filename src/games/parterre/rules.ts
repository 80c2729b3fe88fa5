import { InputError, oneLine, quote } from '../../io/errors.js';
import { isObject } from '../../io/json.js';

// The rule variant of the rules page (§ Variants): one switch, `foundations=final|removable`.
// It travels with the deal and is read by move generation and the search's proofs.

export interface PtRules {
  /** Whether the top card of a foundation is available again (Solvitaire's Flower Garden). */
  readonly removable: boolean;
}

export const DEFAULT_RULES: PtRules = Object.freeze({ removable: false });
export const REMOVABLE_RULES: PtRules = Object.freeze({ removable: true });

const SWITCH = 'foundations';
const VALUES = ['final', 'removable'] as const;

/** The two readings the study compares, as `--variant` writes them. */
export const STUDY_READINGS: readonly string[] = ['default', 'foundations=removable'];

function rulesOf(pairs: [string, unknown][], where: string): PtRules {
  let removable = false;
  const seen = new Set<string>();
  for (const [name, value] of pairs) {
    if (name !== SWITCH) throw new InputError(`${where}: unknown variant switch ${quote(name)} (use ${SWITCH})`);
    if (seen.has(name)) throw new InputError(`${where}: variant switch ${quote(name)} is given twice`);
    seen.add(name);
    if (typeof value !== 'string' || !(VALUES as readonly string[]).includes(value))
      throw new InputError(
        `${where}: ${name}=${typeof value === 'string' ? oneLine(value.slice(0, 60)) : quote(value)} is not a value of that switch (use ${VALUES.join(', ')})`,
      );
    removable = value === 'removable';
  }
  return removable ? REMOVABLE_RULES : DEFAULT_RULES;
}

/** `--variant foundations=removable` (empty or "default": the default). */
export function parseVariant(text: string, where = '--variant'): PtRules {
  const t = text.trim();
  if (t === '' || t === 'default') return DEFAULT_RULES;
  return rulesOf(
    t.split(',').map((part) => {
      const m = /^\s*([^=\s]+)\s*=\s*(\S+)\s*$/.exec(part);
      if (!m) throw new InputError(`${where}: ${quote(part)} is not name=value (e.g. foundations=removable)`);
      return [m[1].toLowerCase(), m[2].toLowerCase()];
    }),
    where,
  );
}

/** The "variant" field of a deal file: an object of switch -> value (absent or {}: the default). */
export function variantFromJson(v: unknown, where: string): PtRules {
  if (v === undefined) return DEFAULT_RULES;
  if (!isObject(v)) throw new InputError(`${where}: expected an object such as {"foundations": "removable"}`);
  return rulesOf(Object.entries(v), where);
}

/** The switches that differ from the default, as the "variant" field writes them. */
export const variantToJson = (r: PtRules): Record<string, string> => (r.removable ? { [SWITCH]: 'removable' } : {});

/** The variant as the flag writes it ("default" for the default reading). */
export const formatVariant = (r: PtRules): string => (r.removable ? `${SWITCH}=removable` : 'default');

export const VARIANT_HELP = `rule variant (docs/rules/parterre.md, § Variants): ${SWITCH}=${VALUES.join('|')}, e.g. ${SWITCH}=removable`;
