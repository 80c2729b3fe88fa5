import { formatCard, makeCard } from '../../cards/card.js';
import type { Numbering, PageLayout, PagePile, PagePlugin, PageWorker, Settings, UiMove } from '../../web/plugin.js';
import { SolitaireSession, solitaireAdvice } from '../../web/solitaire-session.js';
import {
  B2F,
  dealFromJson,
  dealFromSeed,
  moveCard,
  moveFrom,
  moveKind,
  moveTo,
  OPEN_HINT_NODES,
  OPEN_WINNABLE_NODES,
  P2F,
  P2P,
  type PtDeal,
  type PtPosition,
  parterre,
} from './core.js';
import { ptBoard } from './board.js';
import { dealToJson, withVariant } from './deal.js';
import { FROM_FOUNDATION } from './position.js';
import { PYSOLFC_NUMBERING, parsePysolfcNumber, pysolfcDeal } from './pysolfc.js';

// Parterre on the play page (src/web/plugin.ts): every card is face up, so a session is the
// kit's moves with the places they join, and the advice is the solver's on the open position.
// Any card of the bouquet may be played, not only its top one. The search's safe rule
// (PtSearch.forcedMove: a card of rank at most two above the lowest foundation goes home) makes
// the moves home the page makes by itself.

const SUITS = ['♠', '♥', '♦', '♣'];
const SWITCHES = [{ name: 'foundations', values: ['final', 'removable'] }];

const ptDeal = (s: Settings): PtDeal => {
  const d = s.dealJson ? dealFromJson(s.dealJson, 'deal file') : dealFromSeed(s.seed);
  return s.variant ? withVariant(d, s.variant, 'variant') : d;
};

/** The board's piles named in words, the parterre piles given room for a run down to an ace. */
const LAYOUT: PageLayout = {
  ...ptBoard.layout,
  piles: ptBoard.layout.piles.map((p): PagePile => {
    if (p.id === 'b') return { ...p, name: 'the bouquet' };
    if (/^F\d$/.test(p.id))
      return { ...p, label: SUITS[Number(p.id[1])], name: `the ${SUITS[Number(p.id[1])]} foundation` };
    return { ...p, name: `pile ${p.id}`, extent: 2.9 };
  }),
};

class PtSession extends SolitaireSession<PtDeal, PtPosition> {
  protected override readonly safeRule = true;

  constructor(settings: Settings) {
    super(settings, parterre, ptDeal(settings));
  }

  override get layout(): PageLayout {
    return LAYOUT;
  }

  wants(): Record<string, string> {
    const out: Record<string, string> = {};
    for (let s = 0; s < 4; s++)
      out[`F${s}`] = this.pos.found[s] >= 13 ? '' : formatCard(makeCard(this.pos.found[s] + 1, s));
    return out;
  }

  protected place(m: number): UiMove {
    const text = parterre.formatMove(m);
    const card = text.split(' ')[0];
    const suit = (moveCard(m) / 13) | 0;
    switch (moveKind(m)) {
      case P2F:
        return { text, card, from: `p${moveFrom(m)}`, to: `F${suit}` };
      case B2F:
        return { text, card, from: 'b', to: `F${suit}` };
      case P2P:
        return { text, card, from: `p${moveFrom(m)}`, to: `p${moveTo(m)}` };
      default: {
        const from = moveFrom(m);
        return { text, card, from: from >= FROM_FOUNDATION ? `F${suit}` : 'b', to: `p${moveTo(m)}` };
      }
    }
  }

  status(): string {
    return this.pos.won() ? 'Won.' : `${this.pos.bouquetCards().length} cards in the bouquet.`;
  }
}

/** PySolFC's game numbers on the page (the page's field for other deal numberings): the deal
 *  document of Flower Garden game N as PySolFC deals it, under PySolFC's rules (which the
 *  page's rule switches then show), and its title. */
export const pysolfcNumbering: Numbering = {
  key: PYSOLFC_NUMBERING.key,
  label: PYSOLFC_NUMBERING.title,
  parse(text) {
    const p = parsePysolfcNumber(text);
    if (!p.ok) return p;
    const deal = withVariant(pysolfcDeal(p.number), PYSOLFC_NUMBERING.variant!.text);
    return {
      ok: true,
      dealJson: JSON.stringify(dealToJson(deal)),
      title: `${PYSOLFC_NUMBERING.title} #${p.number.text}`,
      variant: PYSOLFC_NUMBERING.variant!.text,
    };
  },
};

export const page: PagePlugin = {
  name: parterre.name,
  title: parterre.title,
  switches: SWITCHES,
  example: parterre.exampleMove,
  openPiles: ['b'],
  advice: {
    hint: { running: 'hint', nodes: OPEN_HINT_NODES },
    winnable: { running: 'still winnable?', nodes: OPEN_WINNABLE_NODES },
  },
  session: (settings) => new PtSession(settings),
  numberings: [pysolfcNumbering],
  rules: { file: 'docs/rules/parterre.md', leaveOut: ['Playing in the terminal', 'Files'] },
  dealLists: { file: 'data/parterre/difficulty.csv', grades: parterre.difficulty!.grades, variant: '' },
  watch: { nodes: OPEN_WINNABLE_NODES },
  safeMoves:
    'a card goes home when its rank is at most two above the lowest foundation: the solver’s proved-safe rule, which never turns a winnable game into a lost one',
};

export const worker: PageWorker = {
  name: parterre.name,
  advise: (kind, s, opts) => solitaireAdvice(parterre, { deal: ptDeal(s.settings), moves: s.moves }, kind, opts),
};
