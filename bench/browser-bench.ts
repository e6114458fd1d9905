/**
 * The browser budgets of issue 8, in Debian's Chromium against the real product (built web app, PGlite in memory):
 *
 * 1. Lighthouse (the `lighthouse` package, performance category, default mobile config: simulated slow 4G and 4x
 *    CPU slowdown) on the sign-in page, the calculator, the public map with 10,000 organizations, the client
 *    dashboard (company@openrescue.test: company 1's 500 stores of a 2,000-store network, 100,000 donations over
 *    3 years) and the console Stores list (staff@openrescue.test, 2,000 stores). Signed-in pages: sign-in through
 *    /login in the same Chromium first (see bench/lib/lighthouse.ts). Each run is a first visit (cold HTTP cache).
 *    Figures per page: performance score, Largest Contentful Paint, Total Blocking Time, Cumulative Layout Shift
 *    (x 1000, as a count). Every report is kept in .test-tmp/lighthouse/ and a summary of it printed (LCP element
 *    and phases, heaviest scripts, long tasks, largest transfers) to explain a miss.
 * 2. Interactions in a desktop-sized window (1280 x 800, no throttling), measured in the page from the input
 *    event to the frame after the result is in the DOM (bench/lib/interactions.ts), 12 samples each:
 *    - switch the dashboard's Reporting Range to one not yet loaded (reloaded page, a different end month each
 *      time, so neither the client nor the server has it): to new figures and both graphs settled; beside it,
 *      switching back to the range already shown (no request);
 *    - type in the dashboard's store selector search (the search company users type in to pick a store), from the
 *      end of the 500 ms debounce (last keystroke + 500 ms) to the filtered options;
 *    - open a store's detail panel from the console Stores list (row click to the panel showing that store), after
 *      the first open of the page; beside it, the first open (loads the panel's code too).
 *
 * Build the web app first. Usage: npm run build -w apps/web && npx tsx bench/browser-bench.ts [--runs 3]
 *   [--chromium /usr/bin/chromium]   (--runs: Lighthouse runs per page; the chromium default is $CHROMIUM_PATH)
 *   [--pages login,calculator,map,dashboard,stores] [--no-interactions]   (a part of it, to try one change)
 * Targets: score >= 90 public pages, >= 80 signed-in screens; LCP <= 2.5 s; TBT <= 200 ms; CLS <= 0.1;
 * interactions median <= 100 ms.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { STORE_SEARCH_DEBOUNCE_MS } from '@openrescue/shared';
import { DEMO_LOGINS } from './lib/app.js';
import { recordFigures, type Figure } from './lib/figures.js';
import { js, measure, until } from './lib/interactions.js';
import { signInOnPage } from './lib/browser-sign-in.js';
import {
  DASHBOARD_SETTLED,
  openStoreDetail,
  startBrowserBenchApp,
  STORE_ROWS,
  switchRange,
} from './lib/dashboard-bench.js';
import {
  launchBenchChromium,
  launchDebuggableChromium,
  runLighthouse,
  signInThroughLoginPage,
} from './lib/lighthouse.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    pages: { type: 'string', default: 'login,calculator,map,dashboard,stores' },
    'no-interactions': { type: 'boolean', default: false },
  },
});
const lighthousePages = new Set(values.pages!.split(','));
const runs = Number(values.runs);
const executablePath = values.chromium!;
const SAMPLES = 12;

const app = await startBrowserBenchApp();
const { base } = app;
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
console.log(
  `Browser benchmark: ${base}, Chromium ${executablePath}, ${runs} Lighthouse run(s) per page; load average ${load()}`,
);

// ---------------------------------------------------------------- interactions (they also warm the server up)
/** Playwright's Chromium for the interactions and the warm-up visits (Lighthouse drives a browser of its own). */
const launchBrowser = () => launchBenchChromium(executablePath);

if (!values['no-interactions']) await measureInteractions();
async function measureInteractions() {
  const browser: Browser = await launchBrowser();

  async function signedInPage(account: keyof typeof DEMO_LOGINS, landing: RegExp): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const [email, password] = DEMO_LOGINS[account];
    await signInOnPage(page, base, email, password, landing);
    return page;
  }

  const company = await signedInPage('company', /\/$/);
  const rangeCold: number[] = [];
  const rangeWarm: number[] = [];
  const RANGES = ['3 months', '6 months', '1 year', '3 years', 'Max'];
  const firstOfMonth = (monthsBack: number) => {
    const d = new Date();
    return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - monthsBack, 1)).toISOString().slice(0, 10);
  };
  for (let i = 0; i < SAMPLES; i++) {
    await company.goto(`${base}/?month=${firstOfMonth(1 + i)}`); // the default range (1 month) ending that month
    await until(company, DASHBOARD_SETTLED);
    await company.waitForTimeout(300);
    rangeCold.push(await switchRange(company, RANGES[i % RANGES.length]));
    rangeWarm.push(await switchRange(company, '1 month'));
  }
  console.log(`range switch, not loaded yet: ${rangeCold.map((x) => x.toFixed(0)).join(', ')} ms`);
  console.log(`range switch, back to the one shown: ${rangeWarm.map((x) => x.toFixed(0)).join(', ')} ms`);

  const TERMS = [
    'Store 12',
    'Store 23',
    'Store 34',
    'Store 45',
    'Store 56',
    'Store 67',
    'Store 78',
    'Store 89',
    'Store 91',
    'Store 102',
    'Store 213',
    'Store 324',
  ];
  const search: number[] = [];
  const storeSelect = company.getByTestId('store-select');
  for (const term of TERMS) {
    await storeSelect.click(); // selects the current text, so typing replaces it
    await company.getByRole('listbox').waitFor();
    const filtered = `(() => {
      const box = document.getElementById(document.querySelector('[data-testid=store-select]').getAttribute('aria-controls'));
      const options = box ? [...box.querySelectorAll('[role=option]')] : [];
      return options.length > 0 && options.every((o) => o.textContent.toLowerCase().includes(${js(term.toLowerCase())}));
    })()`;
    const total = await measure(company, filtered, 'input', () => company.keyboard.type(term, { delay: 40 }));
    search.push(total - STORE_SEARCH_DEBOUNCE_MS);
    await company.keyboard.press('Escape');
    await company.locator('body').click({ position: { x: 5, y: 5 } });
    await company.waitForTimeout(700);
  }
  console.log(`store search, end of debounce to filtered options: ${search.map((x) => x.toFixed(0)).join(', ')} ms`);
  await company.context().close();

  const staff = await signedInPage('staff', /\/ops$/);
  const openFirst: number[] = [];
  const openWarm: number[] = [];
  for (let run = 0; run < runs; run++) {
    await staff.goto(`${base}/ops/retail/stores`);
    await staff.locator(STORE_ROWS).first().waitFor();
    await staff.waitForTimeout(500);
    for (let i = 0; i <= Math.ceil(SAMPLES / runs); i++)
      (i === 0 ? openFirst : openWarm).push(await openStoreDetail(staff, i));
  }
  console.log(
    `detail panel, first open: ${openFirst.map((x) => x.toFixed(0)).join(', ')} ms; then: ${openWarm.map((x) => x.toFixed(0)).join(', ')} ms`,
  );
  await staff.context().close();

  await browser.close();

  recordFigures([
    {
      group: 'Browser interactions',
      name: 'switch Reporting Range on the client dashboard (range not loaded yet, 500 stores)',
      unit: 'ms',
      samples: rangeCold,
      compare: { name: 'back to the range already shown', samples: rangeWarm },
      target: { op: '<=', value: 100 },
      note: 'click on the option to new figures and both graphs settled, next frame painted; desktop window, no throttling',
    },
    {
      group: 'Browser interactions',
      name: 'type in the dashboard store selector search (500 stores), from the end of the debounce',
      unit: 'ms',
      samples: search,
      target: { op: '<=', value: 100 },
      note: `last keystroke's input event + ${STORE_SEARCH_DEBOUNCE_MS} ms to the filtered options painted (includes that keystroke's own render)`,
    },
    {
      group: 'Browser interactions',
      name: 'open a store detail panel from the Stores list (2,000 stores)',
      unit: 'ms',
      samples: openWarm,
      compare: { name: 'first open after the page loads (panel code too)', samples: openFirst },
      target: { op: '<=', value: 100 },
      note: 'row click to the panel showing that store, next frame painted (the drawer slides in after that)',
    },
  ]);
}

// ---------------------------------------------------------------- Lighthouse
type PageSpec = { name: string; path: string; file: string; account?: keyof typeof DEMO_LOGINS; landing?: RegExp };
const PAGES: PageSpec[] = [
  { name: 'sign-in page (/login)', path: '/login', file: 'login' },
  { name: 'calculator (/public/salescalculator)', path: '/public/salescalculator', file: 'calculator' },
  {
    name: 'public map, 10,000 organizations (/public/network/all/demo)',
    path: '/public/network/all/demo',
    file: 'map',
  },
  {
    name: 'client dashboard (company user, 500 stores)',
    path: '/',
    file: 'dashboard',
    account: 'company',
    landing: /\/$/,
  },
  {
    name: 'console Stores list (2,000 stores)',
    path: '/ops/retail/stores',
    file: 'stores',
    account: 'staff',
    landing: /\/ops$/,
  },
];
// A visit to each public page, so the server has built what it caches (the map's organizations) before Lighthouse.
const visitor = await launchBrowser();
const visit = await visitor.newPage();
for (const path of ['/login', '/public/salescalculator', '/public/network/all/demo'])
  await visit.goto(`${base}${path}`, { waitUntil: 'networkidle' });
await visitor.close();

const figures: Figure[] = [];
for (const account of [undefined, 'company', 'staff'] as const) {
  const pages = PAGES.filter((p) => p.account === account && lighthousePages.has(p.file));
  if (pages.length === 0) continue;
  const chrome = await launchDebuggableChromium(executablePath);
  try {
    if (account)
      await signInThroughLoginPage(
        chrome.port,
        base,
        DEMO_LOGINS[account][0],
        DEMO_LOGINS[account][1],
        pages[0].landing!,
      );
    for (const spec of pages) {
      const results = [];
      for (let run = 1; run <= runs; run++) {
        const r = await runLighthouse(
          `${base}${spec.path}`,
          chrome.port,
          '.test-tmp/lighthouse',
          `${spec.file}-${run}`,
        );
        if (new URL(r.finalUrl).pathname !== spec.path)
          throw new Error(`Lighthouse on ${spec.path} ended on ${r.finalUrl} (not signed in?)`);
        console.log(
          `${spec.name}, run ${run}: score ${r.score}, LCP ${r.lcp.toFixed(0)} ms, TBT ${r.tbt.toFixed(0)} ms, CLS ${r.cls.toFixed(3)}\n    ${r.summary}`,
        );
        results.push(r);
      }
      const publicPage = !spec.account;
      const group = 'Browser (Lighthouse, mobile)';
      const bench = results.map((r) => Math.round(r.benchmarkIndex)).join(', ');
      const note = `${runs} Lighthouse run(s), mobile, simulated throttling, cold cache${publicPage ? '' : ', signed in'}; CPU benchmark index ${bench}, load average ${load()}`;
      figures.push(
        {
          group,
          name: `${spec.name}: performance score`,
          unit: 'score',
          samples: results.map((r) => r.score),
          target: { op: '>=', value: publicPage ? 90 : 80 },
          note,
        },
        {
          group,
          name: `${spec.name}: Largest Contentful Paint`,
          unit: 'ms',
          samples: results.map((r) => r.lcp),
          target: { op: '<=', value: 2500 },
        },
        {
          group,
          name: `${spec.name}: Total Blocking Time`,
          unit: 'ms',
          samples: results.map((r) => r.tbt),
          target: { op: '<=', value: 200 },
        },
        {
          group,
          name: `${spec.name}: CLS x 1000`,
          unit: 'count',
          samples: results.map((r) => r.cls * 1000),
          target: { op: '<=', value: 100 },
          note: 'Cumulative Layout Shift x 1000 (budget 0.1)',
        },
      );
    }
  } finally {
    await chrome.close();
  }
}
recordFigures(figures);
await app.close();
