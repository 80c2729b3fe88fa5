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

export const pilstymasSection: ReportSection<Summary> = async (all, s) => {
  const rows = countedRows(all);
  const parts: string[] = [];
  const reasons = Object.entries(s.reasons)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  parts.push(
    `<p>${s.games.toLocaleString('en-US')} games${s.errors ? `, ${s.errors} errors` : ''}; ended by: ${esc(reasons || '–')}.</p>`,
  );
  const dp = pctFormat([s.draws.share, s.draws.lo, s.draws.hi]);
  parts.push(
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
  );

  parts.push('<h3>Who beats whom</h3>');
  // Both directions of each pairing: the row player's share of the decided games.
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
  const names = s.ratings.map((r) => r.name);
  if (cells.length) {
    const axis = { sort: names, title: null };
    parts.push(
      await chart(
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
              encoding: {
                text: { field: 'label' },
                color: {
                  condition: { test: 'datum.rate != null && (datum.rate > 0.8 || datum.rate < 0.2)', value: 'white' },
                  value: '#111',
                },
              },
            },
            {
              mark: { type: 'text', fontSize: 10, dy: 10 },
              encoding: {
                text: { field: 'n' },
                color: {
                  condition: { test: 'datum.rate != null && (datum.rate > 0.8 || datum.rate < 0.2)', value: 'white' },
                  value: '#333',
                },
              },
            },
          ],
        },
      ),
    );
  }
  parts.push(
    table(
      [
        'pairing',
        'games',
        'wins',
        'losses',
        'draws',
        'win % of decided',
        '95% low',
        '95% high',
        'draw %',
        'mean turns',
      ],
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
    ),
  );

  parts.push('<h3>Ratings</h3>');
  parts.push(
    table(
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
    ),
  );
  const byElo = [...s.ratings].sort((x, y) => y.elo - x.elo);
  parts.push(
    await chart(
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
    ),
  );

  parts.push('<h3>Game length</h3>');
  const t = s.turns;
  parts.push(
    table(
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
    ),
  );
  const lengths = rows
    .filter((r) => r.outcome !== 'error' && r.turns !== '')
    .map((r) => ({ turns: Number(r.turns), end: r.reason || r.outcome }));
  if (lengths.length) {
    parts.push(
      await chart('turns', 'Turns per game, by how the game ended (a draw at the turn cap lasts the whole cap).', {
        width: 560,
        height: 200,
        data: { values: lengths },
        mark: 'bar',
        encoding: {
          x: { field: 'turns', type: 'quantitative', bin: { maxbins: 40 }, title: 'turns' },
          y: { aggregate: 'count', type: 'quantitative', title: 'games' },
          color: { field: 'end', type: 'nominal', title: 'ended by' },
        },
      }),
    );
  }

  // One command per distinct run, from the settings column; rows of a CSV written before it
  // existed give the players and seeds, and the turn cap shows in games drawn at it.
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
  return { html: parts.join('\n'), settings, commands };
};
