import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  APPSHEET_PROPERTIES,
  appsheetFind,
  expectAccessible,
  screenshotPath,
  sessionToken,
  settle,
  signIn,
  textWhenMatches,
} from './support/helpers';

const PATH = '/ops/reports/generated';

/** The header's count: files listed (and documents matched when the two differ). */
async function fileCount(page: Page): Promise<{ listed: number; matched: number }> {
  const text = await textWhenMatches(page, 'file-count', /^[\d,]+ files?/, 30_000);
  const listed = Number(text.match(/^([\d,]+) file/)![1].replace(/,/g, ''));
  const matched = text.match(/\(([\d,]+) documents match\)/);
  return { listed, matched: matched ? Number(matched[1].replace(/,/g, '')) : listed };
}

interface ShownRow {
  fileId: number;
  publishFileId: string;
  company: string;
  store: string;
  receiver: string;
  type: string;
  entryDate: string;
  status: string;
}

/** The rows in the page now (the table is virtualised: the ones near the viewport). */
async function shownRows(page: Page): Promise<ShownRow[]> {
  return page.getByTestId('generated-file-row').evaluateAll((rows) =>
    rows.map((tr) => {
      const cells = [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim());
      return {
        fileId: Number(tr.getAttribute('data-file-id')),
        publishFileId: (tr.querySelector('td button')?.childNodes[0]?.textContent ?? '').trim(),
        company: cells[1],
        store: cells[2],
        receiver: cells[3],
        type: cells[4],
        entryDate: cells[5],
        status: tr.querySelector('[data-testid="status-dot"]')?.getAttribute('aria-label') ?? '',
      };
    }),
  );
}

/** The server's download-name rule (safe ASCII stem), to check the saved name from what the row shows. */
function safeStem(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^A-Za-z0-9-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[_-]+|[_-]+$/g, '')
    .slice(0, 120);
}

/** Picks an option of a searchable lookup Select in the open filter drop. */
async function pick(page: Page, select: Locator, optionName: string) {
  await select.click();
  await select.fill(optionName);
  await page.getByRole('option', { name: optionName, exact: true }).first().click();
}

/** Entries in a zip, from its end-of-central-directory record. */
function zipEntryCount(zip: Buffer): number {
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) return zip.readUInt16LE(i + 10);
  }
  throw new Error('no end of central directory');
}

/** Starts recording every value a progress bar with this name shows, as the page changes it. */
async function recordMeter(page: Page, name: string) {
  await page.evaluate((label) => {
    const seen: number[] = [];
    (window as unknown as { meterValues: number[] }).meterValues = seen;
    const look = () => {
      const bar = document.querySelector(`[role="progressbar"][aria-label="${label}"]`);
      const value = bar?.getAttribute('aria-valuenow');
      if (value != null && seen[seen.length - 1] !== Number(value)) seen.push(Number(value));
    };
    new MutationObserver(look).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  }, name);
}

const meterValues = (page: Page) => page.evaluate(() => (window as unknown as { meterValues: number[] }).meterValues);

/**
 * Publishes one store report through the real API (the demo's generated rows point at documents no demo run
 * rendered) and waits until its rendered documents are stored: the newest QUEUE files are then real ones.
 */
async function publishOneStoreReport(page: Page): Promise<{ publishFileId: number; companyId: number }> {
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  const files = await appsheetFind<{ id: number; company_id: number }>(
    page,
    'PublishFile',
    'Top(OrderBy(Filter(PublishFile, [file_type] = "STORE_REPORT"), [id], TRUE), 1)',
  );
  const target = files.data[0];
  const started = await page.request.post('/ops-api/appsheet/table/PublishFile/batchAction', {
    headers,
    data: {
      Action: 'AdvanceSingleFileChangeTime',
      Properties: { ...APPSHEET_PROPERTIES, TaskName: `publish_id_${target.id}`, ParallelRequests: 1 },
      Rows: [{ id: target.id }],
    },
  });
  expect(started.ok(), await started.text()).toBe(true);
  await expect
    .poll(
      async () =>
        (
          await appsheetFind(
            page,
            'GeneratedFile',
            `Filter(GeneratedFile, AND([publish_file_id] = ${target.id}, ISNOTBLANK([file_uri])))`,
          )
        ).count,
      { timeout: 60_000 },
    )
    .toBeGreaterThanOrEqual(2);
  return { publishFileId: target.id, companyId: target.company_id };
}

test.describe('Generated Files', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'staff');
    await expect(page).toHaveURL(/\/ops$/);
  });

  test('count, stage and supplier/receiver filters, row details, one file and the zip', async ({ page }) => {
    // A real publish (render + store), a throttled download and a zip: longer than the default journey.
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const published = await publishOneStoreReport(page);
    await page.goto(PATH);
    await expect(page.getByRole('heading', { level: 1, name: 'Generated Files' })).toBeVisible();

    // Starts at QUEUE: every listed file is in the QUEUE stage, and only the first of each publish file per store.
    const stage = page.getByRole('radiogroup', { name: 'Status' });
    await expect(stage.getByRole('radio', { name: 'QUEUE' })).toBeChecked();
    const queue = await fileCount(page);
    expect(queue.listed).toBeGreaterThan(0);
    let rows = await shownRows(page);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.status).toMatch(/\(QUEUE\b/);
    const keys = rows.map((r) => `${r.store}|${r.publishFileId}`);
    expect(new Set(keys).size).toBe(keys.length);
    await expect(page.getByTestId('status-dot').first()).toHaveAttribute('aria-label', /^Status \w+/);
    await expectAccessible(page, 'generated files');
    await page.screenshot({ path: screenshotPath('ops-generated-files.png') });

    // Stage: All lists at least as many; SENT lists only SENT files (or says none match).
    await stage.getByText('All', { exact: true }).click();
    await expect(page).toHaveURL(/stage=all/);
    // The control and the list render from the address together: once it shows All, so does the list.
    await expect(stage.getByRole('radio', { name: 'All' })).toBeChecked();
    const all = await fileCount(page);
    expect(all.matched).toBeGreaterThanOrEqual(queue.matched);
    await stage.getByText('SENT', { exact: true }).click();
    await expect(page).toHaveURL(/stage=SENT/);
    await expect(stage.getByRole('radio', { name: 'SENT' })).toBeChecked();
    const sent = await fileCount(page);
    expect(sent.matched).toBeLessThanOrEqual(all.matched - queue.matched);
    if (sent.listed === 0) await expect(page.getByTestId('generated-files-empty')).toBeVisible();
    else for (const row of await shownRows(page)) expect(row.status).toMatch(/\(SENT\b/);
    await stage.getByText('All', { exact: true }).click();
    await expect(stage.getByRole('radio', { name: 'All' })).toBeChecked();
    await fileCount(page);

    // A supplier from the list, then a receiver: the receiver clears the supplier.
    rows = await shownRows(page);
    const withCompany = rows.find((r) => r.company !== '—')!;
    const withReceiver = rows.find((r) => r.receiver !== '—');
    await page.getByRole('button', { name: /Filters/ }).click();
    const supplier = page.getByRole('combobox', { name: 'Supplier' });
    const receiver = page.getByRole('combobox', { name: 'Receiver' });
    await pick(page, supplier, withCompany.company);
    await expect(page).toHaveURL(/company=\d+/);
    await expect(supplier).toHaveValue(withCompany.company);
    await fileCount(page);
    // The count and the rows may still be the unfiltered list's for a moment after the address changes.
    await expect
      .poll(async () => (await shownRows(page)).filter((row) => row.company !== withCompany.company).length)
      .toBe(0);
    await expectAccessible(page, 'generated files filter drop');
    await page.screenshot({ path: screenshotPath('ops-generated-files-filters.png') });
    if (withReceiver) await pick(page, receiver, withReceiver.receiver);
    else {
      await receiver.click();
      await page.getByRole('option').first().click();
    }
    await expect(page).toHaveURL(/receiver=\d+/);
    await expect(page).not.toHaveURL(/company=/);
    await expect(supplier).toHaveValue('');
    await expect(receiver).not.toHaveValue('');
    const byReceiver = await fileCount(page);
    if (withReceiver) {
      expect(byReceiver.listed).toBeGreaterThan(0);
      await expect
        .poll(async () => (await shownRows(page)).filter((row) => row.receiver !== withReceiver.receiver).length)
        .toBe(0);
    }
    await page.keyboard.press('Escape');

    // The month picker: the month of a listed file narrows the list to that month.
    await page.goto(`${PATH}?stage=all`);
    await fileCount(page);
    const [year, month] = withCompany.entryDate.split('-').map(Number);
    await page.getByRole('button', { name: /Filters/ }).click();
    await page.getByRole('group', { name: 'Filters' }).getByRole('button', { name: 'Entry month' }).click();
    const yearControl = page.getByRole('button', { name: 'Choose a year' });
    for (let i = 0; i < 5 && Number(await yearControl.innerText()) !== year; i++) {
      await page
        .getByRole('button', { name: Number(await yearControl.innerText()) > year ? 'Previous year' : 'Next year' })
        .click();
    }
    await expectAccessible(page, 'generated files month picker');
    const short = new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
    await page.getByRole('button', { name: short, exact: true }).click();
    const picked = withCompany.entryDate.slice(0, 7);
    await expect(page).toHaveURL(new RegExp(`month=${picked}`));
    await expect(
      page.getByRole('group', { name: 'Filters' }).getByRole('button', { name: 'Entry month' }),
    ).toContainText(String(year));
    await page.keyboard.press('Escape');
    await fileCount(page);
    const inMonth = await shownRows(page);
    expect(inMonth.length).toBeGreaterThan(0);
    for (const row of inMonth) expect(row.entryDate.slice(0, 7)).toBe(picked);

    // A month without files says so.
    await page.goto(`${PATH}?month=2001-01`);
    await expect(page.getByTestId('generated-files-empty')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('file-count')).toHaveText('0 files');
    await expect(page.getByRole('button', { name: 'Download all' })).toBeDisabled();
    await expectAccessible(page, 'generated files empty');

    // Row details by keyboard: every field, Escape closes them and the address follows.
    await page.goto(`${PATH}?stage=all`);
    await fileCount(page);
    rows = await shownRows(page);
    const first = rows[0];
    const idButton = page
      .getByTestId('generated-file-row')
      .first()
      .getByRole('button', { name: new RegExp(`details of \\w+ file ${first.fileId}$`) });
    await idButton.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`file=${first.fileId}`));
    const drawer = page.getByRole('dialog', { name: `Generated file ${first.fileId}` });
    const details = drawer.getByTestId('generated-file-details');
    await expect(details).toBeVisible();
    for (const field of [
      'ID',
      'Publish file ID',
      'Company',
      'Store',
      'Receiver',
      'Type (extension)',
      'Entry date',
      'Creation time',
      'File status',
      'File URI',
      'Version',
      'Size',
      'Error',
    ]) {
      await expect(details.getByText(field, { exact: true })).toBeVisible();
    }
    await expect(details.getByText(first.entryDate, { exact: true })).toBeVisible();
    await expectAccessible(page, 'generated file details');
    await page.screenshot({ path: screenshotPath('ops-generated-file-details.png') });
    await page.reload();
    await expect(
      page.getByRole('dialog', { name: `Generated file ${first.fileId}` }).getByTestId('generated-file-details'),
    ).toBeVisible({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: `Generated file ${first.fileId}` })).toHaveCount(0);
    await expect(page).not.toHaveURL(/file=/);

    // One file, on a slow line (2 KB/s: a store report is 4-5 kB) so the meter shows: saved under the server's name,
    // a real xlsx or pdf. The file published above is the newest: the first row.
    await page.goto(PATH);
    await fileCount(page);
    // The row shows ids until the names of its company, store and receiver arrive (a CI run read "6_40" here).
    let target!: ShownRow;
    await expect
      .poll(async () => {
        target = (await shownRows(page))[0];
        return [target.company, target.store, target.receiver].some((n) => /^\d+$/.test(n));
      })
      .toBe(false);
    expect(target.publishFileId).toBe(String(published.publishFileId));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: 2 * 1024,
      uploadThroughput: -1,
    });
    const row = page.locator(`[data-testid="generated-file-row"][data-file-id="${target.fileId}"]`);
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await recordMeter(page, `Downloading file ${target.fileId}`);
    await row.getByRole('button', { name: `Download file ${target.fileId} (${target.type})` }).click();
    const meter = row.getByRole('progressbar', { name: `Downloading file ${target.fileId}` });
    await expect(meter).toBeVisible();
    // The meter moves on the way. What it shows is recorded as it changes: a small file can finish between two looks
    // at the page, and a look at a meter that has gone would wait for ever.
    await expect.poll(async () => Math.max(0, ...(await meterValues(page))), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.screenshot({ path: screenshotPath('ops-generated-file-downloading.png') });
    const file = await download;
    console.log(`download meter showed ${(await meterValues(page)).join(', ')} %`);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect(meter).toHaveCount(0);
    const names = [target.receiver, target.company, target.store].filter((n) => n !== '—').join(' ');
    const name = file.suggestedFilename();
    expect(name).toMatch(new RegExp(`^${safeStem(names)}_${target.entryDate}(_v\\d+)?\\.${target.type}$`));
    const bytes = readFileSync((await file.path())!);
    if (target.type === 'xlsx') {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(bytes as unknown as ArrayBuffer);
      expect(book.worksheets.length).toBeGreaterThan(0);
      expect(book.worksheets.some((s) => s.actualRowCount > 1)).toBe(true);
    } else {
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    }
    await expect(page.getByRole('alert').filter({ hasText: name })).toBeVisible();

    // Download all: one zip of the filtered files, streamed by the browser from a plain link.
    await page.goto(`${PATH}?stage=all&company=${published.companyId}`);
    const everything = await fileCount(page);
    const link = page.getByRole('link', { name: 'Download all' });
    await expect(link).toHaveAttribute('href', /\/ops-api\/files\/generated\.zip\?selector=OrderBy/);
    const [zipDownload] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), link.click()]);
    expect(zipDownload.suggestedFilename()).toMatch(/\.zip$/);
    const zip = readFileSync((await zipDownload.path())!);
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    const entries = zipEntryCount(zip);
    expect(entries).toBeGreaterThan(0);
    expect(entries).toBeLessThanOrEqual(everything.matched);
  });

  test('works at 360 px: cards, no sideways page scroll, details and download in reach', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${PATH}?stage=all`);
    const { listed } = await fileCount(page);
    expect(listed).toBeGreaterThan(0);
    const cards = page.getByRole('list', { name: 'Generated files' }).getByTestId('generated-file-card');
    await expect(cards.first()).toBeVisible();
    await settle(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(cards.first().getByRole('button', { name: /^Download file \d+/ })).toBeInViewport();
    await expectAccessible(page, 'generated files at 360 px');
    await page.screenshot({ path: screenshotPath('ops-generated-files-360.png') });

    await page.getByRole('button', { name: /Filters/ }).click();
    await expectAccessible(page, 'generated files filters at 360 px');
    await page.screenshot({ path: screenshotPath('ops-generated-files-filters-360.png') });
    await page.keyboard.press('Escape');

    // The details open full width and show the download.
    await cards
      .first()
      .getByRole('button', { name: /details of/ })
      .click();
    const drawer = page.getByRole('dialog', { name: /^Generated file \d+$/ });
    await expect(drawer.getByTestId('generated-file-details')).toBeVisible();
    await expect(drawer.getByRole('button', { name: /^Download file \d+/ })).toBeVisible();
    await expectAccessible(page, 'generated file details at 360 px');
    await page.screenshot({ path: screenshotPath('ops-generated-file-details-360.png') });
  });
});
