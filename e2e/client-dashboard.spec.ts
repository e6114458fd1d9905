import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, screenshotPath, signIn } from './support/helpers';

const GRAPH_EMPTY = 'No data for this date range. Try changing the end month for reporting and/or report range.';
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The dashboard's default end month: the month before today in America/Vancouver, e.g. 'October 2026'. */
function previousMonthLabel(): string {
  const [y, m] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Vancouver' }).format(new Date()).split('-').map(Number);
  return m === 1 ? `December ${y - 1}` : `${MONTH_NAMES[m - 2]} ${y}`;
}

async function openDashboard(page: Page, who: 'company' | 'store' | 'staff') {
  await signIn(page, who);
  if (who === 'staff') {
    await expect(page).toHaveURL(/\/ops$/);
    await page.goto('/as_client');
  } else {
    await expect(page).toHaveURL(/\/$/);
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Client Dashboard' })).toBeVisible();
  await expect(page.getByTestId('impact-dashboard')).toBeVisible();
  await settled(page);
}

/** Records every text the dashboard's title shows from the page's first paint on (window.__dashboardTitles). */
async function recordTitles(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __dashboardTitles: string[] }).__dashboardTitles = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="dashboard-title"]')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

/** The title never named the scope by its id ('Company 1', 'Store 12') while the names were loading (decision 0031). */
async function expectTitlesByName(page: Page) {
  const titles = await page.evaluate(() => (window as unknown as { __dashboardTitles: string[] }).__dashboardTitles);
  expect(titles.length).toBeGreaterThan(0);
  expect(titles.filter((t) => /^(Store|Company) \d+$/.test(t))).toEqual([]);
}

/** Holds the account record (GET clients/company_user) back until the function returned is called. */
async function holdAccountRecord(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/clients/company_user*', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** No query in flight: cards and graphs show the figures of the current choice. */
async function settled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
}

const impact = (page: Page) => page.getByRole('list', { name: 'Impact' });
const card = (page: Page, label: string) => impact(page).getByRole('listitem').filter({ hasText: label });
const rangeText = (page: Page) => page.getByTestId('dashboard-range');
const graph = (page: Page, noun: 'department' | 'destination') =>
  page.getByRole('region', { name: `Donations by ${noun}` });

async function kgRescued(page: Page): Promise<number> {
  const text = await card(page, 'Food rescued').getByTestId('impact-value').innerText();
  const value = text.replace(/[^\d.M]/g, '');
  return value.endsWith('M') ? Number(value.slice(0, -1)) * 1e6 : Number(value);
}

async function rangeChoices(page: Page): Promise<string[]> {
  await page.getByRole('combobox', { name: 'Reporting Range' }).click();
  const names = await page.getByRole('listbox', { name: 'Reporting Range' }).getByRole('option').allInnerTexts();
  await page.keyboard.press('Escape');
  return names.map((n) => n.trim());
}

async function chooseRange(page: Page, label: string) {
  const before = await rangeText(page).innerText();
  await page.getByRole('combobox', { name: 'Reporting Range' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
  await expect(rangeText(page)).not.toHaveText(before);
  await settled(page);
}

/** Opens the month picker, steps back `yearsBack` years and picks the month (e.g. 'January'). */
async function chooseMonth(page: Page, month: string, yearsBack: number) {
  await page.getByRole('button', { name: 'End month' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose the end month' });
  for (let i = 0; i < yearsBack; i += 1) await picker.getByRole('button', { name: 'Previous year' }).click();
  await picker.getByRole('button', { name: new RegExp(`^${month} \\d{4}$`) }).click();
  await expect(picker).toBeHidden();
  await settled(page);
}

/** Each graph shows its figures (legend list) or the empty text, never nothing. */
async function expectGraphsShown(page: Page) {
  for (const noun of ['department', 'destination'] as const) {
    const g = graph(page, noun);
    await expect(g.getByRole('list', { name: `Weight by ${noun}` }).or(g.getByText(GRAPH_EMPTY))).toBeVisible();
  }
}

test.describe('client dashboard', () => {
  test('company user: company-wide view, FLW button, no money saved or short ranges, ranges and stores change the figures', async ({ page }) => {
    await recordTitles(page);
    await openDashboard(page, 'company');
    const title = page.getByTestId('dashboard-title');
    await expect(title).not.toHaveText('All Stores');
    await expectTitlesByName(page);
    await expect(page.getByRole('button', { name: 'End month' })).toHaveText(previousMonthLabel());
    await expect(page.getByRole('combobox', { name: 'Reporting Range' })).toHaveValue('1 month');

    const flw = page.getByRole('link', { name: /FLW/ });
    await expect(flw).toBeVisible();
    await expect(flw).toHaveAttribute('href', /^https?:\/\//);
    await expect(flw).toHaveAttribute('target', '_blank');
    await expect(card(page, 'Money saved')).toHaveCount(0);
    await expect(card(page, 'Meals provided')).toBeVisible();
    await expect(card(page, 'CO2e reduced')).toBeVisible();
    await expect(card(page, 'Food rescued')).toContainText(/kg[\s\S]*lb/);
    await expectGraphsShown(page);

    const choices = await rangeChoices(page);
    expect(choices).toEqual(['1 month', '3 months', '6 months', '1 year', '3 years', 'Max']);
    await expectAccessible(page, 'company dashboard');
    await page.screenshot({ path: screenshotPath('client-company.png'), fullPage: true });

    const monthKg = await kgRescued(page);
    await chooseRange(page, '1 year');
    const yearKg = await kgRescued(page);
    expect(yearKg).toBeGreaterThan(monthKg);
    await expectGraphsShown(page);

    // The store search filters only after more than 1 character, a moment after typing stops.
    const store = page.getByRole('combobox', { name: 'Store' });
    await store.click();
    const listbox = page.getByRole('listbox', { name: 'Store' });
    const all = await listbox.getByRole('option').allInnerTexts();
    expect(all.join('|')).not.toContain('All Stores');
    expect(all.length).toBeGreaterThan(2);
    const target = all[all.length - 1].trim();
    await store.fill(target.slice(-1));
    await page.waitForTimeout(800);
    await expect(listbox.getByRole('option')).toHaveCount(all.length);
    await store.fill(target.slice(-6));
    await expect(listbox.getByRole('option').first()).toBeVisible();
    await expect.poll(() => listbox.getByRole('option').count()).toBeLessThan(all.length);
    await listbox.getByRole('option', { name: target, exact: true }).click();
    await expect(title).toHaveText(target);
    await settled(page);
    await expect(page.getByRole('link', { name: 'Monthly report' })).toHaveAttribute('href', /\/reports\/store\/\d+$/);
    await expect(page.getByRole('link', { name: 'Poster' })).toHaveAttribute('href', /\/posters\/store\/\d+$/);
    expect(await kgRescued(page)).toBeLessThanOrEqual(yearKg);
    await expectAccessible(page, 'company dashboard, one store');
  });

  test('opening the range list fetches the other ranges, so the chosen one shows without another request', async ({ page }) => {
    await openDashboard(page, 'company');
    const totals: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/retail/reports/donation_totals')) totals.push(r.url());
    });
    await page.getByRole('combobox', { name: 'Reporting Range' }).click();
    await expect.poll(() => totals.length).toBeGreaterThanOrEqual(2);
    await page.waitForLoadState('networkidle');
    const asked = totals.length;
    const before = await kgRescued(page);
    const shownRange = await rangeText(page).innerText();
    await page.getByRole('option', { name: '1 year', exact: true }).click();
    await expect(rangeText(page)).not.toHaveText(shownRange);
    await settled(page);
    await expectGraphsShown(page);
    expect(await kgRescued(page)).toBeGreaterThan(before);
    expect(totals.length, 'no request after choosing').toBe(asked);
  });

  test('graphs switch between bar, line and pie', async ({ page }) => {
    await openDashboard(page, 'company');
    await chooseRange(page, '1 year');
    for (const noun of ['department', 'destination'] as const) {
      const g = graph(page, noun);
      await expect(g.getByRole('radio', { name: 'Bar' })).toBeChecked();
      await expect(g.getByTestId('chart-bar')).toBeVisible();
      await g.getByText('Line', { exact: true }).click();
      await expect(g.getByRole('radio', { name: 'Line' })).toBeChecked();
      await expect(g.getByTestId('chart-line')).toBeVisible();
      await expect(g.locator('.recharts-line').first()).toBeVisible();
      await g.getByText('Pie', { exact: true }).click();
      await expect(g.getByTestId('chart-pie')).toBeVisible();
      await expect(g.locator('.recharts-pie-sector').first()).toBeVisible();
    }
    await settled(page);
    await expectAccessible(page, 'line and pie charts');
    await page.screenshot({ path: screenshotPath('client-charts-pie.png'), fullPage: true });
  });

  test('store user: their one store, report and poster links, an empty month says so, works at 360 px', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await recordTitles(page);
    await openDashboard(page, 'store');
    const title = page.getByTestId('dashboard-title');
    await expect(title).not.toHaveText(/^(All Stores|Store \d+)$/);
    await expectTitlesByName(page);
    await expect(page.getByRole('combobox', { name: 'Store' })).toHaveValue(await title.innerText());
    await expect(page.getByRole('link', { name: /FLW/ })).toHaveCount(0);
    await expect(card(page, 'Money saved')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Monthly report' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Poster' })).toBeVisible();
    expect(await rangeChoices(page)).not.toContain('7 days');
    await expectGraphsShown(page);
    // On a phone the graphs sit below the cards: each loads and draws once scrolled to (decision 0018).
    await expect(graph(page, 'destination').getByTestId('chart-bar')).toHaveCount(0);
    for (const noun of ['department', 'destination'] as const) {
      await graph(page, noun).scrollIntoViewIfNeeded();
      await expect(graph(page, noun).getByTestId('chart-bar')).toBeVisible();
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page, 'store dashboard at 360 px');
    await page.screenshot({ path: screenshotPath('client-store-360.png'), fullPage: true });

    // Years before the demo history: nothing was donated, and both graphs say so.
    await chooseMonth(page, 'January', 5);
    await expect(rangeText(page)).toContainText('Jan 1');
    await expect(graph(page, 'department').getByText(GRAPH_EMPTY, { exact: true })).toBeVisible();
    await expect(graph(page, 'destination').getByText(GRAPH_EMPTY, { exact: true })).toBeVisible();
    await expect(card(page, 'Food rescued').getByTestId('impact-value')).toHaveText('0 kg');
    await expectAccessible(page, 'empty month');
    await page.screenshot({ path: screenshotPath('client-store-empty.png'), fullPage: true });
  });

  test("staff (/as_client): 'All Stores', money saved, 7 days and 2 weeks, any company's store", async ({ page }) => {
    await openDashboard(page, 'staff');
    await expect(page.getByTestId('dashboard-title')).toHaveText('All Stores');
    await expect(card(page, 'Money saved')).toBeVisible();
    await expect(card(page, 'Money saved').getByTestId('impact-value')).toHaveText(/^\$/);
    await expect(page.getByRole('link', { name: /FLW/ })).toHaveCount(0);
    expect(await rangeChoices(page)).toEqual(['7 days', '2 weeks', '1 month', '3 months', '6 months', '1 year', '3 years', 'Max']);

    await chooseRange(page, '7 days');
    const [from, to] = (await rangeText(page).innerText()).split(' – ').map((d) => Date.parse(d));
    expect(Math.round((to - from) / 864e5)).toBe(6);
    await expectGraphsShown(page);
    await chooseRange(page, '2 weeks');
    await expectAccessible(page, 'staff, 2 weeks');

    const store = page.getByRole('combobox', { name: 'Store' });
    await store.click();
    const listbox = page.getByRole('listbox', { name: 'Store' });
    await expect(listbox.getByRole('option', { name: 'All Stores', exact: true })).toBeVisible();
    const companies = await listbox.getByRole('option', { name: /^All .+ stores$/ }).allInnerTexts();
    expect(companies.length).toBeGreaterThan(1);
    await listbox.getByRole('option', { name: companies[1].trim(), exact: true }).click();
    await expect(page.getByTestId('dashboard-title')).toHaveText(companies[1].trim().replace(/^All (.+) stores$/, '$1'));
    await settled(page);
    await expect(card(page, 'Money saved')).toBeVisible();
    await expect(page).toHaveURL(/store=company-\d+/);
    await expectAccessible(page, 'staff, another company');
    await page.screenshot({ path: screenshotPath('client-staff.png'), fullPage: true });
  });

  test("a company user without a reporting store gets 'Account setup not completed' and no data", async ({ page }) => {
    // setup@openrescue.test is a real demo account in exactly this state (role 2, no reporting store)
    let totalsAsked = false;
    page.on('request', (r) => {
      if (r.url().includes('/retail/reports/donation_totals')) totalsAsked = true;
    });
    await signIn(page, 'setup');
    const dialog = page.getByRole('dialog', { name: 'Account setup not completed' });
    await expect(dialog).toContainText(
      'Your account is missing a reporting store. Account setup has not been completed. Contact your representative to resolve this issue.',
    );
    await expect(dialog).toContainText('If this problem persists');
    await expectAccessible(page, 'account setup dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('impact-dashboard')).toHaveCount(0);
    expect(totalsAsked).toBe(false);
  });

  test('the frame shows while the account record is on its way, with the splash in its place', async ({ page }) => {
    const release = await holdAccountRecord(page);
    await signIn(page, 'company');
    await expect(page).toHaveURL(/\/$/);
    // A visit with a query comes without the server's first view (the next test): the app's own frame shows.
    await page.goto('/?range=1m');
    await expect(page.locator('[data-page-shell]')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Client Dashboard' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Help and support' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Grabbing some digital bits...');
    await expect(page.getByTestId('impact-dashboard')).toHaveCount(0);
    await page.screenshot({ path: screenshotPath('client-frame-loading.png') });
    release();
    await expect(page.getByTestId('impact-dashboard')).toBeVisible();
    await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Grabbing some digital bits...' })).toHaveCount(0);
  });

  test('a failed load shows the error dialog and a retry in each graph', async ({ page }) => {
    await page.route('**/retail/reports/donation_totals**', (route) => route.abort('connectionrefused'));
    await signIn(page, 'company');
    // Both loads fail (after one retry) before the dialog is closed, so it does not open a second time.
    for (const noun of ['department', 'destination'] as const) {
      await expect(graph(page, noun).getByRole('alert')).toContainText('This graph could not be loaded', { timeout: 15_000 });
    }
    await expect(impact(page)).toHaveCount(0);
    await expect(page.getByRole('alert').filter({ hasText: 'The impact figures could not be loaded' })).toBeVisible();
    const dialog = page.getByRole('dialog', { name: 'Something went wrong' });
    await expect(dialog).toContainText('Network Error');
    await expectAccessible(page, 'graph load error');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.unroute('**/retail/reports/donation_totals**');
    await graph(page, 'department').getByRole('button', { name: 'Try again' }).click();
    await expect(graph(page, 'department').getByRole('list', { name: 'Weight by department' }).or(graph(page, 'department').getByText(GRAPH_EMPTY))).toBeVisible();
  });

  test('the account record and the store and company lists are asked for together, with a skeleton for the name until they are in', async ({ page }) => {
    await openDashboard(page, 'company');
    const asked: string[] = [];
    let recordAnswered = false;
    let releaseLists!: () => void;
    const listsHeld = new Promise<void>((resolve) => (releaseLists = resolve));
    await page.route('**/api/clients/company_user', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      recordAnswered = true;
      await route.continue();
    });
    await page.route(/\/api\/(stores|companies)\?/, async (route) => {
      asked.push(`${new URL(route.request().url()).pathname.split('/').pop()}${recordAnswered ? ' after the record' : ''}`);
      await listsHeld;
      await route.continue();
    });
    await page.reload();
    // The record is in, the lists are not: the app's header holds the name's place, and the selector says it is
    // loading. Over it the page still shows the server's first view, with the name (decision 0032).
    const shell = page.locator('[data-page-shell]');
    await expect(page.getByTestId('dashboard-title-loading')).toBeVisible();
    await expect(page.getByTestId('dashboard-title')).toHaveCount(1);
    await expect(shell.getByTestId('dashboard-title')).not.toHaveText(/^(Store|Company) \d+$/);
    await expect(page.getByRole('combobox', { name: 'Store' })).toBeDisabled();
    await expect(page.getByRole('combobox', { name: 'Store' })).toHaveAttribute('placeholder', 'Loading stores…');
    expect(asked.sort()).toEqual(['companies', 'stores']);
    releaseLists();
    await expect(page.getByTestId('dashboard-title')).not.toHaveText(/^(Store|Company) \d+$/);
    await expect(page.getByTestId('dashboard-title-loading')).toHaveCount(0);
    await expect(shell).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Store' })).toHaveValue(/^All .+ stores$/);
  });

  test("the page arrives with the frame and the header named (the server's first view); the app takes its place and the name never leaves", async ({ page, browser, baseURL }) => {
    // What the title shows at each change of the page from its first paint on: the first view's while it is up,
    // then the app's; 'nothing' if neither shows one.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __visibleTitles: string[] }).__visibleTitles = seen;
      new MutationObserver(() => {
        const shell = document.querySelector('[data-page-shell]');
        const title = (shell ?? document).querySelector('[data-testid="dashboard-title"]')?.textContent ?? 'nothing';
        if (seen.at(-1) !== title && (seen.length > 0 || title !== 'nothing')) seen.push(title);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    const release = await holdAccountRecord(page);
    await signIn(page, 'company');
    const shell = page.locator('[data-page-shell="/"]');
    await expect(shell.getByTestId('dashboard-title')).toHaveText(/\S/);
    await expect(shell.getByRole('link', { name: /FLW/ })).toHaveCount(0); // inert and hidden from assistive technology
    const firstView = { title: await shell.getByTestId('dashboard-title').innerText(), range: await shell.getByTestId('dashboard-range').innerText() };
    await page.screenshot({ path: screenshotPath('client-first-view.png') });
    release();
    await expect(shell).toHaveCount(0);
    await expect(page.getByTestId('impact-dashboard')).toBeVisible();
    await settled(page);
    expect({ title: await page.getByTestId('dashboard-title').innerText(), range: await rangeText(page).innerText() }).toEqual(firstView);
    expect(await page.evaluate(() => (window as unknown as { __visibleTitles: string[] }).__visibleTitles)).toEqual([firstView.title]);

    // Without the script, the page the server sends is that view: the name and range, the FLW button, the account.
    const bare = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState(), baseURL });
    const barePage = await bare.newPage();
    await barePage.goto('/');
    await expect(barePage.getByTestId('dashboard-title')).toHaveText(firstView.title);
    await expect(barePage.getByTestId('dashboard-range')).toHaveText(firstView.range);
    await expect(barePage.locator('a', { hasText: 'FLW analytics' })).toHaveCount(1);
    await expect(barePage.getByTestId('user-menu')).toHaveAttribute('aria-label', 'Account menu for company@openrescue.test');
    await bare.close();
  });

  test('the help button opens the Support dialog, again after it was closed', async ({ page }) => {
    await openDashboard(page, 'company');
    // The dialog is mounted only once asked for (client-frame.tsx): nothing of it is in the page before.
    await expect(page.getByTestId('support-dialog')).toHaveCount(0);
    for (const close of ['button', 'escape'] as const) {
      await page.getByRole('button', { name: 'Help and support' }).click();
      const dialog = page.getByRole('dialog', { name: 'Support' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('link', { name: 'support@openrescue.test' })).toHaveAttribute('href', 'mailto:support@openrescue.test');
      // The dialog's own Close button, below the text (the corner's X is named Close too).
      if (close === 'button') await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
      else await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    }
  });

  test('the dashboard links to About these numbers', async ({ page }) => {
    await openDashboard(page, 'company');
    await page.getByRole('link', { name: 'About these numbers' }).click();
    await expect(page).toHaveURL(/\/public\/about-the-numbers$/);
    await expect(page.getByRole('heading', { level: 1, name: 'About these numbers' })).toBeVisible();
  });
});
