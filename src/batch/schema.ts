import { InputError, oneLine, quote } from '../io/errors.js';

// What a results CSV may hold, column by column: each game declares the columns its job writes
// and what each cell may be. `summary` and `report` check every row against its game's schema
// before counting it, so a hand-edited, damaged or foreign file is a one-line error naming the
// file, line and field, never a count that quietly includes it.

/** null when the cell is fine, else what it should be ("a whole number >= 0"). `row` is the
 *  whole row, for cells whose rule depends on another (a solved row has moves). */
export type CellCheck = (value: string, row: Readonly<Record<string, string>>) => string | null;

export interface RowSchema {
  /** "batch" or "tournament", for messages. */
  kind: string;
  /** `optional`: a column that files written before it existed lack (its cells are then ""). */
  columns: readonly { name: string; check: CellCheck; optional?: boolean }[];
  /** Columns that come in any number, by pattern (a strategy's won_<name>). */
  patterns?: readonly { pattern: RegExp; shown: string; check: CellCheck }[];
}

/** The column the pool adds to every job's CSV: an item's error message, or empty. */
const ERROR_COLUMN = 'error';

export const anyText: CellCheck = () => null;
export const nonEmpty: CellCheck = (v) => (v === '' ? 'not empty' : null);
export const blank: CellCheck = (v) => (v === '' ? null : 'empty');
export const oneOf =
  (...values: string[]): CellCheck =>
  (v) =>
    values.includes(v) ? null : `one of ${values.map((x) => (x === '' ? '(empty)' : x)).join(', ')}`;

/** A whole number written plainly, min <= n <= max. */
export const wholeNumber =
  (min = 0, max = Number.MAX_SAFE_INTEGER): CellCheck =>
  (v) => {
    const ok = /^(0|[1-9]\d*)$/.test(v) && Number(v) >= min && Number(v) <= max;
    return ok
      ? null
      : max === Number.MAX_SAFE_INTEGER
        ? `a whole number >= ${min}`
        : `a whole number from ${min} to ${max}`;
  };

/** A strategy's name as CSVs record it (the built-ins' and strategy files' names; "#k" after a
 *  strategy that plays itself). */
export const strategyName: CellCheck = (v) =>
  /^[A-Za-z0-9][A-Za-z0-9_.+-]{0,39}(#\d+)?$/.test(v) ? null : 'a strategy name';

/** `check` in rows that ran; a row whose item failed (outcome "error") may leave it empty. */
export const unlessError =
  (check: CellCheck): CellCheck =>
  (v, row) =>
    row.outcome === 'error' && v === '' ? null : check(v, row);

/** `check` when the row's outcome is one of `outcomes`, else the cell is empty. */
export const onlyWhen =
  (outcomes: readonly string[], check: CellCheck): CellCheck =>
  (v, row) =>
    outcomes.includes(row.outcome) ? check(v, row) : v === '' ? null : `empty when the outcome is ${row.outcome}`;

/** The columns a header must have for `schema`, as a message shows them. */
export const columnsText = (s: RowSchema): string =>
  [
    ...s.columns.map((c) => (c.optional ? `[${c.name}]` : c.name)),
    ...(s.patterns ?? []).map((p) => `[${p.shown}…]`),
    ERROR_COLUMN,
  ].join(',');

/** Whether a CSV header is `schema`'s: every column it names, the pattern columns and "error". */
export function headerFits(header: readonly string[], s: RowSchema): boolean {
  const names = s.columns.map((c) => c.name);
  return (
    s.columns.every((c) => c.optional || header.includes(c.name)) &&
    header.every((h) => h === ERROR_COLUMN || names.includes(h) || (s.patterns ?? []).some((p) => p.pattern.test(h)))
  );
}

/** Checks one row (line `line` of `file`) against its game's schema; the first bad cell is an
 *  InputError naming the file, line and field. */
export function checkRow(row: Readonly<Record<string, string>>, s: RowSchema, file: string, line: number): void {
  const bad = (name: string, expected: string) => {
    throw new InputError(
      `${file}: line ${line}: field "${name}" is ${quote(row[name] ?? '', 40)}; expected ${expected}`,
    );
  };
  // Summaries print cells (settings, strategy names): none may act on the terminal.
  for (const [name, v] of Object.entries(row))
    if (name !== ERROR_COLUMN && oneLine(v) !== v) bad(name, 'text without control characters');
  for (const c of s.columns) {
    const why = c.check(row[c.name] ?? '', row);
    if (why !== null) bad(c.name, why);
  }
  for (const p of s.patterns ?? [])
    for (const name of Object.keys(row)) {
      if (!p.pattern.test(name)) continue;
      const why = p.check(row[name], row);
      if (why !== null) bad(name, why);
    }
}
