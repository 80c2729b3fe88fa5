// A picture of one part of a report (or any page) for the docs, drawn by the same Debian
// chromium the browser tests use: the element that matches SELECTOR, at 1280 px wide.
//
//   npx tsx bench/report-shot.ts PAGE.html SELECTOR OUT.png
//   e.g. patience report data/besieged-city/variants/*.csv --out /tmp/v.html
//        npx tsx bench/report-shot.ts /tmp/v.html section.variants docs/report-variants.png
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { findChromium, INSTALL_HINT } from '../test/report/browser.js';

const [page, selector, out] = process.argv.slice(2);
if (!page || !selector || !out) {
  console.error('usage: npx tsx bench/report-shot.ts PAGE.html SELECTOR OUT.png');
  process.exit(2);
}
const exe = findChromium();
if (!exe) {
  console.error(`chromium not found: ${INSTALL_HINT}`);
  process.exit(2);
}
const browser = await chromium.launch({ executablePath: exe, args: ['--no-sandbox'] });
try {
  const p = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await p.goto(pathToFileURL(resolve(page)).href);
  // vega draws after load: wait until the element holds its picture.
  await p.waitForSelector(`${selector} svg, ${selector} canvas`, { timeout: 30_000 });
  await p.locator(selector).first().screenshot({ path: out });
  console.log(`${out}: ${selector} of ${page}`);
} finally {
  await browser.close();
}
