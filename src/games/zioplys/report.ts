import type { ReportSection } from '../../report/section.js';
import { countedRows, type PlayersSummary, type Share } from './summary.js';
import { chart } from '../../report/chart.js';
import { fixed, seedRanges, table, val } from '../../report/html.js';
import { pctFormat, pcts } from '../../batch/stats.js';
import { byRun, settingsFlags, shellWord } from '../../batch/settings.js';

// The report section of Žioplys batches: is the game fair (who loses, by seat, per player
// count), how long games last, and whether any never ends.

type Row = Record<string, string>;

const rowPct = (x: Share) => pctFormat([x.share, x.low, x.high]);

export const zioplysSection: ReportSection<PlayersSummary[]> = async (all, sums) => {
  const rows = countedRows(all);
  const parts = [
    '<h3>Who loses: by seat</h3>',
    await seatChart(sums),
    seatTable(sums),
    strategyTable(sums),
    '<h3>Game length</h3>',
    lengthTable(sums),
    await lengthChart(rows),
    '<h3>Games that never end</h3>',
    cycleTable(sums),
    await cycleChart(sums),
  ];
  return { html: parts.filter((p) => p !== '').join('\n'), ...rerunCommands(rows) };
};

/** Each seat's share of the losses, per player count, against the fair share ('' without
 *  games with a loser). */
async function seatChart(sums: readonly PlayersSummary[]): Promise<string> {
  const seats = sums.flatMap((s) =>
    s.loserBySeat.map((x, seat) => ({
      players: `${s.players} players`,
      seat: `seat ${seat}`,
      rate: x.share,
      lo: x.low,
      hi: x.high,
      fair: 1 / s.players,
    })),
  );
  if (!seats.length) return '';
  return chart(
    'seats',
    'Share of the games with a loser that each seat lost, with 95% Wilson intervals; the grey tick is the fair share 1/players.',
    {
      data: { values: seats },
      facet: {
        column: { field: 'players', type: 'nominal', title: null, sort: sums.map((s) => `${s.players} players`) },
      },
      resolve: { scale: { x: 'independent' } },
      spec: {
        width: { step: 34 },
        height: 220,
        encoding: { x: { field: 'seat', type: 'nominal', title: null, axis: { labelAngle: -45 } } },
        layer: [
          {
            mark: { type: 'tick', color: '#999', thickness: 2, size: 26 },
            encoding: { y: { field: 'fair', type: 'quantitative' } },
          },
          {
            mark: { type: 'rule', strokeWidth: 2, color: '#2f6fb3' },
            encoding: {
              y: { field: 'lo', type: 'quantitative', title: 'loser share', axis: { format: '.0%' } },
              y2: { field: 'hi' },
            },
          },
          {
            mark: { type: 'point', filled: true, size: 50, color: '#2f6fb3' },
            encoding: { y: { field: 'rate', type: 'quantitative' } },
          },
        ],
      },
    },
  );
}

function seatTable(sums: readonly PlayersSummary[]): string {
  return table(
    ['players', 'seat', 'lost', 'of games with a loser', 'share', '95% low', '95% high'],
    sums.flatMap((s, i) =>
      s.loserBySeat.map((x, seat) => [
        seat === 0 ? String(s.players) : '',
        String(seat),
        val(`${i}/loserBySeat/${seat}/count`, x.count),
        val(`${i}/loserBySeat/${seat}/of`, x.of),
        val(`${i}/loserBySeat/${seat}/share`, x.share, rowPct(x)),
        val(`${i}/loserBySeat/${seat}/low`, x.low, rowPct(x)),
        val(`${i}/loserBySeat/${seat}/high`, x.high, rowPct(x)),
      ]),
    ),
    'seats',
  );
}

/** Who loses by strategy, for the player counts where seats played different ones ('' where
 *  none did). */
function strategyTable(sums: readonly PlayersSummary[]): string {
  const mixed = sums.map((s, i) => [s, i] as const).filter(([s]) => Object.keys(s.loserByStrategy).length > 1);
  if (!mixed.length) return '';
  return table(
    ['players', 'strategy', 'lost', 'seats played', 'share', '95% low', '95% high'],
    mixed.flatMap(([s, i]) =>
      Object.entries(s.loserByStrategy).map(([k, x], j) => [
        j === 0 ? String(s.players) : '',
        k,
        val(`${i}/loserByStrategy/${k}/count`, x.count),
        val(`${i}/loserByStrategy/${k}/of`, x.of),
        val(`${i}/loserByStrategy/${k}/share`, x.share, rowPct(x)),
        val(`${i}/loserByStrategy/${k}/low`, x.low, rowPct(x)),
        val(`${i}/loserByStrategy/${k}/high`, x.high, rowPct(x)),
      ]),
    ),
    'strategies',
  );
}

function lengthTable(sums: readonly PlayersSummary[]): string {
  return table(
    ['players', 'games ended', 'min', 'p10', 'median', 'p90', 'p99', 'max', 'mean'],
    sums.map((s, i) => [
      String(s.players),
      val(`${i}/withLoser`, s.withLoser),
      val(`${i}/turns/min`, s.turns.min),
      val(`${i}/turns/p10`, s.turns.p10),
      val(`${i}/turns/p50`, s.turns.p50),
      val(`${i}/turns/p90`, s.turns.p90),
      val(`${i}/turns/p99`, s.turns.p99),
      val(`${i}/turns/max`, s.turns.max),
      val(`${i}/turns/mean`, s.turns.mean, fixed(1)),
    ]),
    'turns',
  );
}

/** The spread of the lengths of the games that ended, by player count ('' without any). */
async function lengthChart(rows: Row[]): Promise<string> {
  const lengths = rows
    .filter((r) => r.outcome === 'loser' && !r.error)
    .map((r) => ({ players: Number(r.players), turns: Number(r.turns) }))
    .filter((x) => Number.isFinite(x.turns));
  if (!lengths.length) return '';
  return chart(
    'turns',
    'Turns of the games that ended, by player count: box from p25 to p75 with the median, whiskers to min and max.',
    {
      width: 480,
      height: { step: 34 },
      data: { values: lengths },
      mark: { type: 'boxplot', extent: 'min-max', size: 20, median: { color: 'white' } },
      encoding: {
        y: { field: 'players', type: 'ordinal', title: 'players' },
        x: { field: 'turns', type: 'quantitative', title: 'turns', scale: { zero: false } },
        color: { value: '#2f6fb3' },
      },
    },
  );
}

function cycleTable(sums: readonly PlayersSummary[]): string {
  return table(
    ['players', 'games', 'cycles', 'share', '95% low', '95% high', 'stopped at the turn cap', 'errors'],
    sums.map((s, i) => [
      String(s.players),
      val(`${i}/games`, s.games),
      val(`${i}/cycles/count`, s.cycles.count),
      val(`${i}/cycles/share`, s.cycles.share, rowPct(s.cycles)),
      val(`${i}/cycles/low`, s.cycles.low, rowPct(s.cycles)),
      val(`${i}/cycles/high`, s.cycles.high, rowPct(s.cycles)),
      val(`${i}/limits`, s.limits),
      val(`${i}/errors`, s.errors),
    ]),
    'cycles',
  );
}

/** The share of games that never end, per player count, with its interval and counts. */
function cycleChart(sums: readonly PlayersSummary[]): Promise<string> {
  // The axis runs to 10% at least: zoomed in to a bound of 0.04% (0 of 10,000), an interval would
  // fill the width and look wide. Each row says how many games it counts.
  const cycleMax = Math.max(0.1, ...sums.map((s) => s.cycles.high));
  return chart(
    'cycles',
    'Share of games found to repeat a whole position (they would never end), with 95% Wilson intervals.',
    {
      width: 420,
      height: { step: 26 },
      data: {
        values: sums.map((s) => ({
          players: `${s.players} players`,
          rate: s.cycles.share,
          lo: s.cycles.low,
          hi: s.cycles.high,
          text: `${pcts([s.cycles.share, s.cycles.low, s.cycles.high])[0]} (${s.cycles.count.toLocaleString('en-US')} of ${s.cycles.of.toLocaleString('en-US')})`,
        })),
      },
      encoding: {
        y: { field: 'players', type: 'nominal', title: null, sort: sums.map((s) => `${s.players} players`) },
      },
      layer: [
        {
          mark: { type: 'bar', color: '#d1573b', height: 12 },
          encoding: {
            x: {
              field: 'rate',
              type: 'quantitative',
              title: 'games that cycle',
              axis: { format: '.0%' },
              scale: { domain: [0, cycleMax], nice: true },
            },
          },
        },
        {
          mark: { type: 'rule', strokeWidth: 2 },
          encoding: { x: { field: 'lo', type: 'quantitative' }, x2: { field: 'hi' } },
        },
        {
          mark: { type: 'point', filled: true, size: 50, color: '#111' },
          encoding: { x: { field: 'rate', type: 'quantitative' } },
        },
        {
          mark: { type: 'text', align: 'left', dx: 8, fontSize: 10 },
          encoding: { x: { field: 'hi', type: 'quantitative' }, text: { field: 'text' } },
        },
      ],
    },
  );
}

/** One command per distinct run, from the settings column (rows of a CSV written before it
 *  existed: by their strategies, and without the rule variants, which they do not record). */
function rerunCommands(rows: Row[]): { settings: string[]; commands: string[] } {
  const commands: string[] = [];
  const settings: string[] = [];
  const command = (group: Row[], extra: string[]) =>
    [
      'patience',
      'batch',
      'zioplys',
      '--players',
      seedRanges(group.map((r) => r.players)),
      '--seeds',
      seedRanges(group.map((r) => r.seed)),
      ...extra,
    ]
      .map(shellWord)
      .join(' ');
  for (const [text, group] of byRun(rows)) {
    if (text) {
      commands.push(command(group, settingsFlags(text)));
      settings.push(text);
      continue;
    }
    const byStrategies = new Map<string, Row[]>();
    for (const r of group) {
      const names = r.strategies ?? '';
      const one = new Set(names.split(',')).size === 1 ? names.split(',')[0] : names;
      if (!byStrategies.has(one)) byStrategies.set(one, []);
      byStrategies.get(one)!.push(r);
    }
    for (const [st, g] of byStrategies) {
      commands.push(command(g, st && st !== 'rule' ? ['--strategies', st] : []));
      settings.push(`strategies ${st || 'rule'} (a CSV without a settings column: rule variants are not in it)`);
    }
  }
  return { settings, commands };
}
