// The deals a no-peek player loses, and why: each deal `hindsight` (or `--player quick`) lost in a batch
// CSV is played again K times (strategy seeds 1..K, with records), each lost play is analysed
// (the losing move: analyse's verdicts, src/solitaire/analyse.ts), and its losing move judged
// bad luck or a mistake (luck.ts: over guesses of the cards the player
// has not seen, the share in which each legal move keeps the game winnable).
//
//   npm run build    # the plays are a batch of the built CLI
//   nice -n 10 npx tsx research/besieged-city/hindsight-lost.ts --from data/besieged-city/hindsight-1-2000.csv \
//       --plays 5 --worlds 40 --nodes 200000 --work /tmp/hindsight-lost \
//       --out data/besieged-city/hindsight-lost.csv
//
// The plays are kept in --work (plays.csv and records/): run again, the batch is not repeated.
// One row per lost play (a deal whose K plays were all won gets one row without them).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { besiegedCity } from '../../src/games/besieged-city/kit.js';
import { judgeLoss, MARGIN, SAFE } from './luck.js';
import { HindsightStrategy, QuickStrategy } from '../../src/games/besieged-city/strategies/hindsight.js';
import { playGame } from '../../src/games/besieged-city/strategies/play.js';
import type { BcDeal } from '../../src/games/besieged-city/deal.js';
import type { BcView } from '../../src/games/besieged-city/view.js';
import { lineVerdicts } from '../../src/solitaire/analyse.js';
import { readRecord } from '../../src/solitaire/record.js';

const args = process.argv.slice(2);
const arg = (name: string, dflt: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : dflt;
};
const player = arg('player', 'hindsight');
if (player !== 'hindsight' && player !== 'quick') throw new Error('--player: hindsight or quick');
const Player = player === 'quick' ? QuickStrategy : HindsightStrategy;
const from = arg('from', 'data/besieged-city/hindsight-1-2000.csv');
const plays = Number(arg('plays', '5'));
const worlds = Number(arg('worlds', '40'));
const nodes = Number(arg('nodes', '200000'));
const seed = arg('seed', '1');
const work = arg('work', '/tmp/hindsight-lost');
const out = arg('out', 'data/besieged-city/hindsight-lost.csv');
/** analyse's default budget per position (src/cli.ts ANALYSE_MAX_NODES, 256 MiB). */
const ANALYSE = { maxNodes: 100_000, memoryBytes: 256 << 20, policy: besiegedCity.searchPolicy };

function readCsv(file: string): Record<string, string>[] {
  const [head, ...rows] = readFileSync(file, 'utf8').trim().split('\n');
  const cols = head.split(',');
  return rows.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i], v])));
}

const lostSeeds = readCsv(from)
  .filter((r) => r[`won_${player}`] === 'false')
  .map((r) => Number(r.seed))
  .sort((a, b) => a - b);
console.log(`${from}: ${lostSeeds.length} deals lost by ${player}; ${plays} plays each`);

const playsCsv = join(work, 'plays.csv');
if (!existsSync(playsCsv)) {
  mkdirSync(work, { recursive: true });
  const cmd = [
    'dist/src/cli.js',
    'batch',
    'besieged-city',
    '--seeds',
    lostSeeds.join(','),
    '--workers',
    '1',
    '--max-nodes',
    '1000',
    '--strategies',
    player,
    '--strategy-seeds',
    String(plays),
    '--records',
    join(work, 'records'),
    '--out',
    playsCsv,
  ];
  console.log(`node ${cmd.join(' ')}`);
  const r = spawnSync(process.execPath, cmd, { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const bySeed = new Map<number, { k: number; won: boolean }[]>();
for (const r of readCsv(playsCsv)) {
  const s = Number(r.seed);
  if (!bySeed.has(s)) bySeed.set(s, []);
  bySeed.get(s)!.push({ k: Number(r.strategy_seed), won: r[`won_${player}`] === 'true' });
}

const HEAD = [
  'seed',
  'plays',
  'wins',
  'strategy_seed',
  'moves',
  'foundations',
  'losing_ply',
  'decision',
  'played',
  'best',
  'chance_before',
  'chance_after',
  'best_share',
  'unknown',
  'class',
  'chosen_by',
  'solves',
  'nodes',
];
const rows: string[] = [HEAD.join(',')];

/** How hindsight chose each move of its game with strategy seed k (the game played again, and
 *  checked to be the record's): by its guesses (votes of guesses held), by its planner when no
 *  guess was won, or as the only legal move. Keyed by ply, and "d" for a dealt card's place. */
function choices(deal: BcDeal, k: number, moves: readonly string[]): Map<string, string> {
  const s = new Player(String(k));
  const out = new Map<string, string>();
  const wrapped = {
    name: s.name,
    start: () => s.start(),
    choose: (v: BcView) => {
      const m = s.choose(v);
      const d = s.lastDecision;
      const how = v.legal().length === 1 ? 'only move' : d.planner ? 'planner' : `guesses ${d.votes}/${d.samples}`;
      out.set(`${v.ply}${v.dealt >= 0 ? 'd' : ''}`, how);
      return m;
    },
  };
  const g = playGame(deal, wrapped);
  if (g.moves.join() !== moves.join()) throw new Error(`strategy seed ${k}: the game played again is not the record's`);
  return out;
}
const tally = new Map<string, number>();
const t0 = performance.now();
for (const s of [...bySeed.keys()].sort((a, b) => a - b)) {
  const ps = bySeed.get(s)!.sort((a, b) => a.k - b.k);
  const wins = ps.filter((p) => p.won).length;
  const lost = ps.filter((p) => !p.won);
  if (lost.length === 0) rows.push([s, ps.length, wins, ...HEAD.slice(3).map(() => '')].join(','));
  for (const p of lost) {
    const file = join(work, 'records', `${s}-${player}.s${p.k}.json`);
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    const rec = readRecord(besiegedCity, doc, file);
    const how = choices(
      rec.deal,
      p.k,
      rec.moves.map((m) => m.move),
    );
    let v = lineVerdicts(besiegedCity, rec.deal, rec.line, ANALYSE);
    // Undecided at analyse's budget: ten times that.
    if (v.losingPly === null && v.verdicts.includes('unknown'))
      v = lineVerdicts(besiegedCity, rec.deal, rec.line, { ...ANALYSE, maxNodes: 10 * ANALYSE.maxNodes });
    const head = [s, ps.length, wins, p.k, rec.line.length, doc.result?.foundations ?? ''];
    const end = rec.line.length;
    // A game given up (or stuck) in a winnable position has no losing move: the resignation is
    // judged as the decision that lost it; stuck, only moves back to positions met were left.
    const resigned = doc.result?.reason === 'resigned';
    let losingPly = v.losingPly;
    if (losingPly === null && v.verdicts[end] === 'winnable' && resigned) losingPly = end + 1;
    if (losingPly === null) {
      const why =
        v.verdicts[end] === 'winnable' ? 'lost before' : v.verdicts[0] === 'lost' ? 'lost from the deal' : 'undecided';
      rows.push([...head, '', '', '', '', '', '', '', '', why, '', v.stats.searches, v.stats.nodes].join(','));
      tally.set(why, (tally.get(why) ?? 0) + 1);
      continue;
    }
    const j = judgeLoss(rec.deal, rec.line, losingPly, { worlds, nodes, seed });
    const f = (x: number) => x.toFixed(2);
    // Guesses whose verdict stayed unknown at the budget (counted as not kept): the played move's
    // and the best move's.
    const unknown = j.moves.filter((o) => o.move === j.played || o.move === j.best).reduce((a, o) => a + o.unknown, 0);
    const by = how.get(`${j.losingPly - 1}${j.decision === 'place' ? 'd' : ''}`) ?? '';
    rows.push(
      [
        ...head,
        j.losingPly,
        j.decision,
        j.played,
        j.best,
        f(j.before),
        f(j.after),
        f(j.bestShare),
        unknown,
        j.class,
        by,
        v.stats.searches + j.solves,
        v.stats.nodes + j.nodes,
      ].join(','),
    );
    tally.set(j.class, (tally.get(j.class) ?? 0) + 1);
    console.log(
      `${s} s${p.k}: move ${j.losingPly} of ${rec.line.length} (${j.decision}), ${j.played} ${f(j.after)} vs best ${j.best} ${f(j.bestShare)}, before ${f(j.before)}: ${j.class}; chosen by ${by}`,
    );
  }
}
writeFileSync(out, `${rows.join('\n')}\n`);
const secs = ((performance.now() - t0) / 1000).toFixed(0);
console.log(
  `${out}: ${[...tally].map(([k, n]) => `${n} ${k}`).join(', ')} (safe >= ${SAFE}, margin ${MARGIN}, ${worlds} guesses at ${nodes} nodes; ${secs} s)`,
);
