// Pilstymas strategies in two compiled builds, in ONE process, on the same seeds: the way to say
// what a change did to the moves a game takes, to the games per second, and to who wins.
//
//   git worktree add ../old <rev> && (cd ../old && npx tsc -p tsconfig.json --noEmit false --outDir .bench-build)
//   npx tsc -p tsconfig.json --noEmit false --outDir .bench-build
//   node .bench-build/bench/pilstymas-builds.js OLD_BUILD NEW_BUILD same planner,planner 1..20
//       each seed's game(s) played by both builds, the build that goes first alternating by seed:
//       CPU seconds and games per CPU second of each, moves a game and a turn, and how many games
//       ended the same (winner and turns) in both, and how many were played move for move the same
//   node .bench-build/bench/pilstymas-builds.js OLD_BUILD NEW_BUILD league random,greedy,planner,ismcts,expert 1..2
//       the new build only: CPU seconds a game of each pairing (each seed in both seat orders),
//       and what a round robin of 1,000 games a pairing would take on 2 cores at those rates
//   node .bench-build/bench/pilstymas-builds.js OLD_BUILD NEW_BUILD mirror planner 1..100
//       the new build's strategy against the old build's, each seed in both seat orders: the new
//       one's share of decided games with its 95% Wilson interval
//   node .bench-build/bench/pilstymas-builds.js OLD_BUILD NEW_BUILD versus expert,planner 1..100 [samples=12,rootNodes=3000]
//       the new build's first strategy against the old build's second, each seed in both seat
//       orders: the first one's share of decided games with its 95% Wilson interval and the CPU
//       milliseconds a decision of each; options after the seeds go to the new build's expert
//       (ExpertOptions). Give the same build twice to pit two strategies of one build.
//
// A pairing of two different strategies plays each seed in both seat orders; a strategy against
// itself plays each seed once (its mirrored game is the same game). Both builds are asked only
// what every version has: dealFromSeed, playGame, makeStrategy.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { pct, wilson } from '../src/batch/stats.js';

// biome-ignore lint/suspicious/noExplicitAny: the two builds are of different versions
type Any = any;

const [oldDir, newDir, mode, pairing, seedText] = process.argv.slice(2);
if (!oldDir || !newDir || !['same', 'mirror', 'league', 'versus'].includes(mode) || !pairing || !seedText) {
  console.error(
    'usage: node <build>/bench/pilstymas-builds.js OLD_BUILD NEW_BUILD same|mirror|league|versus STRATEGIES FROM..TO [EXPERT_OPTIONS]',
  );
  process.exit(2);
}
const load = async (dir: string) => {
  const at = (p: string) => import(pathToFileURL(resolve(dir, p)).href);
  return {
    dealFromSeed: (await at('src/games/pilstymas/deal.js')).dealFromSeed,
    // Builds before the file's name was match.ts call it game.ts.
    playGame: (await at('src/games/pilstymas/match.js').catch(() => at('src/games/pilstymas/game.js'))).playGame,
    makeStrategy: (await at('src/games/pilstymas/strategies/index.js')).makeStrategy,
    ExpertStrategy: (await at('src/games/pilstymas/strategies/expert.js')).ExpertStrategy,
  } as Any;
};
const builds: Record<'old' | 'new', Any> = { old: await load(oldDir), new: await load(newDir) };
const [from, to] = seedText.split('..').map(Number);
const cpu = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1e6;
};

if (mode === 'same') {
  const [a, b] = pairing.split(',');
  const orders = a === b ? [true] : [true, false];
  const stat = {
    old: { secs: 0, games: 0, moves: 0, turns: 0, aWins: 0, bWins: 0, draws: 0 },
    new: { secs: 0, games: 0, moves: 0, turns: 0, aWins: 0, bWins: 0, draws: 0 },
  };
  let same = 0,
    sameMoves = 0,
    games = 0;
  const differ: string[] = [];
  for (let s = from; s <= to; s++) {
    const seed = String(s);
    for (const aFirst of orders) {
      const names = aFirst ? [a, b] : [b, a];
      const ends: Record<string, string> = {};
      const played: Record<string, string> = {};
      for (const k of s % 2 === 0 ? (['old', 'new'] as const) : (['new', 'old'] as const)) {
        const m = builds[k];
        const t0 = cpu();
        const r = m.playGame(
          m.dealFromSeed(seed),
          [m.makeStrategy(names[0], `${seed}:A`), m.makeStrategy(names[1], `${seed}:B`)],
          { record: true },
        );
        const st = stat[k];
        st.secs += cpu() - t0;
        st.games++;
        st.moves += r.moves.length;
        st.turns += r.turns;
        if (r.winner < 0) st.draws++;
        else if ((r.winner === 0) === aFirst) st.aWins++;
        else st.bWins++;
        ends[k] = `${r.winner} ${r.reason} ${r.turns}`;
        played[k] = r.moves.map((x: Any) => `${x.player}:${x.move}`).join(',');
      }
      games++;
      if (ends.old === ends.new) same++;
      if (played.old === played.new) sameMoves++;
      else differ.push(`${seed}${aFirst ? '' : ' (seats swapped)'}: old ${ends.old}, new ${ends.new}`);
    }
  }
  console.log(
    `${a} vs ${b}, seeds ${from}..${to}${a === b ? ', one game each' : ', both seat orders'}: ${games} games`,
  );
  for (const k of ['old', 'new'] as const) {
    const st = stat[k];
    console.log(
      `  ${k}: ${st.secs.toFixed(1)} CPU s, ${(st.games / st.secs).toFixed(2)} games per CPU s; ${(st.moves / st.games).toFixed(0)} moves a game, ${(st.moves / st.turns).toFixed(1)} a turn, ${(st.turns / st.games).toFixed(1)} turns a game; ${a} ${st.aWins}, ${b} ${st.bWins}, draws ${st.draws}`,
    );
  }
  console.log(
    `  new/old games per CPU s: ${(stat.old.secs / stat.new.secs).toFixed(2)}; games that ended the same (winner, reason, turns): ${same} of ${games}; played move for move the same: ${sameMoves} of ${games}`,
  );
  for (const d of differ) console.log(`  differs: seed ${d}`);
} else if (mode === 'league') {
  const names = pairing.split(',');
  const m = builds.new;
  let total = 0;
  for (let i = 0; i < names.length; i++)
    for (let j = i + 1; j < names.length; j++) {
      let secs = 0,
        games = 0;
      for (let s = from; s <= to; s++)
        for (const order of [
          [names[i], names[j]],
          [names[j], names[i]],
        ]) {
          const seed = String(s);
          const t0 = cpu();
          m.playGame(m.dealFromSeed(seed), [
            m.makeStrategy(order[0], `${seed}:A`),
            m.makeStrategy(order[1], `${seed}:B`),
          ]);
          secs += cpu() - t0;
          games++;
        }
      total += (1000 * secs) / games;
      console.log(`  ${names[i]} vs ${names[j]}: ${(secs / games).toFixed(3)} CPU s a game (${games} games)`);
    }
  console.log(
    `round robin, 1,000 games a pairing: ${(total / 3600).toFixed(2)} CPU hours, ${(total / 7200).toFixed(2)} hours on 2 cores`,
  );
} else if (mode === 'versus') {
  const [a, b] = pairing.split(',');
  const opts: Record<string, number> = {};
  for (const kv of (process.argv[7] ?? '').split(',').filter(Boolean)) {
    const [k, v] = kv.split('=');
    opts[k] = Number(v);
  }
  const m = builds.new;
  const make = (side: 'new' | 'old', seed: string) =>
    side === 'new' && a === 'expert'
      ? new m.ExpertStrategy(seed, opts)
      : builds[side].makeStrategy(side === 'new' ? a : b, seed);
  let aWins = 0,
    bWins = 0,
    draws = 0;
  const secs = { new: 0, old: 0 },
    decisions = { new: 0, old: 0 };
  const timed = (st: Any, k: 'old' | 'new') => ({
    name: st.name,
    choose: (v: Any) => {
      const t0 = cpu();
      const mv = st.choose(v);
      secs[k] += cpu() - t0;
      decisions[k]++;
      return mv;
    },
  });
  for (let s = from; s <= to; s++) {
    const seed = String(s);
    for (const aFirst of [true, false]) {
      const kinds = aFirst ? (['new', 'old'] as const) : (['old', 'new'] as const);
      const players = kinds.map((k, seat) => timed(make(k, `${seed}:${'AB'[seat]}`), k));
      const r = m.playGame(m.dealFromSeed(seed), players);
      if (r.winner < 0) draws++;
      else if ((r.winner === 0) === aFirst) aWins++;
      else bWins++;
    }
  }
  const w = wilson(aWins, aWins + bWins);
  const ms = (k: 'old' | 'new') => ((1000 * secs[k]) / decisions[k]).toFixed(2);
  console.log(
    `${a} (new build${Object.keys(opts).length ? ` ${process.argv[7]}` : ''}) vs ${b} (old build), seeds ${from}..${to} in both seat orders: ${aWins}-${bWins}, draws ${draws}; ${a}'s share of decided games ${pct(aWins / (aWins + bWins))}, 95% Wilson [${pct(w.lo)}, ${pct(w.hi)}]; CPU ms a decision: ${a} ${ms('new')}, ${b} ${ms('old')}`,
  );
} else {
  // The new build's game loop hands both strategies its views; a view is plain data, the same in both.
  const name = pairing;
  let newWins = 0,
    oldWins = 0,
    draws = 0;
  const secs = { old: 0, new: 0 };
  const timed = (st: Any, k: 'old' | 'new') => ({
    name: st.name,
    choose: (v: Any) => {
      const t0 = cpu();
      const m = st.choose(v);
      secs[k] += cpu() - t0;
      return m;
    },
  });
  const m = builds.new;
  for (let s = from; s <= to; s++) {
    const seed = String(s);
    for (const newFirst of [true, false]) {
      const kinds = newFirst ? (['new', 'old'] as const) : (['old', 'new'] as const);
      const players = kinds.map((k, seat) => timed(builds[k].makeStrategy(name, `${seed}:${'AB'[seat]}`), k));
      const r = m.playGame(m.dealFromSeed(seed), players);
      if (r.winner < 0) draws++;
      else if ((r.winner === 0) === newFirst) newWins++;
      else oldWins++;
    }
  }
  const w = wilson(newWins, newWins + oldWins);
  console.log(
    `${name}, new build vs old build, seeds ${from}..${to} in both seat orders: new ${newWins}, old ${oldWins}, draws ${draws}; new's share of decided games ${pct(newWins / (newWins + oldWins))}, 95% Wilson [${pct(w.lo)}, ${pct(w.hi)}]; CPU s in choose(): new ${secs.new.toFixed(1)}, old ${secs.old.toFixed(1)}`,
  );
}
