import { PilPosition } from '../position.js';
import { type PilView, holdsView, loadView } from '../view.js';
import type { Strategy } from './strategy.js';
import { LinePlan, TurnMemory } from './turn.js';
import { TurnSearch } from './turn-search.js';

/** Searches the mover's own move sequences within the turn (TurnSearch, turn-search.ts) from the
 *  position the view shows (hidden cards unknown: a move that turns one up leaves an unknown
 *  card that no line of this search can use), scoring every reachable position as if the turn
 *  ended there. The best line is then followed move by move while the view matches what the
 *  line expects; once a hidden card has been turned up (the view differs) the planner searches
 *  again from there. Following the line instead of re-searching after every move keeps
 *  equal-score lines from undoing each other. The planner remembers where its turns ended
 *  (TurnMemory) and scores a turn that would end there again lower, so that it leaves a loop
 *  of turns that change nothing when it has anything else to try. */
export class PlannerStrategy implements Strategy {
  readonly name = 'planner';
  private pos = new PilPosition();
  private search = new TurnSearch(1);
  private memory = new TurnMemory();
  private plan = new LinePlan();
  /** Positions a search: small, since the turn search keeps one entry for a position and its
   *  pile permutations and tries shedding moves first, so the good ends of a turn come early. */
  constructor(private budget = 100) {}

  choose(view: PilView): number {
    const pos = this.pos;
    if (!holdsView(pos, view)) loadView(pos, view);
    if (!this.plan.applies(pos)) {
      this.search.run(pos, this.budget, this.memory);
      this.plan.set(this.search.line(0));
    }
    return this.plan.next(pos, this.memory);
  }
}
