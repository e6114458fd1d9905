/**
 * Where the console's store detail panel spends its time on the renderer's main thread (the browser benchmark's
 * "open a store detail panel", budget 100 ms): the same data as bench/browser-bench.ts, staff@ signed in, the Stores
 * list at 1280x800; after 3 warm-up opens, 8 rows opened under a Chrome trace, each cut from its click to the panel
 * showing that store, painted (bench/lib/main-thread-trace.ts).
 * Usage: npm run build -w apps/web && npx tsx bench/trace-detail-panel.ts   (TOP=n functions per phase, VERBOSE=1)
 */
import { openStoreDetail, signedInBenchPage, STORE_ROWS } from './lib/dashboard-bench.js';
import { markLastMeasure, startTrace, stopTraceAndSummarise } from './lib/main-thread-trace.js';

const { app, browser, page } = await signedInBenchPage('staff');
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
