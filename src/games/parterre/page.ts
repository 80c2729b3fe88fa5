import type { PagePlugin, PageWorker, Settings, UiMove } from '../../web/plugin.js';
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
import { dealToJson, withVariant } from './deal.js';
import { PYSOLFC_NUMBERING, parsePysolfcNumber, pysolfcDeal } from './pysolfc.js';

// Parterre on the play page (src/web/plugin.ts): every card is face up, so a session is the
// kit's moves with the places they join, and the advice is the solver's on the open position.
// Any card of the bouquet may be played, not only its top one.

const ptDeal = (s: Settings): PtDeal => (s.dealJson ? dealFromJson(s.dealJson, 'deal file') : dealFromSeed(s.seed));

class PtSession extends SolitaireSession<PtDeal, PtPosition> {
  constructor(settings: Settings) {
    super(settings, parterre, ptDeal(settings));
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
      default:
        return { text, card, from: 'b', to: `p${moveTo(m)}` };
    }
  }

  status(): string {
    return this.pos.won() ? 'Won.' : `${this.pos.bouquetCards().length} cards in the bouquet.`;
  }
}

export const page: PagePlugin = {
  name: parterre.name,
  title: parterre.title,
  switches: [],
  example: parterre.exampleMove,
  openPiles: ['b'],
  advice: {
    hint: { running: 'hint', nodes: OPEN_HINT_NODES },
    winnable: { running: 'still winnable?', nodes: OPEN_WINNABLE_NODES },
  },
  session: (settings) => new PtSession(settings),
};

export const worker: PageWorker = {
  name: parterre.name,
  advise: (kind, s, opts) => solitaireAdvice(parterre, { deal: ptDeal(s.settings), moves: s.moves }, kind, opts),
};

/** PySolFC's game numbers on the page (the page's field for other deal numberings): the deal
 *  document of Flower Garden game N as PySolFC deals it, under PySolFC's rules, and its title. */
export const pysolfcNumbering = {
  key: PYSOLFC_NUMBERING.key,
  label: PYSOLFC_NUMBERING.title,
  parse(text: string): { ok: true; dealJson: object; title: string } | { ok: false; reason: string } {
    const p = parsePysolfcNumber(text);
    if (!p.ok) return p;
    const deal = withVariant(pysolfcDeal(p.number), PYSOLFC_NUMBERING.variant!.text);
    return { ok: true, dealJson: dealToJson(deal), title: `${PYSOLFC_NUMBERING.title} #${p.number.text}` };
  },
};
