import { InputError } from '../io/errors.js';
import { setStrategyMemory } from '../strategies/module.js';
import { MIN_STRATEGY_MEMORY_MIB } from '../strategies/sandbox.js';
import { parseBytes } from './units.js';

// The strategy files' memory option, apart from the options every command shares (options.ts):
// it loads the strategy host, which a command that runs no strategy file does not need.

/** --strategy-memory in MiB, set for the strategy files this thread loads; call it before
 *  loading any. */
export function strategyMemoryMiB(argv: { [key: string]: unknown }): number {
  const mib = Math.floor(parseBytes(argv.strategyMemory ?? '512MiB', '--strategy-memory') / 2 ** 20);
  if (mib < MIN_STRATEGY_MEMORY_MIB)
    throw new InputError(`--strategy-memory: at least ${MIN_STRATEGY_MEMORY_MIB}MiB (node itself takes about 90)`);
  setStrategyMemory(mib);
  return mib;
}
