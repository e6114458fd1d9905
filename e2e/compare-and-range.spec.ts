import { expect, test, type Page, type Response } from '@playwright/test';
import { formatCompact, formatPercent, rangeText as writeRange, type DonationTotals } from '@openrescue/shared';
import { impact, MONTH_NAMES, monthsBack, openDashboard, rangeText, settled } from './support/client-dashboard';
import { expectAccessible, networkToday, screenshotPath } from './support/helpers';

/**
 * Issue 38 sections 1 and 3 (decisions 0072, 0073): a custom range chosen on the calendar lives in the address and
 * survives a reload; every card's change lines show what the API's comparison periods hold.
 */
/** The month before today's and the one before it, in America/Vancouver. */
const lastTwoMonths = (today: string) => ({ before: monthsBack(today, 2), last: monthsBack(today, 1) });

const iso = ({ y, m }: { y: number; m: number }, d: number) =>
  `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

const card = (page: Page, label: string) => impact(page).getByRole('listitem').filter({ hasText: label });

const isCompared = (from: string, to: string) => (r: Response) =>
  r.url().includes('donation_totals') &&
  r.url().includes('compare=true') &&
  r.url().includes(`entry_time__gte=${from}`) &&
  r.url().includes(`entry_time__lte=${to}`) &&
  r.status() === 200;

/** The cards' food rescued change lines against the answer's sums: the other period's kg and the percentage. */
async function expectCardsMatch(page: Page, answer: DonationTotals) {
  const kg = (rows: DonationTotals['results']) => rows.reduce((a, r) => a + (r.food_rescued_kg__sum ?? 0), 0);
  const current = kg(answer.results);
  const lines = card(page, 'Food rescued').getByTestId('impact-change');
  await expect(lines).toHaveCount(2);
  const periods = [answer.comparison!.previous, answer.comparison!.year_ago];
  for (const [i, period] of periods.entries()) {
    const other = kg(period.results);
    await expect(lines.nth(i)).toHaveAttribute('data-other', `${formatCompact(other)} kg`);
    const expected =
      other === 0
        ? current === 0
          ? 'no change'
          : 'none before'
        : formatPercent(Math.abs(current - other) / other) === '0%'
          ? '0%'
          : formatPercent(Math.abs(current - other) / other);
    await expect(lines.nth(i)).toContainText(expected);
    await expect(lines.nth(i)).toContainText(writeRange({ from: period.entry_time__gte, to: period.entry_time__lte }));
  }
}

test.describe('compare periods and any range', () => {
  test('a custom range picked on the calendar: address, reload, cards equal to the API', async ({ page }) => {
    test.setTimeout(90_000);
    const { before, last } = lastTwoMonths(await networkToday(page));
    const from = iso(before, 20);
    const to = iso(last, 10);

    await openDashboard(page, 'company');
    // Every card compares with two periods on the default range already.
    await expect(impact(page).getByTestId('impact-change')).toHaveCount(6);

    await page.getByRole('combobox', { name: 'Reporting Range' }).click();
    await page.getByRole('option', { name: 'Custom', exact: true }).click();
    await expect(page).toHaveURL(/range=custom&.*from=\d{4}-\d{2}-\d{2}/);
    await expect(page.getByRole('button', { name: 'End month' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Dates' }).click();
    const calendar = page.getByRole('dialog', { name: 'Choose the dates' });
    await expect(calendar).toBeVisible();
    // The calendar opens on the current range's first month (last month): back one for the start day.
    await calendar.getByRole('button', { name: 'Previous month' }).click();
    await calendar.getByRole('button', { name: `20 ${MONTH_NAMES[before.m - 1]} ${before.y}`, exact: true }).click();
    await calendar.getByRole('button', { name: 'Next month' }).click();
    const answered = page.waitForResponse(isCompared(from, to));
    await calendar.getByRole('button', { name: `10 ${MONTH_NAMES[last.m - 1]} ${last.y}`, exact: true }).click();

    await expect(page).toHaveURL(
      new RegExp(`range=custom.*from=${from}.*to=${to}|range=custom.*to=${to}.*from=${from}`),
    );
    await expect(rangeText(page)).toHaveText(writeRange({ from, to }));
    const answer = (await (await answered).json()) as DonationTotals;
    await settled(page);
    await expectCardsMatch(page, answer);

    // The other period's figure on focus, for keyboard users too.
    const firstLine = card(page, 'Food rescued').getByTestId('impact-change').first();
    // by keyboard: focus from the line before it, then Tab, as a keyboard user reaches it (focus-visible)
    await firstLine.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(firstLine).toBeFocused();
    const previousDates = writeRange({
      from: answer.comparison!.previous.entry_time__gte,
      to: answer.comparison!.previous.entry_time__lte,
    });
    // (the line before it may still be closing its own tooltip)
    await expect(page.getByRole('tooltip').filter({ hasText: previousDates })).toBeVisible();
    await page.keyboard.press('Escape');

    await expectAccessible(page, 'dashboard with a custom range');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: screenshotPath('compare-and-range-1280.png'), fullPage: true });

    // A reload keeps the range: it lives in the address.
    const again = page.waitForResponse(isCompared(from, to));
    await page.reload();
    await expect(rangeText(page)).toHaveText(writeRange({ from, to }));
    await expect(page.getByRole('button', { name: 'Dates' })).toContainText(String(before.y));
    await expectCardsMatch(page, (await (await again).json()) as DonationTotals);

    // The line chart lays the previous period over the range.
    const graph = page.getByRole('region', { name: 'Donations by department' });
    await graph.getByText('Line', { exact: true }).click();
    const overlay = page.waitForResponse(
      (r) => r.url().includes('compare=true') && r.url().includes('annotate_entry_time=date') && r.status() === 200,
    );
    await graph.getByLabel('Show the previous period').check();
    await overlay;
    await settled(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await settled(page);
    // On a phone the custom dates keep the row and the company report button goes under them, as wide as it needs.
    const dates = (await page.getByRole('button', { name: 'Dates' }).boundingBox())!;
    const report = (await page.getByRole('button', { name: 'Company report' }).boundingBox())!;
    expect(report.y).toBeGreaterThanOrEqual(dates.y + dates.height);
    expect(dates.width).toBeGreaterThan(300);
    await page.screenshot({ path: screenshotPath('compare-and-range-390.png'), fullPage: true });
  });

  test('Year to date and Last calendar year are presets; a bad custom address falls back', async ({ page }) => {
    await openDashboard(page, 'company');
    const year = Number((await networkToday(page)).slice(0, 4));
    await page.getByRole('combobox', { name: 'Reporting Range' }).click();
    await page.getByRole('option', { name: 'Last calendar year', exact: true }).click();
    await expect(rangeText(page)).toHaveText(writeRange({ from: `${year - 1}-01-01`, to: `${year - 1}-12-31` }));
    await expect(page).toHaveURL(/range=last-year/);
    await settled(page);
    await expect(impact(page).getByTestId('impact-change')).toHaveCount(6);

    await page.getByRole('combobox', { name: 'Reporting Range' }).click();
    await page.getByRole('option', { name: 'Year to date', exact: true }).click();
    await expect(rangeText(page)).toContainText(`Jan 1, ${year} – `);

    // Six years is not a range the dashboard offers: the default month shows instead.
    await page.goto('/?range=custom&from=2019-01-01&to=2025-06-30');
    await expect(page.getByTestId('impact-dashboard')).toBeVisible();
    await expect(page.getByRole('button', { name: 'End month' })).toBeVisible();
  });
});
