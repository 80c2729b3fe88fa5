// What the library's entries export (src/index.ts for Node, the browser entry src/lib/build.ts
// writes): the calls, their types and the errors they throw.

export { analyse, batch, deal, games, hint, play, record, solve, tournament, verify, winnable } from './api.js';
export { Forfeit, InputError, NoSpaceError, OutputError, StoppedError, UserError } from './errors.js';
export type { ErrorCode, InputCode, OutputCode } from './errors.js';
export type * from './types.js';
