import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { RECEIVERS, STORE_LOCAL_NAMES, withLocalName } from '../apps/server/src/db/demo/catalog';
import { pdfTextLines } from '../apps/server/src/test-support/documents/pdf-text';
import { readXlsx } from '../apps/server/src/test-support/documents/xlsx-reader';
import { sheetTotals } from '../apps/server/src/test-support/sheet-totals';
import {
  addMonths,
  defaultMonth,
  formatDay,
  formatMonth,
  rangeBounds,
  rangeText,
  reportDay,
} from '../packages/shared/src/index';
import { undrawnCharacters } from './support/glyphs';
import { expectAccessible, screenshotPath, settle, signIn } from './support/helpers';

/** No report query in flight. */
async function settled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
}

const monthCombo = (page: Page) => page.getByRole('combobox', { name: 'Month' });

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
    const token = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('openrescue.session') ?? '{}').token as string,
    );
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

/** The signed-in user's access token (the app keeps it in session storage). */
const sessionToken = (page: Page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem('openrescue.session') ?? '{}').token as string);

/** Nothing needs sideways scrolling: not the page, and no table is wider than the box it sits in. */
async function expectNoSideScroll(page: Page, label: string) {
  const overflow = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth - window.innerWidth,
    tables: [...document.querySelectorAll('table')]
      .filter((t) => t.getClientRects().length > 0)
      .map((t) => Math.ceil(t.getBoundingClientRect().width) - (t.parentElement?.clientWidth ?? 0))
      .filter((excess) => excess > 1),
  }));
  expect(overflow, `sideways overflow on ${label}`).toEqual({ page: 0, tables: [] });
}

/** A PDF's pages as RGB pictures (poppler, 40 dpi): what a printer would put on paper. */
function pdfPages(pdf: Buffer, name: string) {
  const pdfPath = screenshotPath(`${name}.pdf`);
  writeFileSync(pdfPath, pdf);
  execFileSync('pdftoppm', ['-png', '-r', '60', pdfPath, pdfPath.replace(/\.pdf$/, '')]); // kept to look at
  const out = execFileSync('sh', ['-c', `pdftoppm -r 40 "${pdfPath}" | cat`], { maxBuffer: 64 << 20 });
  const pages: { width: number; height: number; coloured: number }[] = [];
  let at = 0;
  while (at < out.length) {
    // P6\n<w> <h>\n255\n<rgb bytes>
    const header = out.subarray(at, at + 40).toString('latin1');
    const m = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(header)!;
    const [width, height] = [Number(m[1]), Number(m[2])];
    const start = at + m[0].length;
    let coloured = 0; // pixels clearly not grey: printed colour fills
    for (let i = start; i < start + width * height * 3; i += 3) {
      const [r, g, b] = [out[i], out[i + 1], out[i + 2]];
      if (Math.max(r, g, b) - Math.min(r, g, b) > 60) coloured++;
    }
    pages.push({ width, height, coloured });
    at = start + width * height * 3;
  }
  return pages;
}

test.describe('reports and posters: the way back, phones and print (issue 35)', () => {
  test("the dashboard's month opens the report and the poster, and the way back keeps the month", async ({ page }) => {
    await signIn(page, 'store');
    await expect(page).toHaveURL(/\/$/);
    const token = await sessionToken(page);
    // June when the default is October: the month the issue was measured with.
    const june = addMonths(defaultMonth(reportDay()), -4);
    await page.goto(`/?range=3m&month=${june}`);
    await expect(page.getByTestId('dashboard-range')).toHaveText(rangeText(rangeBounds('3m', june)));

    await page.getByRole('link', { name: 'Monthly report' }).click();
    await expect(page).toHaveURL(new RegExp(`/reports/store/1\\?.*month=${june}`));
    await expect(monthCombo(page)).toHaveValue(formatMonth(june));
    await expect(page.getByText(new RegExp(`Store report · .* · ${formatMonth(june)}`))).toBeVisible();
    await settled(page);
    // Another month on the report: the dashboard opens on that one, with its range.
    const may = addMonths(june, -1);
    await monthCombo(page).click();
    await page.getByRole('option', { name: formatMonth(may), exact: true }).click();
    await settled(page);
    await page.getByRole('link', { name: 'Back to the dashboard' }).click();
    await expect(page).toHaveURL(/\/\?/);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({ month: may, range: '3m' });
    await expect(page.getByTestId('dashboard-range')).toHaveText(rangeText(rangeBounds('3m', may)));

    // The poster: the same month, and "since" the store's first recorded donation (the demo's data, not 2017).
    await page.getByRole('link', { name: 'Poster' }).click();
    await expect(page).toHaveURL(new RegExp(`/posters/store/1\\?.*month=${may}`));
    const first = await page.request.get('/core-api/api/retail/reports/donations?from_store_id=1&limit=1', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(first.status()).toBe(200);
    const [oldest] = ((await first.json()) as { results: { entry_time: string; receiver_id: number }[] }).results;
    const firstDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Vancouver' }).format(
      new Date(oldest.entry_time),
    );
    const poster = page.getByTestId('poster');
    await expect(poster).toContainText(`In ${formatMonth(may)}`);
    await expect(poster).toContainText(`Since ${formatDay(firstDay)}`);
    const storeName = (await page.getByTestId('poster-store').innerText()).trim();
    await page.getByRole('link', { name: 'Back to the dashboard' }).click();
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({ month: may, range: '3m' });

    // The store user's charity report says whose donations it counts: this store's, not the company's.
    await page.goto(`/reports/receiver/${oldest.receiver_id}?month=${may}`);
    await settled(page);
    await expect(page.getByTestId('report-scope')).toHaveText(
      `Figures cover donations from ${storeName} only, not all of Harvest Valley Foods.`,
    );
    await expect(page.getByText(new RegExp(`Charity report · ${storeName} only · ${formatMonth(may)}`))).toBeVisible();
    await page.getByRole('link', { name: 'Back to the dashboard' }).click();
    await expect(page.getByTestId('dashboard-range')).toHaveText(rangeText(rangeBounds('1m', may)));
  });

  test('at 390 px every report and poster page fits without sideways scrolling and passes axe', async ({
    page,
    browser,
  }) => {
    // Six pages, each tab of each, an axe scan apiece: more than the default 45 s on the loaded CI machine.
    test.setTimeout(120_000);
    await signIn(page, 'staff');
    await expect(page).toHaveURL(/\/ops$/);
    const token = await sessionToken(page);
    // The charity hub with the most donations last month: every tab has a table.
    let receiverId = 1;
    let most = -1;
    for (let id = 1; id <= 16; id++) {
      const res = await page.request.get(`/core-api/api/reports/monthly/receiver/${id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const rows = ((await res.json()) as { raw_data: { rows: unknown[] } }).raw_data.rows.length;
      if (rows > most) [receiverId, most] = [id, rows];
    }
    const links = await Promise.all(
      (
        [
          ['store', 1],
          ['receiver', receiverId],
        ] as const
      ).map(async ([kind, id]) => {
        const res = await page.request.get(`/ops-api/public-links/${kind}/${id}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.status()).toBe(200);
        const url = new URL(((await res.json()) as { url: string }).url);
        return `${url.pathname}${url.search}`;
      }),
    );
    await page.setViewportSize({ width: 390, height: 844 });
    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const pub = await visitor.newPage();
    const pages: [Page, string, string[]][] = [
      [page, '/reports/store/1', ['Month', 'YTD']],
      [page, `/reports/receiver/${receiverId}`, ['Month', 'YTD', 'Raw Data']],
      [page, '/posters/store/1', []],
      [pub, links[0], ['Month', 'YTD']],
      [pub, links[1], ['Month', 'YTD', 'Raw Data']],
      [pub, links[0].replace('/reports?', '/posters?'), []],
    ];
    for (const [p, path, tabs] of pages) {
      await p.goto(path);
      await settled(p);
      await expect(p.getByRole('heading', { level: 1 })).toBeVisible();
      if (tabs.length === 0) await expect(p.getByTestId('poster')).toBeVisible();
      for (const tab of tabs) {
        await p.getByRole('tab', { name: tab }).click();
        await expect(p.getByRole('tabpanel').locator('table').first(), `${path} ${tab}`).toBeVisible();
        await expectNoSideScroll(p, `${path} ${tab}`);
        await expectAccessible(p, `${path} ${tab} at 390 px`);
        if (tab === 'Raw Data') await p.screenshot({ path: screenshotPath(`raw-data-390-${p === page}.png`) });
      }
      if (tabs.length === 0) {
        await expectNoSideScroll(p, path);
        await expectAccessible(p, `${path} at 390 px`);
      }
    }
    // Every figure of a card is on screen: the totals' money saved (the last column) ends inside the window.
    await page.goto('/reports/store/1');
    await settled(page);
    const money = page.getByTestId('month-table-totals').locator('[data-metric="money"]');
    const box = (await money.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath('report-390.png'), fullPage: true });
    await page.goto('/posters/store/1');
    await expect(page.getByTestId('poster')).toBeVisible();
    await settle(page);
    await page.screenshot({ path: screenshotPath('poster-390.png'), fullPage: true });
    await visitor.close();
  });

  test('printing: the report alone on one A4 page with its colours; the poster on one landscape page', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, 'staff');
    await expect(page).toHaveURL(/\/ops$/);
    await page.goto('/reports/store/1');
    await settled(page);
    await expect(page.getByTestId('month-table')).toBeVisible();
    await page.screenshot({ path: screenshotPath('report-1280.png'), fullPage: true });

    await page.emulateMedia({ media: 'print' });
    // Controls are gone; the Month and YTD tables are both there; colours print as they are.
    for (const control of [monthCombo(page), page.getByTestId('download-xlsx'), page.getByRole('tablist')]) {
      await expect(control).toBeHidden();
    }
    await expect(page.getByRole('link', { name: 'Back to the dashboard' })).toBeHidden();
    await expect(page.getByTestId('product-name')).toBeHidden();
    await expect(page.getByTestId('month-table')).toBeVisible();
    await expect(page.getByTestId('ytd-table')).toBeVisible();
    const report = pdfPages(await page.pdf({ preferCSSPageSize: true }), 'report-print');
    expect(report.length, 'pages of one report month').toBe(1);
    expect(report[0].height).toBeGreaterThan(report[0].width); // A4 portrait
    expect(report[0].coloured, 'department and destination colours on paper').toBeGreaterThan(20);

    await page.emulateMedia({ media: 'screen' });
    await page.goto('/posters/store/1');
    await expect(page.getByTestId('poster')).toBeVisible();
    await settle(page);
    await page.screenshot({ path: screenshotPath('poster-1280.png'), fullPage: true });
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('download-pdf')).toBeHidden();
    await expect(page.getByRole('link', { name: 'Back to the dashboard' })).toBeHidden();
    const poster = pdfPages(await page.pdf({ preferCSSPageSize: true }), 'poster-print');
    expect(poster.length, 'poster pages').toBe(1);
    expect(poster[0].width).toBeGreaterThan(poster[0].height); // A4 landscape
    expect(poster[0].coloured, 'the poster frame and hero line in colour').toBeGreaterThan(200);
  });
});
