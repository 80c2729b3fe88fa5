// Bad input is reported as one line and exit code 2 (see src/cli.ts); code that reads files or
// arguments throws InputError with a message that names the file, field or card at fault.

export class InputError extends Error {
  override name = 'InputError';
}

export function inputError(message: string): never {
  throw new InputError(message);
}

/** A file could not be written (a full disk): one line and exit code 2, like bad input, since
 *  the user is the one who can fix it. */
export class OutputError extends InputError {
  override name = 'OutputError';
}
