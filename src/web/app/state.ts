import type { PageAssets, PageGames, PagePlugin, Session, UiMove } from '../plugin.js';

// What the page holds while it runs, shared by its parts: the games it plays, the game in
// play, and what the person is doing on the board. startPage (main.ts) fills it in before any
// part reads it.

export interface PageState {
  games: PageGames;
  /** What the build read for each game: its rules page, its deal lists. */
  assets: PageAssets;
  session: Session;
  /** The card picked up (by a click, a key or a drag), and the pile it lies on. */
  picked: { from: string; card: string } | null;
  /** The move the last hint named, pointed at on the board. */
  hinted: UiMove | null;
  /** While the replay is shown: after how many moves. */
  replayAt: number | null;
  /** A line opened or pasted to play through (shown as a replay), instead of the game's moves. */
  line: { moves: string[]; source: string } | null;
  /** Per move made: whether the page made it by itself (a safe move home, the finish). */
  auto: boolean[];
  /** The same for the moves undone, last undone last (for redo). */
  autoUndone: boolean[];
  /** Where the last deal came from, in words (a graded list), shown under the status. */
  dealNote: string;
}

export const ui = {
  picked: null,
  hinted: null,
  replayAt: null,
  line: null,
  auto: [],
  autoUndone: [],
  dealNote: '',
} as unknown as PageState;

/** The plugin of the game in play. */
export const current = (): PagePlugin => ui.games.of(ui.session.settings);

export const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** Announces a line to people (the live region that screen readers read). */
export function say(text: string): void {
  const live = $('live');
  // A repeated message is announced again only if the region's text changes.
  live.textContent = live.textContent === text ? `${text}\u00a0` : text;
}

/** Whether the person asked for less motion (then nothing on the page moves by itself). */
export const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;
