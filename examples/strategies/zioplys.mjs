// A Žioplys strategy file (docs/strategies.md). The rules leave one choice: when a card fits
// several opponents' wastes (and not the centre), which one takes it. This one loads the
// opponent nearest to going out (fewest reserve and waste cards); on a tie, the one who moves
// soonest after us.
//
//   patience batch zioplys --players 3 --strategies rule,./examples/strategies/zioplys.mjs,rule --seeds 1..1000

export default function create(ctx) {
  const soon = (seat) => (seat - ctx.seat + ctx.players) % ctx.players; // 1 = the next to move
  return {
    name: 'leader-loader',
    choose(view) {
      const held = (seat) => view.reserves[seat] + view.wastes[seat].length;
      const best = [...view.moves].sort((a, b) => held(a.seat) - held(b.seat) || soon(a.seat) - soon(b.seat));
      return best[0];
    },
  };
}
