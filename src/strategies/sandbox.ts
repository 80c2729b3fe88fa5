import { readdirSync, realpathSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

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
//   through two pipes, fd 3 in and fd 4 out: one JSON line per request and per answer;
// - the permission model checks a path as it is written, not where a link in it leads: the
//   folder is named by its real path, and a folder holding a link that leads out of it is
//   refused (checkStrategyFolder) before every start;
// - it runs in a process group of its own, beside a guard (a shell holding fd 5, a pipe whose
//   only writer is the referee): when the referee closes it or ends in any way, even by
//   SIGKILL, the guard kills the group with SIGKILL, which no module can trap.
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
// The runner's own references, taken before the module can replace the globals.
const stringify = JSON.stringify, parse = JSON.parse;
const SAFE = new Set(parse(process.argv[1]));
const folder = process.argv[2];
const [LOG_MAX, LOG_LINES, GAME_LOG_MAX, GAME_LOG_LINES] = parse(process.argv[3]);
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

// Console output comes back with the answer (the referee shows it on stderr, cleaned), within
// limits per call and per game (the referee holds the same limits and forfeits a module past them).
let log = [], logged = 0, lines = 0, gameLogged = 0, gameLines = 0, dropped = 0;
const lineCount = (s) => { let n = 1; for (let i = s.indexOf('\n'); i >= 0; i = s.indexOf('\n', i + 1)) n++; return n; };
for (const k of ['log', 'info', 'warn', 'error', 'debug', 'trace', 'dir']) {
  console[k] = (...a) => {
    const s = String(format(...a));
    const n = lineCount(s);
    if (logged + s.length > LOG_MAX || lines + n > LOG_LINES || gameLogged + s.length > GAME_LOG_MAX || gameLines + n > GAME_LOG_LINES) dropped += s.length;
    else { log.push(s); logged += s.length; lines += n; gameLogged += s.length; gameLines += n; }
  };
}

const clip = (s, n = 200) => { s = String(s); return s.length > n ? s.slice(0, n) + '…' : s; };
const text = (e) => clip(e && typeof e === 'object' && typeof e.stack === 'string' ? e.stack.split('\n')[0] : String(e));
function describe(v) {
  if (v === undefined) return 'undefined';
  if (v === null) return 'null';
  if (typeof v === 'object') { try { return clip(stringify(v), 80); } catch { return 'an object'; } }
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
      gameLogged = 0; gameLines = 0;
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
    if (nl >= 0) { const line = pending.slice(0, nl); pending = pending.slice(nl + 1); return parse(line); }
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
  if (log.length || dropped) { r.log = log; r.dropped = dropped; log = []; logged = 0; lines = 0; dropped = 0; }
  let s;
  try { s = stringify(r) + '\n'; } catch { s = stringify({ seq, ok: false, error: 'its answer could not be sent' }) + '\n'; }
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

/** What a module may print, in characters and lines: in one call (a decision, or its loading)
 *  and in one game (from create(ctx) on). The runner drops what goes past them (and says how
 *  much); the referee forfeits a module whose answer goes past them all the same. */
export const LOG_LIMITS = { call: 65536, callLines: 1000, game: 2 ** 20, gameLines: 10_000 };

/** A strategy's folder that may not be given to it (a link in it leads out of it). */
export class FolderRefused extends Error {
  override name = 'FolderRefused';
}

/** The most entries checked in a strategy's folder: one that holds more is refused (it is not
 *  a folder of the module's own, and every start walks it). */
export const MAX_FOLDER_ENTRIES = 20_000;

const inside = (folder: string, path: string) =>
  path === folder || path.startsWith(folder.endsWith(sep) ? folder : folder + sep);

/** Checks the folder a strategy may read, by its real path: every symbolic link under it must
 *  lead to a place under it (node's permission model follows a link wherever it leads, so a
 *  link to / would open every file). Throws FolderRefused naming the first that does not. */
export function checkStrategyFolder(folder: string): void {
  let seen = 0;
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (++seen > MAX_FOLDER_ENTRIES)
        throw new FolderRefused(
          `its folder ${folder} holds more than ${MAX_FOLDER_ENTRIES} files, all of which it could read: give the module a folder of its own`,
        );
      const path = join(dir, e.name);
      if (e.isSymbolicLink()) {
        let target: string;
        try {
          target = realpathSync(path);
        } catch {
          throw new FolderRefused(
            `its folder holds a link that leads nowhere, ${relative(folder, path)}: a link in a strategy's folder must lead to a file or folder inside it`,
          );
        }
        if (!inside(folder, target))
          throw new FolderRefused(
            `its folder holds a link that leads out of it, ${relative(folder, path)} -> ${target}: a strategy may read its own folder only; remove the link or copy what it points to into the folder`,
          );
      } else if (e.isDirectory()) walk(path);
    }
  };
  walk(folder);
}

/** How to start the process that runs the strategy file at `path` (a real path, its folder
 *  checked here) under `memoryMiB` of writable memory. The process expects fds 3 and 4 (the
 *  pipes of requests and answers) and 5 (the guard's pipe, whose end of file kills it). */
export function sandboxCommand(path: string, memoryMiB: number): { command: string; args: string[]; cwd: string } {
  const folder = dirname(path);
  checkStrategyFolder(folder);
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
    JSON.stringify([LOG_LIMITS.call, LOG_LIMITS.callLines, LOG_LIMITS.game, LOG_LIMITS.gameLines]),
  ];
  const kib = Math.floor(memoryMiB * 1024);
  // The guard reads fd 5 until its end, then kills the process group (node and itself); node
  // gets no fd 5. The referee starts the shell as the leader of a new process group.
  const guard = '{ read _ ; kill -9 0; } <&5 3<&- 4<&- >/dev/null 2>&1 &';
  return {
    command: '/bin/sh',
    args: [
      '-c',
      `ulimit -c 0 && ulimit -f 0 && ulimit -d ${kib} || exit 70; ${guard} exec "$0" "$@" 5<&-`,
      process.execPath,
      ...node,
    ],
    cwd: folder,
  };
}
