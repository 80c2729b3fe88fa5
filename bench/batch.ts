// Batch throughput: the same seeds with 1 and with 2 workers, each deal on a fixed node budget
// (so the work per deal does not depend on machine load). Prints deals/s and the speed-up.
//   npx tsx bench/batch.ts [seeds=1..400] [maxNodes=200000]
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Batch } from '../src/batch/run.js';
import { parseSeeds } from '../src/cli/units.js';

const items = parseSeeds(process.argv[2] ?? '1..400');
const maxNodes = Number(process.argv[3] ?? 200_000);
const config = { algorithm: 'auto', maxNodes, memoryBytes: 2 ** 30, settings: `bench auto max-nodes=${maxNodes}` };
const dir = mkdtempSync(join(tmpdir(), 'bench-batch-'));
const rates: number[] = [];
for (const workers of [1, 2]) {
  const t0 = performance.now();
  await new Batch({ job: 'besieged-city', config, items, out: join(dir, `w${workers}.csv`), workers }).run();
  const s = (performance.now() - t0) / 1000;
  rates.push(items.length / s);
  console.log(
    `workers ${workers}: ${items.length} deals in ${s.toFixed(1)} s = ${(items.length / s).toFixed(2)} deals/s`,
  );
}
console.log(`speed-up with 2 workers: ${(rates[1] / rates[0]).toFixed(2)}x`);
