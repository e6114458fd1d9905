// First-load JavaScript of public pages: loads each path in Debian's Chromium and sums the gzip size of every script.
import { chromium } from 'playwright-core';
import { gzipSync } from 'node:zlib';
// Usage: npm start (or any running server), then: node bench/page-js-weight.mjs [--base http://localhost:8080] /login /public/salescalculator ...
const args = process.argv.slice(2);
const at = args.indexOf('--base');
const base = at >= 0 ? args.splice(at, 2)[1] : 'http://localhost:8080';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const path of args) {
  const page = await browser.newPage();
  const sizes = new Map();
  page.on('response', async (r) => {
    // blob: scripts (MapLibre's worker) are made from a file already counted, not downloaded again.
    if (r.url().startsWith('blob:')) return;
    if (r.request().resourceType() === 'script' || /\.m?js$/.test(r.url())) {
      try {
        sizes.set(r.url(), gzipSync(await r.body()).length);
      } catch {
        // a response without a body (a redirect, a failed request) weighs nothing here
      }
    }
  });
  await page.goto(base + path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  const total = [...sizes.values()].reduce((a, b) => a + b, 0);
  console.log(path, (total / 1000).toFixed(1), 'kB gzip in', sizes.size, 'scripts');
  await page.close();
}
await browser.close();
