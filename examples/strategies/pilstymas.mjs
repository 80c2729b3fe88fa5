// A Pilstymas strategy file (docs/strategies.md): foundations first, then empty the own stock,
// then load the opponent's stock and waste, then build with the hand card; otherwise end the
// turn. It never moves a tableau card onto another pile, so its turns always end.
//
//   patience tournament pilstymas --players greedy,./examples/strategies/pilstymas.mjs --games 100

export default function create() {
  const first = (moves, test) => moves.find((m) => m.card !== null && test(m));
  return {
    name: 'unloader',
    choose({ moves }) {
      return (
        first(moves, (m) => m.to === 'F') ??
        first(moves, (m) => m.from === 'stock') ??
        first(moves, (m) => m.to === 'ostock' || m.to === 'owaste') ??
        first(moves, (m) => m.from === 'hand') ??
        moves.find((m) => m.notation === 'end' || m.notation === 'pass') ??
        moves[0]
      );
    },
  };
}
