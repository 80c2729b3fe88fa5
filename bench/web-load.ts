import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildPage } from '../src/web/build.js';
import { findChromium, INSTALL_HINT } from '../test/report/browser.js';

// How soon the play page (`patience web`) is usable after it is opened from disk: the page is
// built, then opened ROUNDS times per game in Debian's chromium (a fresh page each time, the
// browser warm after the first), and the time from the start of the navigation to the moment
// the page has drawn its board and answers input (body[data-ready-ms]) is printed, with the
// page's size. npx tsx bench/web-load.ts [rounds]

const ROUNDS = Number(process.argv[2] ?? 7);
const chromium = findChromium();
if (!chromium) throw new Error(`chromium not found: ${INSTALL_HINT}`);
const dir = mkdtempSync(join(tmpdir(), 'patience-web-load-'));
try {
  const html = await buildPage();
  writeFileSync(join(dir, 'index.html'), html);
  const url = pathToFileURL(join(dir, 'index.html')).href;
  console.log(`page: ${Math.round(html.length / 1024)} KiB, one file`);
  const { chromium: pw } = await import('playwright-core');
  const browser = await pw.launch({ executablePath: chromium, args: ['--no-sandbox'] });
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const game of ['besieged-city', 'parterre', 'pilstymas']) {
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(`${url}#game=${game}&seed=${42 + i}`);
      await page.waitForSelector('body[data-ready=true]');
      times.push(Number(await page.getAttribute('body', 'data-ready-ms')));
      await page.close();
    }
    console.log(
      `${game}: usable ${median(times)} ms after opening (median of ${ROUNDS}; first ${times[0]} ms, max ${Math.max(...times)} ms)`,
    );
  }
  await browser.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
