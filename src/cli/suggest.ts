// "Did you mean …?" for a mistyped flag: the nearest of the command's own flags by edit
// distance, where a swap of two neighbouring letters counts as one edit (workres → workers).

/** Optimal-string-alignment distance: insertions, deletions, substitutions, adjacent swaps. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** The candidate nearest to `word`, if it is near enough to be a slip rather than another word:
 *  at most a third of the word's letters wrong (at least one allowed), or the word a unique
 *  prefix of it (`--work` → `--workers`). Ties go to the first candidate. */
export function nearest(word: string, candidates: readonly string[]): string | undefined {
  const w = word.toLowerCase();
  const prefixed = candidates.filter((c) => c.toLowerCase().startsWith(w));
  if (w.length >= 3 && prefixed.length === 1) return prefixed[0];
  const allowed = Math.max(1, Math.floor(w.length / 3));
  let best: string | undefined;
  let bestDistance = allowed + 1;
  for (const c of candidates) {
    const dist = editDistance(w, c.toLowerCase());
    if (dist < bestDistance && dist < w.length) [best, bestDistance] = [c, dist];
  }
  return best;
}
