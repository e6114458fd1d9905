import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { openDashboard } from './support/client-dashboard';
import { expectAccessible, screenshotPath, settle } from './support/helpers';

/** Issue 38 section 2: the dashboard's figures downloaded as CSV and xlsx, and a company admin's API keys. */

const TOTALS = '/core-api/api/retail/reports/donation_totals';
const INTEGRATION = '/core-api/api/integrations/figures';
const grams = (kg: number | string) => Math.round(Number(kg) * 1000);

interface TotalsRow {
  from_department_id?: number;
  destination_id?: number;
  date?: string;
  weight_kg__sum: number;
  money_saved__sum?: number;
}

/** The totals API's rows for the range of a downloaded file, asked with the page's own session. */
async function totalsApi(page: Page, from: string, to: string, params: Record<string, string>): Promise<TotalsRow[]> {
  const query = new URLSearchParams({
    entry_time__gte: from,
    entry_time__lte: to,
    from_company_id: '1',
    annotate_metrics: 'true',
    page_size: '1000',
    ...params,
  });
  const res = await page.request.get(`${TOTALS}?${query}`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { results: TotalsRow[]; next: string | null };
  expect(body.next).toBeNull();
  return body.results;
}

/** Clicks a download button of the export row; the saved file's name and path. */
async function download(page: Page, name: 'CSV' | 'Excel') {
  const saved = page.waitForEvent('download');
  await page.getByTestId('dashboard-export').getByRole('button', { name }).click();
  const file = await saved;
  return { name: file.suggestedFilename(), path: (await file.path())! };
}

const rangeOf = (fileName: string) => {
  const match = /^figures_(\d{4}-\d{2}-\d{2})_to_(\d{4}-\d{2}-\d{2})\.(csv|xlsx)$/.exec(fileName);
  expect(match, fileName).not.toBeNull();
  return { from: match![1], to: match![2] };
};

test.describe('dashboard export', () => {
  test('a company user downloads CSV and xlsx whose figures equal the totals API', async ({ page }) => {
    test.setTimeout(90_000);
    await openDashboard(page, 'company');
    await page.getByRole('combobox', { name: 'Reporting Range' }).click();
    await page.getByRole('option', { name: '1 year' }).click();
    await expect(page).toHaveURL(/range=1y/);

    const csvFile = await download(page, 'CSV');
    const { from, to } = rangeOf(csvFile.name);
    const departments = await totalsApi(page, from, to, { annotate: 'from_department_id' });
    const byMonth = await totalsApi(page, from, to, { annotate: 'destination_id', annotate_entry_time: 'date-month' });
    expect(departments.length).toBeGreaterThan(0);

    // CSV, read by csv-parse: a row per figure, kg to the gram of the API, no money for a company user.
    const rows = parse(await readFile(csvFile.path), { columns: true, bom: true }) as Record<string, string>[];
    expect(Object.keys(rows[0])).not.toContain('money_saved');
    const csvDepartments = rows.filter((r) => r.section === 'department' && r.period === 'current');
    expect(csvDepartments.map((r) => [Number(r.category_id), grams(r.weight_kg)])).toEqual(
      departments
        .map((r) => [r.from_department_id, grams(r.weight_kg__sum)])
        .sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    const total = departments.reduce((sum, r) => sum + r.weight_kg__sum, 0);
    const csvTotal = rows.find((r) => r.section === 'totals' && r.period === 'current')!;
    expect(grams(csvTotal.weight_kg)).toBe(grams(total));
    expect(Number(csvTotal.weight_lb)).toBe(Math.ceil(Number(csvTotal.weight_kg) * 2.20462));
    const csvByMonth = rows.filter((r) => r.section === 'destination_by_period' && r.period === 'current');
    expect(csvByMonth.every((r) => r.granularity === 'date-month')).toBe(true);
    expect(csvByMonth.length).toBe(byMonth.length);
    for (const r of byMonth) {
      const row = csvByMonth.find((c) => c.date === r.date && Number(c.category_id) === r.destination_id);
      expect(grams(row!.weight_kg), `${r.date} ${r.destination_id}`).toBe(grams(r.weight_kg__sum));
    }

    // xlsx, read by exceljs.
    const xlsxFile = await download(page, 'Excel');
    expect(rangeOf(xlsxFile.name)).toEqual({ from, to });
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(xlsxFile.path);
    const sheet = book.getWorksheet('Departments')!;
    const headers = (sheet.getRow(1).values as unknown[]).filter(Boolean).map(String);
    expect(headers).toEqual(expect.arrayContaining(['Department', 'Weight (kg)', 'Weight (lb)']));
    expect(headers.some((h) => /money/i.test(h))).toBe(false);
    const read = new Map<string, number>();
    sheet.eachRow((row, n) => {
      // The range shown; the comparison periods follow with their own Period.
      if (n > 1 && row.getCell(1).value === 'Selected range')
        read.set(String(row.getCell(2).value), Number(row.getCell(3).value));
    });
    expect(grams(read.get('Total')!)).toBe(grams(total));
    const names = ['Bakery', 'Dairy', 'Deli', 'Meat/Seafood', 'Produce', 'Grocery', 'Other'];
    for (const r of departments)
      expect(grams(read.get(names[r.from_department_id! - 1])!)).toBe(grams(r.weight_kg__sum));
    const byPeriod = book.getWorksheet('Destinations by period')!;
    const periods = new Set<string>();
    let shownRows = 0;
    byPeriod.eachRow((row, n) => {
      if (n === 1) return;
      periods.add(String(row.getCell(1).value));
      if (row.getCell(1).value === 'Selected range') shownRows += 1;
    });
    expect(shownRows).toBe(byMonth.length);
    expect(periods.has('Selected range')).toBe(true);
    // The comparison periods the cards show, each with its totals (a period without donations has zeros).
    const totalsSheet = book.getWorksheet('Totals')!;
    expect([2, 3, 4].map((n) => String(totalsSheet.getRow(n).getCell(1).value))).toEqual([
      'Selected range',
      'Previous period',
      'Same period a year earlier',
    ]);
    expect(grams(Number(totalsSheet.getRow(2).getCell(4).value))).toBe(grams(total));

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('dashboard-export').scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('dashboard-export.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('dashboard-export').scrollIntoViewIfNeeded();
    await settle(page);
    await page.screenshot({ path: screenshotPath('dashboard-export-phone.png') });
  });

  test('a company admin creates an API key shown once, reads the figures with it and revokes it', async ({ page }) => {
    test.setTimeout(90_000);
    await openDashboard(page, 'company');
    const panel = page.getByRole('region', { name: 'API keys' });
    await expect(panel).toBeVisible();
    const name = `e2e export ${Date.now()}`;
    await panel.getByLabel('New key for').fill(name);
    await panel.getByRole('button', { name: 'Create key' }).click();
    const shown = panel.getByTestId('created-api-key-value');
    await expect(shown).toHaveText(/^ork_/);
    const key = (await shown.innerText()).trim();
    const row = panel.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(`…${key.slice(-4)}`);
    await expect(row).not.toContainText(key);

    const query = new URLSearchParams({ entry_time__gte: '2026-01-01', entry_time__lte: '2026-01-31' });
    const asIntegration = (k: string) =>
      page.request.get(`${INTEGRATION}?${query}`, { headers: { authorization: `Bearer ${k}` } });
    expect((await asIntegration(key)).status()).toBe(200);

    await settle(page);
    await expectAccessible(page, 'api keys panel');
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: screenshotPath('dashboard-api-keys.png') });

    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Revoke '${name}'?` });
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(row.getByText('Revoked')).toBeVisible();
    await expect(panel.getByTestId('created-api-key')).toHaveCount(0);
    expect((await asIntegration(key)).status()).toBe(401);

    await page.setViewportSize({ width: 390, height: 844 });
    await panel.scrollIntoViewIfNeeded();
    await settle(page);
    await page.screenshot({ path: screenshotPath('dashboard-api-keys-phone.png') });
  });
  test("a charity user downloads its sites' figures, equal to the totals API", async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/login');
    await page.getByLabel('Email').fill('charity@openrescue.test');
    await page.getByLabel('Password').fill('demo-charity');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByTestId('charity-dashboard')).toBeVisible({ timeout: 20_000 });
    const csvFile = await download(page, 'CSV');
    const { from, to } = rangeOf(csvFile.name);
    const rows = parse(await readFile(csvFile.path), { columns: true, bom: true }) as Record<string, string>[];
    expect(Object.keys(rows[0])).not.toContain('money_saved');
    // The server narrows every answer to the charity's receivers: the same question without a scope.
    const query = new URLSearchParams({ entry_time__gte: from, entry_time__lte: to, annotate: 'from_department_id' });
    const res = await page.request.get(`${TOTALS}?${query}&annotate_metrics=true&page_size=1000`);
    expect(res.status()).toBe(200);
    const departments = ((await res.json()) as { results: TotalsRow[] }).results;
    const csvDepartments = rows.filter((r) => r.section === 'department' && r.period === 'current');
    expect(csvDepartments.map((r) => [Number(r.category_id), grams(r.weight_kg)])).toEqual(
      departments
        .map((r) => [r.from_department_id, grams(r.weight_kg__sum)])
        .sort((a, b) => Number(a[0]) - Number(b[0])),
    );
  });
});
