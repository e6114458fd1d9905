import { expect, test, type Page } from '@playwright/test';
import {
  chooseRange,
  GRAPH_EMPTY,
  graph,
  impact,
  MONTH_NAMES,
  monthsBack,
  openDashboard,
  rangeText,
  settled,
} from './support/client-dashboard';
import { expectAccessible, networkToday, screenshotPath, signIn } from './support/helpers';

/** The dashboard's default end month: the month before today in America/Vancouver, e.g. 'October 2026'. */
function previousMonthLabel(today: string): string {
  const { y, m } = monthsBack(today, 1);
  return `${MONTH_NAMES[m - 1]} ${y}`;
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

const card = (page: Page, label: string) => impact(page).getByRole('listitem').filter({ hasText: label });

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
  test('company user: company-wide view, FLW button, no money saved or short ranges, ranges and stores change the figures', async ({
    page,
  }) => {
    await recordTitles(page);
    await openDashboard(page, 'company');
    const title = page.getByTestId('dashboard-title');
    await expect(title).not.toHaveText('All Stores');
    await expectTitlesByName(page);
    await expect(page.getByRole('button', { name: 'End month' })).toHaveText(
      previousMonthLabel(await networkToday(page)),
    );
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
    expect(choices).toEqual([
      '1 month',
      '3 months',
      '6 months',
      '1 year',
      '3 years',
      'Max',
      'Year to date',
      'Last calendar year',
      'Custom',
    ]);
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
    await expect(page.getByRole('link', { name: 'Monthly report' })).toHaveAttribute(
      'href',
      /\/reports\/store\/\d+(\?|$)/,
    );
    await expect(page.getByRole('link', { name: 'Poster' })).toHaveAttribute('href', /\/posters\/store\/\d+(\?|$)/);
    expect(await kgRescued(page)).toBeLessThanOrEqual(yearKg);
    await expectAccessible(page, 'company dashboard, one store');
  });

  test('opening the range list fetches the other ranges, so the chosen one shows without another request', async ({
    page,
  }) => {
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
    // recharts (the line and pie charts' code) loads only once one of them is chosen (decision 0034).
    const chartCode: string[] = [];
    page.on('request', (request) => {
      if (/\/breakdown-chart-[^/]*\.js$/.test(request.url())) chartCode.push(request.url());
    });
    await openDashboard(page, 'company');
    await chooseRange(page, '1 year');
    await expect(graph(page, 'department').getByTestId('chart-bar').getByText('Bakery')).toBeVisible();
    expect(chartCode, 'no charting code for the bar charts').toEqual([]);
    for (const noun of ['department', 'destination'] as const) {
      const g = graph(page, noun);
      await expect(g.getByRole('radio', { name: 'Bar' })).toBeChecked();
      await expect(g.getByTestId('chart-bar')).toBeVisible();
      await g.getByText('Line', { exact: true }).click();
      await expect(g.getByRole('radio', { name: 'Line' })).toBeChecked();
      await expect(g.getByTestId('chart-line')).toBeVisible();
      await expect(g.locator('.recharts-line').first()).toBeVisible();
      expect(chartCode).toHaveLength(1);
      await g.getByText('Pie', { exact: true }).click();
      await expect(g.getByTestId('chart-pie')).toBeVisible();
      await expect(g.locator('.recharts-pie-sector').first()).toBeVisible();
    }
    await settled(page);
    await expectAccessible(page, 'line and pie charts');
    await page.screenshot({ path: screenshotPath('client-charts-pie.png'), fullPage: true });
  });

  test('store user: their one store, report and poster links, an empty month says so, works at 360 px', async ({
    page,
  }) => {
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
    // The bar charts are HTML and drawn at once, below the cards on a phone too (decision 0034).
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
    expect(await rangeChoices(page)).toEqual([
      '7 days',
      '2 weeks',
      '1 month',
      '3 months',
      '6 months',
      '1 year',
      '3 years',
      'Max',
      'Year to date',
      'Last calendar year',
      'Custom',
    ]);

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
    await expect(page.getByTestId('dashboard-title')).toHaveText(
      companies[1].trim().replace(/^All (.+) stores$/, '$1'),
    );
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

  test('the help button opens the Support dialog, again after it was closed', async ({ page }) => {
    await openDashboard(page, 'company');
    // The dialog is mounted only once asked for (client-frame.tsx): nothing of it is in the page before.
    await expect(page.getByTestId('support-dialog')).toHaveCount(0);
    for (const close of ['button', 'escape'] as const) {
      await page.getByRole('button', { name: 'Help and support' }).click();
      const dialog = page.getByRole('dialog', { name: 'Support' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('link', { name: 'support@openrescue.test' })).toHaveAttribute(
        'href',
        'mailto:support@openrescue.test',
      );
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
