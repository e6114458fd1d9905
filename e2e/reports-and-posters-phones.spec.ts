import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { addMonths, defaultMonth, formatDay, formatMonth, rangeBounds, rangeText } from '../packages/shared/src/index';
import {
  expectAccessible,
  networkToday,
  screenshotPath,
  sessionToken,
  settle,
  settled,
  signIn,
} from './support/helpers';
import { monthCombo } from './support/reports';

// Reports and posters reached from the dashboard, on phones and in print (issue 35); the pages themselves:
// reports-and-posters.spec.ts.

/** The signed-in user's access token (the app keeps it in session storage). */
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
    const june = addMonths(defaultMonth(await networkToday(page)), -4);
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
