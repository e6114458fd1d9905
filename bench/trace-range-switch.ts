/**
 * Where the range switch's wall time goes on the renderer's main thread: a Chrome trace of 8 switches (as in
 * profile-range-switch.ts), each cut from its click to its painted result, summed by top-level task kind; the time
 * the main thread was idle inside the window is waiting (network, timers, frames). Then the trace's JavaScript samples
 * in two phases (click to the result in the DOM, result to the painted frame): the React components rendering, and
 * the functions on the stack (inclusive). Names are the minified ones unless the web app is built unminified.
 * PREFETCH_MS (default 500) is how long the range list stays open before the click; VERBOSE=1 lists each task.
 * Usage: npm run build -w apps/web && npx tsx bench/trace-range-switch.ts
 */
import { DASHBOARD_SETTLED, signedInBenchPage, switchRange } from './lib/dashboard-bench.js';
import { until } from './lib/interactions.js';
import { markLastMeasure, startTrace, stopTraceAndSummarise } from './lib/main-thread-trace.js';

const prefetchMs = Number(process.env.PREFETCH_MS ?? 500);
const { app, browser, page } = await signedInBenchPage('company');
await until(page, DASHBOARD_SETTLED);
for (const r of ['3 months', '1 month', '1 year', '1 month']) await switchRange(page, r, prefetchMs); // warm
await startTrace(browser, page);
const times: number[] = [];
for (let i = 0; i < 4; i++) {
  for (const r of ['1 year', '1 month']) {
    times.push(await switchRange(page, r, prefetchMs));
    await markLastMeasure(page);
  }
}
console.log('switch times', times.map((x) => x.toFixed(0)).join(', '));
await stopTraceAndSummarise(browser, { top: Number(process.env.TOP ?? 40), verbose: Boolean(process.env.VERBOSE) });
await browser.close();
await app.close();
process.exit(0);
