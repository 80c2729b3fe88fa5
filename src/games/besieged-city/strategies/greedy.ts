import { FILL, R2T, T2F, T2T, moveCard, moveFrom, moveKind, moveTo } from '../position.js';
import { type BcView, DEAL, RESIGN } from '../view.js';
import { needDistance } from './eval.js';
import type { Strategy } from './strategy.js';

// A fixed priority, no look-ahead, deterministic:
//   1. a dealt card that fits goes to its foundation;
//   2. a forced gap fill takes the line's card needed soonest (it lands on top, ready for F);
//   3. trench tops to the foundations;
//   4. a trench-to-trench move that uncovers a card the foundation takes next;
//   5. reserve -> trench when it buries no card needed sooner (it also pulls the talon top, or a
//      new card, into the reserve), the card needed soonest first;
//   6. deal;
//   7. with the stock gone: reserve -> trench even when it buries a card.
// It never moves a card between trenches except to uncover a foundation card, which it then
// plays, so it never undoes its own move; with nothing left but such shuffles it resigns.

export class GreedyStrategy implements Strategy {
  readonly name = 'greedy';
  start(): void {}

  choose(view: BcView): number {
    const legal = view.legal();
    if (view.dealt >= 0) return legal[0]; // stock>F comes first when the card fits
    let best = RESIGN,
      bestScore = -1;
    for (const m of legal) {
      const s = score(view, m);
      if (s > bestScore) (best = m), (bestScore = s);
    }
    return best;
  }
}

function score(view: BcView, m: number): number {
  if (m === DEAL) return 200;
  const found = view.found,
    c = moveCard(m);
  switch (moveKind(m)) {
    case FILL:
      return 1000 - needDistance(found, c);
    case T2F:
      return 900;
    case T2T: {
      const pile = view.piles[moveFrom(m)];
      return pile.length >= 2 && needDistance(found, pile[pile.length - 2]) === 0 ? 800 : -1;
    }
    case R2T: {
      const target = view.piles[moveTo(m)];
      const under = needDistance(found, target[target.length - 1]),
        d = needDistance(found, c);
      if (under >= d) return 600 - d;
      // Burying a card needed sooner makes a blocker; allowing it before the stock is out (even
      // for cards needed late) only loses games (`npx tsx bench/strategies.ts --strategies greedy`).
      return view.stockLeft === 0 ? 100 - d : -1;
    }
    default:
      return -1;
  }
}
