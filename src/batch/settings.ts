// The settings column of a batch or tournament CSV: what a run needs to be made again, as
// words of the command line — `key=value` is `--key value` (yes: `--key`, no: `--no-key`),
// camelCase keys are written kebab-case. The solvers' settings start with a bare word, the
// algorithm. A strategy file is recorded by its path as it was given, so the command that made
// the rows can be printed again (the report prints one command per distinct settings).

/** A value as one word of the settings: a space or a % in it (a path may hold one) escaped. */
export const settingWord = (key: string, value: string | number): string =>
  `${key}=${String(value).replace(/[%\s]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0').toUpperCase()}`)}`;

const kebab = (k: string) => k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

const unescapeWord = (v: string): string =>
  v.replace(/%([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

/** The command-line flags a settings text stands for; `bare` names the flag of a leading
 *  bare word (the solvers': "algorithm"). */
export function settingsFlags(settings: string, bare?: string): string[] {
  const out: string[] = [];
  settings
    .split(/\s+/)
    .filter(Boolean)
    .forEach((w, i) => {
      const eq = w.indexOf('=');
      if (eq < 0) {
        out.push(...(i === 0 && bare ? [`--${bare}`, w] : [`--${kebab(w)}`]));
        return;
      }
      const key = kebab(w.slice(0, eq));
      const value = unescapeWord(w.slice(eq + 1));
      if (value === 'yes') out.push(`--${key}`);
      else if (value === 'no') out.push(`--no-${key}`);
      else out.push(`--${key}`, value);
    });
  return out;
}

/** A word for a POSIX shell: as it is when that is safe, else in single quotes. */
export const shellWord = (w: string): string =>
  /^[A-Za-z0-9_./,:=+@%-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`;

/** The rows grouped by their settings (in the order first seen): one group per distinct run. */
export function byRun<R extends Record<string, string>>(rows: readonly R[]): Map<string, R[]> {
  const out = new Map<string, R[]>();
  for (const r of rows) {
    const k = r.settings ?? '';
    if (!out.has(k)) out.set(k, []);
    out.get(k)!.push(r);
  }
  return out;
}

/** The rule variant a batch row was run under, from its settings column ("default" when none). */
export const variantOfSettings = (settings: string | undefined): string =>
  /(?:^| )variant=(\S+)/.exec(settings ?? '')?.[1] ?? 'default';

/** The deal key a row was played under, from its settings column ('' for none: plain seeds). */
export const dealKeyOfSettings = (settings: string | undefined): string =>
  /(?:^| )deal-key=(\S+)/.exec(settings ?? '')?.[1] ?? '';
