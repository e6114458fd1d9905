import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
  appsheetFind,
  expectAccessible,
  networkToday,
  screenshotPath,
  sessionToken,
  settle,
  signIn,
} from './support/helpers';

/**
 * Issue 36 section 1: staff correct a bulk scan with a reason, the store's totals follow at once, and the correction
 * is in the audit trail (filters in the address, CSV) and in the scan's own history.
 */
/** The store report's weight total in kg for the current month (0 when the month has no donations yet). */
async function monthKg(page: Page, storeId: number): Promise<number> {
  await page.goto(`/reports/store/${storeId}?month=${(await networkToday(page)).slice(0, 7)}-01`);
  const totals = page.getByTestId('month-table-totals');
  await expect(totals.or(page.getByTestId('month-empty'))).toBeVisible({ timeout: 20_000 });
  if ((await totals.count()) === 0) return 0;
  const weight = await totals.locator('[data-metric="weight"]').innerText();
  return Number(weight.split(' kg')[0].replace(/,/g, ''));
}

test.describe('corrections and the audit trail', () => {
  test('a corrected scan moves the totals at once and is on the trail with its reason', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, 'staff');
    await expect(page).toHaveURL(/\/ops$/);
    const headers = { authorization: `Bearer ${await sessionToken(page)}` };

    // A store with a receiver, and a weight entered now (so it counts in this month's report).
    const stores = await (
      await page.request.get('/core-api/api/retail/stores?expand=receivers&page_size=50', { headers })
    ).json();
    const store = stores.results.find((s: { receivers: unknown[] }) =>
      s.receivers.some((r) => typeof r === 'object'),
    ) as { id: number; name: string; receivers: Array<{ id: number } | number> };
    const receiver = store.receivers.find((r) => typeof r === 'object') as { id: number };
    const entered = await page.request.post('/core-api/api/bulkscan/', {
      headers,
      data: [
        {
          store_id: store.id,
          receiver_id: receiver.id,
          department: 1,
          destination: 1,
          weight_kg: 640,
          entry_time: new Date(Date.now() - 60_000).toISOString(),
        },
      ],
    });
    expect(entered.status(), await entered.text()).toBe(201);
    const scanId = (await entered.json())[0].id as number;
    const before = await monthKg(page, store.id);
    expect(before).toBeGreaterThanOrEqual(640);

    // The store's BulkScan panel: Correct opens the form; the reason is required.
    await page.goto(`/ops/retail/stores/${store.id}?panel=bulkscan`);
    const correct = page.getByRole('button', { name: `Correct bulk scan ${scanId}` });
    await expect(correct).toBeVisible({ timeout: 20_000 });
    await correct.click();
    const form = page.getByRole('form', { name: 'Correct bulk scan' });
    await expect(form).toBeVisible();
    await form.getByLabel('Weight (kg)').fill('140');
    await expect(form.getByTestId('correction-status')).toHaveText('Give a reason.');
    await expect(form.getByRole('button', { name: 'Save correction' })).toBeDisabled();
    await form.getByLabel('Reason').fill('Scale showed 640, the delivery note says 140');
    await expect(form.getByTestId('correction-status')).toHaveText('Ready to correct.');
    await expectAccessible(page, 'bulk scan correction form');
    await page.screenshot({ path: screenshotPath('bulk-scan-correction.png') });
    await form.getByRole('button', { name: 'Save correction' }).click();
    await expect(page.getByText('Bulk scan corrected')).toBeVisible({ timeout: 20_000 });
    await expect(form).toHaveCount(0);
    // The panel's row shows the corrected weight.
    await expect(page.getByRole('list', { name: 'Bulk scans' }).getByText('140 kg').first()).toBeVisible();

    // The store's total followed at once.
    expect(await monthKg(page, store.id)).toBeCloseTo(before - 500, 1);

    // The trail: newest first, the correction with who, why and what changed.
    await page.goto('/ops/audit');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
    const trail = page.getByRole('list', { name: 'Audit trail' });
    const first = trail.getByTestId('audit-entry').first();
    await expect(first).toContainText(`Bulk scan corrected · Bulk scan #${scanId}`, { timeout: 20_000 });
    await expect(first).toContainText('By staff@openrescue.test');
    await expect(first).toContainText('Reason: Scale showed 640, the delivery note says 140');
    await expect(first).toContainText('weight kg: 640 → 140');
    await expectAccessible(page, 'audit trail');
    await page.screenshot({ path: screenshotPath('audit-trail.png') });

    // Filters live in the address: the object's history, then a person nobody is.
    await page.getByLabel('Object', { exact: true }).click();
    await page.getByRole('option', { name: 'Bulk scan' }).click();
    await page.getByLabel('Object id').fill(String(scanId));
    await expect(page).toHaveURL(new RegExp(`object_type=bulk_scan.*object_id=${scanId}`));
    await expect(page.getByTestId('audit-count')).toHaveText('2 entries match these filters');
    await expect(trail.getByTestId('audit-entry').nth(1)).toContainText('Bulk scan entered');
    // Its values name the store and the department, not their ids.
    await expect(trail.getByTestId('audit-entry').nth(1)).toContainText(`store: ${store.name}`);
    await expect(trail.getByTestId('audit-entry').nth(1)).toContainText('department: Bakery');
    await expect(trail.getByTestId('audit-entry').nth(1)).not.toContainText('store id');
    await page.reload();
    await expect(page.getByTestId('audit-count')).toHaveText('2 entries match these filters', { timeout: 20_000 });
    await expect(page.getByLabel('Object id')).toHaveValue(String(scanId));

    // Download CSV: the filtered entries.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('audit-trail.csv');
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, '');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe('id,at,actor,actor_id,action,object_type,object_id,reason,before,after,detail');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('bulk_scan.correct');
    expect(lines[1]).toContain('Scale showed 640, the delivery note says 140');

    await page.getByLabel('Person').fill('nobody-like-this');
    await expect(page).toHaveURL(/actor=nobody-like-this/);
    await expect(page.getByText('No entries match these filters.')).toBeVisible({ timeout: 20_000 });

    // The scan's own panel shows its history.
    await page.goto(`/ops/retail/no-pickups/${scanId}`);
    const history = page.getByRole('dialog', { name: 'Bulk scan details' }).getByTestId('audit-history');
    await expect(history).toContainText('Bulk scan corrected', { timeout: 20_000 });
    await expect(history).toContainText('Bulk scan entered');
    await expect(history).toContainText('Reason: Scale showed 640, the delivery note says 140');
    await history.scrollIntoViewIfNeeded();
    await settle(page);
    await page.screenshot({ path: screenshotPath('bulk-scan-history.png') });

    // The store's panel has its own history: a rotation of its report link is there.
    const rotated = await page.request.post(`/ops-api/public-links/store/${store.id}/rotate`, { headers });
    expect(rotated.status()).toBe(200);
    await page.goto(`/ops/retail/stores/${store.id}`);
    const storeHistory = page.getByRole('dialog', { name: 'Store details' }).getByTestId('audit-history');
    await expect(storeHistory).toContainText('Report link rotated', { timeout: 20_000 });
    await expect(storeHistory).toContainText('token version: 1 → 2');
    await storeHistory.scrollIntoViewIfNeeded();
    await settle(page);
    await page.screenshot({ path: screenshotPath('store-history.png') });

    // Delete asks for a reason too; the scan then leaves the store's total.
    await page.goto(`/ops/retail/no-pickups/${scanId}`);
    const drawer = page.getByRole('dialog', { name: 'Bulk scan details' });
    await drawer.getByRole('button', { name: `Delete bulk scan ${scanId}` }).click();
    const deletion = page.getByRole('form', { name: 'Delete bulk scan' });
    await expect(deletion.getByRole('button', { name: 'Delete' })).toBeDisabled();
    await deletion.getByLabel('Reason').fill('Entered twice');
    await deletion.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Bulk scan deleted')).toBeVisible({ timeout: 20_000 });
    expect(await monthKg(page, store.id)).toBeCloseTo(before - 640, 1);
  });

  test('a published report corrected afterwards says so, in the report and in Generated Files', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, 'staff');
    await expect(page).toHaveURL(/\/ops$/);
    const headers = { authorization: `Bearer ${await sessionToken(page)}` };
    // The newest published store report, and a scan of that store moved into its month.
    type File = { id: number; store_id: number; entry_date: string; corrected_after_publish_at: string | null };
    const [file] = (
      await appsheetFind<File>(
        page,
        'PublishFile',
        'Top(OrderBy(Filter(PublishFile, AND([file_type] = "STORE_REPORT", [file_status] = "PUBLISHED")), [entry_date], TRUE), 1)',
      )
    ).data;
    expect(file.corrected_after_publish_at).toBeNull();
    const stores = await (
      await page.request.get(`/core-api/api/retail/stores?id=${file.store_id}&expand=receivers`, { headers })
    ).json();
    const receiver = stores.results[0].receivers.find((r: unknown) => typeof r === 'object') as { id: number };
    const entered = await page.request.post('/core-api/api/bulkscan/', {
      headers,
      data: [
        {
          store_id: file.store_id,
          receiver_id: receiver.id,
          department: 5,
          destination: 1,
          weight_kg: 25,
          entry_time: new Date(Date.now() - 60_000).toISOString(),
        },
      ],
    });
    expect(entered.status(), await entered.text()).toBe(201);
    const scanId = (await entered.json())[0].id as number;
    const corrected = await page.request.patch(`/core-api/api/bulkscan/${scanId}`, {
      headers,
      data: { entry_date: `${file.entry_date.slice(0, 8)}15`, reason: 'Belongs to the published month' },
    });
    expect(corrected.status(), await corrected.text()).toBe(200);

    await page.goto(`/reports/store/${file.store_id}?month=${file.entry_date}`);
    const note = page.getByTestId('report-corrected');
    await expect(note).toHaveText(/^Corrected after publishing on [A-Z][a-z]{2} \d{1,2}, \d{4}$/, { timeout: 20_000 });
    await settle(page);
    await expectAccessible(page, 'a report corrected after publishing');
    await page.screenshot({ path: screenshotPath('report-corrected-after-publishing.png') });

    const generated = (
      await appsheetFind<{ id: number; corrected_after_publish_at: string | null }>(
        page,
        'GeneratedFile',
        `Top(Filter(GeneratedFile, [publish_file_id] = ${file.id}), 1)`,
      )
    ).data;
    if (generated.length) {
      expect(generated[0].corrected_after_publish_at).not.toBeNull();
      await page.goto(`/ops/reports/generated?file=${generated[0].id}`);
      await expect(page.getByTestId('generated-file-details').getByTestId('corrected-after-publishing')).toHaveText(
        /^Corrected after publishing on /,
        { timeout: 20_000 },
      );
      await settle(page);
      await expectAccessible(page, 'a generated file corrected after publishing');
      await page.screenshot({ path: screenshotPath('generated-file-corrected.png') });
    }
  });
});
