import type { ReportSection } from '../../report/section.js';
import { countedRows, type Summary } from './summary.js';
import { DEFAULT_MAX_TURNS } from './match.js';
import { chart } from '../../report/chart.js';
import { esc, fixed, intText, seedRanges, table, val } from '../../report/html.js';
import { pct, pctFormat } from '../../batch/stats.js';
import { byRun, settingsFlags, shellWord } from '../../batch/settings.js';

// The report section of a Pilstymas tournament: who beats whom (a matrix with game counts),
// Bradley–Terry ratings with intervals, draws, and how long games last.

const signed = (x: number) => (Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${x.toFixed(0)}` : '–');

type Row = Record<string, string>;

export const pilstymasSection: ReportSection<Summary> = async (all, s) => {
  const rows = countedRows(all);
  const parts = [
    ...overview(s),
    '<h3>Who beats whom</h3>',
    await winMatrix(s),
    pairsTable(s),
    '<h3>Ratings</h3>',
    ratingsTable(s),
    await ratingsChart(s),
    '<h3>Game length</h3>',
    lengthTable(s),
    await lengthChart(rows),
  ];
  return { html: parts.filter((p) => p !== '').join('\n'), ...rerunCommands(rows) };
};

/** How many games, how they ended, and the draws with their interval. */
function overview(s: Summary): string[] {
  const reasons = Object.entries(s.reasons)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  const dp = pctFormat([s.draws.share, s.draws.lo, s.draws.hi]);
  return [
    `<p>${s.games.toLocaleString('en-US')} games${s.errors ? `, ${s.errors} errors` : ''}; ended by: ${esc(reasons || '–')}.</p>`,
    table(
      ['', 'games', 'drawn', 'draw %', '95% low', '95% high'],
      [
        [
          'all games',
          val('games', s.games),
          val('draws/count', s.draws.count),
          val('draws/share', s.draws.share, dp),
          val('draws/lo', s.draws.lo, dp),
          val('draws/hi', s.draws.hi, dp),
        ],
      ],
      'draws',
    ),
  ];
}

/** The matrix of win shares, both directions of each pairing: the row player's share of the
 *  decided games, with how many were decided ('' without pairings). */
async function winMatrix(s: Summary): Promise<string> {
  const cells = s.pairs.flatMap((p) => {
    const decided = p.aWins + p.bWins;
    const rate = decided ? p.aWins / decided : NaN;
    return [
      {
        row: p.a,
        col: p.b,
        rate: decided ? rate : null,
        label: decided ? pct(rate) : 'n/a',
        n: `${decided} of ${p.games}`,
      },
      {
        row: p.b,
        col: p.a,
        rate: decided ? 1 - rate : null,
        label: decided ? pct(1 - rate) : 'n/a',
        n: `${decided} of ${p.games}`,
      },
    ];
  });
  if (!cells.length) return '';
  const axis = { sort: s.ratings.map((r) => r.name), title: null };
  // Text on the darkest cells is white.
  const textColour = (value: string) => ({
    condition: { test: 'datum.rate != null && (datum.rate > 0.8 || datum.rate < 0.2)', value: 'white' },
    value,
  });
  return chart(
    'matrix',
    "Row player's win share of decided games against the column player; below it, decided games of all games played (draws are the rest).",
    {
      width: { step: 92 },
      height: { step: 58 },
      data: { values: cells },
      encoding: {
        x: { field: 'col', type: 'nominal', ...axis, axis: { orient: 'top', labelAngle: 0 } },
        y: { field: 'row', type: 'nominal', ...axis },
      },
      layer: [
        {
          mark: { type: 'rect', stroke: 'white', strokeWidth: 2 },
          encoding: {
            color: {
              field: 'rate',
              type: 'quantitative',
              scale: { scheme: 'redblue', domain: [0, 1] },
              legend: { title: 'win share', format: '.0%' },
            },
          },
        },
        {
          mark: { type: 'text', fontSize: 14, fontWeight: 600, dy: -7 },
          encoding: { text: { field: 'label' }, color: textColour('#111') },
        },
        {
          mark: { type: 'text', fontSize: 10, dy: 10 },
          encoding: { text: { field: 'n' }, color: textColour('#333') },
        },
      ],
    },
  );
}

/** Each pairing's wins, losses and draws, with the win share of decided games. */
function pairsTable(s: Summary): string {
  return table(
    ['pairing', 'games', 'wins', 'losses', 'draws', 'win % of decided', '95% low', '95% high', 'draw %', 'mean turns'],
    s.pairs.map((p, i) => {
      const f = pctFormat([p.aRate, p.lo, p.hi, p.drawRate]);
      return [
        `${p.a} vs ${p.b}`,
        val(`pairs/${i}/games`, p.games),
        val(`pairs/${i}/aWins`, p.aWins),
        val(`pairs/${i}/bWins`, p.bWins),
        val(`pairs/${i}/draws`, p.draws),
        val(`pairs/${i}/aRate`, p.aRate, f),
        val(`pairs/${i}/lo`, p.lo, f),
        val(`pairs/${i}/hi`, p.hi, f),
        val(`pairs/${i}/drawRate`, p.drawRate, f),
        val(`pairs/${i}/meanTurns`, p.meanTurns, fixed(1)),
      ];
    }),
    'pairs',
  );
}

function ratingsTable(s: Summary): string {
  return table(
    ['strategy', 'Elo (mean 0)', '95% low', '95% high', 'score', 'games'],
    s.ratings.map((r, i) => [
      r.name,
      val(`ratings/${i}/elo`, r.elo, signed),
      val(`ratings/${i}/lo`, r.lo, signed),
      val(`ratings/${i}/hi`, r.hi, signed),
      val(`ratings/${i}/score`, r.score, pct),
      val(`ratings/${i}/games`, r.games),
    ]),
    'ratings',
  );
}

/** The ratings with their intervals, strongest first. */
function ratingsChart(s: Summary): Promise<string> {
  const byElo = [...s.ratings].sort((x, y) => y.elo - x.elo);
  return chart(
    'ratings',
    "Bradley–Terry ratings on the Elo scale (mean 0; a draw counts half a win) with 95% intervals from the fit's Fisher information.",
    {
      width: 420,
      height: { step: 28 },
      data: { values: byElo },
      encoding: { y: { field: 'name', type: 'nominal', sort: byElo.map((r) => r.name), title: null } },
      layer: [
        {
          mark: { type: 'rule', strokeWidth: 2, color: '#2f6fb3' },
          encoding: { x: { field: 'lo', type: 'quantitative', title: 'rating (Elo scale)' }, x2: { field: 'hi' } },
        },
        {
          mark: { type: 'point', filled: true, size: 70, color: '#2f6fb3' },
          encoding: { x: { field: 'elo', type: 'quantitative' } },
        },
        {
          mark: { type: 'text', dy: -10, fontSize: 10 },
          encoding: {
            x: { field: 'elo', type: 'quantitative' },
            text: { field: 'elo', type: 'quantitative', format: '+.0f' },
          },
        },
      ],
    },
  );
}

function lengthTable(s: Summary): string {
  const t = s.turns;
  return table(
    ['', 'min', 'p10', 'median', 'p90', 'max', 'mean'],
    [
      [
        'turns',
        val('turns/min', t.min),
        val('turns/p10', t.p10),
        val('turns/p50', t.p50),
        val('turns/p90', t.p90),
        val('turns/max', t.max),
        val('turns/mean', t.mean, fixed(1)),
      ],
    ],
    'turns',
  );
}

/** The histogram of game lengths, by how the games ended ('' without games). */
async function lengthChart(rows: Row[]): Promise<string> {
  const lengths = rows
    .filter((r) => r.outcome !== 'error' && r.turns !== '')
    .map((r) => ({ turns: Number(r.turns), end: r.reason || r.outcome }));
  if (!lengths.length) return '';
  return chart('turns', 'Turns per game, by how the game ended (a draw at the turn cap lasts the whole cap).', {
    width: 560,
    height: 200,
    data: { values: lengths },
    mark: 'bar',
    encoding: {
      x: { field: 'turns', type: 'quantitative', bin: { maxbins: 40 }, title: 'turns' },
      y: { aggregate: 'count', type: 'quantitative', title: 'games' },
      color: { field: 'end', type: 'nominal', title: 'ended by' },
    },
  });
}

/** One command per distinct run, from the settings column; rows of a CSV written before it
 *  existed give the players and seeds, and the turn cap shows in games drawn at it. */
function rerunCommands(rows: Row[]): { settings: string[]; commands: string[] } {
  const commands: string[] = [];
  const settings: string[] = [];
  for (const [text, group] of byRun(rows)) {
    const seeds = ['--seeds', seedRanges(group.map((r) => r.seed))];
    if (text) {
      commands.push(['patience', 'tournament', 'pilstymas', ...seeds, ...settingsFlags(text)].map(shellWord).join(' '));
      settings.push(text);
      continue;
    }
    const players = [...new Set(group.flatMap((r) => [r.seatA, r.seatB]))];
    const capped = group.filter((r) => r.reason === 'max-turns').map((r) => Number(r.turns));
    const cap = capped.length ? Math.max(...capped) : undefined;
    commands.push(
      [
        'patience',
        'tournament',
        'pilstymas',
        ...seeds,
        '--players',
        players.join(','),
        ...(cap !== undefined && cap !== DEFAULT_MAX_TURNS ? ['--max-turns', String(cap)] : []),
      ]
        .map(shellWord)
        .join(' '),
    );
    settings.push(
      `players ${players.join(', ')}${cap !== undefined ? `; turn cap ${intText(cap)}` : ''} (a CSV without a settings column: the win rule is not in it)`,
    );
  }
  return { settings, commands };
}
