import type { Settings } from './plugin.js';

// The player's statistics, per game and rule variant, as the page keeps them in the browser's
// storage: games played and won, the current and the best run of wins, the fewest moves of a win.
// A game counts once, when it ends or when it is left for another with a move made; a game lost
// and then won after taking moves back counts as won.

export interface Tally {
  played: number;
  won: number;
  /** Wins in a row up to the last game counted, and the longest such run. */
  streak: number;
  bestStreak: number;
  /** The fewest moves of a game won (null before the first win). */
  fewest: number | null;
}

export interface Stats {
  tallies: Record<string, Tally>;
  /** The game in play: its tally's key, its deal, whether a move was made, how it was counted. */
  current?: { key: string; deal: string; moved: boolean; counted: 'won' | 'lost' | null; streakBefore: number };
}

export const emptyTally = (): Tally => ({ played: 0, won: 0, streak: 0, bestStreak: 0, fewest: null });

/** The tally a game counts in: its game and rule variant. */
export const tallyKey = (s: Settings) => `${s.game}|${s.variant || 'default'}`;

/** The deal of a game, as a play of it is told from another (a restart is another play). */
export const dealKey = (s: Settings) =>
  `${tallyKey(s)}|${s.numbering ? `${s.numbering.key}=${s.numbering.text}` : s.dealJson ? `file:${JSON.stringify(s.dealJson)}` : s.seed}`;

const tally = (st: Stats, key: string) => (st.tallies[key] ??= emptyTally());

/** A game begins: the one before, left with a move made and not counted, counts as played. */
export function begin(st: Stats, s: Settings): void {
  const c = st.current;
  if (c?.moved && c.counted === null) {
    const t = tally(st, c.key);
    t.played++;
    t.streak = 0;
  }
  st.current = { key: tallyKey(s), deal: dealKey(s), moved: false, counted: null, streakBefore: 0 };
}

/** A move was made in the game in play. */
export function moved(st: Stats): void {
  if (st.current) st.current.moved = true;
}

/** The game in play ended, won or not, after `moves` moves. */
export function ended(st: Stats, won: boolean, moves: number): void {
  const c = st.current;
  if (!c) return;
  const t = tally(st, c.key);
  if (c.counted === null) {
    c.streakBefore = t.streak;
    t.played++;
    if (won) t.won++;
    t.streak = won ? t.streak + 1 : 0;
  } else if (c.counted === 'lost' && won) {
    t.won++;
    t.streak = c.streakBefore + 1;
  } else if (!won) return;
  if (won) {
    t.bestStreak = Math.max(t.bestStreak, t.streak);
    t.fewest = t.fewest === null ? moves : Math.min(t.fewest, moves);
  }
  c.counted = won ? 'won' : c.counted === 'won' ? 'won' : 'lost';
}

/** The tally of a game and variant set back to nothing (the game in play, if already counted,
 *  is not counted again). */
export function reset(st: Stats, key: string): void {
  delete st.tallies[key];
}
