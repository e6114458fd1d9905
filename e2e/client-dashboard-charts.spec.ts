import { expect, test, type Page } from '@playwright/test';
import { chooseRange, graph, impact, openDashboard, rangeText, settled } from './support/client-dashboard';
import { expectAccessible, screenshotPath } from './support/helpers';

// The dashboard's line charts, phones and print (issue 35); the views and filters: client-dashboard.spec.ts.

/** The x-axis labels a line chart draws, left to right. */
const xTicks = (page: Page, noun: 'department' | 'destination') =>
  graph(page, noun).locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value').allTextContents();

/** The line chart's hidden table (its points as text): each row's label and whether any category has weight. */
async function linePoints(page: Page, noun: 'department' | 'destination') {
  const rows = graph(page, noun).getByRole('table').locator('tbody tr');
  return rows.evaluateAll((trs) =>
    trs.map((tr) => ({
      label: tr.querySelector('th')!.textContent!,
      weight: [...tr.querySelectorAll('td')].some((td) => Number(td.textContent!.replace(/[^\d.]/g, '')) > 0),
    })),
  );
}

/** The x-axis labels a line chart draws stand apart: none touches its neighbour. */
async function expectTicksApart(page: Page, noun: 'department' | 'destination') {
  const boxes = await graph(page, noun)
    .locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value')
    .evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => [r.left, r.right]));
  expect(boxes.length).toBeGreaterThan(1);
  for (let i = 1; i < boxes.length; i += 1) expect(boxes[i][0], 'labels apart').toBeGreaterThan(boxes[i - 1][1] + 4);
}

async function showLine(page: Page, noun: 'department' | 'destination') {
  const g = graph(page, noun);
  await g.getByText('Line', { exact: true }).click();
  await expect(g.locator('.recharts-line').first()).toBeVisible();
  await settled(page);
}

test.describe('client dashboard charts, phones and print (issue 35)', () => {
  test('line charts: points only inside the range and from the first data on, kg on the axis, a readable daily axis', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openDashboard(page, 'company');
    await showLine(page, 'department');
    const g = graph(page, 'department');
    await expect(g.getByTestId('chart-line').locator('svg text').filter({ hasText: 'kg' })).toHaveText(/\bkg\b/);

    // 1 month, daily: a label a week, not one squeezed under every day.
    const daily = await xTicks(page, 'department');
    expect(daily.length).toBeGreaterThan(1);
    expect(daily.length).toBeLessThanOrEqual(6);
    await expectTicksApart(page, 'department');

    // 3 months, weekly: the range starts on a Saturday; no point is dated on the Monday before it, and the first
    // point holds data (the range's first weekend alone was a dip to 0 on every line).
    await chooseRange(page, '3 months');
    await expect(g.locator('.recharts-line').first()).toBeVisible();
    const from = (await rangeText(page).innerText()).split(' – ')[0];
    const weekly = await linePoints(page, 'department');
    expect(Date.parse(`${weekly[0].label}, ${from.slice(-4)}`)).toBeGreaterThanOrEqual(Date.parse(from));
    expect(weekly[0].weight, 'the first point has data').toBe(true);
    expect((await xTicks(page, 'department'))[0]).toBe(weekly[0].label);

    // Max: 60 months, but the line starts at the first month with donations, not with years of zeros.
    await chooseRange(page, 'Max');
    await expect(g.locator('.recharts-line').first()).toBeVisible();
    const monthly = await linePoints(page, 'department');
    expect(monthly[0].weight, 'nothing before the first data').toBe(true);
    expect(monthly.length).toBeLessThan(60);
    expect((await xTicks(page, 'department'))[0]).toBe(monthly[0].label);
    await expect(g.getByTestId('chart-line').locator('svg text').filter({ hasText: 'kg' })).toHaveText(/\bkg\b/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath('dashboard-1280.png'), fullPage: true });
  });

  test('a phone at 390 px: no sideways scroll, accessible, lines readable; print hides the filters and keeps the bar colours', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openDashboard(page, 'company');
    await chooseRange(page, '3 months');
    for (const noun of ['department', 'destination'] as const) {
      await graph(page, noun).scrollIntoViewIfNeeded();
      await showLine(page, noun);
      await expectTicksApart(page, noun);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'dashboard at 390 px, line charts');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath('dashboard-390.png'), fullPage: true });

    await graph(page, 'department').getByText('Bar', { exact: true }).click();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('form', { name: 'Dashboard filters' })).toBeHidden();
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('radiogroup').first()).toBeHidden();
    await expect(page.getByTestId('dashboard-title')).toBeVisible();
    await expect(impact(page)).toBeVisible();
    const bar = graph(page, 'department').getByTestId('chart-bar').locator('.mantine-BarsList-barLabel').first();
    await expect(bar).toBeVisible();
    const paint = await bar.evaluate((el) => {
      const style = getComputedStyle(el);
      return { adjust: style.printColorAdjust, fill: style.backgroundColor };
    });
    expect(paint.adjust).toBe('exact');
    expect(paint.fill).not.toMatch(/^(transparent|rgba\(0, 0, 0, 0\))$/);
    await page.pdf({ path: screenshotPath('dashboard-print.pdf'), format: 'Letter', printBackground: false });
  });
});
