// Parterre (Flower Garden) side by side with Solvitaire (Blake & Gent, github.com/thecharlieblake/
// Solvitaire), under the same rules, deal by deal, the same limits. Figures only, no assertions.
//
// Building Solvitaire (GPL; kept out of this repo's tracked files: .scratch/ is git-ignored). Its
// CMake build downloads googletest at configure time, so compile the solver's sources directly:
//   apt-get install -y g++ libboost-program-options-dev
//   (fetch the repository's HEAD into .scratch/solvitaire, e.g. git archive HEAD | tar -x -C …)
//   cd .scratch/solvitaire && mkdir -p build
//   for f in $(find src/main -name '*.cpp'); do
//     nice -n 19 g++ -std=c++14 -O3 -flto -DNDEBUG -Ilib/rapidjson -c $f -o build/$(echo $f | tr / _).o; done
//   nice -n 19 g++ -O3 -flto=1 -o build/solvitaire build/*.o -lboost_program_options -pthread
// (the flags of its CMake release build: -O3 -flto -DNDEBUG).
//
// Rules: bench/solvitaire/parterre-rules.json is Solvitaire's rule set for OUR Parterre
// (docs/rules/parterre.md), the default reading foundations=final: its Flower Garden preset with
// "removable": false (the preset has true: cards may come back from a foundation, which our
// default rules forbid); the rest spelled out. bench/solvitaire/parterre-removable-rules.json is
// the same with "removable": true, our reading foundations=removable (rules page, § Variants): a
// foundation's top card may go onto a pile one rank higher or into an empty pile, never back to
// the bouquet. That is exactly the preset's rule set spelled out (the preset is Solvitaire's
// defaults with 6 piles, a reserve of 16 and removable foundations).
//
//   npx tsx bench/solvitaire-compare.ts export DIR 1..100
//       writes DIR/<seed>.json, each seed's deal in Solvitaire's deal format (as `patience deal
//       parterre --seed N --format solvitaire` writes it; `patience solve --deal` reads it back).
//   nice -n 19 npx tsx bench/solvitaire-compare.ts run BIN 1..100 5000 OUT.csv [TOOLS]
//       for each seed, one after another, each tool in its own process at nice 19 with the same
//       time limit: ours (node dist/src/cli.js solve parterre --deal F --timeout …ms --json, F the
//       deal file Solvitaire reads; run `npm run build` first), sv (Solvitaire, our rules, no streamliners), sv-smart (our rules,
//       --streamliners smart-solvability: 10% of the time streamlined, then the full search; its
//       --timeout is limit/1.1 so both passes fit the limit), sv-preset (the flower-garden preset:
//       removable foundations, no streamliners), sv-preset-smart (the preset with streamliners).
//       The same under foundations=removable: ours-removable (`--variant foundations=removable`),
//       sv-removable and sv-smart-removable (Solvitaire with parterre-removable-rules.json).
//       TOOLS: a comma list (default ours,sv,sv-smart,sv-preset; `node` times bare Node's start-up,
//       `node -e 0`, beside each deal, which the table subtracts from our wall times). The
//       order of the tools rotates from deal to deal, so load falls on all alike. Every solution
//       either tool prints is replayed in our rules engine under the tool's reading (the preset's
//       and the -removable tools' under foundations=removable; Solvitaire's converted from its
//       printed states to our notation, a card back off a foundation as `7D F>p3`). One CSV row
//       per deal and tool; a run into an existing CSV skips the rows it holds (it resumes).
//       ours-b, ours-b-removable: the same as ours, ours-removable with the build OURS_CLI_B names
//       (e.g. the build before a change, beside the new one in the same run).
//       ours-warm, ours-warm-removable: the same solve of the same build in a process that has
//       solved warm-up deals first (bench/parterre-warm-solve.ts): its own clock without V8's cold
//       start, as a batch worker searches; the table gives it no wall time (the warm-up is in it).
//       CHILD_NICE=N: the tools' niceness (default 19; 0 runs them at the caller's priority,
//       for a run that must have a core to itself, the limits being wall time).
//   npx tsx bench/solvitaire-compare.ts table OUT.csv
//       the summary table (markdown) and the deals only one tool decides; verdict disagreements.
//   npx tsx bench/solvitaire-compare.ts convert SOLVITAIRE_OUTPUT SEED [removable]
//       Solvitaire's printed solution to our move notation (one move a line) and its replay
//       (under foundations=removable with the third argument).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatCard, parseCard } from '../src/cards/card.js';
import { parseSeeds } from '../src/cli/units.js';
import { dealFromJson, dealFromSeed, PILES, type PtDeal, withVariant } from '../src/games/parterre/deal.js';
import { dealToSolvitaire } from '../src/games/parterre/solvitaire-file.js';
import { replay } from '../src/games/parterre/replay.js';
import { percentile } from '../src/batch/stats.js';

const here = dirname(fileURLToPath(import.meta.url));
const RULES = join(here, 'solvitaire', 'parterre-rules.json');
const RULES_REMOVABLE = join(here, 'solvitaire', 'parterre-removable-rules.json');
const NICE = process.env.CHILD_NICE ?? '19';
// OURS_CLI: another build of the CLI (e.g. a version under test, compiled with --outDir).
const CLI = process.env.OURS_CLI ?? join(here, '..', 'dist', 'src', 'cli.js');
const CLI_B = process.env.OURS_CLI_B ?? CLI;

/** A seed's deal as a Solvitaire deal file (`patience deal parterre --seed N --format solvitaire`
 *  writes the same), checked to read back as that deal. */
function svDealText(seed: string): string {
  const deal = dealFromSeed(seed);
  const text = `${JSON.stringify(dealToSolvitaire(deal))}\n`;
  const back = dealFromJson(JSON.parse(text), `${seed}.json`);
  if (JSON.stringify([back.piles, back.bouquet]) !== JSON.stringify([deal.piles, deal.bouquet]))
    throw new Error(`seed ${seed}: the Solvitaire deal file does not read back as the deal`);
  return text;
}

// ---- Solvitaire's printed solution -> our notation -------------------------------------------

/** A card's place in one printed state: 'F', 'b' or a pile index. */
type Place = 'F' | 'b' | number;

/** Parses the states of Solvitaire's "Solution:" block (foundation tops, tableau piles printed as
 *  rows from the bottom, tab-separated, "[]" for an empty pile in row 0; the reserve as one row).
 *  Returns, per state, where each card (our id) is; foundation tops stand for the cards below. */
export function parseStates(text: string): Map<number, Place>[] {
  const start = text.indexOf('Solution:\n');
  if (start < 0) return [];
  const blocks = text.slice(start + 'Solution:\n'.length).split('===================================');
  const states: Map<number, Place>[] = [];
  for (const block of blocks) {
    const lines = block.split('\n');
    let section = '';
    const where = new Map<number, Place>();
    let any = false;
    for (const line of lines) {
      const h = /^--- (\w[\w ]*?) -+$/.exec(line);
      if (h) {
        section = h[1];
        continue;
      }
      if (line.trim() === '' && section !== 'Tableau Piles') continue;
      const cells = line.split('\t');
      if (section === 'Foundations') {
        for (const t of cells) {
          if (t === '[]' || t === '') continue;
          const c = parseCard(t);
          if (c < 0) throw new Error(`unreadable foundation card "${t}"`);
          // The top stands for every card of its suit up to it.
          for (let r = 0; r <= c % 13; r++) where.set(c - (c % 13) + r, 'F');
          any = true;
        }
      } else if (section === 'Tableau Piles' || section === 'Reserve') {
        cells.forEach((t, i) => {
          if (t === '[]' || t === '') return;
          const c = parseCard(t);
          if (c < 0) throw new Error(`unreadable card "${t}"`);
          where.set(c, section === 'Reserve' ? 'b' : i);
          any = true;
        });
      }
    }
    if (any) states.push(where);
  }
  return states;
}

/** The moves between consecutive states (one card changes place each time), in our notation. */
export function statesToMoves(states: Map<number, Place>[]): string[] {
  const moves: string[] = [];
  const name = (p: Place) => (typeof p === 'number' ? `p${p}` : p);
  for (let i = 1; i < states.length; i++) {
    const a = states[i - 1],
      b = states[i];
    const changed: number[] = [];
    for (let c = 0; c < 52; c++) if (a.get(c) !== b.get(c)) changed.push(c);
    if (changed.length !== 1) throw new Error(`state ${i}: ${changed.length} cards changed place (expected 1)`);
    const c = changed[0];
    moves.push(`${formatCard(c)} ${name(a.get(c)!)}>${name(b.get(c)!)}`);
  }
  return moves;
}

/** Checks the first printed state is the deal (the export is right), then replays the line. */
export function checkSolvitaireSolution(text: string, deal: PtDeal): { ok: boolean; moves: number; why: string } {
  const states = parseStates(text);
  if (states.length === 0) return { ok: false, moves: 0, why: 'no solution printed' };
  const s0 = states[0];
  for (let p = 0; p < PILES; p++)
    for (const c of deal.piles[p])
      if (s0.get(c) !== p) return { ok: false, moves: 0, why: `${formatCard(c)} not in p${p} at the start` };
  for (const c of deal.bouquet)
    if (s0.get(c) !== 'b') return { ok: false, moves: 0, why: `${formatCard(c)} not in the bouquet at the start` };
  let moves: string[];
  try {
    moves = statesToMoves(states);
  } catch (e) {
    return { ok: false, moves: 0, why: (e as Error).message };
  }
  const r = replay(deal, moves);
  if (!r.ok) return { ok: false, moves: moves.length, why: `move ${r.index + 1} "${r.move}": ${r.reason}` };
  return r.won ? { ok: true, moves: moves.length, why: '' } : { ok: false, moves: moves.length, why: 'ends unwon' };
}

// ---- Running the tools --------------------------------------------------------------------------

/** A tool's name read: which solver, streamlined or not, which rules. */
interface Tool {
  solver: 'ours' | 'sv' | 'node';
  smart: boolean;
  /** Solvitaire's rules: our final or removable rules file, or its flower-garden preset. */
  rules: 'final' | 'removable' | 'preset';
  /** Our CLI: OURS_CLI's build, or OURS_CLI_B's (another build, e.g. the one before a change,
   *  alternating with the first deal by deal). */
  cli?: 'b';
  /** Ours, timed after warm-up deals in the same process (bench/parterre-warm-solve.ts). */
  warm?: boolean;
}
const TOOLS: Record<string, Tool> = {
  ours: { solver: 'ours', smart: false, rules: 'final' },
  'ours-removable': { solver: 'ours', smart: false, rules: 'removable' },
  'ours-b': { solver: 'ours', smart: false, rules: 'final', cli: 'b' },
  'ours-b-removable': { solver: 'ours', smart: false, rules: 'removable', cli: 'b' },
  'ours-warm': { solver: 'ours', smart: false, rules: 'final', warm: true },
  'ours-warm-removable': { solver: 'ours', smart: false, rules: 'removable', warm: true },
  sv: { solver: 'sv', smart: false, rules: 'final' },
  'sv-smart': { solver: 'sv', smart: true, rules: 'final' },
  'sv-removable': { solver: 'sv', smart: false, rules: 'removable' },
  'sv-smart-removable': { solver: 'sv', smart: true, rules: 'removable' },
  'sv-preset': { solver: 'sv', smart: false, rules: 'preset' },
  'sv-preset-smart': { solver: 'sv', smart: true, rules: 'preset' },
  // Bare Node's start-up (`node -e 0`), timed beside each deal: the one cost a native binary does
  // not pay, subtracted from our wall times in the table.
  node: { solver: 'node', smart: false, rules: 'final' },
};

/** The deal under the reading a tool plays (the preset's is removable). */
const dealFor = (seed: string, t: Tool): PtDeal =>
  t.rules === 'final' ? dealFromSeed(seed) : withVariant(dealFromSeed(seed), 'foundations=removable');

type Outcome = 'solved' | 'unsolvable' | 'unknown' | 'error';
interface Row {
  seed: string;
  tool: string;
  outcome: Outcome;
  ms: number;
  wallMs: number;
  work: number;
  moves: number;
  replay: string;
}

function runOurs(tool: string, seed: string, dealFile: string, limitMs: number): Row {
  const t0 = performance.now();
  const removable = TOOLS[tool].rules === 'removable';
  const cli = TOOLS[tool].cli === 'b' ? CLI_B : CLI;
  const command = TOOLS[tool].warm
    ? [
        '--import',
        import.meta.resolve('tsx'),
        join(here, 'parterre-warm-solve.ts'),
        dirname(dirname(cli)),
        seed,
        String(limitMs),
        ...(removable ? ['removable'] : []),
      ]
    : [
        cli,
        'solve',
        'parterre',
        '--deal',
        dealFile,
        ...(removable ? ['--variant', 'foundations=removable'] : []),
        '--timeout',
        `${limitMs}ms`,
        '--json',
      ];
  const p = spawnSync('nice', ['-n', NICE, process.execPath, ...command], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
    timeout: limitMs + 60_000,
  });
  const wallMs = performance.now() - t0;
  const base = { seed, tool, wallMs: Math.round(wallMs) };
  let doc: { outcome: Outcome; moves?: string[]; stats: { ms: number; nodes: number } };
  try {
    doc = JSON.parse(p.stdout);
  } catch {
    return {
      ...base,
      outcome: 'error',
      ms: 0,
      work: 0,
      moves: 0,
      replay: `exit ${p.status}: ${p.stderr.split('\n')[0]}`,
    };
  }
  let rep = '';
  if (doc.outcome === 'solved') {
    const r = replay(dealFor(seed, TOOLS[tool]), doc.moves ?? []);
    rep = r.ok && r.won ? 'ok' : `FAIL ${r.ok ? 'unwon' : r.reason}`;
  }
  return {
    ...base,
    outcome: doc.outcome,
    ms: doc.stats.ms,
    work: doc.stats.nodes,
    moves: doc.moves?.length ?? 0,
    replay: rep,
  };
}

function runBareNode(seed: string): Row {
  const t0 = performance.now();
  const p = spawnSync('nice', ['-n', NICE, process.execPath, '-e', '0']);
  const wallMs = Math.round(performance.now() - t0);
  const outcome: Outcome = p.status === 0 ? 'unknown' : 'error';
  return { seed, tool: 'node', outcome, ms: 0, wallMs, work: 0, moves: 0, replay: '' };
}

function runSolvitaire(bin: string, tool: string, seed: string, dealFile: string, limitMs: number): Row {
  const t = TOOLS[tool];
  const rules =
    t.rules === 'preset'
      ? ['--type', 'flower-garden']
      : ['--custom-rules', t.rules === 'removable' ? RULES_REMOVABLE : RULES];
  const spawn = (args: string[]) => {
    const t0 = performance.now();
    const p = spawnSync('nice', ['-n', NICE, bin, ...rules, ...args, dealFile], {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
      timeout: 3 * limitMs + 60_000,
    });
    return {
      out: p.stdout ?? '',
      err: `exit ${p.status}: ${(p.stderr ?? '').split('\n')[0]}`,
      wallMs: Math.round(performance.now() - t0),
    };
  };
  const kind = (t?: string): Outcome =>
    t === 'solved' ? 'solved' : t === 'unsolvable' ? 'unsolvable' : t ? 'unknown' : 'error';
  let outcome: Outcome, ms: number, work: number, wallMs: number, out: string, err: string;
  if (t.smart) {
    // smart-solvability: 10% of --timeout with both streamliners (suit symmetry, every card home at
    // once), then, unless that solved, the full search for --timeout: 1.1 x --timeout in all. Its
    // printed report gives only the last pass's time, so run it with --classify (both passes'
    // figures), then, when solved, re-run the pass that solved (deterministic, the same line) to
    // get the solution printed for the replay.
    const budget = Math.floor(limitMs / 1.1);
    const c = spawn(['--classify', '--streamliners', 'smart-solvability', '--timeout', String(budget)]);
    const f = c.out
      .trim()
      .split('\n')
      .pop()!
      .split(',')
      .map((x) => x.trim());
    // f: '', then 11 fields of the streamlined pass, 11 of the full pass (empty when not run), overall.
    outcome = f.length === 24 ? kind(f[23]) : 'error';
    const second = f[12] !== '' && f[12] !== undefined;
    ms = Number(f[2] ?? 0) + (second ? Number(f[13]) : 0);
    work = Number(f[3] ?? 0) + (second ? Number(f[14]) : 0);
    wallMs = c.wallMs;
    err = c.err;
    out =
      outcome === 'solved'
        ? spawn(
            second ? ['--timeout', String(3 * limitMs)] : ['--streamliners', 'both', '--timeout', String(3 * limitMs)],
          ).out
        : '';
  } else {
    const r = spawn(['--timeout', String(limitMs)]);
    out = r.out;
    err = r.err;
    wallMs = r.wallMs;
    outcome = kind(/Solution Type: (\S+)/.exec(out)?.[1]);
    ms = Number(/Time Taken \(milliseconds\): (\d+)/.exec(out)?.[1] ?? 0);
    work = Number(/States Searched: (\d+)/.exec(out)?.[1] ?? 0);
  }
  let replayText = '',
    moves = 0;
  if (outcome === 'solved') {
    const c = checkSolvitaireSolution(out, dealFor(seed, t));
    replayText = c.ok ? 'ok' : `FAIL ${c.why}`;
    moves = c.moves;
  } else if (outcome === 'error') replayText = err;
  return { seed, tool, outcome, ms, wallMs, work, moves, replay: replayText };
}

const COLUMNS = ['seed', 'tool', 'outcome', 'ms', 'wallMs', 'work', 'moves', 'replay'] as const;

function readRows(file: string): Row[] {
  const [head, ...lines] = readFileSync(file, 'utf8').trim().split('\n');
  const cols = head.split(',');
  return lines.map((l) => {
    const v = l.split(',');
    const o = Object.fromEntries(cols.map((c, i) => [c, v[i]])) as Record<string, string>;
    return {
      seed: o.seed,
      tool: o.tool,
      outcome: o.outcome as Outcome,
      ms: Number(o.ms),
      wallMs: Number(o.wallMs),
      work: Number(o.work),
      moves: Number(o.moves),
      replay: o.replay,
    };
  });
}

function table(file: string): void {
  const all = readRows(file);
  const bare = all.filter((r) => r.tool === 'node').map((r) => r.wallMs);
  const bareMs = bare.length
    ? percentile(
        [...bare].sort((a, b) => a - b),
        50,
      )
    : 0;
  const rows = all.filter((r) => r.tool !== 'node');
  const tools = [...new Set(rows.map((r) => r.tool))];
  const by = new Map<string, Map<string, Row>>();
  for (const r of rows) {
    if (!by.has(r.tool)) by.set(r.tool, new Map());
    by.get(r.tool)!.set(r.seed, r);
  }
  const seeds = [...new Set(rows.map((r) => r.seed))];
  const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
  console.log(`${seeds.length} deals, ${file}\n`);
  console.log(
    '| tool | decided | solved | unsolvable | unknown | solutions replayed | solved deal, median / p95 ms | decided deal, median ms | all deals, wall s |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const t of tools) {
    const m = [...by.get(t)!.values()];
    const n = (o: Outcome) => m.filter((r) => r.outcome === o).length;
    const solvedMs = m
      .filter((r) => r.outcome === 'solved')
      .map((r) => r.ms)
      .sort((a, b) => a - b);
    const decMs = m
      .filter((r) => r.outcome === 'solved' || r.outcome === 'unsolvable')
      .map((r) => r.ms)
      .sort((a, b) => a - b);
    const replayed = m.filter((r) => r.outcome === 'solved' && r.replay === 'ok').length;
    const wall = m.reduce((a, r) => a + r.wallMs, 0) / 1000;
    const err = n('error') ? ` (+${n('error')} errors)` : '';
    console.log(
      `| ${t} | ${n('solved') + n('unsolvable')} | ${n('solved')} | ${n('unsolvable')} | ${n('unknown')}${err} | ${replayed} / ${n('solved')} | ${fmt(percentile(solvedMs, 50))} / ${fmt(percentile(solvedMs, 95))} | ${fmt(percentile(decMs, 50))} | ${wall.toFixed(0)} |`,
    );
  }
  const decided = (r?: Row) => r !== undefined && (r.outcome === 'solved' || r.outcome === 'unsolvable');
  console.log('');
  for (let i = 0; i < tools.length; i++) {
    for (let j = i + 1; j < tools.length; j++) {
      const a = tools[i],
        b = tools[j],
        A = by.get(a)!,
        B = by.get(b)!;
      const onlyA: string[] = [],
        onlyB: string[] = [],
        clash: string[] = [];
      for (const s of seeds) {
        const x = A.get(s),
          y = B.get(s);
        if (decided(x) && decided(y) && x!.outcome !== y!.outcome)
          clash.push(`${s} (${a} ${x!.outcome}, ${b} ${y!.outcome})`);
        else if (decided(x) && !decided(y)) onlyA.push(`${s} ${x!.outcome === 'solved' ? 'S' : 'U'} ${fmt(x!.ms)} ms`);
        else if (decided(y) && !decided(x)) onlyB.push(`${s} ${y!.outcome === 'solved' ? 'S' : 'U'} ${fmt(y!.ms)} ms`);
      }
      console.log(`${a} vs ${b}: verdicts that disagree: ${clash.length ? clash.join('; ') : 'none'}`);
      // Each tool's own search time on the deals both decide: the medians above are over different deals.
      const both = seeds.filter((s) => decided(A.get(s)) && decided(B.get(s)));
      const med = (m: Map<string, Row>) =>
        fmt(
          percentile(
            both.map((s) => m.get(s)!.ms).sort((x, y) => x - y),
            50,
          ),
        );
      console.log(`  on the ${both.length} deals both decide, median ms: ${a} ${med(A)}, ${b} ${med(B)}`);
      if (both.length) timing(both, a, A, b, B, bareMs, bare.length);
      console.log(`  only ${a} decides (${onlyA.length}): ${onlyA.join(', ')}`);
      console.log(`  only ${b} decides (${onlyB.length}): ${onlyB.join(', ')}`);
    }
  }
  const bad = rows.filter((r) => r.outcome === 'solved' && r.replay !== 'ok');
  if (bad.length)
    console.log(
      `\nsolutions that did not replay in our rules (${bad.length}): ${bad.map((r) => `${r.tool} ${r.seed}: ${r.replay}`).join('; ')}`,
    );
}

/** Each tool's own clock and wall time on the deals both decide (medians and p90s), and the
 *  per-deal ratio a ÷ b (quartiles); our wall times less bare Node's median start-up. */
function timing(
  both: string[],
  a: string,
  A: Map<string, Row>,
  b: string,
  B: Map<string, Row>,
  bareMs: number,
  bareCount: number,
): void {
  const ours = (t: string) => TOOLS[t]?.solver === 'ours';
  const wall = (t: string, r: Row) => (ours(t) ? r.wallMs - bareMs : r.wallMs);
  const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);
  const mp = (xs: number[]) => {
    const s = sorted(xs);
    return `${Math.round(percentile(s, 50)).toLocaleString('en-US')} / ${Math.round(percentile(s, 90)).toLocaleString('en-US')}`;
  };
  const q = (xs: number[]) => {
    const s = sorted(xs);
    return [25, 50, 75].map((p) => percentile(s, p).toFixed(1)).join(' / ');
  };
  // A deal one tool did in 0 ms by its clock: 1 ms, so that the ratio is defined.
  const own = (r: Row) => Math.max(1, r.ms);
  console.log(
    `  own clock, median / p90 ms: ${a} ${mp(both.map((s) => A.get(s)!.ms))}, ${b} ${mp(both.map((s) => B.get(s)!.ms))}; per-deal ratio ${a} ÷ ${b} (q1 / median / q3): ${q(both.map((s) => own(A.get(s)!) / own(B.get(s)!)))}`,
  );
  if (TOOLS[a]?.warm || TOOLS[b]?.warm) return;
  const bareNote = bareCount
    ? `, ours less bare Node's start-up (median ${Math.round(bareMs)} ms over ${bareCount} runs)`
    : ' (no bare Node timed: run the tool "node" too)';
  console.log(
    `  wall from launch to exit${bareNote}, median / p90 ms: ${a} ${mp(both.map((s) => wall(a, A.get(s)!)))}, ${b} ${mp(both.map((s) => wall(b, B.get(s)!)))}; per-deal ratio (q1 / median / q3): ${q(both.map((s) => Math.max(1, wall(a, A.get(s)!)) / Math.max(1, wall(b, B.get(s)!))))}`,
  );
}

function main(): void {
  const [cmd, ...args] = process.argv.slice(2);
  if (cmd === 'export') {
    const [dir, seeds] = args;
    mkdirSync(dir, { recursive: true });
    for (const s of parseSeeds(seeds)) writeFileSync(join(dir, `${s}.json`), svDealText(s));
  } else if (cmd === 'run') {
    const [bin, seedText, limitText, out, toolText] = args;
    const limitMs = Number(limitText);
    const tools = (toolText ?? 'ours,sv,sv-smart,sv-preset').split(',');
    const unknown = tools.filter((t) => !(t in TOOLS));
    if (unknown.length) {
      console.error(`unknown tool ${unknown.join(', ')} (use ${Object.keys(TOOLS).join(', ')})`);
      process.exitCode = 2;
      return;
    }
    const dir = join(dirname(out), 'solvitaire-deals');
    mkdirSync(dir, { recursive: true });
    const fresh = !existsSync(out);
    if (fresh) writeFileSync(out, `${COLUMNS.join(',')}\n`);
    const done = new Set(fresh ? [] : readRows(out).map((r) => `${r.tool} ${r.seed}`));
    parseSeeds(seedText).forEach((seed, k) => {
      const dealFile = join(dir, `${seed}.json`);
      writeFileSync(dealFile, svDealText(seed));
      // Rotate the order from deal to deal: no tool always runs first (or after the same one).
      const order = tools.map((_, i) => tools[(i + k) % tools.length]);
      for (const tool of order) {
        if (done.has(`${tool} ${seed}`)) continue;
        const r =
          TOOLS[tool].solver === 'ours'
            ? runOurs(tool, seed, dealFile, limitMs)
            : TOOLS[tool].solver === 'node'
              ? runBareNode(seed)
              : runSolvitaire(bin, tool, seed, dealFile, limitMs);
        writeFileSync(out, `${COLUMNS.map((c) => String(r[c]).replace(/,/g, ';')).join(',')}\n`, { flag: 'a' });
        console.log(`${seed} ${tool} ${r.outcome} ${r.ms} ms (wall ${r.wallMs}) ${r.work} ${r.replay}`);
      }
    });
  } else if (cmd === 'table') {
    table(args[0]);
  } else if (cmd === 'convert') {
    const [file, seed, reading] = args;
    const text = readFileSync(file, 'utf8');
    const moves = statesToMoves(parseStates(text));
    for (const m of moves) console.log(m);
    const deal =
      reading === 'removable' ? withVariant(dealFromSeed(seed), 'foundations=removable') : dealFromSeed(seed);
    const c = checkSolvitaireSolution(text, deal);
    console.error(c.ok ? `replays in our engine: valid and won in ${c.moves} moves` : `does not replay: ${c.why}`);
    process.exitCode = c.ok ? 0 : 1;
  } else {
    console.error(
      'usage: solvitaire-compare.ts export DIR SEEDS | run BIN SEEDS LIMIT_MS OUT.csv [TOOLS] | table OUT.csv | convert FILE SEED [removable]',
    );
    process.exitCode = 2;
  }
}

main();
