// Žioplys throughput, single thread: `npx tsx bench/zioplys.ts [games per run] [players]`.
// Prints games/s for (a) the whole job (seeded shuffle + deal + play, as the batch does) and
// (b) the engine alone on pre-shuffled decks, for the default rules and for --no-wrap.
// Two builds (npx tsc -p tsconfig.json --noEmit false --outDir DIR, one per commit) compare by
// running each build's bench in turn, several times (`node DIR/bench/zioplys.js`): the engine's
// differences are a few percent, less than the spread of one run beside another on a shared
// machine, so compare the best rates of many alternating runs.
import { shuffledDeck } from '../src/cards/shuffle.js';
import { ZPosition, DEFAULT_VARIANT, type Variant } from '../src/games/zioplys/position.js';
import { job } from '../src/games/zioplys/job.js';

const games = Number(process.argv[2] ?? 50_000);
const players = Number(process.argv[3] ?? 4);

/** Runs fn three times after a warm-up and prints every rate; the machine is shared, so the best
 *  of three is the figure least disturbed by other processes. */
function time(label: string, fn: () => number): void {
  fn();
  const rates: number[] = [];
  let turns = 0;
  for (let r = 0; r < 3; r++) {
    const t0 = process.hrtime.bigint();
    turns = fn();
    rates.push(games / (Number(process.hrtime.bigint() - t0) / 1e9));
  }
  const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
  console.log(
    `${label.padEnd(40)} best ${fmt(Math.max(...rates)).padStart(7)} games/s  (runs: ${rates.map(fmt).join(', ')})  ${(turns / games).toFixed(1)} turns/game, ${games} games/run`,
  );
}

function engineOnly(variant: Variant): () => number {
  const decks = Array.from({ length: Math.min(games, 20_000) }, (_, i) =>
    Int8Array.from(shuffledDeck(String(i + 1), 1)),
  );
  const g = new ZPosition(players, variant);
  g.seats.set(new Array(players).fill(0), new Array(players).fill(0), null);
  return () => {
    let turns = 0;
    for (let i = 0; i < games; i++) {
      g.dealDeck(decks[i % decks.length]);
      g.play();
      turns += g.turns;
    }
    return turns;
  };
}

function wholeJob(noWrap: boolean): () => number {
  const config = { players, strategies: 'rule', noWrap };
  return () => {
    let turns = 0;
    for (let i = 0; i < games; i++) turns += Number(job.run(config, String(i + 1)).turns);
    return turns;
  };
}

console.log(`Žioplys, ${players} players, node ${process.version}, one thread`);
time('job (shuffle+deal+play), default rules', wholeJob(false));
time('engine only, default rules', engineOnly(DEFAULT_VARIANT));
time('engine only, --no-wrap', engineOnly({ wrap: false, alternateColours: false }));
