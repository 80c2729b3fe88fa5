// The library's errors: bad input is a UserError with a code (src/io/errors.ts), never a fault;
// a game stopped by its signal is a StoppedError. Anything else thrown is a fault of ours.

export { UserError, InputError, OutputError, NoSpaceError } from '../io/errors.js';
export type { ErrorCode, InputCode, OutputCode } from '../io/errors.js';
export { Forfeit } from '../strategies/contract.js';

/** A game stopped by its signal before it ended (play): there is no result to give. The
 *  signal's reason is the cause. Searches stopped so answer "unknown" instead, and a batch or a
 *  tournament keeps what it finished. */
export class StoppedError extends Error {
  override name = 'StoppedError';
  readonly code = 'STOPPED';
  constructor(signal: AbortSignal) {
    super('stopped by its signal', { cause: signal.reason });
  }
}
