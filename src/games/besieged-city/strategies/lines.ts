import { PILE_CAP } from '../layout.js';
import { MAX_MOVES, T2T, moveKind } from '../position.js';
import type { BcSearch } from '../search.js';
import { keyString } from '../view.js';

// Winning lines from the solver, made fit for a player to follow. The solver's lines may wander
// (a card moved to a trench and later back), and it does not know the positions the player has
// met, to which the player may not return (BcView.legal()): a line through one breaks when
// followed. Only trench-to-trench moves can lead back to a position (every other move puts a
// card home, takes one from the reserve, or turns one), so only a line's first run of them can
// reach a position met before the line began.

/** Scratch for isLegal(), which runs to its end before another call can start. */
const BUF = new Int32Array(MAX_MOVES);

export function isLegal(g: BcSearch, m: number): boolean {
  const n = g.moves(BUF);
  for (let i = 0; i < n; i++) if (BUF[i] === m) return true;
  return false;
}

/** A winning line from g's position (left unchanged) with every stretch that comes back to a
 *  position it passed cut out. Keys are canonical (the two trenches of a line may trade places),
 *  so the shorter line is checked to replay and win; where it does not, the line is kept. */
export function withoutLoops(g: BcSearch, line: readonly number[]): number[] {
  // A loop is a run of trench-to-trench moves (see above): only the positions at the start of
  // such a run or after one of its moves are keyed; the others get a key of their own.
  const keys = [line.length > 0 && moveKind(line[0]) === T2T ? keyString(g.pos) : '#0'];
  for (let i = 0; i < line.length; i++) {
    g.make(line[i]);
    const inRun = moveKind(line[i]) === T2T || (i + 1 < line.length && moveKind(line[i + 1]) === T2T);
    keys.push(inRun ? keyString(g.pos) : `#${i + 1}`);
  }
  for (let i = line.length - 1; i >= 0; i--) g.unmake(line[i]);
  const out: number[] = [];
  const at = new Map<string, number>([[keys[0], 0]]);
  const path = [keys[0]];
  for (let i = 0; i < line.length; i++) {
    const k = keys[i + 1];
    const j = at.get(k);
    if (j === undefined) {
      out.push(line[i]);
      path.push(k);
      at.set(k, out.length);
    } else {
      for (let d = j + 1; d < path.length; d++) at.delete(path[d]);
      out.length = j;
      path.length = j + 1;
    }
  }
  if (out.length === line.length) return line as number[];
  let n = 0;
  while (n < out.length && isLegal(g, out[n])) g.make(out[n++]);
  const ok = n === out.length && g.won();
  for (let i = n - 1; i >= 0; i--) g.unmake(out[i]);
  return ok ? out : (line as number[]);
}

/** The most positions the search for a way around the positions met before may visit. */
const ROUTE_NODES = 4000;

/** A winning line from g's position (left unchanged) fit to follow: without loops
 *  (withoutLoops()), and with its first run of trench-to-trench moves, where it passes a position
 *  in `met` (visible keys, BcView.history), replaced by a shortest run of such moves to the same
 *  arrangement of the trenches that passes none. Null when no such run is found. */
export function tidyLine(g: BcSearch, line: readonly number[], met: ReadonlySet<string>): number[] | null {
  const l = withoutLoops(g, line);
  let run = 0,
    blocked = false;
  while (run < l.length && moveKind(l[run]) === T2T) {
    g.make(l[run++]);
    if (met.has(keyString(g.pos))) blocked = true;
  }
  if (!blocked) {
    for (let i = run - 1; i >= 0; i--) g.unmake(l[i]);
    return l;
  }
  const target = arrangement(g);
  for (let i = run - 1; i >= 0; i--) g.unmake(l[i]);
  const path = routeTo(g, target, met);
  return path && [...path, ...l.slice(run)];
}

/** The trench piles, exactly (not up to the trenches' symmetry, as keys are). */
function arrangement(g: BcSearch): string {
  const p = g.pos;
  let s = '';
  for (let t = 0; t < p.plen.length; t++) s += `${p.piles.subarray(t * PILE_CAP, t * PILE_CAP + p.plen[t]).join('.')}|`;
  return s;
}

/** A shortest run of trench-to-trench moves from g's position (left unchanged) to the trench
 *  arrangement `target`, entering no position in `met`; breadth first, at most ROUTE_NODES
 *  positions. */
function routeTo(g: BcSearch, target: string, met: ReadonlySet<string>): number[] | null {
  const seen = new Set<string>([keyString(g.pos)]);
  let level: number[][] = [[]];
  const buf = new Int32Array(MAX_MOVES);
  let visited = 0;
  while (level.length > 0 && visited < ROUTE_NODES) {
    const next: number[][] = [];
    for (const path of level) {
      for (const m of path) g.make(m);
      const n = g.moves(buf);
      const moves = Array.from(buf.subarray(0, n)).filter((m) => moveKind(m) === T2T);
      for (const m of moves) {
        g.make(m);
        const k = keyString(g.pos);
        const fresh = !seen.has(k) && !met.has(k);
        const hit = fresh && arrangement(g) === target;
        g.unmake(m);
        if (hit) {
          for (let i = path.length - 1; i >= 0; i--) g.unmake(path[i]);
          return [...path, m];
        }
        if (fresh) {
          seen.add(k);
          next.push([...path, m]);
          visited++;
        }
      }
      for (let i = path.length - 1; i >= 0; i--) g.unmake(path[i]);
      if (visited >= ROUTE_NODES) break;
    }
    level = next;
  }
  return null;
}
