import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, screenshotPath, settled, signIn } from './support/helpers';

const impact = (page: Page) => page.getByRole('list', { name: 'Impact' });

test.describe('ops dashboard', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'staff');
    await expect(page).toHaveURL(/\/ops$/);
  });

  test('network-wide figures, the table figures and the running jobs', async ({ page }) => {
    await page.getByRole('navigation').getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page).toHaveURL(/\/ops\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await settled(page);

    // Every company at once: no store picker, money saved for staff.
    await expect(page.getByTestId('dashboard-title')).toHaveText('All Stores');
    await expect(page.getByRole('combobox', { name: 'Store' })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Reporting Range' })).toBeVisible();
    for (const label of ['Meals provided', 'Food rescued', 'CO2e reduced', 'Money saved']) {
      await expect(impact(page).getByRole('listitem').filter({ hasText: label }), label).toBeVisible();
    }
    await expect(page.getByRole('region', { name: 'Donations by department' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Donations by destination' })).toBeVisible();

    const tables = page.getByRole('region', { name: 'Data tables' }).getByRole('table');
    await expect(tables.getByRole('rowheader', { name: 'donation', exact: true })).toBeVisible();
    const donationRow = tables
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'donation', exact: true }) });
    await expect(donationRow.getByRole('cell').first()).toHaveText(/^(about )?[\d,.]+M?$/);

    // The demo history holds only finished jobs (publish_all among them): none is running, and finished ones are
    // not listed here. How a running job's meter is drawn is covered by job-list.test.tsx until step 4 runs real jobs.
    const running = page.getByRole('region', { name: 'Running jobs' });
    await expect(running.getByTestId('jobs-idle')).toHaveText('No jobs are running right now.');
    await expect(running).not.toContainText('publish_all');

    await expectAccessible(page, 'ops dashboard');
    await page.screenshot({ path: screenshotPath('ops-dashboard.png'), fullPage: true });
  });

  test('changing the range reloads the figures; demo mode calls it Admin Dashboard; fits 360 px', async ({ page }) => {
    await page.goto('/ops/dashboard');
    await settled(page);
    const range = page.getByTestId('dashboard-range');
    const before = await range.innerText();
    await page.getByRole('combobox', { name: 'Reporting Range' }).click();
    await page.getByRole('option', { name: '3 months', exact: true }).click();
    await expect(range).not.toHaveText(before);
    await settled(page);
    await expect(page).toHaveURL(/range=3m/);

    await page.goto('/ops/dashboard?demo=true');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await page.goto('/ops/dashboard?demo=false');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    await page.setViewportSize({ width: 360, height: 780 });
    await settled(page);
    // Read until the layout settles: in two CI runs, with the other browser lane busy, one reading right after the
    // resize was 398 (it passes alone; the element was not found). A page that stays wider still fails.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
        message: 'no sideways scroll at 360 px',
      })
      .toBeLessThanOrEqual(360);
    await expectAccessible(page, 'ops dashboard at 360 px');
    await page.screenshot({ path: screenshotPath('ops-dashboard-360.png'), fullPage: true });
  });
});

test.describe('About these numbers', () => {
  test('is public and explains each figure with the factors in use', async ({ page }) => {
    await page.goto('/public/about-the-numbers');
    await expect(page.getByTestId('public-header')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'About these numbers' })).toBeVisible();
    for (const name of ['Food rescued', 'Meals provided', 'CO2e reduced', 'Money saved']) {
      await expect(page.getByRole('heading', { name, exact: true }), name).toBeVisible();
    }
    const main = page.getByRole('main');
    await expect(main).toContainText('0.544');
    await expect(main).toContainText('2.20462');
    // One pound rule for the screen, the spreadsheets and the PDFs, totals included (decision 0049).
    await expect(page.getByTestId('lb-rule')).toContainText('A total is converted from the total kilograms');

    const table = page.getByRole('table', { name: /Impact factors/ });
    for (const destination of ['Charity', 'Farm', 'Compost']) {
      await expect(table.getByRole('rowheader', { name: destination, exact: true }).first(), destination).toBeVisible();
    }
    await expect(table.getByRole('row').filter({ hasText: 'Charity' }).first()).toContainText('3.36');
    await expect(page.getByTestId('impact-sources')).toContainText(/Feeding America|ReFED/);
    await expectAccessible(page, 'about the numbers');
    await page.screenshot({ path: screenshotPath('about-numbers.png'), fullPage: true });

    await page.setViewportSize({ width: 360, height: 780 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page, 'about the numbers at 360 px');
  });
});
