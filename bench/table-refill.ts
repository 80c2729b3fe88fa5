// One compiled build's StateTable filled with `states` distinct keys of 12 words, then cleared and
// filled again, `rounds` times (as the portfolio's runs and a batch's deals reuse one table):
// per fill, the milliseconds in all, those spent in growSlots(), the system CPU time and the page
// faults. Run it on two builds in turn (A B A B) to compare them:
//
//   npx tsx bench/table-refill.ts /tmp/old/dist [states] [rounds]
//   npx tsx bench/table-refill.ts dist [states] [rounds]
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [dir, statesText, roundsText] = process.argv.slice(2);
if (!dir) {
  console.error('usage: npx tsx bench/table-refill.ts BUILD_DIR [states] [rounds]');
  process.exit(2);
}
const states = Number(statesText ?? 2_280_000),
  rounds = Number(roundsText ?? 4);
// biome-ignore lint/suspicious/noExplicitAny: a build of any version
const { StateTable } = (await import(pathToFileURL(resolve(dir, 'src/search/table.js')).href)) as any;
let growMs = 0;
const grow = StateTable.prototype.growSlots;
StateTable.prototype.growSlots = function (this: unknown) {
  const t0 = performance.now();
  const r = grow.call(this);
  growMs += performance.now() - t0;
  return r;
};
const table = new StateTable(1 << 30);
const key = new Uint32Array(16);
const fills: string[] = [];
for (let round = 0; round < rounds; round++) {
  table.clear();
  growMs = 0;
  const u0 = process.resourceUsage(),
    t0 = performance.now();
  for (let i = 0; i < states; i++) {
    for (let j = 0; j < 12; j++) key[j] = Math.imul(i + round * 7919, 2654435761) + j;
    table.insert(key, 12);
  }
  const ms = performance.now() - t0,
    u1 = process.resourceUsage();
  fills.push(
    `${ms.toFixed(0)} ms (grow ${growMs.toFixed(0)}, sys ${((u1.systemCPUTime - u0.systemCPUTime) / 1000).toFixed(0)}, ` +
      `faults ${u1.minorPageFault - u0.minorPageFault})`,
  );
}
console.log(`${dir}: ${fills.join('; ')}`);
