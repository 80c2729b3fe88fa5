import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { pcts } from '../batch/stats.js';

// Charts are Vega-Lite specs rendered to SVG here, at report time, so the page needs no script
// and no network to show them. Data is always inline (`values`): the loader never fetches.

const CONFIG = {
  font: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  background: 'transparent',
  view: { stroke: null },
  axis: {
    labelColor: '#333',
    titleColor: '#333',
    gridColor: '#e6e6e6',
    domainColor: '#888',
    tickColor: '#888',
    titleFontWeight: 600,
  },
  legend: { labelColor: '#333', titleColor: '#333' },
  header: { labelColor: '#333', titleColor: '#333' },
  range: { category: ['#2f6fb3', '#d1573b', '#8a8a8a', '#b5332f', '#4a9a5b', '#9a6bbf', '#c99a2e'] },
};

/** A Vega-Lite spec without config (vega-lite checks it when it compiles). */
export type ChartSpec = Record<string, unknown>;

// Vega groups values in plain objects keyed by the value (its aggregates, a custom sort's
// domain): a value named like a member of Object.prototype (a strategy called constructor,
// toString or __proto__) finds that member there and breaks the chart. Such a string gets an
// invisible mark (a zero-width space) in the chart's data and spec, never in the page's text.
const PROTO_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));
function protoSafe(v: unknown): unknown {
  if (typeof v === 'string') return PROTO_NAMES.has(v) ? `${v}\u200b` : v;
  if (Array.isArray(v)) return v.map(protoSafe);
  if (v !== null && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, protoSafe(x)]));
  return v;
}

/** Renders a Vega-Lite spec to an SVG string. */
export async function renderSvg(spec: ChartSpec): Promise<string> {
  const full = { ...(protoSafe(spec) as ChartSpec), config: CONFIG } as unknown as TopLevelSpec;
  // Vega-Lite's notes (e.g. on faceted independent scales) are not the user's business; errors throw.
  const quiet = vega.logger(vega.None);
  const view = new vega.View(vega.parse(compile(full, { logger: quiet }).spec), {
    renderer: 'none',
    logLevel: vega.Error,
  });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** A chart in the page: its SVG in a figure with a caption, named for the tests. */
export async function chart(name: string, caption: string, spec: ChartSpec): Promise<string> {
  return `<figure class="chart" data-chart="${name}">${await renderSvg(spec)}<figcaption>${caption}</figcaption></figure>`;
}

/** Point estimates with 95% interval bars, one row per label: fields label, rate, lo, hi. */
export function intervalSpec(
  values: { label: string; rate: number; lo: number; hi: number; kind?: string }[],
  opts: { title: string; width?: number; colors?: Record<string, string> },
): ChartSpec {
  const sort = values.map((v) => v.label);
  const y = { field: 'label', type: 'nominal' as const, title: null, sort };
  const scale = opts.colors ? { domain: Object.keys(opts.colors), range: Object.values(opts.colors) } : {};
  const color = { field: 'kind', type: 'nominal', legend: null, scale };
  return {
    width: opts.width ?? 420,
    height: { step: 26 },
    // The label in the decimals the tables give the same row (src/batch/stats.ts).
    data: { values: values.map((v) => ({ ...v, text: pcts([v.rate, v.lo, v.hi])[0] })) },
    encoding: { y },
    layer: [
      {
        mark: { type: 'rule', strokeWidth: 2 },
        encoding: {
          x: {
            field: 'lo',
            type: 'quantitative',
            title: opts.title,
            axis: { format: '.0%' },
            scale: { domain: [0, 1] },
          },
          x2: { field: 'hi' },
          color,
        },
      },
      {
        mark: { type: 'point', filled: true, size: 70 },
        encoding: { x: { field: 'rate', type: 'quantitative' }, color },
      },
      {
        mark: { type: 'text', align: 'left', dx: 6, dy: -9, fontSize: 10 },
        encoding: { x: { field: 'rate', type: 'quantitative' }, text: { field: 'text' } },
      },
    ],
  };
}
