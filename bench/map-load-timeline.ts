/**
 * Where the public map's "all markers drawn" time goes: the same page as network-map-bench.ts (10,000 organizations,
 * PGlite in memory, Debian's Chromium with software WebGL), with every request's start and end and the map's states,
 * in ms since navigation, per run. Build the web app first.
 * Usage: npm run build -w apps/web && npx tsx bench/map-load-timeline.ts [--runs 3] [--orgs 10000] [--quiet]
 *   [--dist apps/web/dist --dist /tmp/other-build]   (several builds: one server each, loaded in turn, run by run;
 *   then the median of each milestone per build)
 */
import { parseArgs } from 'node:util';
import { launchBenchChromium } from './lib/lighthouse.js';
import {
  MAP_DRAWN,
  mapStateChanges,
  PUBLIC_MAP_PATH,
  startNetworkMapServers,
  WATCH_MAP_STATES,
} from './lib/network-map-page.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    orgs: { type: 'string', default: '10000' },
    dist: { type: 'string', multiple: true },
    quiet: { type: 'boolean', default: false },
  },
});
const { servers, close } = await startNetworkMapServers(Number(values.orgs), values.dist);
const browser = await launchBenchChromium(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');

const short = (url: string) => {
  const u = new URL(url);
  return (u.pathname.split('/').pop() || u.pathname) + (u.pathname.includes('/api/') ? ' (api)' : '');
};
const MILESTONES = ['DOMContentLoaded', 'region (api)', 'retail/network (api)', 'map box', 'all markers drawn'];
const milestoneOf = (name: string) =>
  name.includes('/public/network/region')
    ? 'region (api)'
    : name.includes('/retail/network/')
      ? 'retail/network (api)'
      : /^map idle, [1-9]/.test(name)
        ? 'all markers drawn'
        : MILESTONES.includes(name)
          ? name
          : null;
const stateLabel = (state: string, markers: number) =>
  state === 'box' ? 'map box' : `map ${state}${state === 'idle' ? `, ${markers} markers` : ''}`;
const milestones = new Map(servers.map((s) => [s.dist, new Map<string, number[]>()]));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
for (let run = 0; run <= Number(values.runs); run++)
  for (const { dist, base } of servers) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(WATCH_MAP_STATES);
    const page = await context.newPage();
    await page.goto(`${base}${PUBLIC_MAP_PATH}`);
    await page.waitForSelector(MAP_DRAWN, { timeout: 60_000 });
    const timeline = await page.evaluate(() => {
      const rows: [string, number, number][] = performance
        .getEntriesByType('resource')
        .map((e) => [e.name, e.startTime, (e as PerformanceResourceTiming).responseEnd] as [string, number, number]);
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      rows.push(
        ['document', 0, nav.responseEnd],
        ['DOMContentLoaded', nav.domContentLoadedEventEnd, nav.domContentLoadedEventEnd],
      );
      for (const p of performance.getEntriesByType('paint')) rows.push([p.name, p.startTime, p.startTime]);
      return rows;
    });
    for (const [at, state, markers] of await mapStateChanges(page)) timeline.push([stateLabel(state, markers), at, at]);
    timeline.sort((a, b) => a[1] - b[1]);
    if (!values.quiet) console.log(`run ${run}${run === 0 ? ' (warm-up)' : ''}, ${dist}`);
    const seen = new Set<string>();
    for (const [name, start, end] of timeline) {
      const label = name.startsWith('http') ? short(name) : name;
      if (!values.quiet) console.log(`  ${start.toFixed(0).padStart(5)} – ${end.toFixed(0).padStart(5)} ms  ${label}`);
      const milestone = milestoneOf(name);
      if (run > 0 && milestone && !seen.has(milestone)) {
        seen.add(milestone);
        const mine = milestones.get(dist)!;
        mine.set(milestone, [...(mine.get(milestone) ?? []), end]);
      }
    }
    await context.close();
  }
await browser.close();
for (const [dist, mine] of milestones) {
  console.log(
    `${dist}: median ms since navigation, ${values.runs} runs: ` +
      MILESTONES.map((m) => `${m} ${median(mine.get(m) ?? [NaN]).toFixed(0)}`).join(', '),
  );
}
await close();
