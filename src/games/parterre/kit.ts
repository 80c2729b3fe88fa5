import { PT_DIFFICULTY } from './difficulty.js';
import type { Solitaire } from '../../solitaire/kit.js';
import { ptBoard } from './board.js';
import { type PtDeal, dealFromJson, dealFromSeed, dealToJson, GAME, withVariant } from './deal.js';
import { formatMove, parseMove } from './notation.js';
import { MAX_MOVES, PtPosition } from './position.js';
import { renderPosition } from './render.js';
import { PT_POLICY } from './policy.js';
import { ptSearchGame } from './search-game.js';
import { DEFAULT_RULES, formatVariant, VARIANT_HELP } from './rules.js';
import { PYSOLFC_NUMBERING } from './pysolfc.js';
import { dealToSolvitaire, isSolvitaireDeal } from './solvitaire-file.js';

export const parterre: Solitaire<PtDeal, PtPosition> = {
  name: GAME,
  title: 'Parterre',
  cards: 52,
  exampleMove: '7D b>p3',
  dealFromSeed,
  dealFromJson,
  dealToJson,
  position: (deal) => new PtPosition(deal),
  searchGame: ptSearchGame,
  searchPolicy: PT_POLICY,
  difficulty: PT_DIFFICULTY,
  legalMoves: (pos, out) => pos.legalMoves(out),
  maxMoves: MAX_MOVES,
  formatMove,
  parseMove,
  // Everything in Parterre is visible: there is no stock to reveal.
  render: (pos, opts) => renderPosition(pos, { unicode: opts.unicode }),
  foundationCards: (pos) => pos.foundTotal,
  board: ptBoard,
  variants: {
    apply: withVariant,
    describe: (deal) => formatVariant(deal.rules ?? DEFAULT_RULES),
    help: VARIANT_HELP,
  },
  numberings: [PYSOLFC_NUMBERING],
  formats: [
    {
      name: 'solvitaire',
      describe:
        'Solvitaire\'s deal file (its "tableau piles" and "reserve"; cards only: solvitaire --type flower-garden plays foundations=removable)',
      claims: isSolvitaireDeal,
      write: dealToSolvitaire,
    },
  ],
};
