import { Batch } from '../../src/batch/run.js';
import { SELFTEST_JOB } from '../../src/batch/jobs.js';

// A selftest batch run as a process of its own, for the tests that race, hold and kill real
// batches: batch-process.ts OUT FIRST..LAST [hold=ITEM,...] [resume]. Prints one line: the
// result as JSON, or the error's message (exit code 2).

const [out, range, ...rest] = process.argv.slice(2);
const [a, b] = range.split('..').map(Number);
const items = Array.from({ length: b - a + 1 }, (_, i) => String(a + i));
const hold =
  rest
    .find((x) => x.startsWith('hold='))
    ?.slice(5)
    .split(',') ?? [];
try {
  const r = await new Batch({
    job: SELFTEST_JOB,
    config: { holdOn: hold },
    items,
    out,
    workers: 1,
    resume: rest.includes('resume'),
  }).run();
  console.log(JSON.stringify(r));
} catch (e) {
  console.log((e as Error).message);
  process.exitCode = 2;
}
