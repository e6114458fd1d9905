import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { RECEIVERS, STORE_LOCAL_NAMES, withLocalName } from '../apps/server/src/db/demo/catalog';
import { pdfTextLines } from '../apps/server/src/test-support/documents/pdf-text';
import { readXlsx } from '../apps/server/src/test-support/documents/xlsx-reader';
import { sheetTotals } from '../apps/server/src/test-support/sheet-totals';
import { undrawnCharacters } from './support/glyphs';
import { expectAccessible, screenshotPath, sessionToken, settle, settled, signIn } from './support/helpers';
import { monthCombo } from './support/reports';

// Demo stores and a receiver whose names carry a second script (issue 34; ids in the demo's order of creation).
const storeName = (english: string) => withLocalName(english, STORE_LOCAL_NAMES[english]);
const CHINESE_STORE = { id: 8, name: storeName('Harvest Valley Burnaby') };
const GURMUKHI_STORE = { id: 25, name: storeName('Fraser Fresh Abbotsford') };
const ARABIC_RECEIVER = { id: 15, name: withLocalName(RECEIVERS[14].name, RECEIVERS[14].local) };

/** The screen's Month totals (0 when the month has no donations): donations and kg. */
async function screenTotals(page: Page) {
  const totals = page.getByTestId('month-table-totals');
  if ((await totals.count()) === 0) return { donations: 0, kg: 0 };
  const donations = Number((await totals.locator('[data-metric="donations"]').innerText()).replace(/,/g, ''));
  const weight = await totals.locator('[data-metric="weight"]').innerText(); // '448.9 kg (990 lb)'
  expect(weight).toMatch(/^[\d,]+\.\d kg \([\d,]+ lb\)$/);
  return { donations, kg: Number(weight.split(' kg')[0].replace(/,/g, '')) };
}

test.describe('monthly reports and store posters', () => {
  test('the store user switches months and tabs, downloads the spreadsheet and the poster PDF', async ({ page }) => {
    await signIn(page, 'store');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/reports/store/1');
    const title = page.getByRole('main').getByRole('heading', { level: 1 });
    await expect(title).toHaveText(/^Harvest Valley /);
    await settled(page);
    await expect(page.getByRole('tab', { name: 'Month' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Raw Data' })).toHaveCount(0);
    const storeName = (await title.innerText()).trim();
    await expectAccessible(page, 'store report');

    // Another month: the address and the heading follow it.
    const first = await monthCombo(page).inputValue();
    await monthCombo(page).click();
    const options = page.getByRole('option');
    await expect(options).toHaveCount(12);
    const second = (await options.nth(1).innerText()).trim();
    await options.nth(1).click();
    await expect(page).toHaveURL(/month=\d{4}-\d{2}-01/);
    await expect(page.getByText(new RegExp(`Store report · .* · ${second}`))).toBeVisible();
    await settled(page);

    // Tabs by keyboard: arrow keys move between Month and YTD.
    await page.getByRole('tab', { name: 'Month' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'YTD' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('ytd-table').or(page.getByTestId('ytd-empty'))).toBeVisible();
    await page.getByRole('tab', { name: 'Month' }).click();
    await monthCombo(page).click();
    await page.getByRole('option', { name: first, exact: true }).click();
    await expect(page.getByText(new RegExp(`Store report · .* · ${first}`))).toBeVisible();
    await settled(page);
    const screen = await screenTotals(page);
    await page.screenshot({ path: screenshotPath('store-report.png'), fullPage: true });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-xlsx').click()]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^${storeName.replace(/[^A-Za-z0-9-]+/g, '_')}_\\d{4}-\\d{2}-\\d{2}\\.xlsx$`),
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Month', 'YTD', 'Raw Data']);
    const totals = sheetTotals(wb.getWorksheet('Month')!);
    expect(totals['Donations'] ?? 0).toBe(screen.donations);
    expect(totals['Weight (kg)'] ?? 0).toBeCloseTo(screen.kg, 1);
    expect(wb.getWorksheet('Raw Data')!.rowCount).toBe(screen.donations + 1);

    // The poster of the same store.
    await page.goto('/posters/store/1');
    const poster = page.getByTestId('poster');
    await expect(poster).toBeVisible();
    await expect(page.getByTestId('poster-store')).toHaveText(storeName);
    await expect(poster).toContainText('is a FOOD RESCUE HERO');
    await expect(page.getByTestId('poster-because')).toHaveText(
      /^for donating its unsold food to \d+ charity and\/or farmers in our community$/,
    );
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
    const box = await page.getByTestId('poster-frame').boundingBox();
    expect(box!.width / box!.height).toBeCloseTo(926.85 / 655.35, 1);
    await expectAccessible(page, 'store poster');
    await page.screenshot({ path: screenshotPath('store-poster.png'), fullPage: true });

    const [pdfDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-pdf').click()]);
    expect(pdfDownload.suggestedFilename()).toMatch(/^poster_\d{4}-\d{2}-\d{2}\.pdf$/);
    const pdf = readFileSync(await pdfDownload.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 841\.89\d* 595\.28\d*\]/);
    expect(pdfTextLines(pdf)).toContain(storeName);

    // render the downloaded PDF as a person would see it (the PNG is kept under .test-tmp/screens to look at)
    const pdfPath = screenshotPath('poster.pdf');
    writeFileSync(pdfPath, pdf);
    execFileSync('pdftoppm', ['-png', '-r', '60', '-singlefile', pdfPath, pdfPath.replace(/\.pdf$/, '-pdf')]);
    const png = readFileSync(pdfPath.replace(/\.pdf$/, '-pdf.png'));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBeGreaterThan(png.readUInt32BE(20)); // landscape: wider than tall
  });

  test('names in other scripts: reports, spreadsheets, posters and the PDF show them as written', async ({ page }) => {
    await signIn(page, 'staff');
    await expect(page).toHaveURL(/\/ops$/);
    for (const [kind, { id, name }] of [
      ['store', CHINESE_STORE],
      ['receiver', ARABIC_RECEIVER],
    ] as const) {
      await page.goto(`/reports/${kind}/${id}`);
      const title = page.getByRole('main').getByRole('heading', { level: 1 });
      await expect(title).toHaveText(name);
      expect(await undrawnCharacters(title), `characters of ${name} drawn as boxes`).toEqual([]);
      await settled(page);
      await page.screenshot({ path: screenshotPath(`${kind}-report-${id}-script.png`) });
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-xlsx').click()]);
      expect(download.suggestedFilename()).toMatch(/^[A-Za-z_]+_\d{4}-\d{2}-\d{2}\.xlsx$/); // ASCII only
      // openpyxl, not the library that wrote it, reads the title and the heading of each summary sheet.
      for (const sheet of readXlsx(readFileSync(await download.path())).slice(0, 2)) {
        expect(String(sheet.rows[0][0]).slice(0, name.length + 2)).toBe(`${name}: `);
        expect(sheet.rows[1].slice(0, 2)).toEqual([kind === 'store' ? 'Store' : 'Receiver', name]);
      }
    }

    for (const { id, name } of [CHINESE_STORE, GURMUKHI_STORE]) {
      await page.goto(`/posters/store/${id}`);
      const store = page.getByTestId('poster-store');
      await expect(store).toHaveText(name);
      expect(await undrawnCharacters(store), `characters of ${name} drawn as boxes`).toEqual([]);
      // On one line, as in the PDF: not cut short by the poster's ellipsis.
      expect(await store.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await settle(page);
      await page.getByTestId('poster').screenshot({ path: screenshotPath(`store-poster-${id}-script.png`) });
      const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-pdf').click()]);
      expect(pdfTextLines(readFileSync(await pdf.path()))).toContain(name);
    }
  });

  test('works at 360 px: no sideways page scroll, the poster scales down, downloads stay reachable', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, 'store');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/reports/store/1');
    await settled(page);
    await expect(page.getByTestId('download-xlsx')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: screenshotPath('store-report-360.png'), fullPage: true });
    await page.goto('/posters/store/1');
    await expect(page.getByTestId('poster')).toBeVisible();
    await settle(page);
    expect(Number(await page.getByTestId('poster-frame').getAttribute('data-scale'))).toBeLessThan(0.4);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expect(page.getByTestId('download-pdf')).toBeVisible();
    await page.screenshot({ path: screenshotPath('store-poster-360.png'), fullPage: true });
  });

  test('staff open a receiver report with Raw Data', async ({ page }) => {
    await signIn(page, 'staff');
    await expect(page).toHaveURL(/\/ops$/);
    const token = await sessionToken(page);
    // The charity hub with the most donations last month.
    let best = { id: 1, rows: -1 };
    for (let id = 1; id <= 16; id++) {
      const res = await page.request.get(`/core-api/api/reports/monthly/receiver/${id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status()).toBe(200);
      const rows = ((await res.json()) as { raw_data: { rows: unknown[] } }).raw_data.rows.length;
      if (rows > best.rows) best = { id, rows };
    }
    expect(best.rows).toBeGreaterThan(0);
    await page.goto(`/reports/receiver/${best.id}`);
    await settled(page);
    await expect(page.getByText(/Charity report · All donors/)).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Money saved' })).toBeVisible();
    await page.getByRole('tab', { name: 'Raw Data' }).click();
    const raw = page.getByTestId('raw-table');
    await expect(raw).toBeVisible();
    await expect(raw.locator('tbody tr')).toHaveCount(Math.min(best.rows, 100));
    await expect(page.getByTestId('raw-count')).toContainText(`of ${best.rows.toLocaleString('en-US')} donations`);
    await expect(raw.locator('tbody tr').first().locator('td').first()).toHaveText(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
    );
    await expectAccessible(page, 'receiver report, Raw Data');
    await page.screenshot({ path: screenshotPath('receiver-report-raw.png'), fullPage: true });
  });
});
