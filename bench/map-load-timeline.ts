/**
 * Where the public map's "all markers drawn" time goes: the same page as network-map-bench.ts (10,000 organizations,
 * PGlite in memory, Debian's Chromium with software WebGL), with every request's start and end and the map's states,
 * in ms since navigation, per run. Build the web app first.
 * Usage: npm run build -w apps/web && npx tsx bench/map-load-timeline.ts [--runs 3] [--orgs 10000] [--quiet]
 *   [--dist apps/web/dist --dist /tmp/other-build]   (several builds: one server each, loaded in turn, run by run;
 *   then the median of each milestone per build)
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { chromium } from 'playwright-core';
import { buildApp, DEFAULT_WEB_DIST } from '../apps/server/src/app.js';
import { loadEnv } from '../apps/server/src/config/env.js';
import { openDatabase } from '../apps/server/src/db/connection.js';
import { insertBulkNetworkOrganizations } from '../apps/server/src/db/demo/network-bulk.js';
import { migrate } from '../apps/server/src/db/migrate.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' }, orgs: { type: 'string', default: '10000' },
    dist: { type: 'string', multiple: true }, quiet: { type: 'boolean', default: false },
  },
});
const dists = values.dist ?? [DEFAULT_WEB_DIST];
const database = await openDatabase({ dataDir: null });
await migrate(database);
await sql`update region set secret = 'demo'`.execute(database.db);
await insertBulkNetworkOrganizations(database.db, Number(values.orgs));
const servers = [];
for (const dist of dists) {
  const env = loadEnv({ LOG_LEVEL: 'silent', NODE_ENV: 'production', WEB_DIST: dist });
  const { app } = await buildApp({ env, database, logger: false, origin: 'http://127.0.0.1' });
  servers.push({ dist, app, base: await app.listen({ host: '127.0.0.1', port: 0 }), milestones: new Map<string, number[]>() });
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--enable-unsafe-swiftshader', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

// Records the map box's state changes with their time (a string: tsx adds helpers functions do not have in the page).
const WATCH_STATES = `(() => {
  const seen = (window.__states = []);
  const watch = () => {
    const box = document.querySelector('[data-testid=network-map]');
    if (!box) return requestAnimationFrame(watch);
    seen.push(['map box', performance.now()]);
    new MutationObserver(() => {
      const state = box.getAttribute('data-map-state');
      const markers = state === 'idle' ? ' ' + box.getAttribute('data-marker-count') + ' markers' : '';
      seen.push(['map ' + state + markers, performance.now()]);
    })
      .observe(box, { attributes: true, attributeFilter: ['data-map-state'] });
  };
  watch();
})()`;

const short = (url: string) => {
  const u = new URL(url);
  return (u.pathname.split('/').pop() || u.pathname) + (u.pathname.includes('/api/') ? ' (api)' : '');
};
const MILESTONES = ['DOMContentLoaded', 'region (api)', 'retail/network (api)', 'map box', 'all markers drawn'];
const milestoneOf = (name: string) =>
  name.includes('/public/network/region') ? 'region (api)' : name.includes('/retail/network/') ? 'retail/network (api)'
    : /^map idle [1-9]/.test(name) ? 'all markers drawn' : MILESTONES.includes(name) ? name : null;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
for (let run = 0; run <= Number(values.runs); run++) for (const { dist, base, milestones } of servers) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(WATCH_STATES);
  const page = await context.newPage();
  await page.goto(`${base}/public/network/all/demo`);
  await page.waitForSelector('[data-testid=network-map][data-map-state=idle]', { timeout: 60_000 });
  const timeline = await page.evaluate(() => {
    const rows: [string, number, number][] = performance.getEntriesByType('resource')
      .map((e) => [e.name, e.startTime, (e as PerformanceResourceTiming).responseEnd] as [string, number, number]);
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    rows.push(['document', 0, nav.responseEnd], ['DOMContentLoaded', nav.domContentLoadedEventEnd, nav.domContentLoadedEventEnd]);
    for (const [name, at] of (window as unknown as { __states: [string, number][] }).__states) rows.push([name, at, at]);
    for (const p of performance.getEntriesByType('paint')) rows.push([p.name, p.startTime, p.startTime]);
    return rows.sort((a, b) => a[1] - b[1]);
  });
  if (!values.quiet) console.log(`run ${run}${run === 0 ? ' (warm-up)' : ''}, ${dist}`);
  const seen = new Set<string>();
  for (const [name, start, end] of timeline) {
    const label = name.startsWith('http') ? short(name) : name;
    if (!values.quiet) console.log(`  ${start.toFixed(0).padStart(5)} – ${end.toFixed(0).padStart(5)} ms  ${label}`);
    const milestone = milestoneOf(name);
    if (run > 0 && milestone && !seen.has(milestone)) {
      seen.add(milestone);
      milestones.set(milestone, [...(milestones.get(milestone) ?? []), end]);
    }
  }
  await context.close();
}
await browser.close();
for (const { dist, app, milestones } of servers) {
  console.log(`${dist}: median ms since navigation, ${values.runs} runs: ` +
    MILESTONES.map((m) => `${m} ${median(milestones.get(m) ?? [NaN]).toFixed(0)}`).join(', '));
  await app.close();
}
await database.close();
