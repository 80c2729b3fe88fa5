import * as bc from '../../games/besieged-city/core.js';
import * as pt from '../../games/parterre/core.js';
import * as pil from '../../games/pilstymas/core.js';
import { bcDeal, pilDeal, pilRule, ptDeal, type Settings } from './model.js';

// What the page's worker runs: the advice API of the one-player games (src/solitaire/advice.ts,
// exported by their cores: hint and winnable as tasks in bounded steps), and for Pilstymas the
// opponent's move and a hint from the expert. A game comes as the page holds it (settings and
// moves in notation); nothing here reads Besieged City's stock unless the spoiler is asked for:
// its hint and its chance come from hindsight (the strongest player that does not peek) given
// the player's view only.

/** What the page sends: the game, its moves, and for Besieged City a dealt card waiting. */
export interface GameState {
  settings: Settings;
  moves: string[];
  dealtWaiting?: boolean;
}

export type AdviceKind = 'hint' | 'winnable' | 'spoiler';
export type HintAdvice = bc.Hint;
export type WinnableAdvice = bc.Winnable;
export type Advice = HintAdvice | WinnableAdvice;

/** The node budget a request gets when the page names none: the advice API's defaults. */
export function defaultBudget(game: Settings['game'], kind: AdviceKind): number {
  if (game === 'besieged-city')
    return kind === 'hint' ? bc.BC_HINT_NODES : kind === 'spoiler' ? bc.BC_EXACT_NODES : bc.BC_CHANCE_NODES;
  if (game === 'parterre') return kind === 'hint' ? pt.OPEN_HINT_NODES : pt.OPEN_WINNABLE_NODES;
  return PIL_HINT_NODES;
}

/** The expert's own budget (its root search, in positions): the Pilstymas hint's. */
const PIL_HINT_NODES = pil.EXPERT_DEFAULTS.rootNodes;

/** The advice as a task: step() until done. `poll` sees the nodes spent, about every 128. */
export function adviceTask(
  kind: AdviceKind,
  s: GameState,
  maxNodes: number | undefined,
  poll: (nodes: number) => boolean,
): bc.Task<Advice> {
  const opts = { maxNodes, poll };
  switch (s.settings.game) {
    case 'besieged-city': {
      const game = { deal: bcDeal(s.settings), moves: s.moves, dealt: s.dealtWaiting === true };
      if (kind === 'hint') return bc.hint(bc.besiegedCity, game, opts);
      return bc.winnable(bc.besiegedCity, game, { ...opts, spoiler: kind === 'spoiler', line: true });
    }
    case 'parterre': {
      const game = { deal: ptDeal(s.settings), moves: s.moves };
      if (kind === 'hint') return pt.hint(pt.parterre, game, opts);
      return pt.winnable(pt.parterre, game, { ...opts, line: true });
    }
    case 'pilstymas':
      if (kind !== 'hint') throw new Error('Pilstymas has no "winnable": it is a game of two players');
      return { step: () => ({ done: true, result: pilHint(s) }) };
  }
}

function pilPosition(s: GameState): pil.PilPosition {
  const pos = pil.PilPosition.fromDeal(pilDeal(s.settings), pilRule(s.settings));
  for (const m of s.moves) {
    const p = pil.parseMove(pos, m);
    if (!p.ok) throw new Error(`move "${m}": ${p.reason}`);
    pos.make(p.move);
  }
  return pos;
}

/** Pilstymas: what the expert would play in the person's seat, seeing only that seat's view. */
function pilHint(s: GameState): bc.Hint {
  const pos = pilPosition(s);
  const move = pil.formatMove(pil.makeStrategy('expert', 'hint').choose(pil.viewOf(pos, pos.turn)));
  return {
    move,
    by: 'expert',
    text: `hint: ${move} (the expert strategy, seeing only your view)`,
    nodes: 0,
    stopped: false,
  };
}

/** The opponent (B) of Pilstymas: one strategy per game, kept between its moves (a planner
 *  remembers where its turns ended). */
let opponent: { key: string; strategy: pil.Strategy } | null = null;

export function aiMove(s: GameState): string {
  const pos = pilPosition(s);
  const key = `${s.settings.seed}|${JSON.stringify(s.settings.dealJson ?? null)}|${s.settings.variant}|${s.settings.ai}`;
  if (!opponent || opponent.key !== key) {
    // Seeded as the terminal's games seed B (deal seed and seat).
    opponent = { key, strategy: pil.makeStrategy(s.settings.ai, `${s.settings.seed || 'file'}:B`) };
  }
  return pil.formatMove(opponent.strategy.choose(pil.viewOf(pos, 1)));
}
