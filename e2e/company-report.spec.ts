import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { impact, openDashboard } from './support/client-dashboard';
import {
  appsheetFind,
  expectAccessible,
  screenshotPath,
  sessionToken,
  signIn,
  textWhenMatches,
} from './support/helpers';

/** Issue 37 section 2: one report for the whole company and month, from the dashboard and from Publish Reports. */

/** The value of an impact card as the screen shows it (whole numbers, or millions with one decimal). */
async function cardValue(page: Page, label: string): Promise<number> {
  const text = await impact(page)
    .getByRole('listitem')
    .filter({ hasText: label })
    .getByTestId('impact-value')
    .innerText();
  const value = text.replace(/[^\d.M]/g, '');
  return value.endsWith('M') ? Number(value.slice(0, -1)) * 1e6 : Number(value);
}

/** The Summary sheet: its store rows' names and the first 'Total' row (the stores' total) by header label. */
function readSummary(ws: ExcelJS.Worksheet) {
  let header: string[] = [];
  let inStores = false;
  const stores: string[] = [];
  let total: Record<string, number> | null = null;
  ws.eachRow((row) => {
    const values = (row.values as unknown[]).slice(1);
    if (values[0] === 'Store') {
      header = values.map(String);
      inStores = true;
    } else if (inStores && values[0] === 'Total') {
      inStores = false;
      total = {};
      header.forEach((label, i) => {
        const cell = row.getCell(i + 1);
        const n = cell.type === ExcelJS.ValueType.Formula ? cell.result : cell.value;
        if (typeof n === 'number') total![label] = n;
      });
    } else if (inStores && typeof values[0] === 'string') stores.push(values[0]);
  });
  return { stores, total: total as Record<string, number> | null };
}

test.describe('company report', () => {
  test('a company user downloads the company report from the dashboard; the xlsx has the screen figures', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await openDashboard(page, 'company');
    const kg = await cardValue(page, 'Food rescued');
    const meals = await cardValue(page, 'Meals');
    const monthLabel = (await page.getByTestId('month-picker').innerText()).trim();

    await page.getByRole('button', { name: 'Company report' }).click();
    const dialog = page.getByRole('dialog', { name: `Company report, ${monthLabel}` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('a Summary sheet and a sheet per store');
    await expectAccessible(page, 'company report dialog');
    await page.screenshot({ path: screenshotPath('company-report-dialog.png'), animations: 'disabled' });

    const saved = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Excel (.xlsx)' }).click();
    const xlsx = await saved;
    expect(xlsx.suggestedFilename()).toMatch(/^[A-Za-z0-9_-]+_company_report_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await readFile((await xlsx.path())!)) as unknown as ArrayBuffer);
    const summary = readSummary(wb.getWorksheet('Summary')!);
    // One sheet per store after the Summary, named as the Summary names them.
    expect(wb.worksheets.length).toBe(summary.stores.length + 1);
    expect(summary.stores.length).toBeGreaterThan(1);
    // The dashboard shows 1 month ending with the same month: the same figures, as the cards round them.
    expect(Math.abs(Math.round(summary.total!['Weight (kg)']) - kg)).toBeLessThanOrEqual(1);
    expect(Math.abs(Math.round(summary.total!['Meals']) - meals)).toBeLessThanOrEqual(1);
    expect(summary.total!['Money saved']).toBeUndefined();

    const savedPdf = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'PDF' }).click();
    const pdf = await savedPdf;
    expect(pdf.suggestedFilename()).toMatch(/_company_report_\d{4}-\d{2}-\d{2}\.pdf$/);
    expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

    // A phone: the button sits with the month, the dialog fits.
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: 'Company report' })).toBeVisible();
    await page.getByRole('button', { name: 'Company report' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'PDF' })).toBeInViewport();
    await page.screenshot({ path: screenshotPath('company-report-dialog-390.png'), animations: 'disabled' });
  });

  test('a store user has no company report', async ({ page }) => {
    await openDashboard(page, 'store');
    await expect(page.getByTestId('month-picker')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Company report' })).toHaveCount(0);
  });

  test('staff publish a company report from Publish Reports as a file kind of its own', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, 'staff');
    await expect(page).toHaveURL(/\/ops$/);
    const headers = { authorization: `Bearer ${await sessionToken(page)}` };
    // The newest month with company 1's report file.
    const [file] = (
      await appsheetFind<{ id: number; entry_date: string }>(
        page,
        'PublishFile',
        'Top(OrderBy(Filter(PublishFile, AND([file_type] = "COMPANY_REPORT", [company_id] = 1)), [entry_date], TRUE), 1)',
      )
    ).data;
    const month = String(file.entry_date).slice(0, 10);

    await page.goto(`/ops/reports/publish?company=1&month=${month}`);
    await textWhenMatches(page, 'file-count', /^[\d,]+ files/, 20_000);
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('combobox', { name: 'File kind' }).click();
    await page.getByRole('option', { name: 'Company reports (every store)' }).click();
    await expect(page).toHaveURL(/kind=COMPANY_REPORT/);
    await page.keyboard.press('Escape');
    await textWhenMatches(page, 'file-count', /^1 files?/, 20_000);
    const table = page.getByRole('table', { name: 'Report files' });
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(table.locator('tbody tr').first()).toContainText(String(file.id));
    await page.screenshot({ path: screenshotPath('company-report-publish.png') });

    const started = page.waitForResponse((r) => r.url().endsWith('/PublishFile/batchAction'));
    await page.getByRole('button', { name: 'START PUBLISH' }).click();
    const answer = await (await started).json();
    expect(answer.data.Rows).toEqual([{ id: file.id }]);
    await expect(table.locator('tr[data-state="completed"]')).toHaveCount(1, { timeout: 60_000 });

    // The stored spreadsheet is the company report: a Summary and a sheet per store.
    const [row] = (
      await appsheetFind<{ id: number }>(
        page,
        'GeneratedFile',
        `Top(OrderBy(Filter(GeneratedFile, AND([publish_file_id] = ${file.id}, [file_type] = "xlsx")), [id], TRUE), 1)`,
      )
    ).data;
    const res = await page.request.get(`/ops-api/files/generated/${row.id}`, { headers });
    expect(res.status()).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await res.body()) as unknown as ArrayBuffer);
    expect(wb.worksheets[0].name).toBe('Summary');
    const summary = readSummary(wb.worksheets[0]);
    expect(wb.worksheets.length).toBe(summary.stores.length + 1);
  });
});
