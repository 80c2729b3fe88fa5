import { existsSync } from 'node:fs';
import type { Argv } from 'yargs';
import { InputError } from '../io/errors.js';
import { checkOutputFile } from '../io/files.js';
import { onOutputGone } from '../io/stdio.js';
import type { BatchResult } from '../batch/run.js';
import { itemOfRow, type Row } from '../batch/job.js';
import type { Progress } from '../batch/progress.js';
import { readCsvRows } from '../batch/csv.js';
import { dealKeyOfSettings } from '../batch/settings.js';
import { loadJob } from '../batch/jobs.js';
import { dealKeyOf } from '../strategies/deal-key.js';
import { checkItemCount, parseCount, parseDuration, parseSeeds, parseShard } from './units.js';

// The options and the run loop every `batch` verb shares: seeds, shards, workers, the CSV,
// resume, progress and a clean stop on Ctrl-C.

/** `seedsWhy` says why the game's default number of seeds is what it is (they differ). */
export function batchOptions(y: Argv, defaults: { seeds: string; seedsWhy: string; out: string }): Argv {
  return y
    .option('seeds', {
      type: 'string',
      default: defaults.seeds,
      describe: `seeds: 1..1000, or a list 1,5,9..12 (the default is ${defaults.seeds}: ${defaults.seedsWhy})`,
    })
    .option('shard', { type: 'string', describe: "k/N: run only this machine's share (round robin) of the seeds" })
    .option('workers', { type: 'string', describe: 'worker threads (default: the number of cores)' })
    .option('out', { type: 'string', default: defaults.out, describe: 'CSV file to write' })
    .option('resume', {
      type: 'boolean',
      default: false,
      describe: 'skip seeds already in the CSV and append the rest',
    })
    .option('retry-errors', {
      type: 'boolean',
      default: false,
      describe: 'with --resume: run the seeds whose rows are errors again (their rows are replaced)',
    })
    .option('force', { type: 'boolean', default: false, describe: 'overwrite an existing CSV' })
    .option('progress-every', { type: 'string', default: '5s', hidden: true });
}

export interface BatchCommand {
  argv: Record<string, unknown>;
  /** The URL of the job's module: the game's own (new URL('./job.js', import.meta.url)). */
  job: string | URL;
  config: Record<string, unknown>;
  /** The items to run; default: --seeds, cut by --shard. */
  items?: string[];
  /** The progress line's tag (default "batch") and what an item is (default "deals"). */
  label?: string;
  unit?: string;
  /** A short note for the progress line, e.g. "solvable 12.5% so far". */
  note: (rows: Row[]) => string;
  onRow?: (row: Row) => void;
}

export function itemsOf(argv: Record<string, unknown>): string[] {
  return parseSeeds(argv.seeds, '--seeds', argv.shard === undefined ? undefined : parseShard(argv.shard));
}

/** What a batch command returns: the run's result, and the rows of its items as the CSV now
 *  holds them (those finished before a resume included), for the summary. */
export type BatchCommandResult = BatchResult & { csvRows: Record<string, string>[] };

export async function runBatchCommand(cmd: BatchCommand): Promise<BatchCommandResult> {
  const { argv } = cmd;
  const items = cmd.items ?? itemsOf(argv);
  checkItemCount(items.length, '--seeds', `${cmd.unit ?? 'deals'} to run`);
  if (argv.resume && argv.force) throw new InputError('--resume and --force do not go together');
  checkOutputFile(String(argv.out), '--out');
  if (argv.retryErrors && !argv.resume)
    throw new InputError('--retry-errors goes with --resume (it runs the error rows of an existing CSV again)');
  const workers = argv.workers === undefined ? undefined : parseCount(argv.workers, '--workers');
  if (workers !== undefined && workers > 256) throw new InputError('--workers: at most 256');
  // Every output of a run with strategy files lies outside their folders, wherever its links
  // lead (a module reads its folder: the CSV holds the deal key, the solutions the winning lines).
  // The strategy host, too, is loaded when a batch runs.
  const strategies = await import('../strategies/module.js');
  const files = strategies.filesFromConfig(cmd.config.strategyFiles);
  for (const option of ['out', 'records', 'solutions'])
    strategies.checkOutsideStrategyFolders(argv[option], `--${option}`, files);
  strategies.checkOutsideStrategyFolders(`${String(argv.out)}.lock`, '--out', files);
  // The files were checked in processes of this thread; the pool's threads start their own.
  strategies.stopStrategyHosts();
  const rows: Row[] = []; // this run's rows, for the progress note
  // The batch's machinery (its workers, the progress bar) is loaded when a batch runs: every
  // command of a game has these options, and most run no batch.
  const [{ Batch }, { Progress }] = await Promise.all([import('../batch/run.js'), import('../batch/progress.js')]);
  const state: { progress: Progress | null } = { progress: null };
  const batch = new Batch({
    job: String(cmd.job),
    config: cmd.config,
    items,
    out: String(argv.out),
    resume: argv.resume === true,
    retryErrors: argv.retryErrors === true,
    force: argv.force === true,
    ...(workers !== undefined ? { workers } : {}),
    onStart: (todo) => {
      state.progress = new Progress(todo, () => cmd.note(rows), {
        label: cmd.label ?? 'batch',
        unit: cmd.unit ?? 'deals',
        ...(argv.progressEvery !== undefined
          ? { intervalMs: parseDuration(argv.progressEvery, '--progress-every') }
          : {}),
      });
    },
    onRow: (row) => {
      rows.push(row);
      cmd.onRow?.(row);
      state.progress?.tick();
    },
  });
  const stop = () => {
    batch.stop();
    // A pool thread waiting on a strategy's decision returns when its process ends.
    strategies.killStrategyProcesses();
  };
  const onSigint = () => {
    process.stderr.write('\ninterrupted: stopping; every finished row is kept (run again with --resume)\n');
    stop();
  };
  process.once('SIGINT', onSigint);
  process.once('SIGTERM', onSigint);
  const unlisten = onOutputGone(stop);
  try {
    const r = await batch.run();
    state.progress?.stop();
    if (r.skipped > 0 || r.retried > 0) process.stderr.write(`${resumeNote(r)}\n`);
    const job = await loadJob(String(cmd.job));
    const mine = new Set(items);
    return { ...r, csvRows: readCsvRows(r.file).rows.filter((x) => mine.has(itemOfRow(job, x))) };
  } finally {
    state.progress?.stop();
    process.off('SIGINT', onSigint);
    process.off('SIGTERM', onSigint);
    unlisten();
  }
}

/** The deal key of a batch or tournament (--deal-key: auto, none or a key; src/strategies/
 *  deal-key.ts). A resumed run keeps the key of the rows already in its CSV, so that every
 *  deal of a seed stays one deal: a key given that is not theirs, or rows of several keys, is
 *  an error, and so is a strategy file joining rows played on plain seeds unless --deal-key
 *  none says so. */
export function batchDealKey(argv: Record<string, unknown>, files: boolean): string | null {
  const out = String(argv.out);
  if (!argv.resume || !existsSync(out)) return dealKeyOf(argv.dealKey, files);
  let rows: Record<string, string>[];
  try {
    rows = readCsvRows(out).rows;
  } catch {
    return dealKeyOf(argv.dealKey, files); // no rows to keep (the batch says what is wrong)
  }
  const keys = new Set(rows.map((r) => dealKeyOfSettings(r.settings)));
  if (keys.size === 0) return dealKeyOf(argv.dealKey, files);
  if (keys.size > 1)
    throw new InputError(
      `${out}: its rows were played under ${keys.size} deal keys${keys.has('') ? ' (one of them none)' : ''}, so a seed's games are not all on one deal; resume one run's rows per file, or write to another --out`,
    );
  const [kept] = keys;
  const asked = argv.dealKey === undefined || String(argv.dealKey).trim() === 'auto' ? undefined : argv.dealKey;
  if (asked !== undefined && (dealKeyOf(asked, files) ?? '') !== kept)
    throw new InputError(
      `--deal-key: the rows of ${out} were played ${kept ? 'under the deal key in their settings' : 'on plain seeds (no deal key)'}; resume with ${kept ? 'that key (or leave --deal-key out)' : '--deal-key none'}, or write to another --out`,
    );
  if (kept === '' && files && asked === undefined)
    throw new InputError(
      `${out}: its rows were played on plain seeds (no deal key), and a strategy file plays now, which could look its deals up; resume with --deal-key none to keep plain seeds, or write to another --out`,
    );
  return kept === '' ? null : kept;
}

/** What a resume found: the rows kept, and the error rows run again or left. */
export function resumeNote(r: BatchResult): string {
  const rows = (n: number) => `${n} row${n === 1 ? '' : 's'}`;
  let note = `resumed: ${rows(r.skipped)} ${r.skipped === 1 ? 'was' : 'were'} already in ${r.file}`;
  if (r.retried > 0) note += `; ${r.retried} error row${r.retried === 1 ? '' : 's'} run again`;
  if (r.errorsKept > 0)
    note += ` (${r.errorsKept} of them error${r.errorsKept === 1 ? '' : 's'}: add --retry-errors to run ${r.errorsKept === 1 ? 'it' : 'them'} again)`;
  return note;
}

/** Says where the rows went and, after Ctrl-C, how to finish (exit code 130). */
export function reportBatchEnd(r: BatchResult, extra = ''): void {
  console.log(`rows: ${r.written} written${r.skipped ? `, ${r.skipped} already there` : ''} -> ${r.file}${extra}`);
  if (r.interrupted) {
    console.log('interrupted: run the same command with --resume to finish');
    process.exitCode = 130;
  }
}
