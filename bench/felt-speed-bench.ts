/**
 * Speed as a user feels it (issue 35, item 7): in Debian's Chromium against the built product, each figure at the
 * CPU speed of this machine and again with Chromium's CPU slowed 4x (CDP Emulation.setCPUThrottlingRate, what
 * Lighthouse's mobile profile uses), so a phone's slower CPU is stated beside the desktop figure:
 * - the client dashboard (company@, 500 stores of a 2,000-store network, 100,000 donations): navigation to the
 *   figures shown (cards filled, both graphs drawn; bench/lib/dashboard-bench.ts DASHBOARD_SETTLED);
 * - a Reporting Range switch on it to a range not loaded yet: click to the settled dashboard (switchRange);
 * - a store's monthly report (company@ opens /reports/store/{id}): navigation to the report's figures shown;
 * - the public map with 10,000 organizations: navigation to its markers drawn (the page's own map state).
 * Navigations are timed in the page from its time origin (the navigation's start) to the frame after the condition
 * first holds (a MutationObserver tests it on each DOM change). Each page is a new tab in a signed-in context: a
 * returning user's warm HTTP cache; the first load of each page is left out (warm-up).
 *
 * Build the web app first. Usage: npm run build -w apps/web && npx tsx bench/felt-speed-bench.ts [--runs 7]
 *   [--chromium /usr/bin/chromium]
 * Targets (issue 35, on a quiet machine): dashboard <= 1.5 s, range switch <= 300 ms, report <= 1.5 s, map markers
 * <= 2.5 s (medians).
 */
import { parseArgs } from 'node:util';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_LOGINS } from './lib/app.js';
import { signInOnPage } from './lib/browser-sign-in.js';
import { DASHBOARD_SETTLED, startBrowserBenchApp, switchRange } from './lib/dashboard-bench.js';
import { recordFigures, type Figure } from './lib/figures.js';
import { until } from './lib/interactions.js';
import { launchBenchChromium } from './lib/lighthouse.js';
import { MAP_DRAWN, PUBLIC_MAP_PATH } from './lib/network-map-page.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
});
const runs = Number(values.runs);

/** The report's figures: its panel settled and weights in kg on screen. */
const REPORT_SHOWN = `(() => {
  const main = document.querySelector('main') ?? document.body;
  return !!main.querySelector('[aria-busy="false"]') && !main.querySelector('[aria-busy="true"]')
    && /\\d kg/.test(main.innerText);
})()`;

/** Records in `window.__shownAt` the page time (ms from navigation start) of the frame after `condition` held. */
const watchFor = (condition: string) => `(() => {
  const test = () => { try { return Boolean(${condition}); } catch { return false; } };
  const start = () => {
    const observer = new MutationObserver(() => {
      if (window.__shownAt !== undefined || !test()) return;
      window.__shownAt = null;
      observer.disconnect();
      requestAnimationFrame(() => requestAnimationFrame(() => { window.__shownAt = performance.now(); }));
    });
    observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  };
  start();
})()`;

async function throttled(page: Page, context: BrowserContext, rate: number) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/** Milliseconds from navigation start to `condition` shown, for `runs` new tabs (after one left out). */
async function navigations(context: BrowserContext, url: string, condition: string, rate: number) {
  await context.addInitScript({ content: watchFor(condition) });
  const out: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const page = await context.newPage();
    await throttled(page, context, rate);
    await page.goto(url);
    await until(page, 'typeof window.__shownAt === "number"', 60_000);
    const ms = (await page.evaluate('window.__shownAt')) as number;
    if (i > 0) out.push(ms);
    await page.close();
  }
  return out;
}

const app = await startBrowserBenchApp();
const { base } = app;
const store = await app.database.db
  .selectFrom('store')
  .select('id')
  .where('company_id', '=', 1)
  .orderBy('id')
  .executeTakeFirstOrThrow();
const browser = await launchBenchChromium(values.chromium!);
const figures: Figure[] = [];
try {
  for (const rate of [1, 4]) {
    const cpu = rate === 1 ? 'this CPU' : 'CPU slowed 4x';
    const signedIn = async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await signInOnPage(page, base, ...DEMO_LOGINS.company, /\/$/);
      await page.close();
      return context;
    };

    const dashboard = await navigations(await signedIn(), `${base}/`, DASHBOARD_SETTLED, rate);
    const report = await navigations(await signedIn(), `${base}/reports/store/${store.id}`, REPORT_SHOWN, rate);

    const rangeContext = await signedIn();
    const page = await rangeContext.newPage();
    await throttled(page, rangeContext, rate);
    const ranges = ['3 months', '6 months', '1 year', '3 years', 'Max'];
    const switches: number[] = [];
    for (let i = 0; i <= runs; i++) {
      const month = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1 - i, 1));
      await page.goto(`${base}/?month=${month.toISOString().slice(0, 10)}`);
      await until(page, DASHBOARD_SETTLED, 60_000);
      const ms = await switchRange(page, ranges[i % ranges.length]);
      if (i > 0) switches.push(ms);
    }

    const publicContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const map = await navigations(
      publicContext,
      `${base}${PUBLIC_MAP_PATH}`,
      `!!document.querySelector(${JSON.stringify(MAP_DRAWN)})`,
      rate,
    );
    for (const context of browser.contexts()) await context.close();

    const group = 'Speed as a user feels it (Chromium, 1280x800)';
    const note = `${cpu}; returning user (warm cache)`;
    figures.push(
      { group, name: `client dashboard, navigation to figures (${cpu})`, unit: 'ms', samples: dashboard, note },
      { group, name: `Reporting Range switch, not loaded yet (${cpu})`, unit: 'ms', samples: switches, note },
      { group, name: `store monthly report, navigation to figures (${cpu})`, unit: 'ms', samples: report, note },
      { group, name: `public map, 10,000 organizations, to markers (${cpu})`, unit: 'ms', samples: map, note },
    );
    if (rate === 1) {
      figures[0].target = { op: '<=', value: 1500 };
      figures[1].target = { op: '<=', value: 300 };
      figures[2].target = { op: '<=', value: 1500 };
      figures[3].target = { op: '<=', value: 2500 };
    }
  }
} finally {
  await browser.close();
  await app.close();
}
recordFigures(figures);
