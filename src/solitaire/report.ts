import { dealRows, dedupe, solvableText, type SolvabilitySummary } from './solvability.js';
import type { DifficultySummary } from './difficulty.js';
import type { ReportSection } from '../report/section.js';
import { chart, intervalSpec } from '../report/chart.js';
import { esc, intText, msText, seedRanges, table, val } from '../report/html.js';
import { pctFormat } from '../batch/stats.js';
import { byRun, settingsFlags, shellWord } from '../batch/settings.js';

/** One colour per outcome in every chart. */
const OUTCOME_COLORS = { solved: '#2f6fb3', unsolvable: '#d1573b', unknown: '#8a8a8a', error: '#b5332f' };

// The report section of a one-player game with a solver (Besieged City, Parterre): outcome
// shares, time to decide, solution lengths, and strategies' win rates beside % solvable.

type CsvRow = Record<string, string>;

export const solitaireSection: ReportSection<SolvabilitySummary> = async (all, s) => {
  const rows = dealRows(dedupe(all).rows); // the rows the summary counted, one per deal
  const game = rows[0]?.game ?? '';
  const parts: string[] = [
    `<p>${s.deals.toLocaleString('en-US')} deals. Solvable: ${esc(solvableText(s.solvable)).replace(/^(\S+)/, '<b>$1</b>')}` +
      ` (undecided deals count as unsolvable for the lower bound, solvable for the upper).</p>`,
    ...(await outcomesPart(s)),
    ...(await timePart(s, rows)),
    ...(await lengthPart(rows)),
    ...(await strategiesPart(s)),
    ...notes(s),
  ];
  if (s.difficulty) parts.push(await difficultyPart(s.difficulty));
  return {
    html: parts.join('\n'),
    settings: [...byRun(all).keys()].filter(Boolean),
    commands: rerunCommands(all, game),
  };
};

/** The outcomes' shares and the share solvable, as tables and a chart. */
async function outcomesPart(s: SolvabilitySummary): Promise<string[]> {
  // Each row's percentages share their decimals (src/batch/stats.ts).
  const outcomes = table(
    ['outcome', 'deals', 'share', '95% low', '95% high'],
    s.outcomes.map((o, i) => {
      const p = pctFormat([o.share, o.lo, o.hi]);
      return [
        o.outcome,
        val(`outcomes/${i}/count`, o.count),
        val(`outcomes/${i}/share`, o.share, p),
        val(`outcomes/${i}/lo`, o.lo, p),
        val(`outcomes/${i}/hi`, o.hi, p),
      ];
    }),
    'outcomes',
  );
  const sp = pctFormat([s.solvable.proven, s.solvable.lo, s.solvable.hi]);
  const solvable = table(
    ['solvable', 'proven', '95% low', '95% high'],
    [
      [
        'solved, or possibly',
        val('solvable/proven', s.solvable.proven, sp),
        val('solvable/lo', s.solvable.lo, sp),
        val('solvable/hi', s.solvable.hi, sp),
      ],
    ],
    'solvable',
  );
  return [
    '<h3>Outcomes</h3>',
    outcomes,
    solvable,
    await chart(
      'outcomes',
      'Share of deals by outcome, with 95% Wilson intervals.',
      intervalSpec(
        s.outcomes.map((o) => ({ label: o.outcome, rate: o.share, lo: o.lo, hi: o.hi, kind: o.outcome })),
        { title: 'share of deals', colors: OUTCOME_COLORS },
      ),
    ),
  ];
}

/** The time to decide a deal: its quantiles, and a histogram of the deals' times by outcome. */
async function timePart(s: SolvabilitySummary, rows: CsvRow[]): Promise<string[]> {
  const parts = [
    '<h3>Time to decide</h3>',
    table(
      ['deals', 'median', 'p90', 'p99', 'max', 'solved: median', 'solved: p95', 'nodes/s per worker'],
      [
        [
          'all but errors',
          val('ms/median', s.ms.median, msText),
          val('ms/p90', s.ms.p90, msText),
          val('ms/p99', s.ms.p99, msText),
          val('ms/max', s.ms.max, msText),
          ...(s.solvedMs
            ? [val('solvedMs/median', s.solvedMs.median, msText), val('solvedMs/p95', s.solvedMs.p95, msText)]
            : ['–', '–']),
          val('nodesPerSecond', s.nodesPerSecond),
        ],
      ],
      'time',
    ),
  ];
  const timed = rows
    .filter((r) => r.outcome !== 'error' && r.ms !== '')
    .map((r) => ({ ms: Math.max(1, Number(r.ms)), outcome: r.outcome }));
  if (timed.length === 0) return parts;
  // Four bins a decade, on a log axis: most deals take milliseconds, the undecided the full budget.
  parts.push(
    await chart(
      'time',
      'Wall time per deal on a log scale (four bins a decade; times under 1 ms count as 1 ms); unknown deals stop at the limit.',
      {
        width: 560,
        height: 220,
        data: { values: timed },
        transform: [
          { calculate: 'pow(10, floor(log(datum.ms) / LN10 * 4) / 4)', as: 'lo' },
          { calculate: 'datum.lo * pow(10, 0.25)', as: 'hi' },
          { aggregate: [{ op: 'count', as: 'deals' }], groupby: ['lo', 'hi', 'outcome'] },
        ],
        mark: { type: 'rect', stroke: 'white', strokeWidth: 0.5 },
        encoding: {
          x: { field: 'lo', type: 'quantitative', scale: { type: 'log' }, title: 'time to decide (ms, log scale)' },
          x2: { field: 'hi' },
          y: { aggregate: 'sum', field: 'deals', type: 'quantitative', stack: 'zero', title: 'deals' },
          color: {
            field: 'outcome',
            type: 'nominal',
            scale: {
              domain: Object.keys(OUTCOME_COLORS).slice(0, 3),
              range: Object.values(OUTCOME_COLORS).slice(0, 3),
            },
            title: 'outcome',
          },
        },
      },
    ),
  );
  return parts;
}

/** A histogram of the solutions' lengths, by who found them (none without a solved deal). */
async function lengthPart(rows: CsvRow[]): Promise<string[]> {
  const lengths = rows
    .filter((r) => r.outcome === 'solved' && r.moves !== '' && Number.isFinite(Number(r.moves)))
    .map((r) => ({ moves: Number(r.moves), source: r.source || 'solver' }));
  if (lengths.length === 0) return [];
  return [
    '<h3>Solution length</h3>',
    await chart('length', 'Moves in the solution found (not the shortest unless the solver ran with --optimal).', {
      width: 560,
      height: 200,
      data: { values: lengths },
      mark: { type: 'bar' },
      encoding: {
        x: { field: 'moves', type: 'quantitative', bin: { maxbins: 40 }, title: 'solution length (moves)' },
        y: { aggregate: 'count', type: 'quantitative', title: 'solved deals' },
        color: { field: 'source', type: 'nominal', title: 'found by' },
      },
    }),
  ];
}

/** The strategies' win rates beside % solvable, as a table and a chart (none without one). */
async function strategiesPart(s: SolvabilitySummary): Promise<string[]> {
  if (s.strategies.length === 0) return [];
  return [
    '<h3>Strategies beside % solvable</h3>',
    table(
      ['strategy', 'won', 'played', 'win %', '95% low', '95% high', 'median time'],
      s.strategies.map((t, i) => {
        const p = pctFormat([t.rate, t.lo, t.hi]);
        return [
          t.name,
          val(`strategies/${i}/won`, t.won),
          val(`strategies/${i}/played`, t.played),
          val(`strategies/${i}/rate`, t.rate, p),
          val(`strategies/${i}/lo`, t.lo, p),
          val(`strategies/${i}/hi`, t.hi, p),
          val(`strategies/${i}/msMedian`, t.msMedian, msText),
        ];
      }),
      'strategies',
    ),
    await chart(
      'strategies',
      'Win % of each strategy (playing without seeing the stock) with its 95% Wilson interval, beside % solvable (the solver, which sees everything).',
      intervalSpec(
        [
          { label: 'solvable', rate: s.solvable.proven, lo: s.solvable.lo, hi: s.solvable.hi, kind: 'solvable' },
          ...s.strategies.map((t) => ({ label: t.name, rate: t.rate, lo: t.lo, hi: t.hi, kind: 'strategy' })),
        ],
        { title: 'share of deals won', colors: { solvable: OUTCOME_COLORS.solved, strategy: '#4a9a5b' } },
      ),
    ),
  ];
}

/** Notes on how the rows were counted: deals a strategy's win decided, seed rows merged. */
function notes(s: SolvabilitySummary): string[] {
  const parts: string[] = [];
  const certs = Object.entries(s.certificates);
  if (certs.length)
    parts.push(
      `<p class="note">Solved by a strategy's win where the solver had not decided: ${esc(certs.map(([k, v]) => `${k} ${v}`).join(', '))}.</p>`,
    );
  if (s.duplicates)
    parts.push(`<p class="note">${s.duplicates} repeated seed rows merged (one row per seed counted).</p>`);
  return parts;
}

/** One command per distinct run (settings string), from every row — the merged-away rows of a
 *  strategies run beside a solver run included: "auto timeout=2000ms memory=1024MiB
 *  strategySeed=1" gives --algorithm auto --timeout 2000ms --memory 1024MiB --strategy-seed 1.
 *  Numbered seeds are --seeds; a batch of deal files has their paths in the seed column. */
function rerunCommands(all: CsvRow[], game: string): string[] {
  return [...byRun(all)].map(([settings, group]) => {
    const seeds = group.map((r) => r.seed);
    const numbered = seeds.filter((x) => /^\d+$/.test(x)),
      files = [...new Set(seeds.filter((x) => !/^\d+$/.test(x)))];
    const items = [
      ...(numbered.length ? ['--seeds', seedRanges(numbered)] : []),
      ...(files.length ? ['--deal', ...files] : []),
    ];
    return ['patience', 'batch', game, ...items, ...settingsFlags(settings, 'algorithm')].map(shellWord).join(' ');
  });
}

/** The rule variants side by side (the Besieged City study): per variant, % solvable with the
 *  interval the undecided deals leave open, proved unsolvable, unknown, and each strategy's win
 *  rate — one table and one chart. Each cell names the variant and its place in that variant's
 *  summary JSON. */
export async function variantComparison(groups: { variant: string; summary: SolvabilitySummary }[]): Promise<string> {
  const names = [...new Set(groups.flatMap((g) => g.summary.strategies.map((t) => t.name)))];
  return [
    '<h3>Rule variants side by side</h3>',
    table(
      [
        'variant',
        'deals',
        'solved %',
        '95% low',
        '95% high',
        'unsolvable %',
        'unknown %',
        ...names.map((n) => `${n} won %`),
      ],
      groups.map((g) => variantRow(g, names)),
      'variants',
    ),
    await chart(
      'variants',
      "Per rule variant: the share of deals the solver solved, with the 95% interval the undecided deals leave open, and each strategy's win rate with its 95% Wilson interval.",
      variantChart(groups),
    ),
  ].join('\n');
}

/** A variant's row of the comparison: each cell a value of its summary, named `variant:path`;
 *  `names` are the strategies of every variant. */
function variantRow({ variant, summary: s }: { variant: string; summary: SolvabilitySummary }, names: string[]) {
  const cell = (path: string, value: number, format: (x: number) => string) => {
    const c = val(path, value, format) as { path: string; value: number; text: string };
    return { ...c, path: `${variant}:${c.path}` };
  };
  const p = pctFormat([
    s.solvable.proven,
    s.solvable.lo,
    s.solvable.hi,
    s.outcomes[1].share,
    s.outcomes[2].share,
    ...s.strategies.map((t) => t.rate),
  ]);
  const won = names.map((n) => {
    const i = s.strategies.findIndex((t) => t.name === n);
    return i < 0 ? '–' : cell(`strategies/${i}/rate`, s.strategies[i].rate, p);
  });
  return [
    variant,
    cell('deals', s.deals, intText),
    cell('solvable/proven', s.solvable.proven, p),
    cell('solvable/lo', s.solvable.lo, p),
    cell('solvable/hi', s.solvable.hi, p),
    cell('outcomes/1/share', s.outcomes[1].share, p),
    cell('outcomes/2/share', s.outcomes[2].share, p),
    ...won,
  ];
}

/** The comparison's chart: per variant, a band of one interval and point per measure (the
 *  solver's % solvable, then each strategy's win rate). */
function variantChart(groups: { variant: string; summary: SolvabilitySummary }[]) {
  const points = groups.flatMap(({ variant, summary: s }) => [
    { variant, measure: 'solvable (solver)', rate: s.solvable.proven, lo: s.solvable.lo, hi: s.solvable.hi },
    ...s.strategies.map((t) => ({ variant, measure: `${t.name} won`, rate: t.rate, lo: t.lo, hi: t.hi })),
  ]);
  const measures = [...new Set(points.map((p) => p.measure))];
  const x = { type: 'quantitative', title: 'share of deals', axis: { format: '.0%' }, scale: { domain: [0, 1] } };
  // Solvable in the outcome's blue; strategies in colours far from it and from each other.
  const palette = [OUTCOME_COLORS.solved, '#c99a2e', '#4a9a5b', '#9a6bbf', '#d1573b', '#8a8a8a'];
  const color = {
    field: 'measure',
    type: 'nominal',
    title: null,
    legend: { orient: 'bottom' },
    scale: { domain: measures, range: measures.map((_, i) => palette[i % palette.length]) },
  };
  return {
    width: 520,
    height: { step: 9 }, // one step per measure within a variant's band
    data: { values: points },
    encoding: {
      y: {
        field: 'variant',
        type: 'nominal',
        title: null,
        sort: groups.map((g) => g.variant),
        axis: { labelLimit: 360 },
      },
      yOffset: { field: 'measure', type: 'nominal', sort: measures },
      color,
    },
    layer: [
      { mark: { type: 'rule', strokeWidth: 2 }, encoding: { x: { field: 'lo', ...x }, x2: { field: 'hi' } } },
      { mark: { type: 'point', filled: true, size: 40 }, encoding: { x: { field: 'rate', type: 'quantitative' } } },
    ],
  };
}

/** How hard the deals are: the grades with their rules, a histogram of the measure, and the
 *  hardest winnable deals. */
async function difficultyPart(d: DifficultySummary): Promise<string> {
  const three = (x: number | null) => (x === null ? '–' : x.toFixed(3));
  const fields = [...new Set(d.hardest.flatMap((h) => Object.keys(h.fields)))];
  return [
    '<h3>How hard each deal is</h3>',
    `<p>${esc(d.label)}: ${d.measured.toLocaleString('en-US')} of ${d.deals.toLocaleString('en-US')} deals measured.</p>`,
    table(
      ['grade', 'deals', 'rule'],
      d.grades.map((g, i) => [g.grade, val(`difficulty/grades/${i}/deals`, g.deals), g.rule]),
      'grades',
    ),
    await chart('difficulty', `Winnable deals by ${d.label} (tenths; the last bin includes 1).`, {
      width: 560,
      height: 200,
      data: { values: d.histogram },
      mark: { type: 'bar' },
      encoding: {
        x: { field: 'from', type: 'quantitative', bin: { binned: true, step: 0.1 }, title: d.label },
        x2: { field: 'to' },
        y: { field: 'deals', type: 'quantitative', title: 'deals' },
      },
    }),
    '<h4>The hardest winnable deals</h4>',
    table(
      ['seed', 'measure', 'low', 'high', 'grade', ...fields],
      d.hardest.map((h, i) => [
        h.seed,
        val(`difficulty/hardest/${i}/value`, h.value ?? NaN, three),
        h.lo === null ? '–' : val(`difficulty/hardest/${i}/lo`, h.lo, three),
        h.hi === null ? '–' : val(`difficulty/hardest/${i}/hi`, h.hi, three),
        h.grade,
        ...fields.map((f) => String(h.fields[f] ?? '')),
      ]),
      'hardest',
    ),
  ].join('\n');
}
