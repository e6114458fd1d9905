import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import type { AppContext } from '../../apps/server/src/context.js';
import { linkDemoCompanyUsers } from '../../apps/server/src/db/demo/index.js';
import { insertBulkNetworkOrganizations } from '../../apps/server/src/db/demo/network-bulk.js';
import { ensureDemoAccounts } from '../../apps/server/src/demo-accounts.js';
import { loadBenchNetwork, type BenchNetworkSize } from '../report-totals-data.js';
import { DEMO_LOGINS, startBenchApp } from './app.js';
import { signInOnPage } from './browser-sign-in.js';
import { js, measure, until } from './interactions.js';
import { launchBenchChromium } from './lighthouse.js';

/** The browser benchmarks' network: 2,000 stores, company 1's 500 of them, 100,000 donations over 3 years. */
export const BROWSER_BENCH_NETWORK: BenchNetworkSize = {
  donations: 100_000,
  stores: 2000,
  bigCompanyStores: 500,
  companies: 10,
  years: 3,
};

/** The demo accounts, company@ with role 1 on company 1 (its 500 stores), as on the demo network. */
export async function linkDemoAccounts(ctx: AppContext): Promise<void> {
  const ids = await ensureDemoAccounts(ctx.auth);
  await linkDemoCompanyUsers(ctx.database.db, {
    companyUserId: ids.company,
    storeUserId: ids.store,
    setupUserId: ids.setup,
  });
}

/**
 * The built product for the browser benchmarks (browser-bench.ts, felt-speed-bench.ts): their network, every
 * region's secret `demo` and 10,000 organizations on the public map, the demo accounts linked.
 */
export function startBrowserBenchApp() {
  return startBenchApp({
    web: true,
    load: async (database) => {
      await loadBenchNetwork(database, BROWSER_BENCH_NETWORK, () => {});
      await sql`update region set secret = 'demo'`.execute(database.db);
      await insertBulkNetworkOrganizations(database.db, 10_000);
    },
    prepare: linkDemoAccounts,
  });
}

/** The dashboard shows figures for what is asked: cards filled, no loader or skeleton, no stale graph, both graphs drawn. */
export const DASHBOARD_SETTLED = `(() => {
  const d = document.querySelector('[data-testid=impact-dashboard]');
  const cards = d && d.querySelector('ul[aria-label=Impact]');
  return !!cards && cards.getAttribute('aria-busy') === 'false' && !d.querySelector('[role=status]')
    && !d.querySelector('[style*="opacity: 0.55"]') && d.querySelectorAll('[data-testid^=chart-]').length >= 2;
})()`;
const RANGE_TEXT = `document.querySelector('[data-testid=dashboard-range]').textContent`;

/**
 * Opens the Reporting Range list, waits `prefetchMs` (the list's opening prefetches every range), and times the
 * click on `label` to the settled dashboard showing the new range; then leaves the page 300 ms to finish.
 */
export async function switchRange(page: Page, label: string, prefetchMs = 0): Promise<number> {
  const before = (await page.evaluate(RANGE_TEXT)) as string;
  await page.getByTestId('range-select').click();
  const option = page.getByRole('option', { name: label, exact: true });
  await option.waitFor();
  if (prefetchMs) await page.waitForTimeout(prefetchMs);
  const ms = await measure(page, `${RANGE_TEXT} !== ${js(before)} && ${DASHBOARD_SETTLED}`, 'click', () =>
    option.click(),
  );
  await page.waitForTimeout(300);
  return ms;
}

/** The console Stores list's rows (each opens the store's detail panel). */
export const STORE_ROWS = 'main ul[aria-label="Stores"] > li a';

/**
 * Times the click on the Stores list's row `index` to the detail panel showing that store, then closes the panel
 * (Escape) and leaves its closing transition 400 ms.
 */
export async function openStoreDetail(page: Page, index: number): Promise<number> {
  const row = page.locator(STORE_ROWS).nth(index);
  const name = (await row.locator('p').first().innerText()).trim();
  const shown = `document.querySelector('[data-testid=org-detail] h2')?.textContent === ${js(name)}`;
  const ms = await measure(page, shown, 'click', () => row.click());
  await page.keyboard.press('Escape');
  await until(page, `!document.querySelector('[data-testid=org-detail]')`);
  await page.waitForTimeout(400);
  return ms;
}

/**
 * For the profile and trace scripts: the built product on the browser benchmarks' network, Debian's Chromium
 * (CHROMIUM_PATH), and a 1280x800 page signed in as `account` on its landing screen.
 */
export async function signedInBenchPage(account: 'company' | 'staff') {
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
  const [email, password] = DEMO_LOGINS[account];
  await signInOnPage(page, app.base, email, password, account === 'staff' ? /\/ops$/ : /\/$/);
  return { app, browser, context, page };
}
