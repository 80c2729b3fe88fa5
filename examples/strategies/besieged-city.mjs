// A Besieged City strategy file (docs/strategies.md): foundations first, never deal while a
// trench move frees a card the foundations want.
//
//   patience batch besieged-city --seeds 1..100 --strategies greedy,./examples/strategies/besieged-city.mjs

export default function create() {
  return {
    name: 'foundations-first',
    choose(view) {
      const { moves, trenches, foundations } = view;
      // 1. Anything that goes to a foundation (a trench top, or the card just dealt).
      const toF = moves.find((m) => m.to === 'F');
      if (toF) return toF;
      // 2. An empty trench must be filled now: only fills are offered, take the first.
      if (view.pending) return moves[0];
      // 3. A trench-to-trench move that uncovers a card some foundation takes next.
      const wanted = new Set(Object.values(foundations).map((f) => f.next));
      const frees = moves.find((m) => {
        if (!m.from || !(m.from in trenches) || !(m.to in trenches)) return false;
        const pile = trenches[m.from];
        return pile.length >= 2 && wanted.has(pile[pile.length - 2]);
      });
      if (frees) return frees;
      // 4. Otherwise deal the next stock card, or, with the stock gone, any move left.
      return moves.find((m) => m.notation === 'deal') ?? moves[0];
    },
  };
}
