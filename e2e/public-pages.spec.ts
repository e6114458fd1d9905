import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { pdfTextLines } from '../apps/server/src/test-support/documents/pdf-text';
import { expectAccessible, screenshotPath, sessionToken, settle, settled, signIn } from './support/helpers';
import { trackScriptWeight } from './support/script-weight';

/**
 * The public pages of spec 2.9 without signing in: the savings calculator (2.14) and the read-only report and
 * poster links (DESIGN.md "Public links"). Everything runs against the real server; links come from the staff API.
 */

const noSideScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

async function staffToken(page: Page): Promise<string> {
  await signIn(page, 'staff');
  await expect(page).toHaveURL(/\/ops$/);
  return sessionToken(page);
}

/** The current public link of a receiver or store, as staff copy it from its detail panel. */
async function publicLink(page: Page, token: string, kind: 'receiver' | 'store', id: number) {
  const res = await page.request.get(`/ops-api/public-links/${kind}/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  const url = new URL(((await res.json()) as { url: string }).url);
  return { path: `${url.pathname}${url.search}`, tk: url.searchParams.get('tk')! };
}

/** A browser with nobody signed in. */
async function visitor(browser: Browser, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
  return { page: await context.newPage(), close: () => context.close() };
}

const result = (page: Page, program: string, figure: string) => page.getByTestId(`result-${program}-${figure}`);

test.describe('savings calculator', () => {
  test('typing, the minus button, the limits and the results for a known input; small JavaScript', async ({ page }) => {
    const scripts = trackScriptWeight(page);
    await page.goto('/public/salescalculator');
    await expect(page.getByRole('heading', { level: 1, name: 'Savings calculator' })).toBeVisible();
    await expect(page.getByTestId('public-header')).toBeVisible();
    for (const name of ['Farmer program', 'Charity program', 'Combined']) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    const { bytes: jsGzip, files } = await scripts.total();
    console.log(`calculator page JavaScript: ${(jsGzip / 1000).toFixed(1)} kB gzip in ${files} files`);
    // The budget: 150 kB gzip (calculator.html loads the calculator without the app around it).
    expect(jsGzip).toBeLessThanOrEqual(150 * 1000);

    const stores = page.getByRole('textbox', { name: 'Number of stores' });
    const size = page.getByRole('textbox', { name: 'Store size (sqft)' });
    const status = page.getByTestId('calculator-status');
    await expect(status).toHaveText('Enter the number of stores and the store size to see the estimates.');
    await expect(result(page, 'combined', 'money')).toHaveText('$0.00');

    // The fields keep what is typed; the size shows thousands separators once the field is left (decision 0056).
    await stores.pressSequentially('10');
    await expect(stores).toHaveValue('10');
    await size.pressSequentially('20000');
    await size.blur();
    await expect(size).toHaveValue('20,000');
    await expect(status).toHaveText(
      'Estimates for 10 stores of 20,000 sqft: combined, $91,035.00 saved and 141,494 meals.',
    );
    const expected: [string, string, string][] = [
      ['farmer', 'food', '231,200 kg (509,709 lb)'],
      ['farmer', 'co2e', '106,352 kg'],
      ['farmer', 'money', '$40,460.00'],
      ['charity', 'food', '289,000 kg (637,136 lb)'],
      ['charity', 'meals', '157,216'],
      ['charity', 'co2e', '971,040 kg'],
      ['charity', 'money', '$50,575.00'],
      ['combined', 'money', '$91,035.00'],
      ['combined', 'meals', '141,494'],
      ['combined', 'co2e', '969,653 kg'],
    ];
    for (const [program, figure, text] of expected) await expect(result(page, program, figure)).toHaveText(text);
    await expectAccessible(page, 'calculator with results');
    await page.screenshot({ path: screenshotPath('calculator.png'), fullPage: true });

    // A decimal size: 12,345.6 sqft for 3 stores (values of the shared unit tests).
    await stores.fill('3');
    await size.fill('');
    await size.pressSequentially('12345.6');
    await size.blur();
    await expect(size).toHaveValue('12,345.6');
    await expect(result(page, 'charity', 'money')).toHaveText('$9,365.68');
    await expect(result(page, 'combined', 'money')).toHaveText('$16,858.23');

    // The minus button never goes below 0; at 0 every result is 0.
    const minus = page.getByRole('button', { name: 'One store fewer' });
    const plus = page.getByRole('button', { name: 'One store more' });
    await minus.click();
    await minus.click();
    await expect(stores).toHaveValue('1');
    await minus.click();
    await expect(stores).toHaveValue('0');
    await expect(minus).toBeDisabled();
    await expect(result(page, 'charity', 'money')).toHaveText('$0.00');
    await expect(result(page, 'combined', 'co2e')).toHaveText('0 kg');
    await expect(status).toHaveText('Enter the number of stores and the store size to see the estimates.');
    await plus.click();
    await expect(stores).toHaveValue('1');
    await expect(minus).toBeEnabled();
    await expect(result(page, 'farmer', 'money')).toHaveText('$2,497.51'); // 1 x 12,345.6 x 2.89 / 1000 x 0.4 x 175

    // Over the limits: the messages of section 5, every result 0.
    await stores.fill('51');
    await expect(page.getByText('Number of stores cannot exceed 50.')).toBeVisible();
    await expect(stores).toHaveAttribute('aria-invalid', 'true');
    await expect(result(page, 'combined', 'money')).toHaveText('$0.00');
    await expect(status).toHaveText('Correct the highlighted value to see the estimates.');
    await stores.fill('50');
    await expect(page.getByText('Number of stores cannot exceed 50.')).toHaveCount(0);
    await size.fill('');
    await size.pressSequentially('100000.5');
    await size.blur();
    await expect(size).toHaveValue('100,000.5');
    await expect(page.getByText('Store size cannot exceed 100,000 sqft.')).toBeVisible();
    await expect(result(page, 'charity', 'co2e')).toHaveText('0 kg');
    await expectAccessible(page, 'calculator with a limit message');
    await page.screenshot({ path: screenshotPath('calculator-limit.png'), fullPage: true });
    await size.fill('100000');
    await expect(page.getByText('Store size cannot exceed 100,000 sqft.')).toHaveCount(0);
    await expect(result(page, 'combined', 'money')).toHaveText('$2.3M'); // 2,275,875: millions as M with one decimal

    // The formulas are there to read.
    await page.getByText('How these estimates are worked out').click();
    await expect(page.getByTestId('how-we-estimate')).toContainText('area × 0.9 × (0.5 × 3.36 + 0.4 × 0.46)');

    // 360 px: everything fits, the keyboard reaches the buttons.
    await page.setViewportSize({ width: 360, height: 800 });
    await stores.fill('10');
    await size.fill('20000');
    await expect(result(page, 'combined', 'money')).toHaveText('$91,035.00');
    await noSideScroll(page);
    await stores.focus();
    await page.keyboard.press('Shift+Tab');
    await expect(minus).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(stores).toHaveValue('9');
    await page.evaluate(() => window.scrollTo(0, 0)); // the header is fixed: a full-page shot from the top
    await settle(page);
    await page.screenshot({ path: screenshotPath('calculator-360.png'), fullPage: true });
  });
});

test.describe('public report and poster links', () => {
  test('a charity opens its report from a real link and downloads the spreadsheet, signed out', async ({
    page,
    browser,
  }) => {
    const token = await staffToken(page);
    // The receiver with the most donations last month, as staff see it.
    let best = { id: 1, rows: -1, name: '' };
    for (let id = 1; id <= 16; id++) {
      const res = await page.request.get(`/core-api/api/reports/monthly/receiver/${id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status()).toBe(200);
      const body = (await res.json()) as { raw_data: { rows: unknown[] }; heading: { name: string } };
      if (body.raw_data.rows.length > best.rows)
        best = { id, rows: body.raw_data.rows.length, name: body.heading.name };
    }
    expect(best.rows).toBeGreaterThan(0);
    const link = await publicLink(page, token, 'receiver', best.id);
    expect(link.path).toMatch(new RegExp(`^/public/charity/${best.id}/reports\\?tk=`));

    const { page: pub, close } = await visitor(browser);
    await pub.goto(link.path);
    await expect(pub).toHaveURL(new RegExp(`/public/charity/${best.id}/reports`));
    await expect(pub.getByRole('heading', { level: 1 })).toHaveText(best.name);
    await expect(pub.getByTestId('public-header')).toBeVisible();
    await settled(pub);
    await expect(pub.getByText(/Charity report · All donors/)).toBeVisible();
    await expect(pub.getByRole('columnheader', { name: 'Money saved' })).toHaveCount(0); // public: no money saved
    await pub.getByRole('tab', { name: 'Raw Data' }).click();
    await expect(pub.getByTestId('raw-table').locator('tbody tr')).toHaveCount(Math.min(best.rows, 100));
    await expectAccessible(pub, 'public charity report');
    await pub.screenshot({ path: screenshotPath('public-charity-report.png'), fullPage: true });

    const [download] = await Promise.all([pub.waitForEvent('download'), pub.getByTestId('download-xlsx').click()]);
    expect(download.suggestedFilename()).toMatch(/_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Month', 'YTD', 'Raw Data']);
    expect(wb.getWorksheet('Raw Data')!.rowCount).toBe(best.rows + 1);

    await pub.setViewportSize({ width: 360, height: 800 });
    await settle(pub);
    await noSideScroll(pub);
    await pub.screenshot({ path: screenshotPath('public-charity-report-360.png'), fullPage: true });
    await close();
  });

  test('a store link opens its report and its poster, and the poster PDF downloads', async ({ page, browser }) => {
    const token = await staffToken(page);
    const link = await publicLink(page, token, 'store', 1);
    const { page: pub, close } = await visitor(browser);
    await pub.goto(link.path);
    const title = pub.getByRole('heading', { level: 1 });
    await expect(title).toHaveText(/^Harvest Valley /);
    await settled(pub);
    const storeName = (await title.innerText()).trim();
    await expect(pub.getByText(/^Store report · /)).toBeVisible();
    await expect(pub.getByRole('tab', { name: 'Raw Data' })).toHaveCount(0);

    await pub.getByRole('link', { name: 'Open the poster' }).click();
    await expect(pub).toHaveURL(new RegExp(`/public/store/1/posters\\?tk=${link.tk}&month=\\d{4}-\\d{2}-01$`));
    await expect(pub.getByTestId('poster-store')).toHaveText(storeName);
    await expect(pub.getByTestId('poster')).toContainText('is a FOOD RESCUE HERO');
    // The QR code's link is the store's own public report.
    await expect(pub.getByRole('img', { name: /QR code/ })).toBeVisible();
    await expectAccessible(pub, 'public store poster');
    await pub.screenshot({ path: screenshotPath('public-store-poster.png'), fullPage: true });

    const [pdfDownload] = await Promise.all([pub.waitForEvent('download'), pub.getByTestId('download-pdf').click()]);
    expect(pdfDownload.suggestedFilename()).toMatch(/^poster_\d{4}-\d{2}-\d{2}\.pdf$/);
    const pdf = readFileSync(await pdfDownload.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfTextLines(pdf)).toContain(storeName);

    await pub.setViewportSize({ width: 360, height: 800 });
    await settle(pub);
    await noSideScroll(pub);
    await expect(pub.getByTestId('download-pdf')).toBeVisible();
    await pub.screenshot({ path: screenshotPath('public-store-poster-360.png'), fullPage: true });
    await close();
  });

  test('a tampered, rotated or misused link shows a clear message and opens nothing', async ({ page, browser }) => {
    const token = await staffToken(page);
    const store = await publicLink(page, token, 'store', 1);
    const receiver = await publicLink(page, token, 'receiver', 2);
    const { page: pub, close } = await visitor(browser);
    const opened: string[] = [];
    pub.on('response', (r) => {
      if (r.url().includes('/core-api/api/reports/') && r.ok()) opened.push(r.url());
    });
    const refused = async (path: string, label: string) => {
      await pub.goto(path);
      await expect(pub.getByTestId('link-refused'), label).toBeVisible();
      await expect(pub.getByRole('heading', { level: 1 })).toHaveText('This link does not work');
      await expect(pub).toHaveURL(/\/public\//); // never the sign-in page
    };

    const tampered = `${store.tk.slice(0, -4)}${store.tk.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    await refused(`/public/store/1/reports?tk=${tampered}`, 'tampered token');
    await expectAccessible(pub, 'refused link');
    await pub.screenshot({ path: screenshotPath('public-link-refused.png'), fullPage: true });
    await refused(`/public/store/1/posters?tk=${tampered}`, 'tampered token, poster');
    // Another store's id with store 1's valid token, and the charity link's token on a store page.
    await refused(`/public/store/2/reports?tk=${store.tk}`, "another store's report");
    await refused(`/public/store/2/posters?tk=${store.tk}`, "another store's poster");
    await refused(`/public/store/2/reports?tk=${receiver.tk}`, 'a charity token on a store');
    await refused(`/public/charity/3/reports?tk=${receiver.tk}`, "another charity's report");
    await refused('/public/store/1/reports', 'no token');
    await refused('/public/store/1/reports?tk=not a token', 'malformed token');
    expect(opened).toEqual([]);

    // Rotating the link (staff) retires the old one; the new one opens.
    const rotated = await page.request.post('/ops-api/public-links/store/3/rotate', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(rotated.status()).toBe(200);
    const fresh = new URL(((await rotated.json()) as { url: string }).url);
    await pub.goto(`${fresh.pathname}${fresh.search}`);
    await settled(pub);
    await expect(pub.getByText(/^Store report · /)).toBeVisible();
    const again = await page.request.post('/ops-api/public-links/store/3/rotate', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(again.status()).toBe(200);
    await refused(`${fresh.pathname}${fresh.search}`, 'rotated token');

    // A signed-in staff member opening a bad link is not signed out by it.
    await page.goto(`/public/store/1/reports?tk=${tampered}`);
    await expect(page.getByTestId('link-refused')).toBeVisible();
    await page.goto('/ops');
    await expect(page).toHaveURL(/\/ops$/);
    await close();
  });
});
