import type { StrategyFile } from '../../../strategies/contract.js';

// The page leaves a Žioplys player one choice: which opponent's waste takes a card that fits
// several (the centre, when it fits, comes first). The engine makes that choice in its hot loop
// by a chooser code (position.ts: CHOOSE_RULE, CHOOSE_SPITEFUL), so a built-in strategy is a
// setting of the engine, not an object; a strategy file is asked through the `external` hook
// of the engine's seats (seats.ts, CHOOSE_EXTERNAL).

/** A built-in strategy as the engine takes it. */
export interface BuiltinStrategy {
  /** Its canonical name. */
  name: string;
  /** The engine's chooser code. */
  chooser: number;
  /** The probability of missing each legal play (0: never). */
  miss: number;
}

/** The strategies of one game, one per seat. */
export interface Strategies {
  /** Canonical names, one per seat. */
  names: string[];
  chooser: number[];
  miss: number[];
  /** Per seat: the strategy file playing it, or null for a built-in. */
  files: (StrategyFile | null)[];
}
