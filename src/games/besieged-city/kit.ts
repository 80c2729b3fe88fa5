import { BC_DIFFICULTY } from './difficulty.js';
import { formatCard } from '../../cards/card.js';
import type { Solitaire } from '../../solitaire/kit.js';
import { bcAdvisor } from './advice.js';
import { bcBoard } from './board.js';
import { type BcDeal, dealFromJson, dealFromSeed, dealToJson, GAME, withVariant } from './deal.js';
import { formatMove, parseMove } from './notation.js';
import { BcPosition, MAX_MOVES } from './position.js';
import { renderPosition } from './render.js';
import { DEFAULT_RULES, formatVariant, SWITCH_NAMES } from './rules.js';
import { BC_POLICY } from './policy.js';
import { BcSearch } from './search.js';
import { bcSeat } from './seat.js';
import { CHANCE_NAME, noPeekChance } from './chance.js';

export const besiegedCity: Solitaire<BcDeal, BcPosition> = {
  name: GAME,
  title: 'Besieged City',
  cards: 104,
  exampleMove: '7C r2c1>W2',
  dealFromSeed,
  dealFromJson,
  dealToJson,
  position: (deal) => new BcPosition(deal),
  searchGame: (deal) => new BcSearch(deal),
  searchPolicy: BC_POLICY,
  difficulty: BC_DIFFICULTY,
  legalMoves: (pos, out) => pos.moves(out),
  maxMoves: MAX_MOVES,
  formatMove,
  parseMove,
  render: renderPosition,
  foundationCards: (pos) => pos.foundTotal,
  board: bcBoard,
  hidden: {
    seat: bcSeat,
    turned: (pos) => pos.sp,
    card: (pos, i) => formatCard(pos.stock[i]),
    chance: noPeekChance,
    chanceName: CHANCE_NAME,
    advisor: bcAdvisor,
  },
  variants: {
    apply: withVariant,
    describe: (deal) => formatVariant(deal.rules ?? DEFAULT_RULES),
    help: `rule variant (docs/rules/besieged-city.md, § Variants): ${SWITCH_NAMES.join(', ')}, e.g. trench-order=ordinary,stock-to-foundation=no,trench-fill=deferred`,
  },
};
