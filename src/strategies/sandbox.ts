import { dirname, sep } from 'node:path';

// Where a strategy file runs (docs/strategies.md, "What a strategy file can reach"): a node
// process of its own, started through /bin/sh so that resource limits apply before node does:
// - `ulimit -d` caps its writable memory (heap, buffers, typed arrays: it tracks the resident
//   size closely, where the address-space limit would count V8's reservations);
//   `ulimit -f 0` stops any file write, `ulimit -c 0` any core dump;
// - node's permission model lets it read its own folder and nothing else, and refuses child
//   processes, worker threads, native addons, the inspector and process.binding;
// - the runner below evaluates the module with node:vm's module linker, so every import goes
//   through us: files under its folder, JSON, and a short list of harmless builtins — never
//   net, http, dns, child_process, worker_threads, inspector, vm, module, os or v8; before the
//   module runs, the runner removes what else reaches outside (fetch, process.kill and the
//   signal and debug helpers, process.report) from the process it shares with the module;
// - it gets an empty environment, its folder as working directory, /dev/null as stdin, stdout
//   and stderr (no stream handle a module could turn into a socket), and speaks to the referee
//   through two pipes, fd 3 in and fd 4 out: one JSON line per request and per answer.
// The process is the module's own: whatever it does to itself (exit, kill, a loop that never
// ends, running out of memory) ends the process, and the referee counts that as a loss.

/** Node builtins a strategy may import (with or without "node:"): computation only. fs reads
 *  only the module's folder (the permission model), and cannot write. */
export const SAFE_BUILTINS = [
  'assert',
  'assert/strict',
  'buffer',
  'console',
  'crypto',
  'events',
  'fs',
  'fs/promises',
  'path',
  'path/posix',
  'path/win32',
  'perf_hooks',
  'process',
  'querystring',
  'stream',
  'stream/promises',
  'string_decoder',
  'timers',
  'timers/promises',
  'url',
  'util',
  'util/types',
  'zlib',
];

/** The least --strategy-memory: room for node and the runner, which take most of it before the
 *  module. */
export const MIN_STRATEGY_MEMORY_MIB = 128;
export const DEFAULT_STRATEGY_MEMORY_MIB = 512;

// The runner, evaluated as an ES module in the strategy's process (node -e: no file to ship).
// Errors are text cut short: a module's message is its own business, but it goes into CSVs.
const RUNNER = String.raw`
import vm from 'node:vm';
import { readFileSync, readSync, writeSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { format } from 'node:util';
import { builtinModules } from 'node:module';
const SAFE = new Set(JSON.parse(process.argv[1]));
const folder = process.argv[2];
const builtins = new Map();
for (const name of SAFE) builtins.set(name, await import('node:' + name));

// What reaches outside the process, or into another one, goes before any module code runs.
for (const k of ['kill', '_kill', '_debugProcess', '_debugEnd', 'binding', '_linkedBinding', 'dlopen',
  'getBuiltinModule', 'report', 'loadEnvFile', 'execve', 'setuid', 'setgid', 'seteuid', 'setegid',
  'setgroups', 'initgroups', 'chdir', '_startProfilerIdleNotifier', '_stopProfilerIdleNotifier',
  '_getActiveHandles', '_getActiveRequests']) {
  try { delete process[k]; } catch {}
  if (process[k] !== undefined) { try { Object.defineProperty(process, k, { value: undefined }); } catch {} }
  if (process[k] !== undefined) { process.exit(70); }
}
// node -e makes every builtin module a global (net, child_process, vm…) and leaves the
// CommonJS Module class in globalThis.module (its _load would load any of them).
for (const k of [...builtinModules.filter((n) => !['process', 'console', 'crypto'].includes(n)), 'module', 'require', 'exports', '__filename', '__dirname', 'fetch', 'WebSocket', 'EventSource']) {
  delete globalThis[k];
  if (globalThis[k] !== undefined) process.exit(70);
}

// Console output comes back with the answer (the referee shows it on stderr, cleaned).
const LOG_MAX = 65536;
let log = [], logged = 0, dropped = 0;
for (const k of ['log', 'info', 'warn', 'error', 'debug', 'trace', 'dir']) {
  console[k] = (...a) => {
    const s = format(...a);
    if (logged + s.length > LOG_MAX) dropped += s.length;
    else { log.push(s); logged += s.length; }
  };
}

const clip = (s, n = 200) => { s = String(s); return s.length > n ? s.slice(0, n) + '…' : s; };
const text = (e) => clip(e && typeof e === 'object' && typeof e.stack === 'string' ? e.stack.split('\n')[0] : String(e));
function describe(v) {
  if (v === undefined) return 'undefined';
  if (v === null) return 'null';
  if (typeof v === 'object') { try { return clip(JSON.stringify(v), 80); } catch { return 'an object'; } }
  return typeof v + ' ' + clip(String(v), 80);
}

// Every import of the module goes through here: files under its folder, or a safe builtin.
const inside = (path) => path === folder || path.startsWith(folder.endsWith('/') ? folder : folder + '/');
const modules = new Map();
function moduleFor(specifier, referrer) {
  const bare = specifier.startsWith('node:') ? specifier.slice(5) : specifier;
  if (builtins.has(bare)) {
    const key = 'node:' + bare;
    let m = modules.get(key);
    if (!m) {
      const ns = builtins.get(bare);
      const names = Object.keys(ns);
      m = new vm.SyntheticModule(names, function () { for (const n of names) this.setExport(n, ns[n]); }, { identifier: key });
      modules.set(key, m);
    }
    return m;
  }
  if (!/^(\.{0,2}\/|file:)/.test(specifier)) throw new Error('cannot import ' + clip(specifier, 60) + ': a strategy may import files from its own folder and these builtins: ' + [...SAFE].join(' '));
  const url = new URL(specifier, referrer);
  if (url.protocol !== 'file:') throw new Error('cannot import ' + clip(specifier, 60));
  url.search = ''; url.hash = '';
  const path = fileURLToPath(url);
  if (!inside(path)) throw new Error('cannot import ' + clip(specifier, 60) + ': it is outside the strategy folder');
  let m = modules.get(url.href);
  if (m) return m;
  const source = readFileSync(path, 'utf8');
  if (/\.json$/i.test(path)) {
    const value = JSON.parse(source);
    m = new vm.SyntheticModule(['default'], function () { this.setExport('default', value); }, { identifier: url.href });
  } else {
    m = new vm.SourceTextModule(source, {
      identifier: url.href,
      initializeImportMeta: (meta) => { meta.url = url.href; },
      importModuleDynamically: dynamicImport,
    });
  }
  modules.set(url.href, m);
  return m;
}
async function dynamicImport(specifier, referrer) {
  const m = moduleFor(specifier, referrer.identifier);
  if (m.status === 'unlinked') await m.link(linker);
  if (m.status !== 'evaluated') await m.evaluate();
  return m;
}
const linker = (specifier, referrer) => moduleFor(specifier, referrer.identifier);

let create = null, player = null;
async function handle(m) {
  switch (m.op) {
    case 'load': {
      let mod;
      try {
        mod = moduleFor(m.arg, 'file:///');
        await mod.link(linker);
        await mod.evaluate();
      } catch (e) { return { ok: false, error: 'cannot load: ' + text(e) }; }
      const d = mod.namespace.default;
      if (typeof d !== 'function')
        return { ok: false, error: d === undefined ? 'no default export (expected export default function create(ctx))' : 'the default export is not a function create(ctx)' };
      create = d;
      return { ok: true };
    }
    case 'create': {
      player = null;
      const p = await create(m.arg);
      if (p === null || typeof p !== 'object' || typeof p.choose !== 'function')
        return { ok: false, error: 'returned ' + describe(p) + ', not an object with choose(view)' };
      player = p;
      let name = null;
      try { name = typeof p.name === 'string' ? clip(p.name, 100) : null; } catch {}
      return { ok: true, value: name };
    }
    case 'start':
      if (typeof player.start === 'function') await player.start(m.arg);
      return { ok: true };
    case 'choose': {
      const r = await player.choose(m.arg);
      if (typeof r === 'string') return { ok: true, value: clip(r, 100) };
      if (r !== null && typeof r === 'object' && typeof r.notation === 'string') return { ok: true, value: clip(r.notation, 100) };
      return { ok: false, error: 'returned ' + describe(r) + ', not a move' };
    }
  }
  return { ok: false, error: 'unknown request' };
}

// One request at a time, read from fd 3 and answered on fd 4: between requests the process
// blocks reading, so nothing of the module runs then (its timers wait for the next call).
let pending = '';
const chunk = Buffer.alloc(65536);
function request() {
  for (;;) {
    const nl = pending.indexOf('\n');
    if (nl >= 0) { const line = pending.slice(0, nl); pending = pending.slice(nl + 1); return JSON.parse(line); }
    let n;
    try { n = readSync(3, chunk); } catch (e) { if (e.code === 'EAGAIN') continue; process.exit(0); }
    if (n === 0) process.exit(0);
    pending += chunk.toString('utf8', 0, n);
  }
}
let current = -1, answered = true, stray = null;
function answer(seq, r) {
  if (seq !== current || answered) return;
  answered = true;
  r.seq = seq;
  if (log.length || dropped) { r.log = log; r.dropped = dropped; log = []; logged = 0; dropped = 0; }
  let s;
  try { s = JSON.stringify(r) + '\n'; } catch { s = JSON.stringify({ seq, ok: false, error: 'its answer could not be sent' }) + '\n'; }
  const b = Buffer.from(s);
  for (let off = 0; off < b.length; ) {
    try { off += writeSync(4, b, off); } catch (e) { if (e.code !== 'EAGAIN') process.exit(0); }
  }
  setImmediate(next);
}
function next() {
  const m = request();
  current = m.seq;
  answered = false;
  if (stray !== null) { const error = stray; stray = null; return answer(m.seq, { ok: false, error }); }
  let p;
  try { p = handle(m); } catch (e) { return answer(m.seq, { ok: false, error: 'threw ' + text(e) }); }
  p.then((r) => answer(m.seq, r), (e) => answer(m.seq, { ok: false, error: 'threw ' + text(e) }));
}
// An error thrown outside a call (a timer, a promise nobody awaits) is the strategy's too: it
// answers the call in flight, or the next one.
function strayError(e) {
  const error = 'threw ' + text(e) + ' (outside a call)';
  if (!answered) answer(current, { ok: false, error });
  else stray = error;
}
process.on('uncaughtException', strayError);
process.on('unhandledRejection', strayError);
next();
`;

const [major, minor] = process.versions.node.split('.').map(Number);
/** Node 22.13 and 23.5 renamed --experimental-permission. */
const PERMISSION_FLAG =
  major > 23 || (major === 23 && minor >= 5) || (major === 22 && minor >= 13)
    ? '--permission'
    : '--experimental-permission';

/** How to start the process that runs the strategy file at `path` (absolute) under
 *  `memoryMiB` of writable memory. */
export function sandboxCommand(path: string, memoryMiB: number): { command: string; args: string[]; cwd: string } {
  const folder = dirname(path);
  const heap = Math.max(32, memoryMiB - 96);
  const node = [
    PERMISSION_FLAG,
    `--allow-fs-read=${folder.endsWith(sep) ? folder : folder + sep}`,
    '--experimental-vm-modules',
    '--no-addons',
    `--max-old-space-size=${heap}`,
    '--input-type=module',
    '-e',
    RUNNER,
    JSON.stringify(SAFE_BUILTINS),
    folder,
  ];
  const kib = Math.floor(memoryMiB * 1024);
  return {
    command: '/bin/sh',
    args: ['-c', `ulimit -c 0 && ulimit -f 0 && ulimit -d ${kib} && exec "$0" "$@"`, process.execPath, ...node],
    cwd: folder,
  };
}
