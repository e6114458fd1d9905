/**
 * What the client dashboard's range switch spends its time on (the browser benchmark's "switch Reporting Range",
 * budget 100 ms): the same data and company user as bench/browser-bench.ts, a desktop window without throttling; the
 * range list is opened and its prefetch given 500 ms, then the option clicked and timed to the settled dashboard
 * (bench/lib/interactions.ts). After 4 warm-up switches, 8 switches (1 year and back to 1 month) under a V8 CPU profile
 * (100 us sampling, includes opening the list each time); prints their times, then self time by script and by
 * function. Function names are the minified ones unless the web app is built with source maps.
 * Usage: npm run build -w apps/web && npx tsx bench/profile-range-switch.ts
 */
import { DASHBOARD_SETTLED, signedInBenchPage, switchRange } from './lib/dashboard-bench.js';
import { until } from './lib/interactions.js';

const { browser, context, page } = await signedInBenchPage('company');
await until(page, DASHBOARD_SETTLED);
const choose = (label: string) => switchRange(page, label, 500);
for (const r of ['3 months', '1 month', '1 year', '1 month']) await choose(r); // warm
const cdp = await context.newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Profiler.start');
const times: number[] = [];
for (let i = 0; i < 4; i++) for (const r of ['1 year', '1 month']) times.push(await choose(r));
const { profile } = (await cdp.send('Profiler.stop')) as any;
console.log('switch times', times.map((x) => x.toFixed(0)).join(', '));
const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
const self = new Map<string, number>();
const byUrl = new Map<string, number>();
profile.samples.forEach((s: number, i: number) => {
  const n: any = byId.get(s);
  const dt = profile.timeDeltas[i] ?? 0;
  const url = n.callFrame.url.split('/').pop() || n.callFrame.functionName;
  const k = `${n.callFrame.functionName || '(anon)'} ${url}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`;
  self.set(k, (self.get(k) ?? 0) + dt);
  byUrl.set(url, (byUrl.get(url) ?? 0) + dt);
});
console.log('by script (ms over 8 switches):');
[...byUrl]
  .sort((a, b) => b[1] - a[1])
  .slice(0, 12)
  .forEach(([k, v]) => console.log((v / 1000).toFixed(1).padStart(8), k));
console.log('top functions:');
[...self]
  .sort((a, b) => b[1] - a[1])
  .slice(0, 30)
  .forEach(([k, v]) => console.log((v / 1000).toFixed(1).padStart(8), k));
// Who started each piece of work: the outermost script frame of each sample (an event handler, React's scheduler
// task, a frame callback...), with the functions that spent its time.
const parent = new Map<number, any>();
for (const n of profile.nodes as any[]) for (const c of n.children ?? []) parent.set(c, n);
const entries = new Map<string, { total: number; self: Map<string, number> }>();
profile.samples.forEach((s: number, i: number) => {
  const leaf: any = byId.get(s);
  const dt = profile.timeDeltas[i] ?? 0;
  let entry = leaf;
  for (let n = leaf; n; n = parent.get(n.id)) if (n.callFrame.url) entry = n;
  const name = `${entry.callFrame.functionName || '(anon)'} ${entry.callFrame.url.split('/').pop() || ''}:${entry.callFrame.lineNumber}`;
  const e = entries.get(name) ?? { total: 0, self: new Map() };
  e.total += dt;
  const k = `${leaf.callFrame.functionName || '(anon)'} ${leaf.callFrame.url.split('/').pop() || ''}:${leaf.callFrame.lineNumber}`;
  e.self.set(k, (e.self.get(k) ?? 0) + dt);
  entries.set(name, e);
});
console.log('by entry point (ms over 8 switches), with its top functions:');
for (const [name, e] of [...entries].sort((a, b) => b[1].total - a[1].total).slice(0, 8)) {
  console.log((e.total / 1000).toFixed(1).padStart(8), name);
  [...e.self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .forEach(([k, v]) => console.log('        ', (v / 1000).toFixed(1).padStart(7), k));
}
await browser.close();
process.exit(0);
