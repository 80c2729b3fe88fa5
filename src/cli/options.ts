import type { Argv } from 'yargs';
import { InputError } from '../io/errors.js';
import { readJsonFile } from '../io/json-file.js';
import { parseDuration, parseSeed } from './units.js';

// Options and argument checks shared by several commands.

/** --seed; `note` is its default as help shows it (most commands: deal 1). */
export const seedOption = (y: Argv, note = 'default 1') =>
  y.option('seed', {
    type: 'string',
    describe: `deal seed: a deal number (42) or a name starting with a letter (hello); ${note}`,
    coerce: (v: unknown) => (v === undefined ? v : parseSeed(v)),
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
  return fromSeed(argv.seed === undefined ? '1' : parseSeed(argv.seed));
}

/** --decision-timeout: how long a strategy file may take over one decision (docs/strategies.md). */
export const decisionTimeoutOption = (y: Argv) =>
  y.option('decision-timeout', {
    type: 'string',
    default: '1s',
    describe: 'a strategy file that takes longer over one decision loses the game',
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
