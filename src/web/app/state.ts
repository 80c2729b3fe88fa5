import type { PageGames, PagePlugin, Session, UiMove } from '../plugin.js';

// What the page holds while it runs, shared by its parts: the games it plays, the game in
// play, and what the person is doing on the board. startPage (main.ts) fills it in before any
// part reads it.

export interface PageState {
  games: PageGames;
  session: Session;
  /** The card picked up (by a click, a key or a drag), and the pile it lies on. */
  picked: { from: string; card: string } | null;
  /** The move the last hint named, lit on the board. */
  hinted: UiMove | null;
  /** While the replay is shown: after how many moves. */
  replayAt: number | null;
}

export const ui = { picked: null, hinted: null, replayAt: null } as PageState;

/** The plugin of the game in play. */
export const current = (): PagePlugin => ui.games.of(ui.session.settings);

export const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** Announces a line to people (the live region that screen readers read). */
export function say(text: string): void {
  const live = $('live');
  // A repeated message is announced again only if the region's text changes.
  live.textContent = live.textContent === text ? `${text}\u00a0` : text;
}
