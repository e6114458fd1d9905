/**
 * Where the console's store detail panel spends its time on the renderer's main thread (the browser benchmark's
 * "open a store detail panel", budget 100 ms): the same data as bench/browser-bench.ts, staff@ signed in, the Stores
 * list at 1280x800; after 3 warm-up opens, 8 rows opened under a Chrome trace, each cut from its click to the panel
 * showing that store, painted (bench/lib/main-thread-trace.ts).
 * Usage: npm run build -w apps/web && npx tsx bench/trace-detail-panel.ts   (TOP=n functions per phase, VERBOSE=1)
 */
import { DEMO_LOGINS, startBenchApp } from './lib/app.js';
import { signInOnPage } from './lib/browser-sign-in.js';
import { BROWSER_BENCH_NETWORK, linkDemoAccounts, openStoreDetail, STORE_ROWS } from './lib/dashboard-bench.js';
import { launchBenchChromium } from './lib/lighthouse.js';
import { markLastMeasure, startTrace, stopTraceAndSummarise } from './lib/main-thread-trace.js';
import { loadBenchNetwork } from './report-totals-data.js';

const app = await startBenchApp({
  web: true,
  load: async (database) => {
    await loadBenchNetwork(database, BROWSER_BENCH_NETWORK, () => {});
  },
  prepare: linkDemoAccounts,
});
const browser = await launchBenchChromium(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const page = await context.newPage();
await signInOnPage(page, app.base, ...DEMO_LOGINS.staff, /\/ops$/);
await page.goto(`${app.base}/ops/retail/stores`);
await page.locator(STORE_ROWS).first().waitFor();
await page.waitForTimeout(500);
for (let i = 0; i < 3; i++) await openStoreDetail(page, i); // warm: the panel's code, the first answers
await startTrace(browser, page);
const times: number[] = [];
for (let i = 3; i < 11; i++) {
  times.push(await openStoreDetail(page, i));
  await markLastMeasure(page);
}
console.log('open times', times.map((x) => x.toFixed(0)).join(', '));
await stopTraceAndSummarise(browser, { top: Number(process.env.TOP ?? 40), verbose: Boolean(process.env.VERBOSE) });
await browser.close();
await app.close();
process.exit(0);
