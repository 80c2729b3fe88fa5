import type { Argv } from 'yargs';
import { InputError, quote } from '../io/errors.js';
import { readJsonFile } from '../io/json-file.js';
import { keyedSeed } from '../strategies/deal-key.js';
import { parseDuration, parseSeed } from './units.js';

// Options and argument checks shared by several commands.

/** Refuses an option given more than once that takes one value (`--out a.csv --out b.csv`
 *  would be read as the one value "a.csv,b.csv"); `arrays` are the options that take a list. */
export function checkSingleValues(argv: Record<string, unknown>, arrays: readonly string[]): void {
  for (const [k, v] of Object.entries(argv)) {
    // yargs keeps each option under its own name and a camelCase copy: the name is enough.
    if (k === '_' || k === '$0' || /[A-Z]/.test(k) || !Array.isArray(v) || arrays.includes(k)) continue;
    throw new InputError(
      `--${k}: given ${v.length} times (${v.map((x) => quote(String(x), 40)).join(', ')}); it takes one value`,
    );
  }
}

/** --seed; `note` is its default as help shows it (most commands: deal 1). */
export const seedOption = (y: Argv, note = 'default 1') =>
  y
    .option('seed', {
      type: 'string',
      describe: `deal seed: a deal number (42) or a name starting with a letter (hello); ${note}`,
      coerce: (v: unknown) => (v === undefined ? v : parseSeed(v)),
    })
    .option('deal-key', {
      type: 'string',
      describe: 'the deal key a run with strategy files recorded in its settings: the deal that run played for --seed',
    });

const DEAL_KEY = /^[A-Za-z0-9_-]{16,128}$/;

/** --deal-key of a command that takes one deal: a key given, or none (plain seeds). */
function dealKeyGiven(argv: { [key: string]: unknown }): string | null {
  if (argv.dealKey === undefined || argv.dealKey === 'none') return null;
  const k = String(argv.dealKey);
  if (!DEAL_KEY.test(k)) throw new InputError('--deal-key: not a key of 16-128 letters, digits, _ or -');
  return k;
}

/** --deal-key of a batch or tournament: `auto` (the default when a strategy file plays) draws
 *  a key for the run, `none` keeps plain seeds (src/strategies/deal-key.ts). */
export const dealKeyOption = (y: Argv) =>
  y.option('deal-key', {
    type: 'string',
    describe:
      'with strategy files: deals from the seeds mixed with a key (auto: drawn for the run and recorded in the settings; none: plain seeds; or the key to replay a run)',
  });

export const dealFileOption = (y: Argv) => y.option('deal', { type: 'string', describe: 'deal JSON file' });

/** The deal a command works on: from --deal FILE, or --seed (default "1"). */
export function chooseDeal<D>(
  argv: { [key: string]: unknown },
  fromSeed: (seed: string) => D,
  fromJson: (doc: unknown, file: string) => D,
): D {
  if (argv.deal !== undefined && argv.seed !== undefined)
    throw new InputError('give either --seed or --deal, not both');
  if (typeof argv.deal === 'string') return fromJson(readJsonFile(argv.deal), argv.deal);
  if (argv.deal !== undefined && argv.dealKey !== undefined)
    throw new InputError('--deal-key goes with --seed, not --deal');
  return fromSeed(keyedSeed(argv.seed === undefined ? '1' : parseSeed(argv.seed), dealKeyGiven(argv)));
}

/** --decision-timeout: how long a strategy file may take over one decision (docs/strategies.md). */
export const decisionTimeoutOption = (y: Argv) =>
  y
    .option('decision-timeout', {
      type: 'string',
      default: '1s',
      describe: 'a strategy file that takes longer over one decision loses the game',
    })
    .option('strategy-memory', {
      type: 'string',
      default: '512MiB',
      describe: 'the memory each strategy file may use (heap, buffers and typed arrays); more ends its game as a loss',
    });

export const decisionTimeoutMs = (argv: { [key: string]: unknown }): number =>
  parseDuration(argv.decisionTimeout ?? '1s', '--decision-timeout');

/** --decision-timeout and --strategy-seed, for commands that had no strategy seed before. */
export const strategyFileOptions = (y: Argv) =>
  decisionTimeoutOption(y).option('strategy-seed', {
    type: 'string',
    default: '1',
    describe: "strategy files: the seed of their own random choices (never the deal's)",
  });
