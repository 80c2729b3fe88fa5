import { DEAL_GRADES } from './plugin.js';

// A game's graded list of deals (PagePlugin.dealLists: the table `patience difficulty` writes,
// read when the page is built), as New deal draws from it: the seeds of the deals the solver
// proved winnable, and of each grade.

/** Seeds by list: "winnable" (the solver's outcome `solved`) and each of DEAL_GRADES. */
export type DealSeeds = Record<string, string[]>;

/** The seeds of a list's table (CSV with a header naming `seed`, `outcome` and `grade`; no
 *  field of these holds a comma); throws Error naming what is missing. */
export function dealSeeds(csv: string, file: string): DealSeeds {
  const lines = csv.split(/\r?\n/).filter((l) => l.trim());
  const head = (lines[0] ?? '').split(',');
  const col = (name: string) => {
    const i = head.indexOf(name);
    if (i < 0) throw new Error(`${file}: no column "${name}"`);
    return i;
  };
  const [seed, outcome, grade] = [col('seed'), col('outcome'), col('grade')];
  const out: DealSeeds = { winnable: [] };
  for (const g of DEAL_GRADES) out[g] = [];
  for (const line of lines.slice(1)) {
    const f = line.split(',');
    if (f[outcome] === 'solved') out.winnable.push(f[seed]);
    if (f[grade] in out && f[grade] !== 'winnable') out[f[grade]].push(f[seed]);
  }
  return out;
}
