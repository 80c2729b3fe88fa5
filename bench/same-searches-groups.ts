import type { BcDeal } from '../src/games/besieged-city/deal.js';
import { STUDY_READINGS } from '../src/games/besieged-city/rules.js';
import { BcExtras, BcSearch } from '../src/games/besieged-city/search.js';
import type { Algorithm } from '../src/search/solve.js';
import type { SearchMode } from '../src/search/types.js';

// The pinned searches (same-searches.ts prints them; compare-builds.ts times two builds on them):
// Besieged City auto at 200k nodes, seed 296's plain depth-first search at 2M, every rule variant
// on seeds 1..12, and Parterre at 1M nodes.

export interface Group {
  name: string;
  game: 'besieged-city' | 'parterre';
  seeds: number[];
  variants: string[];
  algorithm: Algorithm;
  maxNodes: number;
  /** Besieged City's depth-first search one move at a time, without plateau macro moves
   *  (moveByMove()). */
  noPlateaus?: boolean;
}

/** Besieged City's capability object telling the game, whatever the search, that it takes no
 *  macro moves: its plateaus stay off. */
class MoveByMoveExtras extends BcExtras {
  override beginSearch(mode: SearchMode): void {
    super.beginSearch({ ...mode, macros: false });
  }
}

/** Besieged City searched one move at a time (depth-first search without plateau macro moves). */
class BcMoveByMove extends BcSearch {
  override readonly extras: BcExtras = new MoveByMoveExtras(this);
}

/** The search game of a group with noPlateaus. */
export const moveByMove = (deal: BcDeal): BcSearch => new BcMoveByMove(deal);

const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
const BC_VARIANTS = [...STUDY_READINGS];
export const GROUPS: Group[] = [
  {
    name: 'bc-auto',
    game: 'besieged-city',
    seeds: range(1, 50),
    variants: ['default'],
    algorithm: 'auto',
    maxNodes: 200_000,
  },
  {
    name: 'bc-296',
    game: 'besieged-city',
    seeds: [296],
    variants: ['default'],
    algorithm: 'dfs',
    maxNodes: 2_000_000,
    noPlateaus: true,
  },
  {
    name: 'bc-variants',
    game: 'besieged-city',
    seeds: range(1, 12),
    variants: BC_VARIANTS,
    algorithm: 'auto',
    maxNodes: 200_000,
  },
  { name: 'pt', game: 'parterre', seeds: range(1, 50), variants: ['default'], algorithm: 'auto', maxNodes: 1_000_000 },
];
