// The solver's speed in a browser against Node's: bundles bench/browser-rate-entry.ts once with
// esbuild (as the web page bundles the cores), then runs the same pinned searches — same deals,
// same node budgets, same code — in Node and in a Web Worker of Debian's chromium (through
// playwright-core, in a page opened from disk as a player opens the site), alternating, and
// prints nodes per CPU second of each side, their medians and the browser/Node ratio.
//
//   npx tsx bench/browser-rate.ts [rounds=3]          (CHROMIUM_PATH names another browser)
//
// CPU time, not wall time: on a shared machine a short job's wall time is mostly the other
// processes' turns. Node's is process.cpuUsage(); the browser's is the CPU time of its renderer
// processes (the worker's thread and the engine's helper threads; the page's own thread sleeps
// meanwhile), read from /proc (Linux), so it counts what the page costs the machine. Wall-clock
// rates are printed beside.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { findChromium, INSTALL_HINT } from '../test/report/browser.js';
import type { Job } from './browser-rate-entry.js';

type Result = { outcome: string; nodes: number; ms: number };

/** Our descendants' pids (chromium is our child; its renderers are further down). */
function descendants(root: number): number[] {
  const parent = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const [c, pp] of parent) if (pp === p) out.push(c), walk(c);
  };
  walk(root);
  return out;
}

/** Milliseconds of CPU (user + system) the processes have used. */
function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // gone
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

const renderers = () =>
  descendants(process.pid).filter((p) => {
    try {
      return readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('--type=renderer');
    } catch {
      return false;
    }
  });

const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => String(a + i));
const JOBS: (Job & { name: string })[] = [
  {
    name: 'besieged-city 296 dfs 1M',
    game: 'besieged-city',
    seeds: ['296'],
    algorithm: 'dfs',
    noPlateaus: true,
    maxNodes: 1_000_000,
  },
  {
    name: 'besieged-city 1..50 auto 200k',
    game: 'besieged-city',
    seeds: range(1, 50),
    algorithm: 'auto',
    maxNodes: 200_000,
  },
  { name: 'parterre 27 auto 1M', game: 'parterre', seeds: ['27'], algorithm: 'auto', maxNodes: 1_000_000 },
];

const rounds = Number(process.argv[2] ?? 3);
const chromium = findChromium();
if (!chromium) {
  console.error(`chromium not found: ${INSTALL_HINT}`);
  process.exit(2);
}

const bundled = await build({
  entryPoints: [new URL('./browser-rate-entry.ts', import.meta.url).pathname],
  bundle: true,
  format: 'iife',
  globalName: 'bench',
  platform: 'browser',
  target: 'es2022',
  write: false,
  logLevel: 'silent',
});
const code = bundled.outputFiles[0].text;
const dir = mkdtempSync(join(tmpdir(), 'browser-rate-'));
try {
  // Node: the bundle as a CommonJS module.
  writeFileSync(join(dir, 'bundle.cjs'), `${code}\nmodule.exports = bench;\n`);
  const inNode = createRequire(import.meta.url)(join(dir, 'bundle.cjs')) as { run(job: Job): Result };

  // The browser: a page from disk starts a worker on the same bundle (from a Blob, as a page
  // opened from file:// must: it may not load a worker script from disk).
  writeFileSync(join(dir, 'bench.html'), '<!doctype html><meta charset="utf-8"><title>bench</title>');
  const { chromium: pw } = await import('playwright-core');
  const browser = await pw.launch({ executablePath: chromium, args: ['--no-sandbox'] });
  const page = await browser.newPage();
  page.on('pageerror', (e: Error) => console.error(`page error: ${e.message}`));
  await page.goto(pathToFileURL(join(dir, 'bench.html')).href);
  await page.evaluate((src: string) => {
    const w = globalThis as unknown as Record<string, unknown>;
    const blob = new Blob([`${src}\nself.onmessage = (e) => self.postMessage(bench.run(e.data));\n`], {
      type: 'text/javascript',
    });
    // biome-ignore lint/suspicious/noExplicitAny: the page's Worker (no DOM types in this project)
    w.benchWorker = new (w.Worker as any)(URL.createObjectURL(blob));
  }, code);
  const inBrowser = (job: Job): Promise<Result> =>
    page.evaluate(
      (j: Job) =>
        new Promise<Result>((resolve, reject) => {
          // biome-ignore lint/suspicious/noExplicitAny: the page's Worker
          const worker = (globalThis as any).benchWorker;
          worker.onmessage = (e: { data: Result }) => resolve(e.data);
          worker.onerror = (e: { message: string }) => reject(new Error(e.message));
          worker.postMessage(j);
        }),
      job,
    );

  const chromeVersion = browser.version();
  console.log(
    `node ${process.version}, chromium ${chromeVersion}; bundle ${(code.length / 1024).toFixed(0)} KiB; ${rounds} rounds`,
  );
  // Warm-up (not counted): the JIT needs a few hundred thousand nodes on each side.
  for (const job of JOBS) {
    const warm = { ...job, seeds: job.seeds.slice(0, 3), maxNodes: Math.min(job.maxNodes, 300_000) };
    inNode.run(warm);
    await inBrowser(warm);
  }
  const pids = renderers();
  if (pids.length === 0) throw new Error('no renderer process of the browser found under this process');
  const rates = new Map(JOBS.map((j) => [j.name, { node: [] as number[], browser: [] as number[] }]));
  for (let r = 0; r < rounds; r++) {
    for (const job of JOBS) {
      const order = r % 2 === 0 ? (['node', 'browser'] as const) : (['browser', 'node'] as const);
      for (const side of order) {
        let res: Result, cpu: number;
        if (side === 'node') {
          const c0 = process.cpuUsage();
          res = inNode.run(job);
          const c = process.cpuUsage(c0);
          cpu = (c.user + c.system) / 1000;
        } else {
          const c0 = cpuMs(pids);
          res = await inBrowser(job);
          cpu = cpuMs(pids) - c0;
        }
        const rate = (res.nodes / cpu) * 1000;
        rates.get(job.name)![side].push(rate);
        console.log(
          `round ${r + 1} ${job.name.padEnd(30)} ${side.padEnd(7)} ${res.outcome.padEnd(12)} ${res.nodes.toLocaleString('en-US').padStart(9)} nodes ${cpu.toFixed(0).padStart(6)} ms CPU ${Math.round(rate).toLocaleString('en-US').padStart(10)} nodes/CPU s (wall ${res.ms.toFixed(0)} ms, ${Math.round((res.nodes / res.ms) * 1000).toLocaleString('en-US')} nodes/s)`,
        );
      }
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  console.log('\nmedian nodes per CPU s              node    browser   browser/node');
  for (const job of JOBS) {
    const { node, browser: b } = rates.get(job.name)!;
    const n = median(node),
      c = median(b);
    console.log(
      `${job.name.padEnd(30)} ${Math.round(n).toLocaleString('en-US').padStart(10)} ${Math.round(c).toLocaleString('en-US').padStart(10)}   ${(c / n).toFixed(2)}`,
    );
  }
  await browser.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
