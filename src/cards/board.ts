// A game's position drawn as piles of cards, for the replay page (and any other surface that
// shows a board): plain data, so that a game's core can make it without a page or a terminal.

/** A game played out for the replay page: a layout of named piles and the cards on each pile
 *  before the first move and after every move (bottom card first; "??" is a face-down card). */
export interface Replay {
  title: string;
  /** Lines under the title: the deal, the result. */
  notes: string[];
  /** Piles placed on a grid of cells; `fan` is the direction the pile spreads. */
  layout: { columns: number; rows: number; piles: ReplayPile[] };
  moves: { text: string; player?: string }[];
  /** frames[k]: the position after k moves (frames.length = moves.length + 1). */
  frames: Record<string, string[]>[];
  /** An analysis of the line (`analyse --json`), drawn over the moves: at each ply (0..moves)
   *  the verdict and, when estimated, the chance with its interval; the losing move marked. */
  /** Plays `moves` from the position after `from` moves of the line: null when each is legal
   *  and they win, else why not. Checks an analysis's continuation; not part of the page's data
   *  (JSON leaves a function out). */
  playLine?: (from: number, moves: readonly string[]) => string | null;
  analysis?: {
    points: { verdict: string; chance?: { p: number; lo: number; hi: number } }[];
    losingPly: number | null;
    /** A winning line from the position after `from` moves (before the losing move, or the last). */
    continuation?: { from: number; moves: string[] };
  };
}

/** How a game draws a position on the replay page: the layout, and the cards on each pile. */
export interface Board<P> {
  layout: Replay['layout'];
  cards: (pos: P) => Record<string, string[]>;
}

export interface ReplayPile {
  id: string;
  label: string;
  row: number;
  column: number;
  fan: 'none' | 'up' | 'down' | 'left' | 'right';
  /** Cells the pile spans to its right (default 1). */
  span?: number;
}
