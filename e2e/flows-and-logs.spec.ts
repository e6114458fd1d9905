import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, screenshotPath, settle, signIn } from './support/helpers';

/** Every creation time the Logs table shows, top to bottom. */
const logTimes = (page: Page) =>
  page
    .getByTestId('log-row')
    .locator('time')
    .evaluateAll((els) => els.map((e) => e.getAttribute('datetime') ?? ''));

/** Donations made by the flows so far (the debug-free way: the flow tables, through the API the console uses). */
async function scanDonationsKg(page: Page): Promise<number> {
  // The session cookie is a credential for the ops and core APIs (decision 0008); totals of the last 30 days.
  const since = new Date(Date.now() - 30 * 86_400_000).toISOString();
  const res = await page.request.get(
    `/core-api/api/retail/reports/donation_totals?entry_time__gte=${encodeURIComponent(since)}`,
  );
  expect(res.status(), await res.text()).toBe(200);
  const body = await res.json();
  return body.results.reduce((sum: number, r: { weight_kg__sum: number }) => sum + Number(r.weight_kg__sum), 0);
}

test.describe('logs and flows', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'staff');
    await expect(page).toHaveURL(/\/ops$/);
  });

  test('Logs lists the debug entries newest first', async ({ page }) => {
    await page.goto('/ops/logs');
    await expect(page.getByRole('heading', { level: 1, name: 'Logs' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Logs' });
    await expect(table.getByRole('columnheader', { name: 'Target' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Error' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Created' })).toBeVisible();
    await expect(page.getByTestId('log-row').first()).toBeVisible();
    const times = await logTimes(page);
    expect(times.length).toBeGreaterThan(0);
    expect(times).toEqual([...times].sort().reverse());
    await expectAccessible(page, 'logs');
    await page.screenshot({ path: screenshotPath('ops-logs.png'), fullPage: true });
  });

  test('a failed Logs load offers Try again, which loads them', async ({ page }) => {
    let failing = true;
    await page.route('**/ops-api/table/CustomDebugLog*', (route) =>
      failing
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ type: 'server_error', message: 'Something went wrong', detail: 'test' }),
          })
        : route.continue(),
    );
    await page.goto('/ops/logs');
    const alert = page.getByRole('alert').filter({ hasText: 'Logs could not be loaded' });
    await expect(alert).toBeVisible({ timeout: 20_000 });
    const again = alert.getByRole('button', { name: 'Try again' });
    await expect(again).toBeVisible();
    await expectAccessible(page, 'logs could not be loaded');
    await page.screenshot({ path: screenshotPath('ops-logs-error.png') });
    failing = false;
    await again.click();
    await expect(page.getByTestId('log-row').first()).toBeVisible();
    await expect(alert).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible();
  });

  test('a flow card starts its flow as a job that Jobs History follows to the end; the donations and the problems appear', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const kgBefore = await scanDonationsKg(page);
    await page.goto('/ops/flows');
    await expect(page.getByRole('heading', { level: 1, name: 'Flows' })).toBeVisible();
    const cards = page.getByTestId('flow-card');
    await expect(cards).toHaveCount(5);
    for (const id of [
      'triggerBulkScanToDonationFlow',
      'loadBulkScanToQa',
      'loadBulkScanQaToAdjScan',
      'migrateAdjScanToDonation',
      'preloadDonation',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: id })).toBeVisible();
    }
    await expectAccessible(page, 'flows');
    await page.screenshot({ path: screenshotPath('ops-flows.png'), fullPage: true });

    // The whole flow: the answer names the job, a toast says so, the card follows it to 'succeeded'.
    const started = page.waitForResponse((r) => r.url().endsWith('/ops-api/flow/triggerBulkScanToDonationFlow'));
    await page.getByRole('button', { name: 'Run triggerBulkScanToDonationFlow' }).click();
    const answer = await (await started).json();
    expect(answer.job.name).toBe('flow_triggerBulkScanToDonationFlow');
    const jobId: string = answer.job.id;
    expect(jobId).toMatch(/^flow_triggerBulkScanToDonationFlow_\d+$/);
    await expect(page.getByText(`${jobId} started.`)).toBeVisible();
    const card = cards.filter({ has: page.getByRole('heading', { name: 'triggerBulkScanToDonationFlow' }) });
    await expect(card.getByTestId('flow-run')).toContainText(`${jobId} finished (4 / 4)`, { timeout: 30_000 });
    await expect(card.getByText('succeeded', { exact: true })).toBeVisible();
    // The demo's scanner uploads carry planted problems: the job says so.
    await expect(card.getByText(/bulk scans have problems; see Logs/)).toBeVisible();
    // The whole flow ran the four steps: each step's card shows that run now, not its own older run (the demo's
    // loadBulkScanToQa run failed; the others never ran on their own).
    for (const [index, step] of [
      'loadBulkScanToQa',
      'loadBulkScanQaToAdjScan',
      'migrateAdjScanToDonation',
      'preloadDonation',
    ].entries()) {
      const stepRun = cards
        .filter({ has: page.getByRole('heading', { name: step, exact: true }) })
        .getByTestId('flow-run');
      await expect(stepRun).toContainText(`Done by ${jobId} (step ${index + 1} of 4)`);
      await expect(stepRun.getByText('succeeded', { exact: true })).toBeVisible();
    }
    // The cards, without the toasts over them.
    const closers = page.getByRole('button', { name: 'Close notification' });
    while ((await closers.count()) > 0)
      await closers
        .first()
        .click({ timeout: 2_000 })
        .catch(() => {});
    await settle(page);
    await page.screenshot({ path: screenshotPath('ops-flows-finished.png'), fullPage: true });

    // Jobs History shows the same run, finished, at the top: the newest job first.
    await page.getByRole('button', { name: /Account menu for staff@openrescue\.test/ }).click();
    await page.getByRole('button', { name: 'Jobs History' }).click();
    const history = page.getByRole('dialog', { name: 'Jobs History' });
    const item = history.getByTestId('job-item').first();
    await expect(item).toContainText('flow_triggerBulkScanToDonationFlow');
    await expect(item.getByText('succeeded')).toBeVisible();
    await expect(item.getByText(/^4 \/ 4 processed/)).toBeVisible();
    await settle(page);
    await page.screenshot({ path: screenshotPath('ops-flows-jobs-history.png') });
    await page.keyboard.press('Escape');

    // New donations exist: the scanner uploads' clean weights count in the totals now.
    expect(await scanDonationsKg(page)).toBeGreaterThan(kgBefore);

    // A single step after the whole flow finds nothing left to do.
    const step = page.waitForResponse((r) => r.url().endsWith('/ops-api/trigger/sproc/loadBulkScanToQa'));
    await page.getByRole('button', { name: 'Run loadBulkScanToQa' }).click();
    const stepJob = (await (await step).json()).job.id;
    const stepCard = cards.filter({ has: page.getByRole('heading', { name: 'loadBulkScanToQa', exact: true }) });
    await expect(stepCard.getByTestId('flow-run')).toContainText(`${stepJob} finished (0 / 0)`, { timeout: 30_000 });

    // The problems are in Logs, newest first, written by this run.
    await page.goto('/ops/logs');
    const rows = page.getByTestId('log-row').filter({ hasText: 'flow_triggerBulkScanToDonationFlow' });
    await expect(rows.filter({ hasText: /unknown store/ }).first()).toBeVisible();
    await expect(rows.filter({ hasText: /unknown receiver/ }).first()).toBeVisible();
    await expect(rows.filter({ hasText: /has no pickup schedule with/ }).first()).toBeVisible();
    await expect(rows.filter({ hasText: /duplicate of bulk scan/ }).first()).toBeVisible();
    await expect(rows.filter({ hasText: /far outside the store's history/ }).first()).toBeVisible();
    const times = await logTimes(page);
    expect(times).toEqual([...times].sort().reverse());
    await page.screenshot({ path: screenshotPath('ops-logs-after-flow.png'), fullPage: true });
  });
});
